package io.wirespeed.spring.boot.autoconfigure;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.springframework.beans.BeanWrapperImpl;

import io.wirespeed.jms.config.ConnectionConfig;
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
    void everyDefaultTheMetadataShowsIsTheDefaultTheProviderTakes() throws IOException
    {
        final List<Map<String, Object>> properties = JsonPath.read(metadata(), "$.properties");
        final Map<String, String> unset = figures(ConnectionUri.parse(ConnectionUri.DEFAULT_URI));

        for (final Map<String, Object> property : properties)
        {
            final String name = (String)property.get("name");
            final Object defaultValue = property.get("defaultValue");
            if (defaultValue != null && !name.equals("wirespeed.jms.url"))
            {
                final String uri = "wirespeed:ipc?" + option(name) + "=" + defaultValue;
                assertEquals(unset, figures(ConnectionUri.parse(uri)),
                    name + "'s default '" + defaultValue + "' is not the provider's");
            }
        }
    }

    @Test
    void everyPropertyWithChoicesHasHintsOfferingEveryValueItAccepts() throws IOException
    {
        final String metadata = metadata();
        final List<Map<String, Object>> properties = JsonPath.read(metadata, "$.properties");

        for (final Map<String, Object> property : properties)
        {
            final String name = (String)property.get("name");
            if (name.equals("wirespeed.jms.url") || name.equals("wirespeed.jms.route") ||
                name.equals("wirespeed.jms.slow-consumers-for"))
            {
                continue;
            }
            final List<String> accepted = choices("wirespeed:ipc?" + option(name) + "=no-such-value");
            if (accepted.isEmpty())
            {
                continue;
            }
            final List<String> offered =
                JsonPath.read(metadata, "$.hints[?(@.name == '" + name + "')].values[*].value");
            assertEquals(new TreeSet<>(accepted), new TreeSet<>(offered), name + "'s hints");
        }
    }

    private static List<String> choices(final String uri)
    {
        try
        {
            ConnectionUri.parse(uri);
            return List.of();
        }
        catch (final IllegalArgumentException ex)
        {
            final String message = ex.getMessage();
            final int start = message.indexOf("must be one of [");
            final String list = start < 0 ? "" :
                message.substring(start + "must be one of [".length(), message.indexOf(']', start));
            return list.isEmpty() ? List.of() : List.of(list.split(", "));
        }
    }

    /** Every figure a configuration gives its users, by accessor, as text. */
    private static Map<String, String> figures(final ConnectionConfig config)
    {
        final Map<String, String> figures = new TreeMap<>();
        for (final Method method : ConnectionConfig.class.getMethods())
        {
            if (method.getParameterCount() == 0 && method.getDeclaringClass() == ConnectionConfig.class &&
                !Set.of("uri", "shownUri", "toString", "deserializationPolicy").contains(method.getName()))
            {
                try
                {
                    figures.put(method.getName(), String.valueOf(method.invoke(config)));
                }
                catch (final ReflectiveOperationException ex)
                {
                    throw new AssertionError(method.getName(), ex);
                }
            }
        }
        return figures;
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
