package io.wirespeed.jms.config;

import java.nio.charset.StandardCharsets;
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
import io.wirespeed.transport.TransportFactories;
import io.wirespeed.transport.TransportException;

/**
 * The one parser of Wirespeed's connection URI vocabulary.
 * <pre>
 *   wirespeed:ipc[?option=value&amp;...]                  Aeron IPC (the default: wirespeed: alone means this)
 *   wirespeed:udp?endpoint=239.1.2.3:40456&amp;interface=192.168.1.10   UDP multicast (a multicast group)
 *   wirespeed:udp?endpoint=10.0.0.5:40456                 UDP unicast to the receiving host
 *   wirespeed:rdma?endpoint=10.0.0.5:40456                RDMA where available, else UDP
 * </pre>
 * Options: {@code driver} (embedded|external), {@code aeronDir}, {@code threading}
 * (shared|shared-network|dedicated), {@code idle} (responsive|backoff|sleeping|yielding|busy-spin|noop),
 * {@code termLength}, {@code mtu}, {@code sendTimeout} (ms), {@code connectWait} (ms),
 * {@code resolutionInterval} (ms), {@code driverTimeout} (ms),
 * {@code queuePrefetch}, {@code queueHostTimeout} (ms), {@code linger} (a duration: 5s, 500ms),
 * {@code streamIdBase}, {@code streamIdRange}, {@code fragmentLimit}, {@code reuseMessages}
 * (true|false), {@code clientId}, {@code host} (the queue host's {@code ADDRESS:PORT}, reached over UDP),
 * {@code user} and {@code password} (credentials sent to the queue host), {@code profile} (low-latency sets
 * busy-spin idle and dedicated threading), {@code deserializationAllowList} and
 * {@code deserializationDenyList} (comma-separated classes or packages a received ObjectMessage may or may not
 * deserialize), {@code slowConsumers} (hold|drop) with {@code slowConsumers.<pattern>} per topic pattern and
 * {@code slowConsumerTimeout} (ms), and {@code route.<pattern>=<channel>} rules (an
 * Aeron or RDMA channel, or one of a scheme another transport on the classpath claims). Values may be percent-encoded.
 * docs/configuration.md describes each with examples. Every value is checked and typed here, once: what
 * uses the {@link ConnectionConfig} reads enums, durations and sizes, never text.
 */
public final class ConnectionUri
{
    /** The URI scheme. */
    public static final String SCHEME = "wirespeed";
    /** The URI used when none is given. */
    public static final String DEFAULT_URI = "wirespeed:ipc";

    private static final String HIDDEN = "***";
    private static final java.util.regex.Pattern PASSWORD_VALUE =
        java.util.regex.Pattern.compile("([?&]password=)[^&]*");
    private static final String ROUTE_PREFIX = "route.";
    private static final String SLOW_CONSUMERS = "slowConsumers";
    private static final String SLOW_CONSUMERS_PREFIX = SLOW_CONSUMERS + ".";
    private static final String RDMA_CHANNEL_PREFIX = "wirespeed:rdma?";
    private static final List<String> OPTIONS = List.of(
        "endpoint", "interface", "driver", "aeronDir", "threading", "idle", "termLength", "mtu", "sendTimeout",
        "connectWait", "resolutionInterval", "driverTimeout", "queuePrefetch", "queueHostTimeout", "linger",
        "streamIdBase", "streamIdRange",
        "fragmentLimit", "reuseMessages", "rdmaVerbs", "clientId", "profile", "host", "user", "password",
        "archive", "archiveDir", "archiveSegmentLength", "archiveRetention", "archiveRetentionSize", "archiveMinFree",
        DeserializationPolicy.ALLOW_LIST_OPTION, DeserializationPolicy.DENY_LIST_OPTION, SLOW_CONSUMERS,
        "slowConsumerTimeout", ROUTE_PREFIX + "<pattern>", SLOW_CONSUMERS_PREFIX + "<pattern>");

    private ConnectionUri()
    {
    }

    /**
     * Parses a connection URI.
     *
     * @param uri the URI, e.g. {@code wirespeed:udp?endpoint=239.1.2.3:40456}; null or empty means the default.
     * @return the configuration it describes.
     * @throws IllegalArgumentException naming the part of the URI to change.
     */
    public static ConnectionConfig parse(final String uri)
    {
        final String text = uri == null || uri.isBlank() ? DEFAULT_URI : uri.trim();
        final Builder builder = new Builder(text);
        final int colon = text.indexOf(':');
        if (colon < 0 || !SCHEME.equalsIgnoreCase(text.substring(0, colon)))
        {
            throw new IllegalArgumentException(
                "'" + text + "' is not a Wirespeed URI: it must start with 'wirespeed:' e.g. " + DEFAULT_URI);
        }
        final int query = text.indexOf('?', colon);
        final String kind = (query < 0 ? text.substring(colon + 1) : text.substring(colon + 1, query)).trim();
        builder.transport = transport(text, kind);
        if (query >= 0)
        {
            for (final String pair : text.substring(query + 1).split("&"))
            {
                if (!pair.isEmpty())
                {
                    final int equals = pair.indexOf('=');
                    if (equals <= 0)
                    {
                        throw new IllegalArgumentException(
                            "option '" + pair + "' in '" + text + "' has no value: write name=value");
                    }
                    option(builder, decode(pair.substring(0, equals)), decode(pair.substring(equals + 1)));
                }
            }
        }
        validate(builder);
        return new ConnectionConfig(builder);
    }

