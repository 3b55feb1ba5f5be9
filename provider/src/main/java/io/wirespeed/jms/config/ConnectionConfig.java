package io.wirespeed.jms.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

import io.wirespeed.jms.message.DeserializationPolicy;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.ThreadingMode;

/**
 * Everything a connection factory's URI configures, typed (enums, durations, sizes) and validated once, by
 * {@link ConnectionUri#parse(String)} or by a {@link Builder}, with every default in one place. Immutable.
 * <pre>
 *   ConnectionConfig config = ConnectionConfig.builder()
 *       .transport(TransportKind.UDP).endpoint("239.1.2.3:40456").networkInterface("192.168.1.10")
 *       .sendTimeout(Duration.ofSeconds(2)).route("prices.&gt;", "aeron:udp?endpoint=239.1.2.4:40457")
 *       .build();
 *   ConnectionFactory factory = new JmsConnectionFactory(config);
 * </pre>
 */
public final class ConnectionConfig
{
    /** Default: embedded media driver. */
    public static final boolean DEFAULT_EMBEDDED_DRIVER = true;
    /** Default threading mode of an embedded driver (2-core friendly). */
    public static final ThreadingMode DEFAULT_THREADING = ThreadingMode.SHARED;
    /** Default idle strategy of the driver, the connection's delivery thread and blocking sends and receives. */
    public static final IdleStrategyKind DEFAULT_IDLE = IdleStrategyKind.RESPONSIVE;
    /** Default time a send waits out back-pressure before it fails. */
    public static final Duration DEFAULT_SEND_TIMEOUT = Duration.ofMillis(10_000);
    /** Default time a new publication waits for subscribers to connect. */
    public static final Duration DEFAULT_CONNECT_WAIT = Duration.ofMillis(250);
    /** How often publishers re-advertise their topics on the resolution stream, unless configured. */
    public static final Duration DEFAULT_RESOLUTION_INTERVAL = Duration.ofSeconds(2);
    /** Default first stream id of the range topic names hash into. */
    public static final int DEFAULT_STREAM_ID_BASE = 0x1000_0000;
    /**
     * Default number of partition streams per channel that topic names hash into: few enough that a receiver's
     * subscriptions and the driver's images stay bounded whatever the number of topics.
     */
    public static final int DEFAULT_STREAM_ID_RANGE = 16;
    /** Default time client and media driver wait for each other's heartbeat. */
    public static final Duration DEFAULT_DRIVER_TIMEOUT = Duration.ofMillis(10_000);
    /** Default number of messages a queue host may send a consumer ahead of its application. */
    public static final int DEFAULT_QUEUE_PREFETCH = 100;
    /** Default time to wait for the queue host's answer before saying it is unreachable. */
    public static final Duration DEFAULT_QUEUE_HOST_TIMEOUT = Duration.ofMillis(5_000);
    /** Default time a connection to a clustered host waits for a leader. */
    public static final Duration DEFAULT_FAILOVER_TIMEOUT = Duration.ofMillis(30_000);
    /** Default archive mode of the embedded driver: start it when durability is first needed. */
    public static final ArchiveMode DEFAULT_ARCHIVE = ArchiveMode.AUTO;
    /** Default most fragments a poller reads per subscription per duty cycle. */
    public static final int DEFAULT_FRAGMENT_LIMIT = 64;
    /** Default longest a session's close waits for connected network subscribers to confirm what was sent. */
    public static final Duration DEFAULT_LINGER = Duration.ofMillis(5_000);
    /** Default: listeners get a new message object per delivery. */
    public static final boolean DEFAULT_REUSE_MESSAGES = false;
    /** Default policy for topic consumers that cannot keep up: they hold their publishers back. */
    public static final SlowConsumerPolicy DEFAULT_SLOW_CONSUMERS = SlowConsumerPolicy.HOLD;
    /** Default time a consumer under the {@code drop} policy may stay a full window behind before it is left. */
    public static final Duration DEFAULT_SLOW_CONSUMER_TIMEOUT = Duration.ofMillis(1_000);
    /** Default verbs of RDMA channels: the hardware. */
    public static final RdmaVerbs DEFAULT_RDMA_VERBS = RdmaVerbs.NATIVE;

