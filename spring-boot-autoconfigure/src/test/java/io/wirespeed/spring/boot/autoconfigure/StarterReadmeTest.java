package io.wirespeed.spring.boot.autoconfigure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import io.wirespeed.jms.config.ConnectionUri;

/**
 * What spring-boot-starter/README.md tells a user is what the auto-configuration does: its property table names
 * every {@code wirespeed.jms.*} property and no other, every property it or docs/configuration.md names binds, its
 * sample failure report is the parser's message today, and its list of meters names every meter the binder
 * registers.
 */
class StarterReadmeTest
{
    private static final Pattern PROPERTY = Pattern.compile("`(wirespeed\\.jms\\.[a-z-]+)(\\[[^\\]`]*\\])?`");

    @Test
    void thePropertyTableNamesEveryPropertyAndNoOther() throws IOException
    {
        final Set<String> documented = new TreeSet<>();
        for (final String line : section("## Properties").split("\n"))
        {
            if (line.startsWith("|"))
            {
                final Matcher matcher = PROPERTY.matcher(line);
                while (matcher.find())
                {
                    documented.add(matcher.group(1));
                }
            }
        }
        final List<String> bound = JsonPath.read(metadata(), "$.properties[*].name");
        final Set<String> expected = new TreeSet<>(bound);
        expected.remove("wirespeed.jms.url");

        assertEquals(expected, documented);
    }

    @Test
    void everyPropertyTheReadmeOrConfigurationMdNamesIsOneThatBinds() throws IOException
    {
        final List<String> bound = JsonPath.read(metadata(), "$.properties[*].name");
        final String configuration = Files.readString(Paths.get("..", "docs", "configuration.md"));
        final Matcher matcher = PROPERTY.matcher(readme() + configuration);
        int named = 0;
        while (matcher.find())
        {
            assertTrue(bound.contains(matcher.group(1)), matcher.group() + " is no property");
            named++;
        }
        assertTrue(named > 40, "found " + named);
    }

    @Test
    void theSampleFailureReportGivesTheParsersMessageForItsValue() throws IOException
    {
        final String sample = section("## Properties");
        final String property = after(sample, "Property: wirespeed.jms.");
        final String value = after(sample, "Value: \"").replace("\"", "");
        final String reason = after(sample, "Reason: ");
        final String parserMessage = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?" + property + "=" + value)).getMessage();

        assertEquals(parserMessage, reason);
    }

    @Test
    void theMeterListNamesEveryMeterTheBinderRegisters() throws IOException
    {
        final String meters = section("## Health and metrics");
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final List<String> missing = new ArrayList<>();
        try (WirespeedMeterBinder binder = new WirespeedMeterBinder())
        {
            binder.bindTo(registry);
            for (final Meter meter : registry.getMeters())
            {
                final String name = meter.getId().getName();
                final String shortName = name.startsWith("wirespeed.driver.") ?
                    name.substring("wirespeed.driver".length()) : name;
                if (!meters.contains("`" + name + "`") && !meters.contains("`" + shortName + "`"))
                {
                    missing.add(name);
                }
            }
        }

        assertEquals(List.of(), missing);
    }

    private static String after(final String text, final String label)
    {
        final int start = text.indexOf(label);
        assertTrue(start >= 0, label);
        final int end = text.indexOf('\n', start);
        return text.substring(start + label.length(), end).trim();
    }

    private static String section(final String heading) throws IOException
    {
        final String readme = readme();
        final int start = readme.indexOf("\n" + heading + "\n");
        assertTrue(start >= 0, heading);
        final int end = readme.indexOf("\n## ", start + heading.length());
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    private static String readme() throws IOException
    {
        return Files.readString(Paths.get("..", "spring-boot-starter", "README.md"));
    }

    private static String metadata() throws IOException
    {
        try (InputStream in = StarterReadmeTest.class.getResourceAsStream(
            "/META-INF/spring-configuration-metadata.json"))
        {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
