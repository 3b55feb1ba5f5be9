package io.wirespeed.host;

import org.agrona.DirectBuffer;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.MalformedEnvelopeException;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportSubscription;

/** A topic subscription that feeds a shared subscription's queue. Used on the host's thread only. */
final class SharedFeed
{
    final String topic;
    final HostedQueue queue;
    final TransportSubscription subscription;
    private final MessageIntake intake;
    private final EnvelopeReader reader = new EnvelopeReader();
    private final MessageHandler handler = this::onMessage;

    /**
     * @param topic        the topic.
     * @param queue        the subscription's queue.
     * @param subscription the topic's stream.
     * @param intake       where its messages go.
     */
    SharedFeed(
        final String topic, final HostedQueue queue, final TransportSubscription subscription,
        final MessageIntake intake)
    {
        this.topic = topic;
        this.queue = queue;
        this.subscription = subscription;
        this.intake = intake;
    }

    /**
     * Takes the topic's messages into the queue while it has room: a full queue holds the topic's publishers back
     * (the stream's flow control), as a slow subscriber does.
     *
     * @return how many fragments were read.
     */
    int poll()
    {
        if (queue.room.isFull())
        {
            return 0;
        }
        return subscription.poll(handler, QueueHost.FRAGMENT_LIMIT);
    }

    private void onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            reader.wrap(buffer, offset, length);
        }
        catch (final MalformedEnvelopeException ex)
        {
            return;
        }
        if (reader.destinationName().contentEquals(topic))
        {
            intake.enqueue(queue, reader, buffer, offset, length);
        }
    }
}