    private final String uri;
    private final SlowConsumerPolicy slowConsumers;
    private final List<SlowConsumerRule> slowConsumerRules;
    private final Duration slowConsumerTimeout;
    private final TransportKind transport;
    private final String endpoint;
    private final String networkInterface;
    private final boolean embeddedDriver;
    private final String aeronDir;
    private final ThreadingMode threading;
    private final IdleStrategyKind idle;
    private final int termLength;
    private final int mtu;
    private final Duration sendTimeout;
    private final Duration connectWait;
    private final Duration resolutionInterval;
    private final Duration driverTimeout;
    private final int queuePrefetch;
    private final Duration queueHostTimeout;
    private final Duration failoverTimeout;
    private final Duration linger;
    private final int streamIdBase;
    private final int streamIdRange;
    private final int fragmentLimit;
    private final boolean reuseMessages;
    private final RdmaVerbs rdmaVerbs;
    private final String clientId;
    private final String host;
    private final String user;
    private final String password;
    private final DeserializationPolicy deserializationPolicy;
    private final List<ChannelRule> routes;
    private final ArchiveMode archive;
    private final ArchiveConfig archiveConfig;

    ConnectionConfig(final Builder builder)
    {
        this.uri = builder.uri();
        this.transport = builder.transport;
        this.endpoint = builder.endpoint;
        this.networkInterface = builder.networkInterface;
        this.embeddedDriver = builder.embeddedDriver;
        this.aeronDir = builder.aeronDir;
        this.threading = builder.threading;
        this.idle = builder.idle;
        this.termLength = builder.termLength;
        this.mtu = builder.mtu;
        this.sendTimeout = builder.sendTimeout;
        this.connectWait = builder.connectWait;
        this.resolutionInterval = builder.resolutionInterval;
        this.driverTimeout = builder.driverTimeout;
        this.queuePrefetch = builder.queuePrefetch;
        this.queueHostTimeout = builder.queueHostTimeout;
        this.failoverTimeout = builder.failoverTimeout;
        this.linger = builder.linger;
        this.streamIdBase = builder.streamIdBase;
        this.streamIdRange = builder.streamIdRange;
        this.fragmentLimit = builder.fragmentLimit;
        this.reuseMessages = builder.reuseMessages;
        this.rdmaVerbs = builder.rdmaVerbs;
        this.clientId = builder.clientId;
        this.host = builder.host;
        this.user = builder.user;
        this.password = builder.password;
        this.deserializationPolicy = DeserializationPolicy.of(
            builder.deserializationAllowList, builder.deserializationDenyList);
        this.routes = Collections.unmodifiableList(List.copyOf(builder.routes));
        this.slowConsumers = builder.slowConsumers;
        this.slowConsumerRules = List.copyOf(builder.slowConsumerRules);
        this.slowConsumerTimeout = builder.slowConsumerTimeout;
        this.archive = builder.archive;
        this.archiveConfig = builder.archiveConfig.build();
    }

    /**
     * A builder of a configuration, starting from the defaults ({@value ConnectionUri#DEFAULT_URI}).
     *
     * @return a new builder.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return the URI this configuration was parsed from, or that says what its builder was given, password
     * included: for configuration, never messages. {@link ConnectionUri#parse(String)} reads it back to an equal
     * configuration.
     */
    public String uri()
    {
        return uri;
    }

    /** @return the URI as messages and logs show it, a password's value hidden. */
    public String shownUri()
    {
        return ConnectionUri.redacted(uri);
    }

    /** @return the transport for destinations no route names. */
    public TransportKind transport()
    {
        return transport;
    }

    /**
     * @return the queue host's {@code ADDRESS:PORT}, reached over UDP, or null for the host of this connection's
     *         media driver, over IPC.
     */
    public String host()
    {
        return host;
    }

