package io.wirespeed.codec.control;

/**
 * Where the queue protocol travels. The host listens on one channel (IPC of the media driver it
 * shares with its clients) on two streams: producers' envelopes, and clients' control frames.
 * Each client receives the host's frames on a reply stream of its own.
 */
public final class QueueStreams
{
    /** Names of temporary queues start with this; the host creates them only on request. */
    public static final String TEMPORARY_QUEUE_PREFIX = "temp-queue:";
    /** The channel of the queue host: IPC, so clients share the host's media driver. */
    public static final String CHANNEL = "aeron:ipc?term-length=4m";
    /** The stream producers send queue messages on: raw envelopes naming their queue. */
    public static final int INBOUND_STREAM = 0x0F00_0001;
    /** The stream clients send control frames on. */
    public static final int CONTROL_STREAM = 0x0F00_0002;
    /** The first of the streams the host replies to clients on. */
    public static final int REPLY_STREAM_BASE = 0x0F10_0000;
    /** How many reply streams there are; clients hash into them and filter by client id. */
    public static final int REPLY_STREAM_RANGE = 1 << 16;

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
}
