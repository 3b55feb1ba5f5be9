package io.wirespeed.codec.control;

/**
 * Where the queue protocol travels. The host listens on one channel (IPC of the media driver it
 * shares with its clients) on two streams: producers' envelopes, and clients' control frames.
 * Each client receives the host's frames on a reply stream of its own. A host given an endpoint
 * ({@code ADDRESS:PORT}) also listens on UDP there, and answers its UDP clients on Aeron response channels whose
 * control address is the next port ({@link #responseControl}), so a client opens no port of its own.
 * <p>
 * The channel URIs themselves are written by transport-aeron ({@code io.wirespeed.transport.aeron.AeronChannels}),
 * from the stream ids, {@link #TERM_LENGTH} and addresses here: the host's {@code QueueHostChannels}, the
 * provider's {@code MediaChannels}.
 */
public final class QueueStreams
{
    /** Names of temporary queues start with this; the host creates them only on request. */
    public static final String TEMPORARY_QUEUE_PREFIX = "temp-queue:";
    /** The term length of the queue host's channels, IPC and UDP: 4 MiB. */
    public static final int TERM_LENGTH = 4 * 1024 * 1024;
    /** The stream producers send queue messages on: raw envelopes naming their queue. */
    public static final int INBOUND_STREAM = 0x0F00_0001;
    /** The stream clients send control frames on. */
    public static final int CONTROL_STREAM = 0x0F00_0002;
    /** The first of the streams the host replies to clients on. */
    public static final int REPLY_STREAM_BASE = 0x0F10_0000;
    /** How many reply streams there are; clients hash into them and filter by client id. */
    public static final int REPLY_STREAM_RANGE = 1 << 16;

    /**
     * The most UTF-8 bytes of one text field of a control frame (a queue or topic name, a selector, a subscription's
     * client id and name, a channel): the schema's 16-bit length.
     */
    public static final int MAX_TEXT_BYTES = 65_535;

    /** How often each side of a session sends a heartbeat when it has sent nothing else. */
    public static final long HEARTBEAT_INTERVAL_MS = 500;

    private QueueStreams()
    {
    }

    /**
     * The reply stream of a client.
     *
     * @param high the client's connection id, high half.
     * @param low  the client's connection id, low half.
     * @return its reply stream id.
     */
    public static int replyStream(final long high, final long low)
    {
        final long mixed = high * 31 + low;
        return REPLY_STREAM_BASE + (int)((mixed ^ (mixed >>> 32)) & (REPLY_STREAM_RANGE - 1));
    }

    /**
     * The response control address of a host: its address and the port after its own.
     *
     * @param endpoint the host's {@code ADDRESS:PORT}.
     * @return {@code ADDRESS:PORT+1}.
     * @throws IllegalArgumentException if the endpoint has no port, or its port is not in 1..65534.
     */
    public static String responseControl(final String endpoint)
    {
        return endpoint.substring(0, endpoint.lastIndexOf(':') + 1) + (port(endpoint) + 1);
    }

    /**
     * Checks a host endpoint and gives its port.
     *
     * @param endpoint an {@code ADDRESS:PORT}.
     * @return the port.
     * @throws IllegalArgumentException if the endpoint has no address or port, or its port is not in 1..65534 (the
     *                                  host uses the next port too).
     */
    public static int port(final String endpoint)
    {
        final int colon = endpoint == null ? -1 : endpoint.lastIndexOf(':');
        if (colon < 1)
        {
            throw new IllegalArgumentException("'" + endpoint + "' is not ADDRESS:PORT");
        }
        final int port;
        try
        {
            port = Integer.parseInt(endpoint.substring(colon + 1));
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + endpoint + "' has no port number after its last ':'", ex);
        }
        if (port < 1 || port > 65534)
        {
            throw new IllegalArgumentException("port " + port + " of '" + endpoint + "' is not in 1..65534 (the " +
                "host also uses the next port, for its response channels)");
        }
        return port;
    }
}