    /** @return the user sent to the queue host when the application names none, or null. */
    public String user()
    {
        return user;
    }

    /** @return the password sent to the queue host when the application names none, or null. */
    public String password()
    {
        return password;
    }

    /** @return the UDP endpoint ({@code host:port}; a multicast group makes it multicast), or null for IPC. */
    public String endpoint()
    {
        return endpoint;
    }

    /** @return the local interface address for UDP, or null for the system's choice. */
    public String networkInterface()
    {
        return networkInterface;
    }

    /** @return whether the connection embeds its own media driver. */
    public boolean embeddedDriver()
    {
        return embeddedDriver;
    }

    /** @return the media driver directory, or null for the default. */
    public String aeronDir()
    {
        return aeronDir;
    }

    /** @return the embedded driver's threading mode. */
    public ThreadingMode threading()
    {
        return threading;
    }

    /** @return the idle strategy of the driver, the delivery thread and blocking sends and receives. */
    public IdleStrategyKind idle()
    {
        return idle;
    }

    /** @return the term length for new publications in bytes, or 0 for the driver's default. */
    public int termLength()
    {
        return termLength;
    }

    /** @return the MTU for UDP publications in bytes, or 0 for the driver's default. */
    public int mtu()
    {
        return mtu;
    }

    /** @return how long a send waits out back-pressure before it fails (whole milliseconds). */
    public Duration sendTimeout()
    {
        return sendTimeout;
    }

    /** @return how long a new publication waits for its subscribers to connect (whole milliseconds). */
    public Duration connectWait()
    {
        return connectWait;
    }

    /**
     * How often a publisher re-advertises its topics on each channel's resolution stream; an advertisement lives
     * three intervals. Zero advertises nothing.
     *
     * @return the interval.
     */
    public Duration resolutionInterval()
    {
        return resolutionInterval;
    }

    /** @return how long client and media driver wait for each other's heartbeat before declaring the other gone. */
    public Duration driverTimeout()
    {
        return driverTimeout;
    }

    /** @return how many messages the queue host may send a consumer ahead of its application. */
    public int queuePrefetch()
    {
        return queuePrefetch;
    }

    /** @return how long to wait for the queue host's answer before saying it is unreachable. */
    public Duration queueHostTimeout()
    {
        return queueHostTimeout;
    }

    /**
     * @return how long a connection to a clustered host waits for a leader before its sends, commits and requests
     * fail and its exception listener is told.
     */
    public Duration failoverTimeout()
    {
        return failoverTimeout;
    }

    /**
     * @return the longest a session's close waits until the connected subscribers of its network publications
     * confirm they have everything it sent (whole milliseconds); zero closes at once.
     */
    public Duration linger()
    {
        return linger;
    }

    /** @return the first stream id topic names hash into. */
    public int streamIdBase()
    {
        return streamIdBase;
    }

    /** @return the number of stream ids topic names hash into. */
    public int streamIdRange()
    {
        return streamIdRange;
    }

    /** @return the most fragments read per subscription per poll. */
    public int fragmentLimit()
    {
        return fragmentLimit;
    }

    /** @return whether listeners get one reused message object, valid only inside onMessage. */
    public boolean reuseMessages()
    {
        return reuseMessages;
    }

    /** @return which verbs serve RDMA channels: the hardware, or the simulation (tests only). */
    public RdmaVerbs rdmaVerbs()
    {
        return rdmaVerbs;
    }

    /** @return the client id connections take by default, or null. */
    public String clientId()
    {
        return clientId;
    }

    /**
     * @return which classes a received ObjectMessage may deserialize: the defaults, the system properties (as they
     * were when this URI was parsed) and the URI's allow- and deny-lists.
     */
    public DeserializationPolicy deserializationPolicy()
    {
        return deserializationPolicy;
    }