    private static TransportKind transport(final String text, final String kind)
    {
        switch (kind.toLowerCase(Locale.ROOT))
        {
            case "":
            case "ipc":
                return TransportKind.IPC;
            case "udp":
                return TransportKind.UDP;
            case "rdma":
                return TransportKind.RDMA;
            default:
                throw new IllegalArgumentException(
                    "unknown transport '" + kind + "' in '" + text +
                    "': use wirespeed:ipc, wirespeed:udp or wirespeed:rdma");
        }
    }

    private static void option(final Builder builder, final String name, final String value)
    {
        if (name.startsWith(ROUTE_PREFIX) && name.length() > ROUTE_PREFIX.length())
        {
            final String channel = value.trim();
            if (!channel.startsWith("aeron:") && !channel.startsWith(RDMA_CHANNEL_PREFIX) &&
                !TransportFactories.installed().serves(channel))
            {
                throw new IllegalArgumentException(
                    "route '" + name + "' in '" + builder.shown + "' must name an Aeron channel such as aeron:ipc or " +
                    "aeron:udp?endpoint=239.1.2.3:40456, or an RDMA channel wirespeed:rdma?endpoint=host:port, not '" +
                    value + "'");
            }
            builder.routes.add(new ChannelRule(name.substring(ROUTE_PREFIX.length()), channel));
            return;
        }
        if (name.startsWith(SLOW_CONSUMERS_PREFIX) && name.length() > SLOW_CONSUMERS_PREFIX.length())
        {
            builder.slowConsumerRules.add(new SlowConsumerRule(name.substring(SLOW_CONSUMERS_PREFIX.length()),
                oneOf(builder, name, value, SlowConsumerPolicy.values(), SlowConsumerPolicy::optionValue)));
            return;
        }
        switch (name)
        {
            case "endpoint" -> builder.endpoint = value;
            case "interface" -> builder.networkInterface = value;
            case "driver" -> builder.embeddedDriver = oneOf(builder, name, value, List.of("embedded", "external"))
                .equals("embedded");
            case "aeronDir" -> builder.aeronDir = value;
            case "threading" -> builder.threading =
                oneOf(builder, name, value, ThreadingMode.values(), ThreadingMode::propertyName);
            case "idle" -> builder.idle =
                oneOf(builder, name, value, IdleStrategyKind.values(), IdleStrategyKind::propertyName);
            case "termLength" -> builder.termLength = (int)number(builder, name, value, 64 * 1024, 1024 * 1024 * 1024);
            case "mtu" -> builder.mtu = (int)number(builder, name, value, 64, 65504);
            case "sendTimeout" -> builder.sendTimeout = millis(builder, name, value, 0);
            case "connectWait" -> builder.connectWait = millis(builder, name, value, 0);
            case "resolutionInterval" -> builder.resolutionInterval = millis(builder, name, value, 0);
            case "driverTimeout" -> builder.driverTimeout = millis(builder, name, value, 100);
            case "queuePrefetch" -> builder.queuePrefetch = (int)number(builder, name, value, 1, 1 << 20);
            case "queueHostTimeout" -> builder.queueHostTimeout = millis(builder, name, value, 1);
            case "linger" -> builder.linger = duration(builder, name, value);
            case "streamIdBase" -> builder.streamIdBase = (int)number(builder, name, value, 1, Integer.MAX_VALUE);
            case "streamIdRange" -> builder.streamIdRange = (int)number(builder, name, value, 1, Integer.MAX_VALUE);
            case "fragmentLimit" -> builder.fragmentLimit = (int)number(builder, name, value, 1, 1 << 20);
            case "reuseMessages" -> builder.reuseMessages = Boolean.parseBoolean(
                oneOf(builder, name, value, List.of("true", "false")));
            case "rdmaVerbs" -> builder.rdmaVerbs =
                oneOf(builder, name, value, RdmaVerbs.values(), RdmaVerbs::optionValue);
            case "clientId" -> builder.clientId = value;
            case SLOW_CONSUMERS -> builder.slowConsumers =
                oneOf(builder, name, value, SlowConsumerPolicy.values(), SlowConsumerPolicy::optionValue);
            case "slowConsumerTimeout" -> builder.slowConsumerTimeout = millis(builder, name, value, 1);
            case "host" -> builder.host = hostEndpoint(builder, value);
            case "user" -> builder.user = value;
            case "password" -> builder.password = value;
            case "profile" -> profile(builder, value);
            case "archive" -> builder.archive =
                oneOf(builder, name, value, ArchiveMode.values(), ArchiveMode::optionValue);
            case DeserializationPolicy.ALLOW_LIST_OPTION -> builder.deserializationAllowList =
                classList(builder, name, value);
            case DeserializationPolicy.DENY_LIST_OPTION -> builder.deserializationDenyList =
                classList(builder, name, value);
            case "archiveDir", "archiveSegmentLength", "archiveRetention", "archiveRetentionSize", "archiveMinFree" ->
                archiveSetting(builder, name, value);
            default -> throw new IllegalArgumentException(
                "unknown option '" + name + "' in '" + builder.shown + "'; known options: " + OPTIONS);
        }
    }

