package io.wirespeed.jms.config;

import java.nio.file.InvalidPathException;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.jms.message.DeserializationPolicy;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.ThreadingMode;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactories;

/**
 * The one table of connection options: each option's URI name, the kind of value it takes, its default as the URI
 * writes it, what it does, the values it accepts when they are a fixed set, and how its text becomes the typed value
 * of a {@link ConnectionConfig}. {@link ConnectionUri} and {@link ConnectionConfig.Builder} read every option through
 * this table; the Spring Boot properties, their IDE metadata and docs/configuration.md are checked against it by
 * tests.
 */
public enum ConnectionOption
{
    /** The UDP or RDMA endpoint. */
    ENDPOINT("endpoint", "host:port", null,
        "UDP or RDMA endpoint, host:port: a multicast group, or the receiving host's address for unicast",
        List.of(), (b, n, v) -> b.endpoint = v),
    /** The local interface for UDP. */
    INTERFACE("interface", "address", null,
        "Local interface address for UDP, e.g. 192.168.1.10 (picks the interface of a multicast group)",
        List.of(), (b, n, v) -> b.networkInterface = v),
    /** Embedded or external media driver. */
    DRIVER("driver", "choice", "embedded",
        "Media driver: embedded (inside this JVM) or external (a driver process already running)",
        List.of("embedded", "external"), (b, n, v) -> b.embeddedDriver = "embedded".equals(oneOf(b, n, v))),
    /** The media driver directory. */
    AERON_DIR("aeronDir", "path", null, "Media driver directory", List.of(), (b, n, v) -> b.aeronDir = v),
    /** The embedded driver's threading. */
    THREADING("threading", "choice", ThreadingMode.SHARED.propertyName(),
        "Embedded driver threading: shared, shared-network or dedicated",
        names(ThreadingMode.values(), ThreadingMode::propertyName),
        (b, n, v) -> b.threading = oneOf(b, n, v, ThreadingMode.values(), ThreadingMode::propertyName)),
    /** The idle strategy. */
    IDLE("idle", "choice", IdleStrategyKind.RESPONSIVE.propertyName(),
        "Idle strategy of the driver, the delivery thread and blocking sends and receives",
        names(IdleStrategyKind.values(), IdleStrategyKind::propertyName),
        (b, n, v) -> b.idle = oneOf(b, n, v, IdleStrategyKind.values(), IdleStrategyKind::propertyName)),
    /** The term length of new publications. */
    TERM_LENGTH("termLength", "bytes", null,
        "Term length of new publications in bytes: a power of two, 64 KiB to 1 GiB", List.of(),
        (b, n, v) -> b.termLength = (int)number(b, n, v, 64 * 1024, 1024 * 1024 * 1024)),
    /** The largest UDP frame. */
    MTU("mtu", "bytes", null, "Largest UDP frame in bytes: a multiple of 32, up to 65504", List.of(),
        (b, n, v) -> b.mtu = (int)number(b, n, v, 64, 65504)),
    /** How long a send waits out back-pressure. */
    SEND_TIMEOUT("sendTimeout", "ms", "10000",
        "Milliseconds a send waits out back-pressure before it fails with ResourceAllocationException",
        List.of(), (b, n, v) -> b.sendTimeout = millis(b, n, v, 0)),
    /** How long a new publication waits for subscribers. */
    CONNECT_WAIT("connectWait", "ms", "250",
        "Milliseconds a new publication waits for subscribers to connect before a send treats the topic as unread",
        List.of(), (b, n, v) -> b.connectWait = millis(b, n, v, 0)),
    /** How often topics are re-advertised. */
    RESOLUTION_INTERVAL("resolutionInterval", "ms", "2000",
        "Milliseconds between a publishing connection's re-advertisements of its topics; 0 advertises nothing",
        List.of(), (b, n, v) -> b.resolutionInterval = millis(b, n, v, 0)),
    /** The heartbeat timeout between client and driver. */
    DRIVER_TIMEOUT("driverTimeout", "ms", "10000",
        "Milliseconds the client and the media driver wait for each other's heartbeat",
        List.of(), (b, n, v) -> b.driverTimeout = millis(b, n, v, 100)),
    /** Queue consumer credit. */
    QUEUE_PREFETCH("queuePrefetch", "count", "100",
        "Messages the queue host may send a queue consumer ahead of its application",
        List.of(), (b, n, v) -> b.queuePrefetch = (int)number(b, n, v, 1, 1 << 20)),
    /** How long to wait for the queue host. */
    QUEUE_HOST_TIMEOUT("queueHostTimeout", "ms", "5000",
        "Milliseconds to wait for the queue host's answer before a JMSException says none is reachable",
        List.of(), (b, n, v) -> b.queueHostTimeout = millis(b, n, v, 1)),
    /** How long a connection to a clustered host waits for a leader. */
    FAILOVER_TIMEOUT("failoverTimeout", "ms", "30000",
        "Milliseconds a connection to a clustered host (host=A:PORT,B:PORT,C:PORT) waits for a leader before sends, " +
        "commits and queue requests fail with a JMSException and its exception listener is told",
        List.of(), (b, n, v) -> b.failoverTimeout = millis(b, n, v, 1)),
    /** How long a close waits for UDP subscribers. */
    LINGER("linger", "duration", "5s",
        "Longest a close waits for UDP subscribers to confirm they hold everything sent: ms, or 500ms, 5s, 1m",
        List.of(), (b, n, v) -> b.linger = duration(b, n, v)),
    /** The first partition stream id. */
    STREAM_ID_BASE("streamIdBase", "count", Integer.toString(ConnectionConfig.DEFAULT_STREAM_ID_BASE),
        "First stream id that topic names hash into", List.of(),
        (b, n, v) -> b.streamIdBase = (int)number(b, n, v, 1, Integer.MAX_VALUE)),
    /** The number of partition streams. */
    STREAM_ID_RANGE("streamIdRange", "count", "16", "Number of stream ids that topic names hash into", List.of(),
        (b, n, v) -> b.streamIdRange = (int)number(b, n, v, 1, Integer.MAX_VALUE)),
    /** Fragments per poll. */
    FRAGMENT_LIMIT("fragmentLimit", "count", "64",
        "Most fragments the delivery thread reads per subscription per cycle", List.of(),
        (b, n, v) -> b.fragmentLimit = (int)number(b, n, v, 1, 1 << 20)),
    /** Reused message objects. */
    REUSE_MESSAGES("reuseMessages", "boolean", "false",
        "Whether listeners get one reused message per consumer, valid only inside onMessage (no allocation)",
        List.of("true", "false"), (b, n, v) -> b.reuseMessages = Boolean.parseBoolean(oneOf(b, n, v))),
    /** The verbs of RDMA channels. */
    RDMA_VERBS("rdmaVerbs", "choice", RdmaVerbs.NATIVE.optionValue(),
        "Verbs serving wirespeed:rdma channels: native (the RDMA NIC) or simulated (tests only)",
        names(RdmaVerbs.values(), RdmaVerbs::optionValue),
        (b, n, v) -> b.rdmaVerbs = oneOf(b, n, v, RdmaVerbs.values(), RdmaVerbs::optionValue)),
    /** The default client id. */
    CLIENT_ID("clientId", "text", null, "Client id that connections take", List.of(), (b, n, v) -> b.clientId = v),
    /** A shorthand for idle and threading. */
    PROFILE("profile", "choice", "default",
        "Profile: low-latency sets idle=busy-spin and threading=dedicated (only with cores to spare)",
        List.of("low-latency", "default"), ConnectionOption::profile),
    /** The queue host's address. */
    HOST("host", "host:port", null,
        "The queue host's ADDRESS:PORT (a driver process's wirespeed.host.endpoint), reached over UDP; or a " +
        "clustered host's members, ADDRESS:PORT,ADDRESS:PORT,ADDRESS:PORT in member-id order (each member's " +
        "PORT of wirespeed.cluster.members); unset, the host of the connection's own media driver, over IPC",
        List.of(), ConnectionOption::hostEndpoint),
    /** The user sent to the queue host. */
    USER("user", "text", null, "User sent to the queue host when the application names none", List.of(),
        (b, n, v) -> b.user = v),
    /** The password sent to the queue host. */
    PASSWORD("password", "text", null, "Password sent to the queue host with the user", List.of(),
        (b, n, v) -> b.password = v),
    /** The embedded archive's mode. */
    ARCHIVE("archive", "choice", ArchiveMode.AUTO.optionValue(),
        "Embedded archive: auto (started on first need), on (with the connection; durable queues) or off",
        names(ArchiveMode.values(), ArchiveMode::optionValue),
        (b, n, v) -> b.archive = oneOf(b, n, v, ArchiveMode.values(), ArchiveMode::optionValue)),
    /** The embedded archive's directory. */
    ARCHIVE_DIR("archiveDir", "path", null,
        "Embedded archive directory: recordings and durable subscriptions' positions", List.of(),
        ConnectionOption::archiveSetting),
    /** The archive's segment length. */
    ARCHIVE_SEGMENT_LENGTH("archiveSegmentLength", "size", "64m",
        "Archive segment file length: a power of two, 64k to 1g, at least the term length", List.of(),
        ConnectionOption::archiveSetting),
    /** The archive's retention by age. */
    ARCHIVE_RETENTION("archiveRetention", "duration", "24h",
        "Recorded data older than this is purged: ms, s, m, h or d; 0 keeps it regardless of age", List.of(),
        ConnectionOption::archiveSetting),
    /** The archive's retention by size. */
    ARCHIVE_RETENTION_SIZE("archiveRetentionSize", "size", "1g",
        "The oldest segments are purged while all recordings exceed this size; 0 for no limit", List.of(),
        ConnectionOption::archiveSetting),
    /** The least free disk space for recording. */
    ARCHIVE_MIN_FREE("archiveMinFree", "size", "128m",
        "Free space on the archive's disk below which recording stops (PERSISTENT sends to recorded topics fail)",
        List.of(), ConnectionOption::archiveSetting),
    /** Classes an ObjectMessage may deserialize. */
    DESERIALIZATION_ALLOW_LIST(DeserializationPolicy.ALLOW_LIST_OPTION, "classes", null,
        "Classes or packages (comma-separated; * for all) a received ObjectMessage may deserialize besides the " +
        "basics of java.lang, java.math, java.util and java.time", List.of(),
        (b, n, v) -> b.deserializationAllowList = classList(b, n, v)),
    /** Classes an ObjectMessage may never deserialize. */
    DESERIALIZATION_DENY_LIST(DeserializationPolicy.DENY_LIST_OPTION, "classes", null,
        "Classes or packages (comma-separated) a received ObjectMessage may never deserialize, defaults included",
        List.of(), (b, n, v) -> b.deserializationDenyList = classList(b, n, v)),
    /** The slow-consumer policy. */
    SLOW_CONSUMERS("slowConsumers", "choice", SlowConsumerPolicy.HOLD.optionValue(),
        "What a topic consumer that cannot keep up does: hold (it paces its publishers) or drop (it falls behind " +
        "alone and loses what it missed)", names(SlowConsumerPolicy.values(), SlowConsumerPolicy::optionValue),
        (b, n, v) -> b.slowConsumers = oneOf(b, n, v, SlowConsumerPolicy.values(), SlowConsumerPolicy::optionValue)),
    /** How long a drop consumer may stay a window behind. */
    SLOW_CONSUMER_TIMEOUT("slowConsumerTimeout", "ms", "1000",
        "Milliseconds a consumer under the drop policy may stay a full window behind before it is left behind",
        List.of(), (b, n, v) -> b.slowConsumerTimeout = millis(b, n, v, 1)),
    /** A route: the channel of destinations matching a pattern. */
    ROUTE("route.<pattern>", "channel", null,
        "Channel per destination pattern (first match wins): an Aeron channel, wirespeed:rdma?endpoint=host:port, " +
        "or a channel of a scheme another transport on the classpath claims", List.of(), ConnectionOption::route),
    /** The slow-consumer policy of topics matching a pattern. */
    SLOW_CONSUMERS_FOR("slowConsumers.<pattern>", "choice", null,
        "Slow-consumer policy per topic pattern (first match wins; the routes' pattern syntax), over slowConsumers",
        names(SlowConsumerPolicy.values(), SlowConsumerPolicy::optionValue), ConnectionOption::slowConsumersFor);