    /**
     * @return when the embedded driver's archive starts: {@code AUTO} (when durability is first needed),
     * {@code ON} (with the transport; queues are then durable too) or {@code OFF}.
     */
    public ArchiveMode archive()
    {
        return archive;
    }

    /** @return the embedded driver's archive settings (directory, segment length, retention). */
    public ArchiveConfig archiveConfig()
    {
        return archiveConfig;
    }

    /** @return the routing rules in the order they were given; the first match wins. */
    public List<ChannelRule> routes()
    {
        return routes;
    }

    /**
     * The slow-consumer policy of a topic: that of the first {@code slowConsumers.<pattern>} option whose pattern
     * matches its name (the routes' pattern syntax), else the {@code slowConsumers} option's.
     *
     * @param topicName the topic's name.
     * @return the policy its consumers follow.
     */
    public SlowConsumerPolicy slowConsumerPolicy(final String topicName)
    {
        for (final SlowConsumerRule rule : slowConsumerRules)
        {
            if (ChannelRule.matches(rule.pattern(), topicName))
            {
                return rule.policy();
            }
        }
        return slowConsumers;
    }

    /** @return how long a consumer under the {@code drop} policy may stay a full window behind before it is left. */
    public Duration slowConsumerTimeout()
    {
        return slowConsumerTimeout;
    }

    @Override
    public String toString()
    {
        return uri;
    }

    /**
     * Builds a {@link ConnectionConfig} in a program, option by option: each setter takes what the URI option of its
     * name takes, typed, and {@link #option(String, String)} takes any option as the URI writes it. A value the URI
     * would refuse is refused at once, with the message {@link ConnectionUri#parse(String)} gives for the URI
     * {@link ConnectionConfig#uri()} then shows (the options given so far, in their order); what is wrong only in
     * combination (UDP without an endpoint) is refused by {@link #build()}. An option given twice takes the last
     * value, as in a URI.
     */
    public static final class Builder
    {
        private String head = ConnectionUri.DEFAULT_URI;
        private final List<String> query = new ArrayList<>();
        TransportKind transport = TransportKind.IPC;
        String endpoint;
        String networkInterface;
        boolean embeddedDriver = DEFAULT_EMBEDDED_DRIVER;
        String aeronDir;
        ThreadingMode threading = DEFAULT_THREADING;
        IdleStrategyKind idle = DEFAULT_IDLE;
        int termLength;
        int mtu;
        Duration sendTimeout = DEFAULT_SEND_TIMEOUT;
        Duration connectWait = DEFAULT_CONNECT_WAIT;
        Duration resolutionInterval = DEFAULT_RESOLUTION_INTERVAL;
        Duration driverTimeout = DEFAULT_DRIVER_TIMEOUT;
        int queuePrefetch = DEFAULT_QUEUE_PREFETCH;
        Duration queueHostTimeout = DEFAULT_QUEUE_HOST_TIMEOUT;
        Duration failoverTimeout = DEFAULT_FAILOVER_TIMEOUT;
        Duration linger = DEFAULT_LINGER;
        int streamIdBase = DEFAULT_STREAM_ID_BASE;
        int streamIdRange = DEFAULT_STREAM_ID_RANGE;
        int fragmentLimit = DEFAULT_FRAGMENT_LIMIT;
        boolean reuseMessages = DEFAULT_REUSE_MESSAGES;
        RdmaVerbs rdmaVerbs = DEFAULT_RDMA_VERBS;
        String clientId;
        String host;
        String user;
        String password;
        String deserializationAllowList;
        String deserializationDenyList;
        ArchiveMode archive = DEFAULT_ARCHIVE;
        final ArchiveConfig.Builder archiveConfig = ArchiveConfig.builder();
        final List<ChannelRule> routes = new ArrayList<>();
        SlowConsumerPolicy slowConsumers = DEFAULT_SLOW_CONSUMERS;
        final List<SlowConsumerRule> slowConsumerRules = new ArrayList<>();
        Duration slowConsumerTimeout = DEFAULT_SLOW_CONSUMER_TIMEOUT;

        Builder()
        {
        }

