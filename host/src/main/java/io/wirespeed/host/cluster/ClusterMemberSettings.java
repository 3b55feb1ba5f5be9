package io.wirespeed.host.cluster;

import java.io.File;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.wirespeed.host.HostLimits;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.SettingValues;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;

/**
 * How one cluster member runs: Wirespeed's failure-detection profile, the most client sessions, and where the member
 * keeps its files.
 * <p>
 * The profile is Aeron Cluster's own system-test values, not its defaults (a 10 s heartbeat timeout): a follower that
 * hears nothing from the leader for {@code wirespeed.cluster.leaderHeartbeatTimeout} (1 s) starts an election; the
 * leader heartbeats every {@code wirespeed.cluster.leaderHeartbeatInterval} (100 ms) when it has nothing else to send;
 * an election's rounds time out after {@code wirespeed.cluster.electionTimeout} (500 ms). Each is a duration in the
 * grammar of {@link SettingValues} ({@code 1s}, {@code 500ms}; a bare number is milliseconds). The interval must be
 * shorter than the timeout. Aeron's own properties for them ({@code aeron.cluster.leader.heartbeat.timeout} ...) are
 * not read: these are.
 * <p>
 * Every {@code wirespeed.cluster.snapshotInterval} (1 h; {@code 0} turns the schedule off) the leader's member asks
 * the cluster for a snapshot, which every member takes at the same log position; after each snapshot every member
 * purges its log behind the older of its two latest snapshots and deletes older snapshots ({@link SnapshotSchedule}).
 * <p>
 * Aeron Cluster's {@code aeron.cluster.max.sessions} follows {@code wirespeed.host.maxClients} ({@link HostLimits}):
 * each client of the clustered host holds one cluster session.
 * <p>
 * Under the base directory the member keeps {@code cluster/} (the consensus module's and the service's files: the
 * recording log, mark files), {@code archive/} (its own Aeron Archive: the cluster's log and snapshots) and
 * {@code driver/} (its own media driver's directory). Two members never share a base directory.
 *
 * @param leaderHeartbeatTimeoutNs  how long followers wait without a word from the leader before an election.
 * @param leaderHeartbeatIntervalNs how often an idle leader tells the followers it lives.
 * @param electionTimeoutNs         how long one round of an election waits.
 * @param maxSessions               the most client sessions the cluster holds at once.
 * @param snapshotIntervalNs        how often the leader's member asks for a snapshot; 0 for never.
 * @param baseDir                   the directory under which the member keeps its files.
 * @param appVersion                the state machine's version the member runs ({@link StateMachineVersion}):
 *                                  {@link StateMachineVersion#CURRENT}, another only in tests.
 * @param idle                      the idle strategy of the member's threads (its media driver's, archive's,
 *                                  consensus module's and service container's): the driver's
 *                                  {@code wirespeed.driver.idle}, {@code backoff} by default, as a single host's.
 */
