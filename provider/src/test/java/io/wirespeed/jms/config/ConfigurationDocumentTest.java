package io.wirespeed.jms.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md's table of options is the parser's vocabulary: every option the parser takes has a row, and
 * every name in the table's first column is an option the parser takes.
 */
class ConfigurationDocumentTest
{
    private static final Pattern NAME = Pattern.compile("`([^`]+)`");

    @Test
    void theOptionsTableNamesEveryOptionTheParserTakesAndNoOther() throws IOException
    {
        final Set<String> documented = new TreeSet<>();
        for (final String row : optionRows())
        {
            final Matcher matcher = NAME.matcher(row.split("\\|")[1]);
            while (matcher.find())
            {
                documented.add(matcher.group(1));
            }
        }

        assertEquals(new TreeSet<>(knownOptions()), documented);
    }

    private static List<String> knownOptions()
    {
        final String message = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?noSuchOption=1")).getMessage();
        final String known = message.substring(message.indexOf("known options: [") + "known options: [".length(),
            message.lastIndexOf(']'));
        return List.of(known.split(", "));
    }

    static List<String> optionRows() throws IOException
    {
        final String document = Files.readString(Paths.get("..", "docs", "configuration.md"));
        final int start = document.indexOf("\n## Options\n");
        assertTrue(start >= 0, "## Options");
        final int end = document.indexOf("\n## ", start + 1);
        return document.substring(start, end).lines()
            .filter((line) -> line.startsWith("| `"))
            .toList();
    }
}