        /**
         * Takes a URI's transport and options, after those given so far: what {@link ConnectionUri#parse(String)}
         * reads, with the same messages.
         *
         * @param uri a Wirespeed URI; null or empty means {@value ConnectionUri#DEFAULT_URI}.
         * @return this builder.
         * @throws IllegalArgumentException naming the part of the URI to change.
         */
        public Builder uri(final String uri)
        {
            final String text = null == uri || uri.isBlank() ? ConnectionUri.DEFAULT_URI : uri.trim();
            final int colon = text.indexOf(':');
            if (colon < 0 || !ConnectionUri.SCHEME.equalsIgnoreCase(text.substring(0, colon)))
            {
                throw new IllegalArgumentException("'" + ConnectionUri.redacted(text) +
                    "' is not a Wirespeed URI: it must start with 'wirespeed:' e.g. " + ConnectionUri.DEFAULT_URI);
            }
            final int mark = text.indexOf('?', colon);
            transport = ConnectionUri.transport(text,
                (mark < 0 ? text.substring(colon + 1) : text.substring(colon + 1, mark)).trim());
            head = mark < 0 ? text : text.substring(0, mark);
            final int first = query.size();
            if (mark >= 0)
            {
                for (final String pair : text.substring(mark + 1).split("&"))
                {
                    if (!pair.isEmpty())
                    {
                        query.add(pair);
                    }
                }
            }
            for (int i = first; i < query.size(); i++)
            {
                final String pair = query.get(i);
                final int equals = pair.indexOf('=');
                if (equals <= 0)
                {
                    throw new IllegalArgumentException(
                        "option '" + pair + "' in '" + shown() + "' has no value: write name=value");
                }
                read(ConnectionUri.decode(pair.substring(0, equals)), ConnectionUri.decode(pair.substring(equals + 1)));
            }
            return this;
        }

        /**
         * Sets an option as a URI writes it, unencoded: {@code option("linger", "500ms")},
         * {@code option("route.prices.>", "aeron:ipc")}.
         *
         * @param name  the option's name ({@link ConnectionOption#optionName()}, a pattern in place of
         *              {@code <pattern>}).
         * @param value its value.
         * @return this builder.
         * @throws IllegalArgumentException naming the option and what it takes.
         */
        public Builder option(final String name, final String value)
        {
            if (null == name || null == value)
            {
                throw new IllegalArgumentException("option " + name + "=" + value + " in '" + shown() +
                    "': give a name and a value");
            }
            query.add(ConnectionUri.encode(name).replace("=", "%3D") + "=" + ConnectionUri.encode(value));
            try
            {
                read(name, value);
            }
            catch (final IllegalArgumentException ex)
            {
                query.remove(query.size() - 1);
                throw ex;
            }
            return this;
        }

        /**
         * @param transport the transport of destinations no route names: {@code wirespeed:ipc}, {@code udp} or
         *                  {@code rdma}.
         * @return this builder.
         */
        public Builder transport(final TransportKind transport)
        {
            if (null == transport)
            {
                throw new IllegalArgumentException("transport null in '" + shown() + "': give IPC, UDP or RDMA");
            }
            this.transport = transport;
            head = ConnectionUri.SCHEME + ":" + transport.name().toLowerCase(Locale.ROOT);
            return this;
        }

        /**
         * @param endpoint the option {@code endpoint}, {@code host:port}.
         * @return this builder.
         */
        public Builder endpoint(final String endpoint)
        {
            return option(ConnectionOption.ENDPOINT, endpoint);
        }

        /**
         * @param networkInterface the option {@code interface}: a local address for UDP.
         * @return this builder.
         */
        public Builder networkInterface(final String networkInterface)
        {
            return option(ConnectionOption.INTERFACE, networkInterface);
        }

        /**
         * @param embedded the option {@code driver}: embedded (true) or external (false).
         * @return this builder.
         */
        public Builder embeddedDriver(final boolean embedded)
        {
            return option(ConnectionOption.DRIVER, embedded ? "embedded" : "external");
        }

