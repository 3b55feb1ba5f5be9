package io.wirespeed.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.host.FullPolicy;
import io.wirespeed.transport.TransportException;

/**
 * The driver's settings come from its files and system properties as one source, the system properties winning;
 * every value is read in the one grammar of sizes and durations, and every name is checked.
 */
class DriverSettingsTest
{
    @TempDir
    Path temp;

    @Test
    void hostLimitsTakeSizesAndDurations() throws Exception
    {
        final DriverSettings settings = read(file(
            "wirespeed.host.maxQueueBytes=16m",
            "wirespeed.host.maxHostBytes=1g",
            "wirespeed.host.clientBacklogBytes=512k",
            "wirespeed.host.clientTimeoutMs=5s",
            "wirespeed.host.idleQueueRemovalMs=2m",
            "wirespeed.host.maxQueues=500"), new Properties());

        assertEquals(16L << 20, settings.queueLimits().maxQueueBytes());
        assertEquals(1L << 30, settings.queueLimits().maxHostBytes());
        assertEquals(500, settings.queueLimits().maxQueues());
        assertEquals(Duration.ofMinutes(2).toNanos(), settings.queueLimits().idleQueueRemovalNs());
        assertEquals(512L << 10, settings.hostLimits().clientBacklogBytes());
        assertEquals(Duration.ofSeconds(5).toNanos(), settings.hostLimits().clientTimeoutNs());
    }

    @Test
    void aBareNumberOfADurationIsMilliseconds() throws Exception
    {
        final DriverSettings settings = read(file("wirespeed.host.clientTimeoutMs=2500"), new Properties());

        assertEquals(Duration.ofMillis(2500).toNanos(), settings.hostLimits().clientTimeoutNs());
    }

    @Test
    void driverTimeoutsTakeMinutes() throws Exception
    {
        final DriverSettings settings = read(file("wirespeed.driver.timeout=2m"), new Properties());

        assertEquals(Duration.ofMinutes(2), settings.driver().timeout());
    }

    @Test
    void systemPropertiesWinOverFilesAndLaterFilesOverEarlierOnes() throws Exception
    {
        final Path first = file("wirespeed.host.maxQueues=5", "wirespeed.host.maxClients=6");
        final Path second = temp.resolve("second.properties");
        Files.writeString(second, "wirespeed.host.maxClients=7\nwirespeed.host.fullPolicy=fail\n");
        final Properties system = new Properties();
        system.setProperty("wirespeed.host.maxQueues", "8");

        final DriverSettings settings = DriverSettings.read(new String[]{ first.toString(), second.toString() },
            system);

        assertEquals(8, settings.queueLimits().maxQueues());
        assertEquals(7, settings.hostLimits().maxClients());
        assertEquals(FullPolicy.FAIL, settings.queueLimits().defaultPolicy());
    }

    @Test
    void theArchiveAndTheQueueHostAreSettingsOfTheFileToo() throws Exception
    {
        final Path archive = temp.resolve("archive");
        final DriverSettings settings = read(file(
            "wirespeed.archive.enabled=true",
            "wirespeed.archive.dir=" + archive,
            "wirespeed.archive.retention=7d",
            "wirespeed.host.endpoint=127.0.0.1:40400"), new Properties());

        assertEquals(archive, settings.archive().directory());
        assertEquals(Duration.ofDays(7), settings.archive().retention());
        assertEquals("127.0.0.1:40400", settings.endpoint());
        assertTrue(settings.queueHost());
    }

    @Test
    void withoutTheArchiveTurnedOnThereIsNone()
    {
        assertNull(DriverSettings.read(new String[0], new Properties()).archive());
    }