public record ClusterMemberSettings(
    long leaderHeartbeatTimeoutNs,
    long leaderHeartbeatIntervalNs,
    long electionTimeoutNs,
    int maxSessions,
    long snapshotIntervalNs,
    File baseDir,
    int appVersion,
    IdleStrategyKind idle)
{
    /** The setting of {@link #leaderHeartbeatTimeoutNs()}, a duration. */
    public static final String LEADER_HEARTBEAT_TIMEOUT_PROP = "wirespeed.cluster.leaderHeartbeatTimeout";
    /** The setting of {@link #leaderHeartbeatIntervalNs()}, a duration. */
    public static final String LEADER_HEARTBEAT_INTERVAL_PROP = "wirespeed.cluster.leaderHeartbeatInterval";
    /** The setting of {@link #electionTimeoutNs()}, a duration. */
    public static final String ELECTION_TIMEOUT_PROP = "wirespeed.cluster.electionTimeout";
    /** The setting of {@link #snapshotIntervalNs()}, a duration; {@code 0} turns scheduled snapshots off. */
    public static final String SNAPSHOT_INTERVAL_PROP = "wirespeed.cluster.snapshotInterval";
    /** The timing settings, in the order {@link #settings()} gives them. */
    public static final List<String> PROPERTIES = List.of(
        LEADER_HEARTBEAT_TIMEOUT_PROP, LEADER_HEARTBEAT_INTERVAL_PROP, ELECTION_TIMEOUT_PROP, SNAPSHOT_INTERVAL_PROP);
    /** Default of {@link #leaderHeartbeatTimeoutNs()}: 1 s. */
    public static final Duration DEFAULT_LEADER_HEARTBEAT_TIMEOUT = Duration.ofSeconds(1);
    /** Default of {@link #leaderHeartbeatIntervalNs()}: 100 ms. */
    public static final Duration DEFAULT_LEADER_HEARTBEAT_INTERVAL = Duration.ofMillis(100);
    /** Default of {@link #electionTimeoutNs()}: 500 ms. */
    public static final Duration DEFAULT_ELECTION_TIMEOUT = Duration.ofMillis(500);
    /** Default of {@link #snapshotIntervalNs()}: 1 h. */
    public static final Duration DEFAULT_SNAPSHOT_INTERVAL = Duration.ofHours(1);
    /** The consensus module's and the service container's directory under the base directory. */
    public static final String CLUSTER_DIR = "cluster";
    /** The member's archive's directory under the base directory. */
    public static final String ARCHIVE_DIR = "archive";
    /** The member's media driver's directory under the base directory. */
    public static final String DRIVER_DIR = "driver";

    /**
     * Checks the settings.
     *
     * @throws IllegalArgumentException if a duration (but the snapshot interval, which may be 0) or the session
     *                                  count is not positive, the heartbeat interval is not shorter than its timeout,
     *                                  or there is no base directory.
     */
    public ClusterMemberSettings
    {
        if (null == idle)
        {
            throw new IllegalArgumentException("a cluster member needs an idle strategy: pass one, e.g. " +
                AeronTransportConfiguration.DEFAULT_IDLE);
        }
        if (null == baseDir)
        {
            throw new IllegalArgumentException("a cluster member needs a base directory for its files: pass one");
        }
        if (leaderHeartbeatTimeoutNs < 1 || leaderHeartbeatIntervalNs < 1 || electionTimeoutNs < 1 || maxSessions < 1)
        {
            throw new IllegalArgumentException("cluster member settings must be positive: leader heartbeat timeout " +
                leaderHeartbeatTimeoutNs + " ns, interval " + leaderHeartbeatIntervalNs + " ns, election timeout " +
                electionTimeoutNs + " ns, " + maxSessions + " sessions");
        }
        if (snapshotIntervalNs < 0)
        {
            throw new IllegalArgumentException(SNAPSHOT_INTERVAL_PROP + " must not be negative (" + snapshotIntervalNs +
                " ns): give a duration, or 0 for no scheduled snapshots");
        }
        if (leaderHeartbeatIntervalNs >= leaderHeartbeatTimeoutNs)
        {
            throw new IllegalArgumentException(LEADER_HEARTBEAT_INTERVAL_PROP + " (" +
                format(leaderHeartbeatIntervalNs) + ") must be shorter than " + LEADER_HEARTBEAT_TIMEOUT_PROP + " (" +
                format(leaderHeartbeatTimeoutNs) +
                "), or followers elect a new leader while the leader lives: shorten the interval (Wirespeed uses " +
                "a tenth of the timeout)");
        }
    }

    /**
     * Wirespeed's profile, the default session count ({@link HostLimits#DEFAULT_MAX_CLIENTS}) and the given base
     * directory.
     *
     * @param baseDir where the member keeps its files.
     * @return the settings.
     */
    public static ClusterMemberSettings defaults(final File baseDir)
    {
        return fromProperties(new Properties(), baseDir);
    }

    /**
     * The settings that properties give, the defaults for those they do not.
     *
     * @param settings e.g. the system properties.
     * @param baseDir  where the member keeps its files.
     * @return the settings.
     * @throws io.wirespeed.transport.TransportException naming a setting whose value does not parse.
     * @throws IllegalArgumentException                 if the values do not go together.
     */
    public static ClusterMemberSettings fromProperties(final Properties settings, final File baseDir)
    {
        return new ClusterMemberSettings(
            nanos(settings, LEADER_HEARTBEAT_TIMEOUT_PROP, DEFAULT_LEADER_HEARTBEAT_TIMEOUT),
            nanos(settings, LEADER_HEARTBEAT_INTERVAL_PROP, DEFAULT_LEADER_HEARTBEAT_INTERVAL),
            nanos(settings, ELECTION_TIMEOUT_PROP, DEFAULT_ELECTION_TIMEOUT),
            HostLimits.fromProperties(settings).maxClients(),
            snapshotInterval(settings),
            baseDir,
            StateMachineVersion.CURRENT,
            IdleStrategyKind.byPropertyName(settings.getProperty(AeronTransportConfiguration.IDLE_PROP,
                AeronTransportConfiguration.DEFAULT_IDLE.propertyName()), AeronTransportConfiguration.IDLE_PROP));
    }

    /**
     * The consensus module's and the service container's directory.
     *
     * @return {@code baseDir/cluster}.
     */
    public File clusterDir()
    {
        return new File(baseDir, CLUSTER_DIR);
    }

    /**
     * The member's archive's directory.
     *
     * @return {@code baseDir/archive}.
     */
    public File archiveDir()
    {
        return new File(baseDir, ARCHIVE_DIR);
    }

    /**
     * The member's media driver's directory.
     *
     * @return {@code baseDir/driver}.
     */
    public File driverDir()
    {
        return new File(baseDir, DRIVER_DIR);
    }

    /**
     * The timing settings as their properties would give them, and the session count as
     * {@code aeron.cluster.max.sessions}: what a member logs at start.
     *
     * @return property name to value.
     */
    public Map<String, String> settings()
    {
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(LEADER_HEARTBEAT_TIMEOUT_PROP, format(leaderHeartbeatTimeoutNs));
        settings.put(LEADER_HEARTBEAT_INTERVAL_PROP, format(leaderHeartbeatIntervalNs));
        settings.put(ELECTION_TIMEOUT_PROP, format(electionTimeoutNs));
        settings.put(SNAPSHOT_INTERVAL_PROP, format(snapshotIntervalNs));
        settings.put("aeron.cluster.max.sessions", Integer.toString(maxSessions));
        return settings;
    }

    private static long nanos(final Properties settings, final String key, final Duration defaultValue)
    {
        final String text = settings.getProperty(key);
        return null == text ?
            defaultValue.toNanos() : SettingValues.duration(key, text, Duration.ofMillis(1)).toNanos();
    }

    private static long snapshotInterval(final Properties settings)
    {
        final String text = settings.getProperty(SNAPSHOT_INTERVAL_PROP);
        return null == text ?
            DEFAULT_SNAPSHOT_INTERVAL.toNanos() : SettingValues.duration(SNAPSHOT_INTERVAL_PROP, text).toNanos();
    }

    /**
     * These settings with another snapshot interval.
     *
     * @param interval how often the leader's member asks for a snapshot; {@link Duration#ZERO} for never.
     * @return the settings.
     */
    public ClusterMemberSettings withSnapshotInterval(final Duration interval)
    {
        return new ClusterMemberSettings(leaderHeartbeatTimeoutNs, leaderHeartbeatIntervalNs, electionTimeoutNs,
            maxSessions, interval.toNanos(), baseDir, appVersion, idle);
    }

    /**
     * These settings with another state machine version: for tests of a member that finds another version's log.
     *
     * @param version the version, as {@link org.agrona.SemanticVersion#compose}.
     * @return the settings.
     */
    public ClusterMemberSettings withAppVersion(final int version)
    {
        return new ClusterMemberSettings(leaderHeartbeatTimeoutNs, leaderHeartbeatIntervalNs, electionTimeoutNs,
            maxSessions, snapshotIntervalNs, baseDir, version, idle);
    }

    private static String format(final long nanos)
    {
        return SettingValues.formatDuration(Duration.ofNanos(nanos));
    }
}