        /**
         * @param aeronDir the option {@code aeronDir}: the media driver's directory.
         * @return this builder.
         */
        public Builder aeronDir(final String aeronDir)
        {
            return option(ConnectionOption.AERON_DIR, aeronDir);
        }

        /**
         * @param threading the option {@code threading}.
         * @return this builder.
         */
        public Builder threading(final ThreadingMode threading)
        {
            return option(ConnectionOption.THREADING, null == threading ? null : threading.propertyName());
        }

        /**
         * @param idle the option {@code idle}.
         * @return this builder.
         */
        public Builder idle(final IdleStrategyKind idle)
        {
            return option(ConnectionOption.IDLE, null == idle ? null : idle.propertyName());
        }

        /**
         * @param termLength the option {@code termLength}, bytes: a power of two.
         * @return this builder.
         */
        public Builder termLength(final int termLength)
        {
            return option(ConnectionOption.TERM_LENGTH, Integer.toString(termLength));
        }

        /**
         * @param mtu the option {@code mtu}, bytes.
         * @return this builder.
         */
        public Builder mtu(final int mtu)
        {
            return option(ConnectionOption.MTU, Integer.toString(mtu));
        }

        /**
         * @param sendTimeout the option {@code sendTimeout}, whole milliseconds.
         * @return this builder.
         */
        public Builder sendTimeout(final Duration sendTimeout)
        {
            return option(ConnectionOption.SEND_TIMEOUT, millis(sendTimeout));
        }

        /**
         * @param connectWait the option {@code connectWait}, whole milliseconds.
         * @return this builder.
         */
        public Builder connectWait(final Duration connectWait)
        {
            return option(ConnectionOption.CONNECT_WAIT, millis(connectWait));
        }

        /**
         * @param interval the option {@code resolutionInterval}, whole milliseconds.
         * @return this builder.
         */
        public Builder resolutionInterval(final Duration interval)
        {
            return option(ConnectionOption.RESOLUTION_INTERVAL, millis(interval));
        }

        /**
         * @param driverTimeout the option {@code driverTimeout}, whole milliseconds.
         * @return this builder.
         */
        public Builder driverTimeout(final Duration driverTimeout)
        {
            return option(ConnectionOption.DRIVER_TIMEOUT, millis(driverTimeout));
        }

        /**
         * @param queuePrefetch the option {@code queuePrefetch}, messages.
         * @return this builder.
         */
        public Builder queuePrefetch(final int queuePrefetch)
        {
            return option(ConnectionOption.QUEUE_PREFETCH, Integer.toString(queuePrefetch));
        }

        /**
         * @param timeout the option {@code queueHostTimeout}, whole milliseconds.
         * @return this builder.
         */
        public Builder queueHostTimeout(final Duration timeout)
        {
            return option(ConnectionOption.QUEUE_HOST_TIMEOUT, millis(timeout));
        }

        /**
         * @param timeout the option {@code failoverTimeout}, whole milliseconds.
         * @return this builder.
         */
        public Builder failoverTimeout(final Duration timeout)
        {
            return option(ConnectionOption.FAILOVER_TIMEOUT, millis(timeout));
        }

        /**
         * @param linger the option {@code linger}, whole milliseconds.
         * @return this builder.
         */
        public Builder linger(final Duration linger)
        {
            return option(ConnectionOption.LINGER, null == linger ? null : millis(linger) + "ms");
        }

        /**
         * @param streamIdBase the option {@code streamIdBase}.
         * @return this builder.
         */
        public Builder streamIdBase(final int streamIdBase)
        {
            return option(ConnectionOption.STREAM_ID_BASE, Integer.toString(streamIdBase));
        }

        /**
         * @param streamIdRange the option {@code streamIdRange}.
         * @return this builder.
         */
        public Builder streamIdRange(final int streamIdRange)
        {
            return option(ConnectionOption.STREAM_ID_RANGE, Integer.toString(streamIdRange));
        }

