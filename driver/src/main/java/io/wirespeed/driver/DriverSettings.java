package io.wirespeed.driver;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeSet;

import io.wirespeed.host.HostLimits;
import io.wirespeed.host.QueueLimits;
import io.wirespeed.host.auth.Authenticators;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.SettingValues;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.aeron.AeronTransportConfiguration;
import io.wirespeed.transport.aeron.AeronTransportContext;

/**
 * The whole configuration of the driver process, read from one source: the properties files named as arguments, in
 * order, then the system properties, which win. Every {@code wirespeed.*} name must be one the driver knows
 * ({@code wirespeed.driver.*}, {@code wirespeed.archive.*}, {@code wirespeed.host.*}, {@value #QUEUE_HOST_PROP},
 * {@code wirespeed.cluster.*}), and every value must parse ({@link SettingValues}); otherwise reading fails with a
 * {@link TransportException} that names the setting (and, for an unknown name, the nearest known one), so that the
 * driver does not start.
 * <p>
 * With {@value ClusterMembers#MEMBERS_PROP} and {@value ClusterMembers#MEMBER_ID_PROP} the process is one member of a
 * clustered queue host ({@link #clusterMember()}): both must be given, the list must be accepted
 * ({@link ClusterMembers}) and the id one of its members; the other {@code wirespeed.cluster.*} settings need them, and
 * the settings of the single queue host that a member does not apply ({@link #SINGLE_HOST_ONLY}) are refused beside
 * them, so that none is silently left out.
 */
final class DriverSettings
{
    /** Whether the driver process hosts queues. */
    static final String QUEUE_HOST_PROP = "wirespeed.queue.host";
    /** The UDP endpoint the host serves clients on, besides IPC. */
    static final String ENDPOINT_PROP = "wirespeed.host.endpoint";
    /** The source of a setting given as a system property. */
    static final String SYSTEM_PROPERTY = "-D";
    /** The base directory of this process's cluster member: its log, snapshots, archive and own media driver. */
    static final String CLUSTER_DIR_PROP = "wirespeed.cluster.dir";
    /** The settings of a cluster member, in the order the documentation lists them. */
    static final List<String> CLUSTER_PROPERTIES = List.of(ClusterMembers.MEMBERS_PROP,
        ClusterMembers.MEMBER_ID_PROP, CLUSTER_DIR_PROP, ClusterMemberSettings.LEADER_HEARTBEAT_TIMEOUT_PROP,
        ClusterMemberSettings.LEADER_HEARTBEAT_INTERVAL_PROP, ClusterMemberSettings.ELECTION_TIMEOUT_PROP,
        ClusterMemberSettings.SNAPSHOT_INTERVAL_PROP);
    /**
     * Settings of the single queue host that a cluster member does not apply (its host is the cluster's
     * {@code HostService}, which serves clients on the members' ingress and has no archive of the driver's, no
     * authentication and no queue limits yet): refused beside {@value ClusterMembers#MEMBERS_PROP}, as are
     * per-pattern policies ({@link QueueLimits#POLICY_PATTERN_PREFIX}).
     */
    static final List<String> SINGLE_HOST_ONLY = singleHostOnly();

    private static final String PREFIX = "wirespeed.";
    private static final List<String> HOST_PROPERTIES =
        List.of(ENDPOINT_PROP, Authenticators.USERS_PROP, Authenticators.AUTHENTICATOR_PROP, QUEUE_HOST_PROP);

    private final Properties properties;
    private final Map<String, String> sources;
    private final AeronTransportContext driver;
    private final boolean queueHost;
    private final boolean archiveEnabled;
    private final ArchiveConfig archive;
    private final String endpoint;
    private final HostLimits hostLimits;
    private final QueueLimits queueLimits;
    private final ClusterMembers clusterMembers;
    private final int memberId;
    private final ClusterMemberSettings clusterSettings;