    /** What a pattern option's name holds in place of its pattern, e.g. {@code route.<pattern>}. */
    public static final String PATTERN = "<pattern>";

    private static final String RDMA_CHANNEL_PREFIX = "wirespeed:rdma?";

    private final String optionName;
    private final String type;
    private final String defaultValue;
    private final String description;
    private final List<String> accepted;
    private final Reader reader;

    ConnectionOption(
        final String optionName,
        final String type,
        final String defaultValue,
        final String description,
        final List<String> accepted,
        final Reader reader)
    {
        this.optionName = optionName;
        this.type = type;
        this.defaultValue = defaultValue;
        this.description = description;
        this.accepted = accepted;
        this.reader = reader;
    }

    /** @return the option's name in a URI, e.g. {@code sendTimeout}, or {@code route.<pattern>}. */
    public String optionName()
    {
        return optionName;
    }

    /**
     * @return the kind of value: {@code choice}, {@code boolean}, {@code count}, {@code bytes}, {@code ms} (a
     * whole number of milliseconds), {@code duration} (ms, or with a unit), {@code size} (bytes, or with k, m or g),
     * {@code host:port}, {@code address}, {@code path}, {@code classes}, {@code channel} or {@code text}.
     */
    public String type()
    {
        return type;
    }

    /** @return the default as a URI writes it, or null where there is none or it depends on others. */
    public String defaultValue()
    {
        return defaultValue;
    }

