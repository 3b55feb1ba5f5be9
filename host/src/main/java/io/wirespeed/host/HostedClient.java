package io.wirespeed.host;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

import io.wirespeed.transport.TransportPublication;

/**
 * A client connection as the queue host knows it: its identity, the publication that reaches it,
 * the responses waiting to go to it, and its consumers. A client is gone when its reply stream loses its subscriber,
 * when the subscriber never comes or stops reading for longer than the host's client timeout, or when its send
 * queue overflows ({@link HostLimits}).
 */
final class HostedClient
{
    private static final long NOT_STALLED = Long.MIN_VALUE;

    final long high;
    final long low;
    final TransportPublication reply;
    final Map<Long, HostedConsumer> consumers = new HashMap<>();
    /** Responses its publication has not taken yet, in order: its own send queue ({@link ClientProxy}). */
    final ArrayDeque<byte[]> backlog = new ArrayDeque<>();
    /** The bytes held in {@link #backlog}. */
    long backlogBytes;
    /** Set when its send queue overflowed: it is cut off at the next check. */
    boolean overflowed;
    /** Whether it opened a session with Connect: then it must be heard from within the client timeout. */
    boolean session;
    /** The session of its control publication when it connected, over UDP or IPC; -1 without a session. */
    int controlSession = -1;
    /** Whether it connected over UDP. */
    boolean udp;
    /** Whether its Connect was refused: its requests are dropped until it goes. */
    boolean refused;
    /** When the host last sent it something. */
    long lastSentNs;
    private long lastHeardNs;
    private final long createdNanos;
    private long stalledSinceNanos = NOT_STALLED;
    private boolean wasConnected;

    HostedClient(final long high, final long low, final TransportPublication reply, final long nowNs)
    {
        this.high = high;
        this.low = low;
        this.reply = reply;
        this.createdNanos = nowNs;
    }

    /**
     * Notes that its publication did not take a response or delivery: the client is not reading, or not yet.
     *
     * @param nowNs the time now.
     */
    void stalled(final long nowNs)
    {
        if (stalledSinceNanos == NOT_STALLED)
        {
            stalledSinceNanos = nowNs;
        }
    }

    /**
     * Notes that its publication took what was offered: the client reads.
     *
     * @param nowNs the time now.
     */
    void flowing(final long nowNs)
    {
        stalledSinceNanos = NOT_STALLED;
        lastSentNs = nowNs;
    }

    /**
     * Notes a request from it.
     *
     * @param nowNs the time now.
     */
    void heard(final long nowNs)
    {
        lastHeardNs = nowNs;
    }

    /**
     * Whether the client has gone: its reply subscription was there and is no more, or never came within the
     * timeout; it has not read its replies for the timeout; it has a session and sent nothing, not even a heartbeat,
     * for the timeout; or its send queue overflowed.
     *
     * @param nowNs     the time now.
     * @param timeoutNs the host's client timeout.
     * @return true if gone.
     */
    boolean isGone(final long nowNs, final long timeoutNs)
    {
        if (overflowed || session && nowNs - lastHeardNs > timeoutNs)
        {
            return true;
        }
        if (reply.isConnected())
        {
            wasConnected = true;
            return stalledSinceNanos != NOT_STALLED && nowNs - stalledSinceNanos > timeoutNs;
        }
        return wasConnected || nowNs - createdNanos > timeoutNs;
    }
}
