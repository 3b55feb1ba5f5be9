package io.wirespeed.jms.config;

import java.util.Collections;
import java.util.List;

import io.wirespeed.transport.aeron.ArchiveConfig;

/**
 * Everything a connection factory's URI configures, with every default in one place. Immutable;
 * built by {@link ConnectionUri#parse(String)}.
 */
public final class ConnectionConfig
{
    /** Default: embedded media driver. */
    public static final boolean DEFAULT_EMBEDDED_DRIVER = true;
    /** Default Aeron threading mode name for an embedded driver (2-core friendly). */
    public static final String DEFAULT_THREADING = "shared";
    /** Default idle strategy name for the driver and the connection's poller. */
    public static final String DEFAULT_IDLE = "backoff";
    /** Default time a send waits out back-pressure before it fails, in milliseconds. */
    public static final long DEFAULT_SEND_TIMEOUT_MS = 10_000;
    /** Default time a new publication waits for subscribers to connect, in milliseconds. */
    public static final long DEFAULT_CONNECT_WAIT_MS = 250;
    /** Default first stream id of the range topic names hash into. */
    public static final int DEFAULT_STREAM_ID_BASE = 0x1000_0000;
    /** Default size of the range topic names hash into. */
    public static final int DEFAULT_STREAM_ID_RANGE = 0x4000_0000;
    /** Default time client and media driver wait for each other's heartbeat, in milliseconds. */
    public static final long DEFAULT_DRIVER_TIMEOUT_MS = 10_000;
    /** Default number of messages a queue host may send a consumer ahead of its application. */
    public static final int DEFAULT_QUEUE_PREFETCH = 100;
    /** Default time to wait for the queue host's answer before saying it is unreachable, in ms. */
    public static final long DEFAULT_QUEUE_HOST_TIMEOUT_MS = 5_000;
    /** Default archive mode of the embedded driver: start it when durability is first needed. */
    public static final String DEFAULT_ARCHIVE = "auto";
    /** Default most fragments a poller reads per subscription per duty cycle. */
    public static final int DEFAULT_FRAGMENT_LIMIT = 64;
    /** Default longest a session's close waits for connected network subscribers to confirm what was sent, in ms. */
    public static final long DEFAULT_LINGER_MS = 5_000;

    private final String uri;
    private final TransportKind transport;
    private final String endpoint;
    private final String networkInterface;
    private final boolean embeddedDriver;
    private final String aeronDir;
    private final String threading;
    private final String idle;
    private final int termLength;
    private final int mtu;
    private final long sendTimeoutMs;
    private final long connectWaitMs;
    private final long driverTimeoutMs;
    private final int queuePrefetch;
    private final long queueHostTimeoutMs;
    private final long lingerMs;
    private final int streamIdBase;
    private final int streamIdRange;
    private final int fragmentLimit;
    private final boolean reuseMessages;
    private final String rdmaVerbs;
    private final String clientId;
    private final List<ChannelRule> routes;
    private final String archive;
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
        this.sendTimeoutMs = builder.sendTimeoutMs;
        this.connectWaitMs = builder.connectWaitMs;
        this.driverTimeoutMs = builder.driverTimeoutMs;
        this.queuePrefetch = builder.queuePrefetch;
        this.queueHostTimeoutMs = builder.queueHostTimeoutMs;
        this.lingerMs = builder.lingerMs;
        this.streamIdBase = builder.streamIdBase;
        this.streamIdRange = builder.streamIdRange;
        this.fragmentLimit = builder.fragmentLimit;
        this.reuseMessages = builder.reuseMessages;
        this.rdmaVerbs = builder.rdmaVerbs;
        this.clientId = builder.clientId;
        this.routes = Collections.unmodifiableList(List.copyOf(builder.routes));
        this.archive = builder.archive;
        this.archiveConfig = builder.archiveConfig.build();
    }

    /** @return the URI this configuration was parsed from. */
    public String uri()
    {
        return uri;
    }

    /** @return the transport for destinations no route names. */
    public TransportKind transport()
    {
        return transport;
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

    /** @return the embedded driver's threading mode name: shared, shared-network or dedicated. */
    public String threading()
    {
        return threading;
    }

    /** @return the idle strategy name: backoff, sleeping, yielding, busy-spin or noop. */
    public String idle()
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

    /** @return how long a send waits out back-pressure before it fails, in milliseconds. */
    public long sendTimeoutMs()
    {
        return sendTimeoutMs;
    }

    /** @return how long a new publication waits for its subscribers to connect, in milliseconds. */
    public long connectWaitMs()
    {
        return connectWaitMs;
    }

    /**
     * @return how long client and media driver wait for each other's heartbeat before declaring the other gone, in ms.
     */
    public long driverTimeoutMs()
    {
        return driverTimeoutMs;
    }

    /** @return how many messages the queue host may send a consumer ahead of its application. */
    public int queuePrefetch()
    {
        return queuePrefetch;
    }

    /** @return how long to wait for the queue host's answer before saying it is unreachable, in ms. */
    public long queueHostTimeoutMs()
    {
        return queueHostTimeoutMs;
    }

    /**
     * @return the longest a session's close waits, in ms, until the connected subscribers of its network publications
     * confirm they have everything it sent; 0 closes at once.
     */
    public long lingerMs()
    {
        return lingerMs;
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

    /** @return which verbs serve RDMA channels: {@code native} (the hardware) or {@code simulated} (tests only). */
    public String rdmaVerbs()
    {
        return rdmaVerbs;
    }

    /** @return the client id connections take by default, or null. */
    public String clientId()
    {
        return clientId;
    }

    /**
     * @return when the embedded driver's archive starts: {@code auto} (when durability is first needed),
     * {@code on} (with the transport; queues are then durable too) or {@code off}.
     */
    public String archive()
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

    @Override
    public String toString()
    {
        return uri;
    }
}