    private DriverSettings(final Properties properties, final Map<String, String> sources)
    {
        this.properties = properties;
        this.sources = sources;
        driver = new AeronTransportContext().properties(properties).embedded(false).conclude();
        queueHost = SettingValues.bool(QUEUE_HOST_PROP, properties.getProperty(QUEUE_HOST_PROP, "true"));
        archiveEnabled = SettingValues.bool(ArchiveConfig.ENABLED_PROP,
            properties.getProperty(ArchiveConfig.ENABLED_PROP, "false"));
        try
        {
            archive = ArchiveConfig.builder().properties(properties).build();
        }
        catch (final InvalidPathException ex)
        {
            throw new TransportException(ArchiveConfig.DIR_PROP + "='" +
                properties.getProperty(ArchiveConfig.DIR_PROP) + "' is not a path: " + ex.getMessage(), ex);
        }
        endpoint = properties.getProperty(ENDPOINT_PROP, "").trim();
        hostLimits = HostLimits.fromProperties(properties);
        queueLimits = QueueLimits.fromProperties(properties);
        clusterMembers = clusterMembers(properties, sources);
        memberId = null == clusterMembers ? -1 : memberId(clusterMembers, properties);
        clusterSettings = clusterSettings(properties, clusterMembers, memberId);
    }

    private static List<String> singleHostOnly()
    {
        final List<String> names = new ArrayList<>(List.of(ENDPOINT_PROP, Authenticators.USERS_PROP,
            Authenticators.AUTHENTICATOR_PROP, ArchiveConfig.ENABLED_PROP));
        names.addAll(QueueLimits.PROPERTIES);
        return List.copyOf(names);
    }

    /**
     * The members when {@value ClusterMembers#MEMBERS_PROP} is given, else null once no other cluster setting is.
     */
    private static ClusterMembers clusterMembers(final Properties properties, final Map<String, String> sources)
    {
        if (null == properties.getProperty(ClusterMembers.MEMBERS_PROP))
        {
            for (final String key : CLUSTER_PROPERTIES)
            {
                if (null != properties.getProperty(key))
                {
                    throw new TransportException(key + " (" + source(sources, key) + ") is a setting of a cluster " +
                        "member, but " + ClusterMembers.MEMBERS_PROP + " is not set: give it, every member as " +
                        "id=host:PORT (e.g. 0=hostA:9000,1=hostB:9000,2=hostC:9000), or remove " + key +
                        " to run the single queue host");
                }
            }
            return null;
        }
        final ClusterMembers members;
        try
        {
            members = ClusterMembers.fromProperties(properties);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new TransportException(ex.getMessage(), ex);
        }
        for (final String key : new TreeSet<>(properties.stringPropertyNames()))
        {
            final boolean enabledArchive = ArchiveConfig.ENABLED_PROP.equals(key) &&
                SettingValues.bool(key, properties.getProperty(key));
            final boolean otherSingleHostSetting = !ArchiveConfig.ENABLED_PROP.equals(key) &&
                (SINGLE_HOST_ONLY.contains(key) || key.startsWith(QueueLimits.POLICY_PATTERN_PREFIX));
            if (enabledArchive || otherSingleHostSetting)
            {
                throw new TransportException(key + " (" + source(sources, key) + ") is a setting of the single " +
                    "queue host, which a cluster member (" + ClusterMembers.MEMBERS_PROP + ") does not run: its " +
                    "queues are the cluster's, served on the members' ingress ports and kept in each member's own " +
                    "archive under " + CLUSTER_DIR_PROP + "; remove " + key + ", or " + ClusterMembers.MEMBERS_PROP +
                    " to run the single queue host");
            }
        }
        return members;
    }

    private static int memberId(final ClusterMembers members, final Properties properties)
    {
        if (null == properties.getProperty(ClusterMembers.MEMBER_ID_PROP))
        {
            throw new TransportException(ClusterMembers.MEMBERS_PROP + " is set but " + ClusterMembers.MEMBER_ID_PROP +
                " is not: give this process's member id from the list (" + members + "), or remove " +
                ClusterMembers.MEMBERS_PROP + " to run the single queue host");
        }
        try
        {
            return members.memberId(properties);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new TransportException(ex.getMessage() + " (" + ClusterMembers.MEMBERS_PROP + "=" + members + ")",
                ex);
        }
    }

