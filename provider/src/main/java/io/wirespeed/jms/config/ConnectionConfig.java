package io.wirespeed.jms.config;

import java.time.Duration;
import java.util.Collections;
import java.util.List;

import io.wirespeed.jms.message.DeserializationPolicy;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.ThreadingMode;

/**
 * Everything a connection factory's URI configures, typed (enums, durations, sizes) and validated once by
 * {@link ConnectionUri#parse(String)}, with every default in one place. Immutable.
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
    private final Duration driverTimeout;
    private final int queuePrefetch;
    private final Duration queueHostTimeout;
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

    ConnectionConfig(final ConnectionUri.Builder builder)
    {
        this.uri = builder.uri;
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
        this.driverTimeout = builder.driverTimeout;
        this.queuePrefetch = builder.queuePrefetch;
        this.queueHostTimeout = builder.queueHostTimeout;
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

    /** @return the URI this configuration was parsed from, password included: for configuration, never messages. */
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
}
