package io.wirespeed.spring.boot.autoconfigure;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.beans.BeanWrapperImpl;

import io.wirespeed.jms.config.ConnectionOption;
import io.wirespeed.jms.config.ConnectionUri;

/**
 * The configuration metadata an IDE completes {@code wirespeed.jms.*} from, as the build generated it, is the table
 * of options ({@link ConnectionOption}): every option a property named after it (the pattern maps {@code route} and
 * {@code slow-consumers-for} after their options' prefixes), described, with the table's default, and hints offering
 * exactly the values the option accepts.
 */
class ConfigurationMetadataTest
{
    @Test
    void everyPropertyIsDescribedAndEveryDefaultIsAValueTheParserTakes() throws IOException
    {
        final List<Map<String, Object>> properties = JsonPath.read(metadata(), "$.properties");

        for (final Map<String, Object> property : properties)
        {
            final String name = (String)property.get("name");
            assertNotNull(property.get("description"), name + " has no description");
            assertFalse(String.valueOf(property.get("description")).isBlank(), name + " has no description");
            if (!name.equals("wirespeed.jms.url") && !name.equals("wirespeed.jms.route") &&
                !name.equals("wirespeed.jms.slow-consumers-for"))
            {
                final WirespeedJmsProperties bound = new WirespeedJmsProperties();
                new BeanWrapperImpl(bound).setPropertyValue(option(name), "x");
                assertEquals(Map.of(option(name), "x"), bound.options(), name + " is not the option " + option(name));
            }
            final Object defaultValue = property.get("defaultValue");
            if (defaultValue != null && !name.equals("wirespeed.jms.url"))
            {
                final String uri = "wirespeed:ipc?" + option(name) + "=" + defaultValue;
                assertDoesNotThrow(() -> ConnectionUri.parse(uri), uri);
            }
        }
    }

    @Test
    void everyOptionOfTheTableIsAPropertyWithItsDescriptionAndDefault() throws IOException
    {
        final String metadata = metadata();
        final List<String> wrong = new ArrayList<>();
        for (final ConnectionOption option : ConnectionOption.values())
        {
            final String name = WirespeedJmsProperties.PREFIX + "." + WirespeedJmsProperties.propertyName(option);
            final List<Map<String, Object>> found =
                JsonPath.read(metadata, "$.properties[?(@.name == '" + name + "')]");
            if (found.size() != 1)
            {
                wrong.add(name + " is not in the metadata");
                continue;
            }
            if (null == found.get(0).get("description"))
            {
                wrong.add(name + " has no description");
            }
            if (!Objects.equals(option.defaultValue(), found.get(0).get("defaultValue")))
            {
                wrong.add(name + "'s default is " + option.defaultValue() + ", not " +
                    found.get(0).get("defaultValue"));
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void everyPropertyIsAnOptionOfTheTable() throws IOException
    {
        final List<String> names = JsonPath.read(metadata(), "$.properties[*].name");
        final Set<String> options = new TreeSet<>();
        for (final ConnectionOption option : ConnectionOption.values())
        {
            options.add(WirespeedJmsProperties.PREFIX + "." + WirespeedJmsProperties.propertyName(option));
        }
        options.add(WirespeedJmsProperties.PREFIX + ".url");

        assertEquals(options, new TreeSet<>(names));
    }

    @Test
    void theHintsOfferEveryValueAnOptionAcceptsAndOnlyThose() throws IOException
    {
        final String metadata = metadata();
        final List<String> wrong = new ArrayList<>();
        for (final ConnectionOption option : ConnectionOption.values())
        {
            final String name = WirespeedJmsProperties.PREFIX + "." + WirespeedJmsProperties.propertyName(option) +
                (option.hasPattern() ? ".values" : "");
            final List<String> offered =
                JsonPath.read(metadata, "$.hints[?(@.name == '" + name + "')].values[*].value");
            if (!new TreeSet<>(option.accepted()).equals(new TreeSet<>(offered)))
            {
                wrong.add(name + " accepts " + option.accepted() + ", its hints offer " + offered);
            }
        }
        assertEquals(List.of(), wrong);
    }

    private static String option(final String propertyName)
    {
        final String[] words = propertyName.substring(WirespeedJmsProperties.PREFIX.length() + 1).split("-");
        final StringBuilder option = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++)
        {
            option.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return option.toString();
    }

    private static String metadata() throws IOException
    {
        try (InputStream in = ConfigurationMetadataTest.class.getResourceAsStream(
            "/META-INF/spring-configuration-metadata.json"))
        {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