    /** @return what the option does, in one sentence. */
    public String description()
    {
        return description;
    }

    /** @return the values the option accepts, in their documented order, or empty when they are not a fixed set. */
    public List<String> accepted()
    {
        return accepted;
    }

    /** @return whether the option's name holds a pattern, as {@code route.<pattern>} does. */
    public boolean hasPattern()
    {
        return optionName.endsWith(PATTERN);
    }

    /**
     * @return the part of a pattern option's name before the pattern, e.g. {@code route.}; the whole name of any
     * other option.
     */
    public String prefix()
    {
        return hasPattern() ? optionName.substring(0, optionName.length() - PATTERN.length()) : optionName;
    }

    /**
     * The option a name in a URI sets.
     *
     * @param name a name, e.g. {@code idle} or {@code route.prices.>}.
     * @return the option, or null if there is none of that name.
     */
    public static ConnectionOption named(final String name)
    {
        for (final ConnectionOption option : values())
        {
            if (option.hasPattern() ? name.startsWith(option.prefix()) && name.length() > option.prefix().length() :
                option.optionName.equals(name))
            {
                return option;
            }
        }
        return null;
    }

    /** @return every option's name, in the table's order: what an unknown option's message lists. */
    public static List<String> names()
    {
        final List<String> names = new ArrayList<>();
        for (final ConnectionOption option : values())
        {
            names.add(option.optionName);
        }
        return names;
    }