    /**
     * The member's timeouts and directory; without a cluster, the timeouts alone are read (with a placeholder
     * directory), so that their defaults are known to the start lines.
     */
    private static ClusterMemberSettings clusterSettings(
        final Properties properties, final ClusterMembers members, final int memberId)
    {
        final File baseDir;
        if (null == members)
        {
            baseDir = new File(".");
        }
        else
        {
            final String dir = properties.getProperty(CLUSTER_DIR_PROP, "").trim();
            baseDir = dir.isEmpty() ? defaultClusterDir(properties, members.member(memberId)) : new File(dir);
        }
        try
        {
            return ClusterMemberSettings.fromProperties(properties, baseDir);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new TransportException(ex.getMessage(), ex);
        }
    }

    /**
     * The base directory of a member whose {@value #CLUSTER_DIR_PROP} is not set: under the temporary directory, by
     * user, member id and {@code PORT}, so that two members on one machine never share one.
     *
     * @param properties the settings, with {@code java.io.tmpdir} and {@code user.name} (the system properties').
     * @param member     this process's member.
     * @return {@code <java.io.tmpdir>/wirespeed-cluster-<user>/member-<id>-port-<PORT>}.
     */
    static File defaultClusterDir(final Properties properties, final ClusterMembers.Member member)
    {
        final String temp = properties.getProperty("java.io.tmpdir", System.getProperty("java.io.tmpdir"));
        final String user = properties.getProperty("user.name", System.getProperty("user.name", "user"));
        return new File(new File(temp, "wirespeed-cluster-" + user), "member-" + member.id() + "-port-" +
            member.port());
    }

    private static String source(final Map<String, String> sources, final String key)
    {
        final String source = sources.get(key);
        return null == source || SYSTEM_PROPERTY.equals(source) ? "a -D system property" : "in " + source;
    }

    /**
     * Reads the settings: the files in order, then the system properties, which win.
     *
     * @param files            paths of properties files.
     * @param systemProperties the system properties.
     * @return the settings, every one checked.
     * @throws TransportException if a file cannot be read, a {@code wirespeed.*} name is unknown or a value invalid.
     */
    static DriverSettings read(final String[] files, final Properties systemProperties)
    {
        final Properties merged = new Properties();
        final Map<String, String> sources = new LinkedHashMap<>();
        for (final String file : files)
        {
            if (file.startsWith(SYSTEM_PROPERTY))
            {
                throw new TransportException("'" + file + "' is an argument after -jar, where the driver takes " +
                    "properties files: give it to the JVM before -jar (java " + file + " -jar wirespeed-driver.jar), " +
                    "or to driver/bin/wirespeed-driver, which passes -D arguments to the JVM");
            }
            final Path path = Paths.get(file);
            final Properties loaded = new Properties();
            try (InputStream in = Files.newInputStream(path))
            {
                loaded.load(in);
            }
            catch (final IOException ex)
            {
                throw new TransportException(
                    "cannot read the properties file " + path.toAbsolutePath() + ": " + ex, ex);
            }
            for (final String key : loaded.stringPropertyNames())
            {
                merged.setProperty(key, loaded.getProperty(key));
                sources.put(key, path.toString());
            }
        }
        for (final String key : systemProperties.stringPropertyNames())
        {
            merged.setProperty(key, systemProperties.getProperty(key));
            sources.put(key, SYSTEM_PROPERTY);
        }
        for (final String key : new TreeSet<>(merged.stringPropertyNames()))
        {
            if (key.startsWith(PREFIX) && !isKnown(key))
            {
                final String source = sources.get(key);
                throw new TransportException("unknown setting " + key + " (" +
                    (SYSTEM_PROPERTY.equals(source) ? "a -D system property" : "in " + source) + "): did you mean " +
                    nearest(key) + "? driver/README.md lists the driver's settings");
            }
        }
        return new DriverSettings(merged, sources);
    }

