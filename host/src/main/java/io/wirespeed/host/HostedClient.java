package io.wirespeed.host;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

import io.wirespeed.transport.TransportPublication;

/**
 * A client connection as the queue host knows it: its identity, the publication that reaches it,
 * the responses waiting to go to it, and its consumers. A client whose reply stream loses its subscriber is gone.
 */
final class HostedClient
{
    private static final long JOIN_GRACE_NS = 10_000_000_000L;

    final long high;
    final long low;
    final TransportPublication reply;
    final Map<Long, HostedConsumer> consumers = new HashMap<>();
    /** Responses its publication has not taken yet, in order: its own send queue ({@link ClientProxy}). */
    final ArrayDeque<byte[]> backlog = new ArrayDeque<>();
    private final long createdNanos = System.nanoTime();
    private boolean wasConnected;

    HostedClient(final long high, final long low, final TransportPublication reply)
    {
        this.high = high;
        this.low = low;
        this.reply = reply;
    }

    /**
     * Whether the client has gone: its reply subscription was there and is no more, or never came.
     *
     * @param nowNs the time now.
     * @return true if gone.
     */
    boolean isGone(final long nowNs)
    {
        if (reply.isConnected())
        {
            wasConnected = true;
            return false;
        }
        return wasConnected || nowNs - createdNanos > JOIN_GRACE_NS;
    }
}