    private static String hostEndpoint(final Builder builder, final String value)
    {
        try
        {
            QueueStreams.port(value);
            return value;
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("host '" + value + "' in '" + builder.shown + "' must be the " +
                "ADDRESS:PORT a driver process serves its queue host on (its wirespeed.host.endpoint), e.g. " +
                "10.0.0.1:40400: " + ex.getMessage(), ex);
        }
    }

    private static void profile(final Builder builder, final String value)
    {
        if ("low-latency".equals(oneOf(builder, "profile", value, List.of("low-latency", "default"))))
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

    private static void validate(final Builder builder)
    {
        if (builder.transport != TransportKind.IPC && (builder.endpoint == null || builder.endpoint.isBlank()))
        {
            throw new IllegalArgumentException(
                "'" + builder.shown + "' needs an endpoint: add ?endpoint=host:port (a multicast group such as " +
                "239.1.2.3:40456 for multicast, the receiving host's address for unicast)");
        }
        if (builder.endpoint != null && builder.endpoint.lastIndexOf(':') <= 0)
        {
            throw new IllegalArgumentException(
                "endpoint '" + builder.endpoint + "' in '" + builder.shown +
                "' must be host:port, e.g. 239.1.2.3:40456");
        }
        if (builder.termLength != 0 && Integer.bitCount(builder.termLength) != 1)
        {
            throw new IllegalArgumentException(
                "termLength " + builder.termLength + " in '" + builder.shown +
                "' must be a power of two between 65536 and 1073741824");
        }
        if ((long)builder.streamIdBase + builder.streamIdRange - 1 > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException(
                "streamIdBase " + builder.streamIdBase + " + streamIdRange " + builder.streamIdRange + " in '" +
                builder.shown + "' exceeds the largest stream id " + Integer.MAX_VALUE + ": lower one of them");
        }
        if (!builder.embeddedDriver && builder.aeronDir == null)
        {
            builder.aeronDir = System.getProperty("aeron.dir");
        }
    }

    private static <E extends Enum<E>> E oneOf(
        final Builder builder, final String name, final String value, final E[] values,
        final Function<E, String> optionValue)
    {
        final List<String> allowed = new ArrayList<>();
        for (final E candidate : values)
        {
            allowed.add(optionValue.apply(candidate));
        }
        return values[allowed.indexOf(oneOf(builder, name, value, allowed))];
    }

    private static String oneOf(
        final Builder builder, final String name, final String value, final List<String> allowed)
    {
        final String normalized = value.trim().toLowerCase(Locale.ROOT);
        if (!allowed.contains(normalized))
        {
            throw new IllegalArgumentException(
                "option " + name + "='" + value + "' in '" + builder.shown + "' must be one of " + allowed);
        }
        return normalized;
    }

    private static String classList(final Builder builder, final String name, final String value)
    {
        final String problem = DeserializationPolicy.problemWith(value);
        if (null != problem)
        {
            throw new IllegalArgumentException("option " + name + "='" + value + "' in '" + builder.shown + "': " +
                problem + "; give comma-separated class or package names, e.g. com.example.orders,java.net.URI");
        }
        return value;
    }

    private static void archiveSetting(final Builder builder, final String name, final String value)
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
        catch (final TransportException | java.nio.file.InvalidPathException ex)
        {
            throw new IllegalArgumentException("option " + name + "='" + value + "' in '" + builder.shown + "': " +
                ex.getMessage(), ex);
        }
    }