    /**
     * Every setting of the driver the configuration names.
     *
     * @return the names, per-pattern policies aside ({@link QueueLimits#POLICY_PATTERN_PREFIX}).
     */
    static List<String> knownNames()
    {
        final List<String> names = new ArrayList<>(AeronTransportConfiguration.PROPERTIES);
        names.addAll(ArchiveConfig.PROPERTIES);
        names.addAll(HOST_PROPERTIES);
        names.addAll(HostLimits.PROPERTIES);
        names.addAll(QueueLimits.PROPERTIES);
        names.addAll(CLUSTER_PROPERTIES);
        return names;
    }

    /** @return every setting the files and system properties hold, {@code wirespeed.*} and others. */
    Properties properties()
    {
        return properties;
    }

    /** @return the media driver's settings. */
    AeronTransportContext driver()
    {
        return driver;
    }

    /** @return whether the process hosts queues ({@value #QUEUE_HOST_PROP}). */
    boolean queueHost()
    {
        return queueHost;
    }

    /** @return the archive's settings when {@link ArchiveConfig#ENABLED_PROP} is true, else null. */
    ArchiveConfig archive()
    {
        return archiveEnabled ? archive : null;
    }

    /**
     * @return {@link ArchiveConfig#MIN_FREE_PROP} whether or not the archive is enabled: a cluster member, whose own
     *         archive records the log, watches its disk with it.
     */
    long archiveMinFree()
    {
        return archive.minFree();
    }

    /** @return the UDP endpoint of the queue host, empty for none. */
    String endpoint()
    {
        return endpoint;
    }

    /** @return what the queue host grants each client. */
    HostLimits hostLimits()
    {
        return hostLimits;
    }

    /** @return what the queue host's queues hold at most. */
    QueueLimits queueLimits()
    {
        return queueLimits;
    }

    /** @return whether the process runs a cluster member instead of the single queue host. */
    boolean clusterMember()
    {
        return null != clusterMembers;
    }

    /** @return the cluster's members when {@link #clusterMember()}, else null. */
    ClusterMembers clusterMembers()
    {
        return clusterMembers;
    }

    /** @return this process's member id when {@link #clusterMember()}, else -1. */
    int memberId()
    {
        return memberId;
    }

    /** @return whether {@value #CLUSTER_DIR_PROP} names the member's base directory (else it is the default). */
    boolean clusterDirGiven()
    {
        return !properties.getProperty(CLUSTER_DIR_PROP, "").trim().isEmpty();
    }

    /** @return the member's timeouts, session count and base directory when {@link #clusterMember()}, else null. */
    ClusterMemberSettings clusterSettings()
    {
        return null == clusterMembers ? null : clusterSettings;
    }

    /**
     * What the driver logs at start: one line per effective setting that differs from its default, with its
     * default and where it was given, then the archive's directory when an archive runs.
     *
     * @return the lines, without the {@code wirespeed-driver} prefix.
     */
    List<String> startLines()
    {
        final Map<String, String> effective = effective(this);
        final Map<String, String> defaults = effective(new DriverSettings(new Properties(), Map.of()));
        defaults.remove(AeronTransportConfiguration.DIR_GROUP_PROP);
        final List<String> lines = new ArrayList<>();
        for (final Map.Entry<String, String> entry : effective.entrySet())
        {
            final String key = entry.getKey();
            final String fallback = defaults.get(key);
            if (!Objects.equals(fallback, entry.getValue()))
            {
                lines.add("setting " + key + "=" + entry.getValue() + " (default " +
                    (null == fallback ? "none" : fallback) + (sources.containsKey(key) ?
                    ", from " + sources.get(key) : "") + ")");
            }
        }
        if (archiveEnabled)
        {
            final String why = sources.containsKey(ArchiveConfig.DIR_PROP) ? ArchiveConfig.DIR_PROP :
                "the default for this jar's path: name one with " + ArchiveConfig.DIR_PROP + " so that it stays";
            lines.add("archive directory " + archive.directory().toAbsolutePath() + " (" + why + ")");
        }
        if (null != clusterMembers)
        {
            lines.addAll(clusterLines());
        }
        return lines;
    }