    @Test
    void logsEachSettingThatDiffersFromItsDefaultWithWhereItCameFrom() throws Exception
    {
        final Path file = file(
            "wirespeed.host.maxQueueBytes=16m",
            "wirespeed.host.maxQueues=5",
            "wirespeed.driver.term.length=1m",
            "wirespeed.host.fullPolicy.orders.>=fail");
        final Properties system = new Properties();
        system.setProperty("wirespeed.host.maxQueues", "7");

        final List<String> lines = DriverSettings.read(new String[]{ file.toString() }, system).startLines();

        assertTrue(lines.contains("setting wirespeed.host.maxQueues=7 (default 10000, from -D)"), lines.toString());
        assertTrue(lines.contains("setting wirespeed.driver.term.length=1m (default 16m, from " + file + ")"),
            lines.toString());
        assertTrue(lines.contains("setting wirespeed.host.fullPolicy.orders.>=fail (default none, from " + file + ")"),
            lines.toString());
        assertFalse(lines.toString().contains("maxQueueBytes"), "16m is the default: " + lines);
        assertEquals(3, lines.size(), lines.toString());
    }

    @Test
    void logsTheArchiveDirectoryAndWhetherItIsTheDefault() throws Exception
    {
        final List<String> lines = read(file("wirespeed.archive.enabled=true"), new Properties()).startLines();

        final String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("archive directory " + System.getProperty("user.home")), last);
        assertTrue(last.endsWith("(the default for this jar's path: name one with wirespeed.archive.dir so that it " +
            "stays)"), last);
    }

    @Test
    void anUnknownNameIsRefusedWithTheNearestKnownOne()
    {
        final Properties system = new Properties();
        system.setProperty("wirespeed.host.maxQueueByte", "16m");

        final TransportException ex = assertThrows(TransportException.class,
            () -> DriverSettings.read(new String[0], system));

        assertEquals("unknown setting wirespeed.host.maxQueueByte (a -D system property): did you mean " +
            "wirespeed.host.maxQueueBytes? driver/README.md lists the driver's settings", ex.getMessage());
    }

    @Test
    void namesOutsideWirespeedArePassedOver()
    {
        final Properties system = new Properties();
        system.setProperty("aeron.socket.so_rcvbuf", "2m");
        system.setProperty("java.version", "17");

        assertEquals("2m", DriverSettings.read(new String[0], system).properties().getProperty(
            "aeron.socket.so_rcvbuf"));
    }

    @Test
    void aBadValueNamesTheSettingTheValueAndWhatIsAccepted() throws Exception
    {
        assertRefused("wirespeed.host.maxQueues=lots",
            "wirespeed.host.maxQueues='lots' is not valid: use a whole number from 1 to 2147483647");
        assertRefused("wirespeed.host.idleQueueRemovalMs=soon", "wirespeed.host.idleQueueRemovalMs='soon' is not a " +
            "duration: use a whole number of milliseconds, or one with a unit ms, s, m, h or d, e.g. 500ms, 5s or 2m");
        assertRefused("wirespeed.archive.enabled=yes", "wirespeed.archive.enabled='yes' is not valid: use true or " +
            "false");
        assertRefused("wirespeed.queue.host=off", "wirespeed.queue.host='off' is not valid: use true or false");
        assertRefused("wirespeed.host.fullPolicy=drop", "wirespeed.host.fullPolicy=drop is not a policy: use block " +
            "or fail");
        assertRefused("wirespeed.archive.retention.size=lots", "wirespeed.archive.retention.size='lots' is not a " +
            "size");
        assertRefused("wirespeed.host.maxHostBytes=0", "wirespeed.host.maxHostBytes='0' is out of range");
    }

    private void assertRefused(final String line, final String message) throws Exception
    {
        final Path file = file(line);
        final TransportException ex = assertThrows(TransportException.class, () -> read(file, new Properties()));
        assertTrue(ex.getMessage().startsWith(message), ex.getMessage());
    }

    private static DriverSettings read(final Path file, final Properties system)
    {
        return DriverSettings.read(new String[]{ file.toString() }, system);
    }

    private Path file(final String... lines) throws Exception
    {
        final Path file = Files.createTempFile(temp, "driver", ".properties");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }
}
