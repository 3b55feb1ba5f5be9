package io.wirespeed.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
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

    @Test
    void membersAndAMemberIdFromAFileMakeTheProcessAClusterMember() throws Exception
    {
        final Path dir = temp.resolve("member-1");
        final DriverSettings settings = read(file(
            "wirespeed.cluster.members=0=127.0.0.1:9000,1=127.0.0.1:9010,2=127.0.0.1:9020",
            "wirespeed.cluster.memberId=1",
            "wirespeed.cluster.dir=" + dir,
            "wirespeed.cluster.electionTimeout=300ms",
            "wirespeed.host.maxClients=50"), new Properties());

        assertTrue(settings.clusterMember());
        assertEquals(3, settings.clusterMembers().size());
        assertEquals(1, settings.memberId());
        assertEquals(dir.toFile(), settings.clusterSettings().baseDir());
        assertEquals(Duration.ofMillis(300).toNanos(), settings.clusterSettings().electionTimeoutNs());
        assertEquals(50, settings.clusterSettings().maxSessions());
    }

    @Test
    void withoutMembersThereIsNoClusterMember()
    {
        final DriverSettings settings = DriverSettings.read(new String[0], new Properties());

        assertFalse(settings.clusterMember());
        assertNull(settings.clusterSettings());
    }

    @Test
    void aMemberLogsItsIdItsFiveEndpointsItsSettingsAndThatTheQueuesAreTheClusters() throws Exception
    {
        final Path file = file(
            "wirespeed.cluster.members=0=127.0.0.1:9000,1=127.0.0.1:9010,2=127.0.0.1:9020",
            "wirespeed.cluster.electionTimeout=300ms");
        final Properties system = new Properties();
        system.setProperty("wirespeed.cluster.memberId", "2");

        final List<String> lines = DriverSettings.read(new String[]{ file.toString() }, system).startLines();

        assertTrue(lines.contains("setting wirespeed.cluster.memberId=2 (default none, from -D)"), lines.toString());
        assertTrue(lines.contains("setting wirespeed.cluster.electionTimeout=300ms (default 500ms, from " + file +
            ")"), lines.toString());
        assertTrue(lines.contains("cluster member 2 of 3 (0=127.0.0.1:9000,1=127.0.0.1:9010,2=127.0.0.1:9020): " +
            "ingress 127.0.0.1:9020, consensus 127.0.0.1:9021, log 127.0.0.1:9022, catch-up 127.0.0.1:9023, archive " +
            "control 127.0.0.1:9024; wirespeed.cluster.leaderHeartbeatTimeout=1s " +
            "wirespeed.cluster.leaderHeartbeatInterval=100ms wirespeed.cluster.electionTimeout=300ms " +
            "wirespeed.cluster.snapshotInterval=1h aeron.cluster.max.sessions=1024"), lines.toString());
        final File defaultDir = new File(new File(System.getProperty("java.io.tmpdir"),
            "wirespeed-cluster-" + System.getProperty("user.name")), "member-2-port-9020");
        assertTrue(lines.contains("cluster directory " + defaultDir.getAbsolutePath() + " (the default for this " +
            "member id and PORT: name one with wirespeed.cluster.dir so that it stays)"), lines.toString());
        assertTrue(lines.stream().anyMatch((line) -> line.startsWith("queue host: the cluster's")), lines.toString());
    }

    @Test
    void twoMembersOnOneMachineHaveTheirOwnDefaultDirectories()
    {
        final Properties system = new Properties();
        system.setProperty("wirespeed.cluster.members", "0=127.0.0.1:9000,1=127.0.0.1:9010,2=127.0.0.1:9020");
        system.setProperty("wirespeed.cluster.memberId", "0");
        final File first = DriverSettings.read(new String[0], system).clusterSettings().baseDir();
        system.setProperty("wirespeed.cluster.memberId", "1");
        final File second = DriverSettings.read(new String[0], system).clusterSettings().baseDir();

        assertNotEquals(first, second);
    }

    @Test
    void clusterSettingsThatDoNotGoTogetherAreRefusedSayingWhatToChange() throws Exception
    {
        final String three = "wirespeed.cluster.members=0=127.0.0.1:9000,1=127.0.0.1:9010,2=127.0.0.1:9020";
        assertRefused(new String[]{ "wirespeed.cluster.members=0=127.0.0.1:9000,1=127.0.0.1:9010",
            "wirespeed.cluster.memberId=0" }, "wirespeed.cluster.members lists 2 members: a cluster of 2 members " +
            "cannot elect a leader once one is lost; use 1, 3 or 5");
        assertRefused(new String[]{ "wirespeed.cluster.members=0=a:9000,1=b:9000,2=c:9000,3=d:9000",
            "wirespeed.cluster.memberId=0" }, "wirespeed.cluster.members lists 4 members: ");
        assertRefused(new String[]{ three, "wirespeed.cluster.memberId=3" }, "wirespeed.cluster.memberId=3 names no " +
            "member of wirespeed.cluster.members: use one of its ids (0, 1, 2)");
        assertRefused(new String[]{ three, "wirespeed.cluster.memberId=one" }, "wirespeed.cluster.memberId='one' is " +
            "not a member id");
        assertRefused(new String[]{ three }, "wirespeed.cluster.members is set but wirespeed.cluster.memberId is " +
            "not: give this process's member id from the list");
        assertRefused(new String[]{ "wirespeed.cluster.memberId=0" }, "wirespeed.cluster.memberId (in ");
        assertRefused(new String[]{ "wirespeed.cluster.memberId=0" }, "is a setting of a cluster member, but " +
            "wirespeed.cluster.members is not set: give it");
        assertRefused(new String[]{ "wirespeed.cluster.dir=/tmp/x" }, "wirespeed.cluster.dir (in ");
        assertRefused(new String[]{ three, "wirespeed.cluster.memberId=0",
            "wirespeed.cluster.leaderHeartbeatInterval=2s" }, "wirespeed.cluster.leaderHeartbeatInterval (2s) must " +
            "be shorter than wirespeed.cluster.leaderHeartbeatTimeout (1s)");
        assertRefused(new String[]{ three, "wirespeed.cluster.memberId=0", "wirespeed.cluster.electionTimeout=soon" },
            "wirespeed.cluster.electionTimeout='soon' is not a duration");
        assertRefused(new String[]{ three, "wirespeed.cluster.memberId=0", "wirespeed.host.endpoint=127.0.0.1:4000" },
            "wirespeed.host.endpoint (in ");
        assertRefused(new String[]{ three, "wirespeed.cluster.memberId=0", "wirespeed.archive.enabled=true" },
            "wirespeed.archive.enabled (in ");
        assertRefused(new String[]{ three, "wirespeed.cluster.memberId=0", "wirespeed.host.fullPolicy.orders=fail" },
            "wirespeed.host.fullPolicy.orders (in ");
    }

    @Test
    void theSingleHostsSettingsBesideMembersAreRefusedNamingThem() throws Exception
    {
        final Path file = file("wirespeed.cluster.members=0=127.0.0.1:9000", "wirespeed.cluster.memberId=0",
            "wirespeed.host.users=/etc/wirespeed/users");

        final TransportException ex = assertThrows(TransportException.class, () -> read(file, new Properties()));

        assertEquals("wirespeed.host.users (in " + file + ") is a setting of the single queue host, which a cluster " +
            "member (wirespeed.cluster.members) does not run: its queues are the cluster's, served on the members' " +
            "ingress ports and kept in each member's own archive under wirespeed.cluster.dir; remove " +
            "wirespeed.host.users, or wirespeed.cluster.members to run the single queue host", ex.getMessage());
    }

    @Test
    void aSystemPropertyGivenAsAnArgumentIsRefusedSayingWhereItGoes()
    {
        final TransportException ex = assertThrows(TransportException.class, () -> DriverSettings.read(
            new String[]{ "-Dwirespeed.cluster.memberId=0" }, new Properties()));

        assertEquals("'-Dwirespeed.cluster.memberId=0' is an argument after -jar, where the driver takes properties " +
            "files: give it to the JVM before -jar (java -Dwirespeed.cluster.memberId=0 -jar wirespeed-driver.jar), " +
            "or to driver/bin/wirespeed-driver, which passes -D arguments to the JVM", ex.getMessage());
    }

    private void assertRefused(final String[] lines, final String message) throws Exception
    {
        final Path file = file(lines);
        final TransportException ex = assertThrows(TransportException.class, () -> read(file, new Properties()));
        assertTrue(ex.getMessage().contains(message), ex.getMessage());
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
