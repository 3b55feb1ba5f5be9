package io.wirespeed.jms.runtime;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.agrona.CloseHelper;

import io.wirespeed.jms.intake.StreamSubscriptions;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportSubscription;

/**
 * The topic streams' subscriptions that closed connections gave back, kept open for the next connection that reads
 * the same stream: subscribing is a round trip to the media driver (a millisecond or two with the default idle
 * strategies), so a connection made for one receive (Spring's {@code JmsTemplate} without a cache) would wait on the
 * driver twice. While kept, the runtime's thread reads each one and drops what it reads ({@link #skipIdle}), so that
 * it holds no publisher back and no reader falls behind; the connection that takes one skips, under the same lock,
 * what arrived up to then, so that it reads only what was published after it was taken, as a new subscription would.
 * One not taken again for {@code idleNs} is closed. Thread safe.
 */
public final class SubscriptionPool implements StreamSubscriptions
{
    private static final int SKIP_LIMIT = 256;
    private static final int MAX_SKIP_ROUNDS = 1024;
    private static final MessageHandler SKIP = (buffer, offset, length) ->
    {
    };

    private final Map<Key, ArrayDeque<Idle>> idle = new HashMap<>();
    private final long idleNs;
    private int size;
    private boolean closed;

    /**
     * An empty pool.
     *
     * @param idleNs how long a subscription given back stays open without being taken again.
     */
    SubscriptionPool(final long idleNs)
    {
        this.idleNs = idleNs;
    }

    /** {@inheritDoc} */
    @Override
    public TransportSubscription take(final Transport transport, final String channel, final int streamId)
    {
        synchronized (this)
        {
            final ArrayDeque<Idle> kept = idle.get(new Key(transport, channel, streamId));
            if (null != kept && !kept.isEmpty())
            {
                final TransportSubscription subscription = kept.pollLast().subscription;
                size--;
                skipAll(subscription);
                return subscription;
            }
        }
        return transport.addSubscription(channel, streamId);
    }

    /** {@inheritDoc} */
    @Override
    public void giveBack(
        final Transport transport, final String channel, final int streamId, final TransportSubscription subscription)
    {
        synchronized (this)
        {
            if (!closed)
            {
                idle.computeIfAbsent(new Key(transport, channel, streamId), (k) -> new ArrayDeque<>())
                    .addLast(new Idle(subscription, System.nanoTime()));
                size++;
                return;
            }
        }
        subscription.close();
    }

    /** @return how many subscriptions wait to be taken again. */
    public synchronized int idleCount()
    {
        return size;
    }

    /**
     * The runtime's thread: reads and drops what the kept subscriptions received, and closes those kept longer than
     * the pool keeps them.
     *
     * @param nowNs {@link System#nanoTime()}.
     * @return the fragments skipped and subscriptions closed.
     */
    int skipIdle(final long nowNs)
    {
        final List<TransportSubscription> toClose = new ArrayList<>();
        int work = 0;
        synchronized (this)
        {
            if (0 == size)
            {
                return 0;
            }
            for (final Iterator<ArrayDeque<Idle>> streams = idle.values().iterator(); streams.hasNext();)
            {
                final ArrayDeque<Idle> kept = streams.next();
                while (!kept.isEmpty() && nowNs - kept.peekFirst().sinceNs >= idleNs)
                {
                    toClose.add(kept.pollFirst().subscription);
                    size--;
                }
                for (final Idle entry : kept)
                {
                    work += entry.subscription.poll(SKIP, SKIP_LIMIT);
                }
                if (kept.isEmpty())
                {
                    streams.remove();
                }
            }
        }
        toClose.forEach(TransportSubscription::close);
        return work + toClose.size();
    }

    /** Closes every subscription kept; what is given back from now on is closed at once. */
    void close()
    {
        final List<TransportSubscription> toClose = new ArrayList<>();
        synchronized (this)
        {
            closed = true;
            idle.values().forEach((kept) -> kept.forEach((entry) -> toClose.add(entry.subscription)));
            idle.clear();
            size = 0;
        }
        CloseHelper.quietCloseAll(toClose);
    }

    private static void skipAll(final TransportSubscription subscription)
    {
        for (int i = 0; i < MAX_SKIP_ROUNDS && subscription.poll(SKIP, SKIP_LIMIT) > 0; i++)
        {
            // what arrived while it was kept was published before its new reader subscribed
        }
    }

    private record Key(Transport transport, String channel, int streamId)
    {
    }

    private record Idle(TransportSubscription subscription, long sinceNs)
    {
    }
}
