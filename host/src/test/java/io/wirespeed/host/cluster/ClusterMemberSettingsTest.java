package io.wirespeed.host.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.time.Duration;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportException;

/**
 * A member's settings: Wirespeed's failure-detection profile by default, each timing overridable in the one grammar
 * of durations, the session count following the host's client limit, the member's directories under its base.
 */
class ClusterMemberSettingsTest
{
    private static final File BASE = new File("/var/lib/wirespeed/member-0");

    @Test
    void theDefaultsAreAeronsSystemTestProfile()
    {
        final ClusterMemberSettings settings = ClusterMemberSettings.defaults(BASE);

        assertEquals(1_000_000_000L, settings.leaderHeartbeatTimeoutNs());
        assertEquals(100_000_000L, settings.leaderHeartbeatIntervalNs());
        assertEquals(500_000_000L, settings.electionTimeoutNs());
        assertEquals(1024, settings.maxSessions());
        assertEquals(3_600_000_000_000L, settings.snapshotIntervalNs());
        assertEquals(new File(BASE, "cluster"), settings.clusterDir());
        assertEquals(new File(BASE, "archive"), settings.archiveDir());
        assertEquals(new File(BASE, "driver"), settings.driverDir());
        assertEquals(IdleStrategyKind.BACKOFF, settings.idle(), "a single host's driver's default");
    }

    @Test
    void theMembersThreadsIdleAsTheDriversIdleSettingSaysAndAnUnknownStrategyIsRefusedNamingIt()
    {
        final Properties properties = new Properties();
        properties.setProperty("wirespeed.driver.idle", "responsive");
        assertEquals(IdleStrategyKind.RESPONSIVE, ClusterMemberSettings.fromProperties(properties, BASE).idle());

        properties.setProperty("wirespeed.driver.idle", "fast");
        final TransportException ex =
            assertThrows(TransportException.class, () -> ClusterMemberSettings.fromProperties(properties, BASE));
        assertTrue(ex.getMessage().contains("wirespeed.driver.idle"), ex.getMessage());
    }

    @Test
    void eachTimingAndTheSessionCountAreSettings()
    {
        final Properties properties = new Properties();
        properties.setProperty("wirespeed.cluster.leaderHeartbeatTimeout", "10s");
        properties.setProperty("wirespeed.cluster.leaderHeartbeatInterval", "200");
        properties.setProperty("wirespeed.cluster.electionTimeout", "1s");
        properties.setProperty("wirespeed.host.maxClients", "64");
        properties.setProperty("wirespeed.cluster.snapshotInterval", "15m");

        final ClusterMemberSettings settings = ClusterMemberSettings.fromProperties(properties, BASE);

        assertEquals(10_000_000_000L, settings.leaderHeartbeatTimeoutNs());
        assertEquals(200_000_000L, settings.leaderHeartbeatIntervalNs());
        assertEquals(1_000_000_000L, settings.electionTimeoutNs());
        assertEquals(64, settings.maxSessions());
        assertEquals(900_000_000_000L, settings.snapshotIntervalNs());
        assertEquals("{wirespeed.cluster.leaderHeartbeatTimeout=10s, " +
            "wirespeed.cluster.leaderHeartbeatInterval=200ms, wirespeed.cluster.electionTimeout=1s, " +
            "wirespeed.cluster.snapshotInterval=15m, aeron.cluster.max.sessions=64}", settings.settings().toString());
    }

    @Test
    void aSnapshotIntervalOfZeroTurnsTheScheduleOffAndANegativeOneIsRefused()
    {
        final Properties properties = new Properties();
        properties.setProperty("wirespeed.cluster.snapshotInterval", "0");

        assertEquals(0, ClusterMemberSettings.fromProperties(properties, BASE).snapshotIntervalNs());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> ClusterMemberSettings.defaults(BASE).withSnapshotInterval(Duration.ofSeconds(-1)));
        assertTrue(ex.getMessage().startsWith("wirespeed.cluster.snapshotInterval must not be negative"),
            ex.getMessage());
    }

    @Test
    void aDurationThatDoesNotParseNamesItsSetting()
    {
        final Properties properties = new Properties();
        properties.setProperty("wirespeed.cluster.electionTimeout", "half a second");

        final TransportException ex =
            assertThrows(TransportException.class, () -> ClusterMemberSettings.fromProperties(properties, BASE));
        assertTrue(ex.getMessage().startsWith("wirespeed.cluster.electionTimeout='half a second'"), ex.getMessage());
    }

    @Test
    void anIntervalNotShorterThanTheTimeoutIsRefused()
    {
        final Properties properties = new Properties();
        properties.setProperty("wirespeed.cluster.leaderHeartbeatInterval", "1s");

        final IllegalArgumentException ex = assertThrows(
            IllegalArgumentException.class, () -> ClusterMemberSettings.fromProperties(properties, BASE));
        assertEquals("wirespeed.cluster.leaderHeartbeatInterval (1s) must be shorter than " +
            "wirespeed.cluster.leaderHeartbeatTimeout (1s), or followers elect a new leader while the leader lives: " +
            "shorten the interval (Wirespeed uses a tenth of the timeout)", ex.getMessage());
    }
}
