package io.wirespeed.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

/**
 * The one grammar of setting values: sizes with k, m, g; durations with ms, s, m, h, d, a bare number being
 * milliseconds; every refusal naming the setting, the value and what is accepted.
 */
class SettingValuesTest
{
    @Test
    void sizesAreBytesOrHaveAUnit()
    {
        assertEquals(1408, SettingValues.size("k", "1408"));
        assertEquals(64 * 1024, SettingValues.size("k", "64k"));
        assertEquals(16L * 1024 * 1024, SettingValues.size("k", "16m"));
        assertEquals(16L * 1024 * 1024, SettingValues.size("k", " 16M "));
        assertEquals(1L << 30, SettingValues.size("k", "1g"));
        assertEquals(0, SettingValues.size("k", "0"));
    }

    @Test
    void durationsAreMillisecondsOrHaveAUnit()
    {
        assertEquals(Duration.ofMillis(500), SettingValues.duration("k", "500"));
        assertEquals(Duration.ofMillis(500), SettingValues.duration("k", "500ms"));
        assertEquals(Duration.ofSeconds(5), SettingValues.duration("k", "5s"));
        assertEquals(Duration.ofMinutes(2), SettingValues.duration("k", "2m"));
        assertEquals(Duration.ofHours(24), SettingValues.duration("k", "24h"));
        assertEquals(Duration.ofDays(7), SettingValues.duration("k", "7D"));
    }

    @Test
    void aValueThatIsNotASizeIsRefusedNamingTheSettingAndWhatIsAccepted()
    {
        for (final String text : new String[]{ "", "m", "16 MB", "16mb", "-1", "1.5g", "16x", "99999999999g" })
        {
            final TransportException ex = assertThrows(TransportException.class,
                () -> SettingValues.size("wirespeed.host.maxQueueBytes", text), text);
            assertTrue(ex.getMessage().startsWith("wirespeed.host.maxQueueBytes='" + text + "' is "), ex.getMessage());
            assertTrue(ex.getMessage().endsWith(SettingValues.SIZE_FORMS), ex.getMessage());
        }
    }

    @Test
    void aValueThatIsNotADurationIsRefusedNamingTheSettingAndWhatIsAccepted()
    {
        for (final String text : new String[]{ "", "s", "soon", "5 sec", "-5s", "1.5s", "10us", "99999999999999999d" })
        {
            final TransportException ex = assertThrows(TransportException.class,
                () -> SettingValues.duration("wirespeed.driver.timeout", text), text);
            assertEquals("wirespeed.driver.timeout='" + text + "' is not a duration: use " +
                SettingValues.DURATION_FORMS, ex.getMessage());
        }
    }

    @Test
    void rangesAndBooleansAreChecked()
    {
        assertEquals(7, SettingValues.number("k", "7", 1, 10));
        assertTrue(SettingValues.bool("k", "TRUE"));
        assertFalse(SettingValues.bool("k", "false"));
        assertEquals("k='11' is out of range: use a whole number from 1 to 10",
            assertThrows(TransportException.class, () -> SettingValues.number("k", "11", 1, 10)).getMessage());
        assertEquals("k='0' is out of range: use a size from 1 to 1g (" + SettingValues.SIZE_FORMS + ")",
            assertThrows(TransportException.class, () -> SettingValues.size("k", "0", 1, 1L << 30)).getMessage());
        assertEquals("k='yes' is not valid: use true or false",
            assertThrows(TransportException.class, () -> SettingValues.bool("k", "yes")).getMessage());
    }

    @Test
    void formatsValuesInTheSameGrammar()
    {
        assertEquals("16m", SettingValues.formatSize(16L << 20));
        assertEquals("1408", SettingValues.formatSize(1408));
        assertEquals("1g", SettingValues.formatSize(1L << 30));
        assertEquals("5s", SettingValues.formatDuration(Duration.ofSeconds(5)));
        assertEquals("2m", SettingValues.formatDuration(Duration.ofMinutes(2)));
        assertEquals("1500ms", SettingValues.formatDuration(Duration.ofMillis(1500)));
        assertEquals("0ms", SettingValues.formatDuration(Duration.ZERO));
    }
}
