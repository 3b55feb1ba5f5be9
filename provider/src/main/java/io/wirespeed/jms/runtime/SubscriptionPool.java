package io.wirespeed.jms.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

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
    private static final Predicate<Thread> ANY = (givenBackBy) -> true;

    private final KeptByStream<TransportSubscription> idle;
    private final Consumer<TransportSubscription> skipOnce = this::skipOnce;
    private int skipped;

    /**
     * An empty pool.
     *
     * @param idleNs how long a subscription given back stays open without being taken again.
     */
    SubscriptionPool(final long idleNs)
    {
        this.idle = new KeptByStream<>(idleNs);
    }

    /** {@inheritDoc} */
    @Override
    public TransportSubscription take(final Transport transport, final String channel, final int streamId)
    {
        synchronized (this)
        {
            final TransportSubscription kept = idle.take(transport, channel, streamId, ANY);
            if (null != kept)
            {
                skipAll(kept);
                return kept;
            }
        }
        return transport.addSubscription(channel, streamId);
    }

    /** {@inheritDoc} */
    @Override
    public void giveBack(
        final Transport transport, final String channel, final int streamId, final TransportSubscription subscription)
    {
        final boolean kept;
        synchronized (this)
        {
            kept = idle.keep(transport, channel, streamId, subscription, System.nanoTime());
        }
        if (!kept)
        {
            subscription.close();
        }
    }

    /** @return how many subscriptions wait to be taken again. */
    public synchronized int idleCount()
    {
        return idle.size();
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
        synchronized (this)
        {
            if (0 == idle.size())
            {
                return 0;
            }
            skipped = 0;
            idle.expire(nowNs, toClose, skipOnce);
        }
        toClose.forEach(TransportSubscription::close);
        return skipped + toClose.size();
    }

    /** Closes every subscription kept; what is given back from now on is closed at once. */
    void close()
    {
        final List<TransportSubscription> toClose;
        synchronized (this)
        {
            toClose = idle.close();
        }
        CloseHelper.quietCloseAll(toClose);
    }

    private void skipOnce(final TransportSubscription subscription)
    {
        skipped += subscription.poll(SKIP, SKIP_LIMIT);
    }

    private static void skipAll(final TransportSubscription subscription)
    {
        for (int i = 0; i < MAX_SKIP_ROUNDS && subscription.poll(SKIP, SKIP_LIMIT) > 0; i++)
        {
            // what arrived while it was kept was published before its new reader subscribed
        }
    }
}