    private List<String> clusterLines()
    {
        final ClusterMembers.Member self = clusterMembers.member(memberId);
        final StringBuilder member = new StringBuilder("cluster member ").append(memberId).append(" of ")
            .append(clusterMembers.size()).append(" (").append(clusterMembers).append("): ingress ")
            .append(self.endpoint(ClusterMembers.INGRESS_OFFSET)).append(", consensus ")
            .append(self.endpoint(ClusterMembers.CONSENSUS_OFFSET)).append(", log ")
            .append(self.endpoint(ClusterMembers.LOG_OFFSET)).append(", catch-up ")
            .append(self.endpoint(ClusterMembers.CATCHUP_OFFSET)).append(", archive control ")
            .append(self.endpoint(ClusterMembers.ARCHIVE_CONTROL_OFFSET)).append(';');
        for (final Map.Entry<String, String> entry : clusterSettings.settings().entrySet())
        {
            member.append(' ').append(entry.getKey()).append('=').append(entry.getValue());
        }
        final String why = clusterDirGiven() ? CLUSTER_DIR_PROP :
            "the default for this member id and PORT: name one with " + CLUSTER_DIR_PROP + " so that it stays";
        return List.of(member.toString(),
            "cluster directory " + clusterSettings.baseDir().getAbsolutePath() + " (" + why + ")",
            "queue host: the cluster's (HostService in member " + memberId + "); the single queue host does not " +
                "start, clients reach the queues through the cluster's ingress");
    }

    private static Map<String, String> effective(final DriverSettings settings)
    {
        final Map<String, String> effective = new LinkedHashMap<>(settings.driver.settings());
        effective.remove(AeronTransportConfiguration.EMBEDDED_PROP);
        effective.put(ArchiveConfig.ENABLED_PROP, Boolean.toString(settings.archiveEnabled));
        effective.putAll(settings.archive.settings());
        effective.put(QUEUE_HOST_PROP, Boolean.toString(settings.queueHost));
        if (!settings.endpoint.isEmpty())
        {
            effective.put(ENDPOINT_PROP, settings.endpoint);
        }
        for (final String key : List.of(Authenticators.USERS_PROP, Authenticators.AUTHENTICATOR_PROP))
        {
            final String value = settings.properties.getProperty(key, "").trim();
            if (!value.isEmpty())
            {
                effective.put(key, value);
            }
        }
        effective.putAll(settings.hostLimits.settings());
        effective.putAll(settings.queueLimits.settings());
        if (null != settings.clusterMembers)
        {
            effective.put(ClusterMembers.MEMBERS_PROP, settings.clusterMembers.toString());
            effective.put(ClusterMembers.MEMBER_ID_PROP, Integer.toString(settings.memberId));
            if (null != settings.properties.getProperty(CLUSTER_DIR_PROP))
            {
                effective.put(CLUSTER_DIR_PROP, settings.clusterSettings.baseDir().getPath());
            }
        }
        final Map<String, String> timing = settings.clusterSettings.settings();
        for (final String key : ClusterMemberSettings.PROPERTIES)
        {
            effective.put(key, timing.get(key));
        }
        return effective;
    }

    private static boolean isKnown(final String key)
    {
        final String policies = QueueLimits.POLICY_PATTERN_PREFIX;
        return knownNames().contains(key) || (key.startsWith(policies) && key.length() > policies.length());
    }

    /**
     * The known name nearest an unknown one, by edit distance, case aside.
     *
     * @param key the unknown name.
     * @return the nearest known name.
     */
    static String nearest(final String key)
    {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        final List<String> candidates = knownNames();
        candidates.add(QueueLimits.POLICY_PATTERN_PREFIX + "<pattern>");
        for (final String candidate : candidates)
        {
            final int distance = distance(key.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance)
            {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best;
    }

    private static int distance(final String a, final String b)
    {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++)
        {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++)
        {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++)
            {
                final int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            final int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