        /**
         * @param fragmentLimit the option {@code fragmentLimit}.
         * @return this builder.
         */
        public Builder fragmentLimit(final int fragmentLimit)
        {
            return option(ConnectionOption.FRAGMENT_LIMIT, Integer.toString(fragmentLimit));
        }

        /**
         * @param reuseMessages the option {@code reuseMessages}.
         * @return this builder.
         */
        public Builder reuseMessages(final boolean reuseMessages)
        {
            return option(ConnectionOption.REUSE_MESSAGES, Boolean.toString(reuseMessages));
        }

        /**
         * @param rdmaVerbs the option {@code rdmaVerbs}.
         * @return this builder.
         */
        public Builder rdmaVerbs(final RdmaVerbs rdmaVerbs)
        {
            return option(ConnectionOption.RDMA_VERBS, null == rdmaVerbs ? null : rdmaVerbs.optionValue());
        }

        /**
         * @param clientId the option {@code clientId}.
         * @return this builder.
         */
        public Builder clientId(final String clientId)
        {
            return option(ConnectionOption.CLIENT_ID, clientId);
        }

        /**
         * @param host the option {@code host}: the queue host's {@code ADDRESS:PORT}.
         * @return this builder.
         */
        public Builder host(final String host)
        {
            return option(ConnectionOption.HOST, host);
        }

        /**
         * @param user the option {@code user}.
         * @return this builder.
         */
        public Builder user(final String user)
        {
            return option(ConnectionOption.USER, user);
        }

        /**
         * @param password the option {@code password}.
         * @return this builder.
         */
        public Builder password(final String password)
        {
            return option(ConnectionOption.PASSWORD, password);
        }

        /**
         * @param list the option {@code deserializationAllowList}.
         * @return this builder.
         */
        public Builder deserializationAllowList(final String list)
        {
            return option(ConnectionOption.DESERIALIZATION_ALLOW_LIST, list);
        }

        /**
         * @param list the option {@code deserializationDenyList}.
         * @return this builder.
         */
        public Builder deserializationDenyList(final String list)
        {
            return option(ConnectionOption.DESERIALIZATION_DENY_LIST, list);
        }

        /**
         * @param archive the option {@code archive}.
         * @return this builder.
         */
        public Builder archive(final ArchiveMode archive)
        {
            return option(ConnectionOption.ARCHIVE, null == archive ? null : archive.optionValue());
        }

        /**
         * @param directory the option {@code archiveDir}.
         * @return this builder.
         */
        public Builder archiveDir(final Path directory)
        {
            return option(ConnectionOption.ARCHIVE_DIR, null == directory ? null : directory.toString());
        }

        /**
         * @param bytes the option {@code archiveSegmentLength}.
         * @return this builder.
         */
        public Builder archiveSegmentLength(final long bytes)
        {
            return option(ConnectionOption.ARCHIVE_SEGMENT_LENGTH, Long.toString(bytes));
        }

        /**
         * @param retention the option {@code archiveRetention}, whole milliseconds.
         * @return this builder.
         */
        public Builder archiveRetention(final Duration retention)
        {
            return option(ConnectionOption.ARCHIVE_RETENTION, null == retention ? null : millis(retention) + "ms");
        }

        /**
         * @param bytes the option {@code archiveRetentionSize}.
         * @return this builder.
         */
        public Builder archiveRetentionSize(final long bytes)
        {
            return option(ConnectionOption.ARCHIVE_RETENTION_SIZE, Long.toString(bytes));
        }

        /**
         * @param bytes the option {@code archiveMinFree}.
         * @return this builder.
         */
        public Builder archiveMinFree(final long bytes)
        {
            return option(ConnectionOption.ARCHIVE_MIN_FREE, Long.toString(bytes));
        }

        /**
         * @param policy the option {@code slowConsumers}.
         * @return this builder.
         */
        public Builder slowConsumers(final SlowConsumerPolicy policy)
        {
            return option(ConnectionOption.SLOW_CONSUMERS, null == policy ? null : policy.optionValue());
        }

