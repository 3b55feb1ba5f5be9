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
 * <p>
 * An AUTO_ACKNOWLEDGE or DUPS_OK_ACKNOWLEDGE session acknowledges a message as the receive that returns it or the
 * listener that processes it returns ({@code Session} and {@code Session.recover} in the JMS 2.0 API): a receive's
 * message is never recorded, and only while a listener runs can a recover (or the listener's failure) reach its
 * message. So a listener's delivery is {@link #lend lent} rather than recorded: kept with a reference to the
 * envelope it was decoded from, which the consumer's inbox does not overwrite until the delivery returns, decoded
 * from that reference if recovered meanwhile, and copied only if it must outlive the listener's call
 * ({@link #keepLent}).
 */
public final class Deliveries
{
    private static final int NO_ENVELOPE = -1;
    private static final byte[] NO_BYTES = new byte[0];

    private final ArrayList<DeliveredConsumer> consumers = new ArrayList<>();
    private final ArrayList<JmsMessage> messages = new ArrayList<>();
    private final LongArrayList deliveryTags = new LongArrayList();
    private final IntArrayList deliveryCounts = new IntArrayList();
    private final IntArrayList envelopeOffsets = new IntArrayList();
    private final IntArrayList envelopeLengths = new IntArrayList();
    private final ExpandableArrayBuffer envelopes = new ExpandableArrayBuffer(256);
    private int envelopesLimit;
    private final DeserializationPolicy deserializationPolicy;
    private final UnsafeBuffer kept = new UnsafeBuffer(NO_BYTES);
    private MessageDecoder decoder;
    private DeliveredConsumer lentConsumer;
    private JmsMessage lentMessage;
    private DirectBuffer lentEnvelope;
    private int lentOffset;
    private int lentLength;
    private long lentDeliveryTag;
    private int lentDeliveryCount;
    private int givenUp;

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

    /**
     * Records the delivery of a message to an AUTO_ACKNOWLEDGE or DUPS_OK_ACKNOWLEDGE session's listener for the
     * listener's call alone, without copying its envelope: the caller acknowledges it ({@link #acknowledgeAll}) as
     * the listener returns, or calls {@link #keepLent} before the envelope's bytes may change.
     *
     * @param consumer the consumer that delivered the message.
     * @param message  the message handed to the listener.
     * @param envelope holds the envelope the message was decoded from, unchanged until the delivery returns; null
     *                 for a message that waited in the provider (its {@link JmsMessage#receivedEnvelope()} is used).
     * @param offset   where the envelope starts.
     * @param length   its length.
     */
    public synchronized void lend(
        final DeliveredConsumer consumer, final JmsMessage message, final DirectBuffer envelope, final int offset,
        final int length)
    {
        keepLentLocked();
        if (null == envelope)
        {
            final byte[] received = message.receivedEnvelope();
            if (null != received)
            {
                kept.wrap(received);
                lentEnvelope = kept;
                lentOffset = 0;
                lentLength = received.length;
            }
            else
            {
                lentEnvelope = null;
            }
        }
        else
        {
            lentEnvelope = envelope;
            lentOffset = offset;
            lentLength = length;
        }
        lentConsumer = consumer;
        lentMessage = message;
        lentDeliveryTag = message.deliveryTag();
        lentDeliveryCount = message.deliveryCount();
    }

    /**
     * The listener's call is over and its delivery still waits (the session closed meanwhile, or the listener
     * failed in a way nobody acknowledged or recovered): it is recorded as any other, its envelope copied. Only
     * the thread that {@link #lend lent} calls it, and it costs nothing when nothing is lent.
     */
    public void keepLent()
    {
        if (null != lentConsumer)
        {
            synchronized (this)
            {
                keepLentLocked();
            }
        }
    }

    private void keepLentLocked()
    {
        final DeliveredConsumer consumer = lentConsumer;
        if (null == consumer)
        {
            return;
        }
        final JmsMessage message = lentMessage;
        final DirectBuffer envelope = lentEnvelope;
        consumers.add(consumer);
        messages.add(message);
        deliveryTags.addLong(lentDeliveryTag);
        deliveryCounts.addInt(lentDeliveryCount);
        envelopeOffsets.addInt(envelopesLimit);
        if (null == envelope)
        {
            envelopeLengths.addInt(NO_ENVELOPE);
        }
        else
        {
            envelopeLengths.addInt(lentLength);
            envelopes.putBytes(envelopesLimit, envelope, lentOffset, lentLength);
            envelopesLimit += lentLength;
        }
        clearLent();
    }

    private void clearLent()
    {
        lentConsumer = null;
        lentMessage = null;
        if (lentEnvelope == kept)
        {
            kept.wrap(NO_BYTES);
        }
        lentEnvelope = null;
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

    /**
     * Acknowledges every recorded delivery, telling each consumer, and forgets them.
     *
     * @return whether an acknowledgement went to the queue host (a delivery with a tag).
     */
    public synchronized boolean acknowledgeAll()
    {
        return acknowledgeAll(false);
    }

    /**
     * Acknowledges every message the session holds, as {@link #acknowledgeAll()}, except that with {@code atHost} the
     * queue host's deliveries are not acknowledged to it again: a clustered host's commit applied their
     * acknowledgements already ({@link #hostAcknowledgements}).
     *
     * @param atHost whether the queue host has the acknowledgements of its deliveries already.
     * @return whether an acknowledgement went to a queue host.
     */
    public synchronized boolean acknowledgeAll(final boolean atHost)
    {
        boolean toHost = false;
        for (int i = 0, size = messages.size(); i < size; i++)
        {
            toHost |= acknowledge(consumers.get(i), deliveryTags.getLong(i), atHost);
        }
        if (0 != messages.size())
        {
            clear();
        }
        final DeliveredConsumer consumer = lentConsumer;
        if (null != consumer)
        {
            toHost |= acknowledge(consumer, lentDeliveryTag, atHost);
            clearLent();
        }
        return toHost;
    }

    private boolean acknowledge(final DeliveredConsumer consumer, final long deliveryTag, final boolean atHost)
    {
        if (atHost && 0 != deliveryTag && 0 != consumer.hostConsumerId())
        {
            return false;
        }
        if (!consumer.onAcknowledged(deliveryTag))
        {
            givenUp++;
            return false;
        }
        return 0 != deliveryTag;
    }

    /**
     * How many of the messages acknowledged since the last call a clustered queue host had given up, with the
     * connection's session that they came in: they were not acknowledged, and come again, marked redelivered.
     *
     * @return the count, then 0 until more.
     */
    public synchronized int takeGivenUp()
    {
        final int count = givenUp;
        givenUp = 0;
        return count;
    }

    /**
     * The queue host's deliveries the session holds, for a clustered host's commit, which acknowledges them together
     * with the transaction's messages in one log entry.
     *
     * @param into cleared, then given each delivery's consumer id and delivery id.
     */
    public synchronized void hostAcknowledgements(final LongArrayList into)
    {
        into.clear();
        for (int i = 0, size = messages.size(); i < size; i++)
        {
            addHostAcknowledgement(consumers.get(i), deliveryTags.getLong(i), into);
        }
        if (null != lentConsumer)
        {
            addHostAcknowledgement(lentConsumer, lentDeliveryTag, into);
        }
    }

    private static void addHostAcknowledgement(
        final DeliveredConsumer consumer, final long deliveryTag, final LongArrayList into)
    {
        final long consumerId = consumer.hostConsumerId();
        if (0 != deliveryTag && 0 != consumerId)
        {
            into.addLong(consumerId);
            into.addLong(deliveryTag);
        }
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
        if (null != lentConsumer && lentMessage == message)
        {
            return true;
        }
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
        final DeliveredConsumer lent = lentConsumer;
        if (null != lent)
        {
            final JmsMessage message = redelivery(lent, lentMessage, lentEnvelope, lentOffset,
                null == lentEnvelope ? NO_ENVELOPE : lentLength, lentDeliveryTag, lentDeliveryCount);
            clearLent();
            lent.onRecovered(message);
        }
        for (int i = messages.size() - 1; i >= 0; i--)
        {
            final DeliveredConsumer consumer = consumers.get(i);
            consumer.onRecovered(redelivery(consumer, messages.get(i), envelopes, envelopeOffsets.getInt(i),
                envelopeLengths.getInt(i), deliveryTags.getLong(i), deliveryCounts.getInt(i)));
        }
        clear();
    }

    private JmsMessage redelivery(
        final DeliveredConsumer consumer, final JmsMessage delivered, final DirectBuffer envelopeBuffer,
        final int envelopeOffset, final int envelopeLength, final long deliveryTag, final int deliveryCount)
    {
        if (envelopeLength == NO_ENVELOPE)
        {
            delivered.setDeliveryCount(deliveryCount + 1);
            return delivered;
        }
        final byte[] envelope = new byte[envelopeLength];
        envelopeBuffer.getBytes(envelopeOffset, envelope);
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
        message.setDeliveryTag(deliveryTag);
        message.setDeliveryCount(deliveryCount + 1);
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
        return lentConsumer == consumer || consumers.contains(consumer);
    }
}