    void read(final ConnectionConfig.Builder builder, final String name, final String value)
    {
        reader.read(builder, name, value);
    }

    /** Reads an option's text into the builder, or refuses it naming the option, the value and what it takes. */
    @FunctionalInterface
    interface Reader
    {
        void read(ConnectionConfig.Builder builder, String name, String value);
    }

    private static <E extends Enum<E>> List<String> names(final E[] values, final Function<E, String> optionValue)
    {
        final List<String> names = new ArrayList<>();
        for (final E value : values)
        {
            names.add(optionValue.apply(value));
        }
        return List.copyOf(names);
    }

    private static void profile(final ConnectionConfig.Builder builder, final String name, final String value)
    {
        if ("low-latency".equals(oneOf(builder, name, value)))
        {
            builder.idle = IdleStrategyKind.BUSY_SPIN;
            builder.threading = ThreadingMode.DEDICATED;
        }
        else
        {
            builder.idle = ConnectionConfig.DEFAULT_IDLE;
            builder.threading = ConnectionConfig.DEFAULT_THREADING;
        }
    }

    private static void hostEndpoint(final ConnectionConfig.Builder builder, final String name, final String value)
    {
        try
        {
            if (HostMembers.isCluster(value))
            {
                HostMembers.parse(value);
            }
            else
            {
                QueueStreams.port(value);
            }
            builder.host = value;
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("host '" + value + "' in '" + builder.shown() + "' must be the " +
                "ADDRESS:PORT a driver process serves its queue host on (its wirespeed.host.endpoint), e.g. " +
                "10.0.0.1:40400, or a clustered host's members, e.g. 10.0.0.1:9000,10.0.0.2:9000,10.0.0.3:9000: " +
                ex.getMessage(), ex);
        }
    }

