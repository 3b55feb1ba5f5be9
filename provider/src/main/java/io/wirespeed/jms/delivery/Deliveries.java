package io.wirespeed.jms.delivery;

import java.util.ArrayList;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.collections.IntArrayList;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.jms.message.DeserializationPolicy;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.wire.MessageDecoder;

/**
 * The messages a session delivered that are not yet acknowledged, in delivery order, each with the
 * consumer that delivered it, whether or not that consumer has closed since: acknowledgement applies
 * to every message the session consumed. Acknowledging forgets them; recovering hands each back to
 * its consumer, marked redelivered, to be delivered again before anything newer (or, from a closed
 * consumer, to the queue).
 * <p>
 * A redelivered message is the message as it arrived (JMS 2.0 section 3.10), not the object the application
 * was given: that object may have been sent on (which stamps its headers), had its headers set, or its body or
 * properties cleared and rewritten. So each delivery's envelope is copied here as it is delivered, and recovery
 * decodes it anew. Reuses its storage: recording a delivery allocates nothing once warm.
 */
public final class Deliveries
{
    private static final int NO_ENVELOPE = -1;

    private final ArrayList<DeliveredConsumer> consumers = new ArrayList<>();
    private final ArrayList<JmsMessage> messages = new ArrayList<>();
    private final LongArrayList deliveryTags = new LongArrayList();
    private final IntArrayList deliveryCounts = new IntArrayList();
    private final IntArrayList envelopeOffsets = new IntArrayList();
    private final IntArrayList envelopeLengths = new IntArrayList();
    private final ExpandableArrayBuffer envelopes = new ExpandableArrayBuffer(256);
    private int envelopesLimit;
    private final DeserializationPolicy deserializationPolicy;
    private MessageDecoder decoder;

    /**
     * @param deserializationPolicy what a redelivered ObjectMessage may deserialize.
     */
    public Deliveries(final DeserializationPolicy deserializationPolicy)
    {
        this.deserializationPolicy = deserializationPolicy;
    }

    /**
     * Records a delivery with the envelope the message was decoded from, copied.
     *
     * @param consumer the consumer that delivered the message.
     * @param message  the message handed to the application.
     * @param envelope holds the envelope the message was decoded from.
     * @param offset   where the envelope starts.
     * @param length   its length.
     */
    public synchronized void delivered(
        final DeliveredConsumer consumer, final JmsMessage message, final DirectBuffer envelope, final int offset,
        final int length)
    {
        add(consumer, message, length);
        envelopes.putBytes(envelopesLimit, envelope, offset, length);
        envelopesLimit += length;
    }

    /**
     * Records the delivery of a message that waited in the provider with the envelope it was decoded from kept
     * ({@link JmsMessage#receivedEnvelope()}: a redelivery, a delayed message). A message kept without one (handed
     * back unread by {@code receiveBody}) is handed back by a recovery as the object it is.
     *
     * @param consumer the consumer that delivered the message.
     * @param message  the message handed to the application.
     */
    public synchronized void delivered(final DeliveredConsumer consumer, final JmsMessage message)
    {
        final byte[] envelope = message.receivedEnvelope();
        if (envelope == null)
        {
            add(consumer, message, NO_ENVELOPE);
            return;
        }
        add(consumer, message, envelope.length);
        envelopes.putBytes(envelopesLimit, envelope);
        envelopesLimit += envelope.length;
    }

    private void add(final DeliveredConsumer consumer, final JmsMessage message, final int envelopeLength)
    {
        consumers.add(consumer);
        messages.add(message);
        deliveryTags.addLong(message.deliveryTag());
        deliveryCounts.addInt(message.deliveryCount());
        envelopeOffsets.addInt(envelopesLimit);
        envelopeLengths.addInt(envelopeLength);
    }

    /** Acknowledges every recorded delivery, telling each consumer, and forgets them. */
    public synchronized void acknowledgeAll()
    {
        for (int i = 0, size = messages.size(); i < size; i++)
        {
            consumers.get(i).onAcknowledged(deliveryTags.getLong(i));
        }
        clear();
    }

    private void clear()
    {
        consumers.clear();
        messages.clear();
        deliveryTags.clear();
        deliveryCounts.clear();
        envelopeOffsets.clear();
        envelopeLengths.clear();
        envelopesLimit = 0;
    }

    /**
     * Whether a message is still waiting for acknowledgement.
     *
     * @param message the message.
     * @return true if it was delivered and not yet acknowledged or recovered.
     */
    synchronized boolean isPending(final JmsMessage message)
    {
        for (int i = messages.size() - 1; i >= 0; i--)
        {
            if (messages.get(i) == message)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * Hands every recorded delivery back to its consumer for redelivery, oldest first: each a new message decoded
     * from the envelope as it arrived, marked redelivered, its {@code JMSXDeliveryCount} one more than when it was
     * delivered.
     */
    public synchronized void recover()
    {
        for (int i = messages.size() - 1; i >= 0; i--)
        {
            final DeliveredConsumer consumer = consumers.get(i);
            consumer.onRecovered(redelivery(consumer, i));
        }
        clear();
    }

    private JmsMessage redelivery(final DeliveredConsumer consumer, final int index)
    {
        if (envelopeLengths.getInt(index) == NO_ENVELOPE)
        {
            final JmsMessage message = messages.get(index);
            message.setDeliveryCount(deliveryCounts.getInt(index) + 1);
            return message;
        }
        final byte[] envelope = new byte[envelopeLengths.getInt(index)];
        envelopes.getBytes(envelopeOffsets.getInt(index), envelope);
        if (decoder == null)
        {
            decoder = new MessageDecoder(deserializationPolicy);
        }
        decoder.consumerDestination(consumer.destination());
        if (!decoder.wrap(new UnsafeBuffer(envelope), 0, envelope.length))
        {
            throw new IllegalStateException("a delivered envelope no longer decodes: " + decoder.lastError());
        }
        final JmsMessage message = decoder.decode();
        message.receivedEnvelope(envelope);
        message.setDeliveryTag(deliveryTags.getLong(index));
        message.setDeliveryCount(deliveryCounts.getInt(index) + 1);
        return message;
    }

    /**
     * Whether a consumer delivered any of the messages waiting here, so that closing it must leave them
     * to this session's acknowledgement, commit, recover or rollback.
     *
     * @param consumer the consumer.
     * @return true if it did.
     */
    public synchronized boolean holds(final DeliveredConsumer consumer)
    {
        return consumers.contains(consumer);
    }
}