    private static Duration duration(final Builder builder, final String name, final String value)
    {
        try
        {
            return Duration.ofMillis(ArchiveConfig.parseDuration(name, value).toMillis());
        }
        catch (final TransportException | ArithmeticException ex)
        {
            throw new IllegalArgumentException("option " + name + "='" + value + "' in '" + builder.shown +
                "' must be a whole number of ms, or one with a unit: ms, s, m, h, e.g. 5s (0 closes at once)", ex);
        }
    }

    private static Duration millis(final Builder builder, final String name, final String value, final long min)
    {
        return Duration.ofMillis(number(builder, name, value, min, Long.MAX_VALUE));
    }

    private static long number(
        final Builder builder, final String name, final String value, final long min, final long max)
    {
        final long parsed;
        try
        {
            parsed = Long.parseLong(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(
                "option " + name + "='" + value + "' in '" + builder.shown + "' must be a whole number", ex);
        }
        if (parsed < min || parsed > max)
        {
            throw new IllegalArgumentException(
                "option " + name + "=" + parsed + " in '" + builder.shown + "' must be between " + min + " and " + max);
        }
        return parsed;
    }

    private static String decode(final String text)
    {
        if (text.indexOf('%') < 0)
        {
            return text;
        }
        final byte[] in = text.getBytes(StandardCharsets.UTF_8);
        final byte[] out = new byte[in.length];
        int length = 0;
        for (int i = 0; i < in.length; i++)
        {
            if (in[i] == '%' && i + 2 < in.length &&
                Character.digit(in[i + 1], 16) >= 0 && Character.digit(in[i + 2], 16) >= 0)
            {
                out[length++] = (byte)((Character.digit(in[i + 1], 16) << 4) + Character.digit(in[i + 2], 16));
                i += 2;
            }
            else
            {
                out[length++] = in[i];
            }
        }
        return new String(out, 0, length, StandardCharsets.UTF_8);
    }

    /**
     * A URI as messages and logs may show it: the value of a {@code password} option replaced by
     * {@value #HIDDEN}.
     *
     * @param uri a connection URI.
     * @return the URI without its password.
     */
    public static String redacted(final String uri)
    {
        return uri == null ? null : PASSWORD_VALUE.matcher(uri).replaceAll("$1" + HIDDEN);
    }

    /** Collects parsed values; defaults live in {@link ConnectionConfig}. */
    static final class Builder
    {
        final String uri;
        /** The URI as messages show it: a password's value replaced by {@value #HIDDEN}. */
        final String shown;
        TransportKind transport = TransportKind.IPC;
        String endpoint;
        String networkInterface;
        boolean embeddedDriver = ConnectionConfig.DEFAULT_EMBEDDED_DRIVER;
        String aeronDir;
        ThreadingMode threading = ConnectionConfig.DEFAULT_THREADING;
        IdleStrategyKind idle = ConnectionConfig.DEFAULT_IDLE;
        int termLength;
        int mtu;
        Duration sendTimeout = ConnectionConfig.DEFAULT_SEND_TIMEOUT;
        Duration connectWait = ConnectionConfig.DEFAULT_CONNECT_WAIT;
        Duration resolutionInterval = ConnectionConfig.DEFAULT_RESOLUTION_INTERVAL;
        Duration driverTimeout = ConnectionConfig.DEFAULT_DRIVER_TIMEOUT;
        int queuePrefetch = ConnectionConfig.DEFAULT_QUEUE_PREFETCH;
        Duration queueHostTimeout = ConnectionConfig.DEFAULT_QUEUE_HOST_TIMEOUT;
        Duration linger = ConnectionConfig.DEFAULT_LINGER;
        int streamIdBase = ConnectionConfig.DEFAULT_STREAM_ID_BASE;
        int streamIdRange = ConnectionConfig.DEFAULT_STREAM_ID_RANGE;
        int fragmentLimit = ConnectionConfig.DEFAULT_FRAGMENT_LIMIT;
        boolean reuseMessages = ConnectionConfig.DEFAULT_REUSE_MESSAGES;
        RdmaVerbs rdmaVerbs = ConnectionConfig.DEFAULT_RDMA_VERBS;
        String clientId;
        String host;
        String user;
        String password;
        String deserializationAllowList;
        String deserializationDenyList;
        ArchiveMode archive = ConnectionConfig.DEFAULT_ARCHIVE;
        final ArchiveConfig.Builder archiveConfig = ArchiveConfig.builder();
        final List<ChannelRule> routes = new ArrayList<>();
        SlowConsumerPolicy slowConsumers = ConnectionConfig.DEFAULT_SLOW_CONSUMERS;
        final List<SlowConsumerRule> slowConsumerRules = new ArrayList<>();
        Duration slowConsumerTimeout = ConnectionConfig.DEFAULT_SLOW_CONSUMER_TIMEOUT;

        Builder(final String uri)
        {
            this.uri = uri;
            this.shown = redacted(uri);
        }
    }
}
