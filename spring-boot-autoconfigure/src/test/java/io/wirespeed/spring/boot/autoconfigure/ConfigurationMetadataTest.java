package io.wirespeed.spring.boot.autoconfigure;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.beans.BeanWrapperImpl;

import io.wirespeed.jms.config.ConnectionUri;

/**
 * The configuration metadata an IDE completes {@code wirespeed.jms.*} from, as the build generated it: every
 * property described and named after its URI option (the pattern maps {@code route} and
 * {@code slow-consumers-for} after their options' prefixes), and every default it shows one the parser takes for that
 * option.
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
