package io.wirespeed.host;

import java.util.function.Predicate;

import org.agrona.DirectBuffer;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.MalformedEnvelopeException;
import io.wirespeed.host.durable.DurableFeed;
import io.wirespeed.host.durable.DurableState;

/**
 * A durable subscription as the host serves it: its feed from the archive and the queue its consumers share, which
 * takes the topic's messages its selector and noLocal let through. Used on the host's thread only.
 */
final class DurableTopicFeed implements DurableFeed.Sink
{
    /** What a durable subscription's queue name starts with. */
    static final String QUEUE_PREFIX = "durable:";
    /** How many replayed messages a durable subscription's queue holds ahead of its consumers. */
    private static final int DURABLE_BUFFER = 1024;

    final DurableFeed feed;
    final HostedQueue queue;
    private final Predicate<EnvelopeReader> selector;
    private final MessageIntake intake;
    private final EnvelopeReader reader = new EnvelopeReader();
    private long nowMs;

    /**
     * @param feed     the subscription's feed from the archive.
     * @param selector its compiled selector, or null for none.
     * @param intake   where its messages go.
     */
    DurableTopicFeed(final DurableFeed feed, final Predicate<EnvelopeReader> selector, final MessageIntake intake)
    {
        this.feed = feed;
        this.selector = selector;
        this.intake = intake;
        this.queue = new HostedQueue(QUEUE_PREFIX + feed.state().key(), null);
    }

    /**
     * Reads what its feed replays into its queue, as far as its consumers want it.
     *
     * @param nowMs the host's time now (epoch ms, its duty cycle's): expired messages are left out.
     * @return the work done.
     */
    int poll(final long nowMs)
    {
        this.nowMs = nowMs;
        // reads ahead only for attached consumers: what an offline subscription has not read stays in
        // the archive, where retention may purge it (a logged gap), rather than in this host's memory
        final boolean wanted = !queue.consumers.isEmpty() && queue.size() < DURABLE_BUFFER;
        return feed.poll(this, wanted ? QueueHost.FRAGMENT_LIMIT : 0, nowMs);
    }

    /** {@inheritDoc} */
    @Override
    public boolean onMessage(
        final DirectBuffer buffer, final int offset, final int length, final long recordingId, final long start,
        final boolean possiblyDelivered)
    {
        try
        {
            reader.wrap(buffer, offset, length);
        }
        catch (final MalformedEnvelopeException ex)
        {
            return false;
        }
        final DurableState state = feed.state();
        if (!reader.destinationName().contentEquals(state.topic()))
        {
            return false;
        }
        final long expiration = reader.expiration();
        if (expiration != 0 && expiration <= nowMs)
        {
            return false;
        }
        if (selector != null && !selector.test(reader))
        {
            return false;
        }
        if (state.noLocal() && fromConsumers(queue, reader))
        {
            return false;
        }
        final StoredMessage message = intake.enqueue(queue, reader, buffer, offset, length)
            .from(feed, recordingId, start);
        if (possiblyDelivered)
        {
            message.deliveryCount = 1;
        }
        return true;
    }

    /**
     * Whether a message comes from the connection of one of a subscription's consumers, which its noLocal leaves out.
     *
     * @param queue  the subscription's queue.
     * @param reader the message's envelope, wrapped.
     * @return true if a consumer of the queue is of the connection that published it.
     */
    static boolean fromConsumers(final HostedQueue queue, final EnvelopeReader reader)
    {
        for (final HostedConsumer consumer : queue.consumers)
        {
            if (consumer.client.high == reader.connectionIdHigh() &&
                consumer.client.low == reader.connectionIdLow())
            {
                return true;
            }
        }
        return false;
    }
}