        /**
         * @param pattern a topic name pattern (the routes' syntax).
         * @param policy  the option {@code slowConsumers.<pattern>}: the policy of matching topics.
         * @return this builder.
         */
        public Builder slowConsumers(final String pattern, final SlowConsumerPolicy policy)
        {
            return option(ConnectionOption.SLOW_CONSUMERS_FOR.prefix() + pattern,
                null == policy ? null : policy.optionValue());
        }

        /**
         * @param timeout the option {@code slowConsumerTimeout}, whole milliseconds.
         * @return this builder.
         */
        public Builder slowConsumerTimeout(final Duration timeout)
        {
            return option(ConnectionOption.SLOW_CONSUMER_TIMEOUT, millis(timeout));
        }

        /**
         * @param pattern a destination name pattern: an exact name, {@code prefix.*}, {@code prefix.>} or {@code >}.
         * @param channel the option {@code route.<pattern>}: the channel of matching destinations.
         * @return this builder.
         */
        public Builder route(final String pattern, final String channel)
        {
            return option(ConnectionOption.ROUTE.prefix() + pattern, channel);
        }

        /**
         * The configuration, once what is wrong only in combination is checked.
         *
         * @return the configuration.
         * @throws IllegalArgumentException naming what to change.
         */
        public ConnectionConfig build()
        {
            if (transport != TransportKind.IPC && (endpoint == null || endpoint.isBlank()))
            {
                throw new IllegalArgumentException(
                    "'" + shown() + "' needs an endpoint: add ?endpoint=host:port (a multicast group such as " +
                    "239.1.2.3:40456 for multicast, the receiving host's address for unicast)");
            }
            if (endpoint != null && endpoint.lastIndexOf(':') <= 0)
            {
                throw new IllegalArgumentException(
                    "endpoint '" + endpoint + "' in '" + shown() + "' must be host:port, e.g. 239.1.2.3:40456");
            }
            if (termLength != 0 && Integer.bitCount(termLength) != 1)
            {
                throw new IllegalArgumentException("termLength " + termLength + " in '" + shown() +
                    "' must be a power of two between 65536 and 1073741824");
            }
            if (mtu % 32 != 0)
            {
                throw new IllegalArgumentException("mtu " + mtu + " in '" + shown() + "' must be a multiple of 32 " +
                    "(Aeron's frame alignment), e.g. 1408 or 8192");
            }
            if ((long)streamIdBase + streamIdRange - 1 > Integer.MAX_VALUE)
            {
                throw new IllegalArgumentException(
                    "streamIdBase " + streamIdBase + " + streamIdRange " + streamIdRange + " in '" + shown() +
                    "' exceeds the largest stream id " + Integer.MAX_VALUE + ": lower one of them");
            }
            final String configuredAeronDir = aeronDir;
            if (!embeddedDriver && aeronDir == null)
            {
                aeronDir = System.getProperty("aeron.dir");
            }
            final ConnectionConfig config = new ConnectionConfig(this);
            aeronDir = configuredAeronDir;
            return config;
        }

        String uri()
        {
            if (query.isEmpty())
            {
                return head;
            }
            final StringJoiner joined = new StringJoiner("&", head + "?", "");
            query.forEach(joined::add);
            return joined.toString();
        }

        String shown()
        {
            return ConnectionUri.redacted(uri());
        }

        private Builder option(final ConnectionOption option, final String value)
        {
            return option(option.optionName(), value);
        }

        private void read(final String name, final String value)
        {
            final ConnectionOption option = ConnectionOption.named(name);
            if (null == option)
            {
                throw new IllegalArgumentException("unknown option '" + name + "' in '" + shown() +
                    "'; known options: " + ConnectionOption.names());
            }
            option.read(this, name, value);
        }

        private static String millis(final Duration duration)
        {
            return null == duration ? null : Long.toString(duration.toMillis());
        }
    }
}
