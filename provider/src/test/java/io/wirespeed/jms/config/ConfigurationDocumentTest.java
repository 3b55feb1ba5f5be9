package io.wirespeed.jms.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * docs/configuration.md's table of options is {@link ConnectionOption}'s: every option has a row showing its
 * default, and every name in the table's first column is an option.
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

        assertEquals(new TreeSet<>(ConnectionOption.names()), documented);
    }

    @Test
    void theOptionsTableDescribesEveryOptionAndShowsTheDefaultTheTableOfOptionsHolds() throws IOException
    {
        for (final String row : optionRows())
        {
            final String[] cells = row.split("\\|");
            final Matcher matcher = NAME.matcher(cells[1]);
            while (matcher.find())
            {
                final ConnectionOption option = ConnectionOption.named(matcher.group(1));
                assertFalse(cells[3].isBlank(), option.optionName() + " has no meaning");
                if (null != option.defaultValue())
                {
                    assertTrue(cells[2].contains("`" + option.defaultValue() + "`"),
                        option.optionName() + "'s default is " + option.defaultValue() + ", not" + cells[2]);
                }
            }
        }
    }

    @Test
    void theUnknownOptionsMessageListsTheTable()
    {
        final String message = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?noSuchOption=1")).getMessage();

        assertTrue(message.endsWith("known options: " + ConnectionOption.names()), message);
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