    private static void route(final ConnectionConfig.Builder builder, final String name, final String value)
    {
        final String channel = value.trim();
        if (!channel.startsWith("aeron:") && !channel.startsWith(RDMA_CHANNEL_PREFIX) &&
            !TransportFactories.installed().serves(channel))
        {
            throw new IllegalArgumentException(
                "route '" + name + "' in '" + builder.shown() + "' must name an Aeron channel such as aeron:ipc or " +
                "aeron:udp?endpoint=239.1.2.3:40456, or an RDMA channel wirespeed:rdma?endpoint=host:port, not '" +
                value + "'");
        }
        builder.routes.add(new ChannelRule(name.substring(ROUTE.prefix().length()), channel));
    }

    private static void slowConsumersFor(final ConnectionConfig.Builder builder, final String name, final String value)
    {
        builder.slowConsumerRules.add(new SlowConsumerRule(name.substring(SLOW_CONSUMERS_FOR.prefix().length()),
            oneOf(builder, name, value, SlowConsumerPolicy.values(), SlowConsumerPolicy::optionValue)));
    }

    private static <E extends Enum<E>> E oneOf(
        final ConnectionConfig.Builder builder, final String name, final String value, final E[] values,
        final Function<E, String> optionValue)
    {
        final List<String> allowed = names(values, optionValue);
        return values[allowed.indexOf(oneOf(builder, name, value, allowed))];
    }

    private static String oneOf(final ConnectionConfig.Builder builder, final String name, final String value)
    {
        return oneOf(builder, name, value, named(name).accepted);
    }

    private static String oneOf(
        final ConnectionConfig.Builder builder, final String name, final String value, final List<String> allowed)
    {
        final String normalized = value.trim().toLowerCase(Locale.ROOT);
        if (!allowed.contains(normalized))
        {
            throw new IllegalArgumentException(
                "option " + name + "='" + value + "' in '" + builder.shown() + "' must be one of " + allowed);
        }
        return normalized;
    }

    private static String classList(final ConnectionConfig.Builder builder, final String name, final String value)
    {
        final String problem = DeserializationPolicy.problemWith(value);
        if (null != problem)
        {
            throw new IllegalArgumentException("option " + name + "='" + value + "' in '" + builder.shown() + "': " +
                problem + "; give comma-separated class or package names, e.g. com.example.orders,java.net.URI");
        }
        return value;
    }

    private static void archiveSetting(final ConnectionConfig.Builder builder, final String name, final String value)
    {
        try
        {
            switch (name)
            {
                case "archiveDir" -> builder.archiveConfig.directory(Paths.get(value));
                case "archiveSegmentLength" ->
                    builder.archiveConfig.segmentLength(ArchiveConfig.parseSize(name, value));
                case "archiveRetention" -> builder.archiveConfig.retention(ArchiveConfig.parseDuration(name, value));
                case "archiveMinFree" -> builder.archiveConfig.minFree(ArchiveConfig.parseSize(name, value));
                default -> builder.archiveConfig.retentionSize(ArchiveConfig.parseSize(name, value));
            }
        }
        catch (final TransportException | InvalidPathException ex)
        {
            throw new IllegalArgumentException("option " + name + "='" + value + "' in '" + builder.shown() + "': " +
                ex.getMessage(), ex);
        }
    }

    private static Duration duration(final ConnectionConfig.Builder builder, final String name, final String value)
    {
        try
        {
            return Duration.ofMillis(ArchiveConfig.parseDuration(name, value).toMillis());
        }
        catch (final TransportException | ArithmeticException ex)
        {
            throw new IllegalArgumentException("option " + name + "='" + value + "' in '" + builder.shown() +
                "' must be a whole number of ms, or one with a unit: ms, s, m, h, e.g. 5s (0 closes at once)", ex);
        }
    }

    private static Duration millis(
        final ConnectionConfig.Builder builder, final String name, final String value, final long min)
    {
        return Duration.ofMillis(number(builder, name, value, min, Long.MAX_VALUE));
    }

    private static long number(
        final ConnectionConfig.Builder builder, final String name, final String value, final long min, final long max)
    {
        final long parsed;
        try
        {
            parsed = Long.parseLong(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(
                "option " + name + "='" + value + "' in '" + builder.shown() + "' must be a whole number", ex);
        }
        if (parsed < min || parsed > max)
        {
            throw new IllegalArgumentException("option " + name + "=" + parsed + " in '" + builder.shown() +
                "' must be between " + min + " and " + max);
        }
        return parsed;
    }
}
