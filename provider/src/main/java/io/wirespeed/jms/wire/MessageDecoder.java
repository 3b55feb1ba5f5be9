package io.wirespeed.jms.wire;

import javax.jms.Destination;

import org.agrona.DirectBuffer;

import io.wirespeed.codec.BodyType;
import io.wirespeed.codec.BytesView;
import io.wirespeed.codec.CorrelationIdKind;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EntriesReader;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.MalformedEnvelopeException;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.JmsQueue;
import io.wirespeed.jms.destination.JmsTemporaryQueue;
import io.wirespeed.jms.destination.JmsTemporaryTopic;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.jms.message.DeserializationPolicy;
import io.wirespeed.jms.message.JmsBytesMessage;
import io.wirespeed.jms.message.JmsMapMessage;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.message.JmsObjectMessage;
import io.wirespeed.jms.message.JmsStreamMessage;
import io.wirespeed.jms.message.JmsTextMessage;
import io.wirespeed.jms.message.TypedValueTable;
import io.wirespeed.jms.message.ValueType;

/**
 * Reads SBE envelopes for one consumer: first in place, to decide without allocating whether the
 * consumer wants the message (destination, origin, expiration), then into a message object — a
 * new one, or in the opt-in reuse mode one kept per body type. One per consumer; not thread safe.
 */
public final class MessageDecoder
{
    private final EnvelopeReader reader = new EnvelopeReader();
    private final StringCache strings = new StringCache();
    private final JmsMessage[] reusable = new JmsMessage[BodyType.values().length];
    private String lastError;
    private long prefixHigh;
    private long prefixLow;
    private int prefixSession = -1;
    private int prefixProducer = -1;
    private String prefix;
    private JmsDestination consumerDestination;
    private boolean consumerDestinationMatched;
    private JmsDestination lastReplyTo;
    private JmsDestination lastDestination;
    private boolean reusing;
    private final DeserializationPolicy deserializationPolicy;

    /**
     * A decoder whose ObjectMessage bodies deserialize what the system properties allow, for tools and tests.
     */
    public MessageDecoder()
    {
        this(DeserializationPolicy.fromSystemProperties());
    }

    /**
     * A decoder for the consumers of one connection.
     *
     * @param deserializationPolicy which classes the ObjectMessage bodies it decodes may deserialize.
     */
    public MessageDecoder(final DeserializationPolicy deserializationPolicy)
    {
        this.deserializationPolicy = deserializationPolicy;
    }

    /**
     * Wraps an envelope and checks its structure.
     *
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     * @return false if it is malformed; {@link #lastError()} says why.
     */
    public boolean wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            reader.wrap(buffer, offset, length);
            return true;
        }
        catch (final MalformedEnvelopeException ex)
        {
            lastError = ex.getMessage();
            return false;
        }
    }

    /**
     * Wraps an envelope whose bytes were validated before (by the topic stream that read them, which copied them
     * for this consumer), without validating them again. Bytes nobody has validated go through {@link #wrap}.
     *
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     */
    public void wrapValidated(final DirectBuffer buffer, final int offset, final int length)
    {
        reader.wrapValidated(buffer, offset, length);
    }

    /** @return the reader over the last wrapped envelope, for evaluating selectors in place. */
    public EnvelopeReader reader()
    {
        return reader;
    }

    /** @return why the last {@link #wrap} failed. */
    public String lastError()
    {
        return lastError;
    }

    /**
     * Whether the wrapped envelope is addressed to a destination: same kind and name. Filters out
     * other destinations whose names hash to the same stream.
     *
     * @param destination the consumer's destination.
     * @return true if addressed to it.
     */
    public boolean isFor(final JmsDestination destination)
    {
        return reader.destinationKind() == destination.kind() &&
            reader.destinationName().contentEquals(destination.utf8Name());
    }

    /**
     * Whether the wrapped envelope was sent by a connection.
     *
     * @param connectionId the connection.
     * @return true if it sent it.
     */
    public boolean isFrom(final ConnectionId connectionId)
    {
        return connectionId.matches(reader.connectionIdHigh(), reader.connectionIdLow());
    }

    /** @return the number of the session that sent the wrapped envelope. */
    public int sessionId()
    {
        return reader.sessionId();
    }

    /** @return the wrapped envelope's JMSExpiration; 0 for never. */
    public long expiration()
    {
        return reader.expiration();
    }

    /** @return the wrapped envelope's JMSDeliveryTime. */
    public long deliveryTime()
    {
        return reader.deliveryTime();
    }

    /** @return the wrapped envelope's JMSTimestamp; 0 when the sender disabled timestamps. */
    public long timestamp()
    {
        return reader.timestamp();
    }

    /**
     * Sets the destination that decoded messages name when the envelope names it, so that no
     * destination object is made per message.
     *
     * @param destination the consumer's destination.
     */
    public void consumerDestination(final JmsDestination destination)
    {
        consumerDestination(destination, false);
    }

    /**
     * Sets the destination that decoded messages name when the envelope names it, so that no destination object is
     * made per message; where every envelope this decoder decodes names it (its source compared kind and name before
     * handing the envelope out), the name is not compared again.
     *
     * @param destination the consumer's destination.
     * @param matched     whether every envelope decoded names that destination.
     */
    public void consumerDestination(final JmsDestination destination, final boolean matched)
    {
        this.consumerDestination = destination;
        this.consumerDestinationMatched = matched;
    }

    /**
     * Decodes the wrapped envelope into a new message.
     *
     * @return the message, not yet dispatched.
     */
    public JmsMessage decode()
    {
        final JmsMessage message = newMessage(reader.bodyType());
        fill(message);
        return message;
    }

    /**
     * Decodes the wrapped envelope into the message object kept for its body type, overwriting
     * what that object held: valid until the next decode. String property values come from the
     * decoder's string cache, so a value seen before allocates nothing.
     *
     * @return the reused message, not yet dispatched.
     */
    public JmsMessage decodeReused()
    {
        final BodyType type = reader.bodyType();
        JmsMessage message = reusable[type.ordinal()];
        if (message == null)
        {
            message = newMessage(type);
            reusable[type.ordinal()] = message;
        }
        else
        {
            message.clearAll();
        }
        reusing = true;
        try
        {
            fill(message);
        }
        finally
        {
            reusing = false;
        }
        return message;
    }

    private static JmsMessage newMessage(final BodyType type)
    {
        return switch (type)
        {
            case BYTES -> new JmsBytesMessage();
            case TEXT -> new JmsTextMessage();
            case MAP -> new JmsMapMessage();
            case STREAM -> new JmsStreamMessage();
            case OBJECT -> new JmsObjectMessage();
            default -> new JmsMessage();
        };
    }

    private void fill(final JmsMessage message)
    {
        if (reader.messageIdDisabled())
        {
            message.clearMessageId();
        }
        else
        {
            message.setMessageId(prefix(), reader.sequence());
        }
        message.setJMSTimestamp(reader.timestamp());
        message.setJMSExpiration(reader.expiration());
        message.setJMSDeliveryTime(reader.deliveryTime());
        message.setJMSPriority(reader.priority());
        message.setJMSDeliveryMode(reader.deliveryMode());
        message.setJMSRedelivered(reader.redelivered());
        message.setJMSDestination(destination(reader.destinationKind(), reader.destinationName(), false));
        message.setJMSReplyTo(destination(reader.replyToKind(), reader.replyToName(), true));
        message.setJMSType(reader.hasType() ? strings.get(reader.type()) : null);
        final CorrelationIdKind correlationKind = reader.correlationIdKind();
        if (correlationKind == CorrelationIdKind.STRING)
        {
            message.setJMSCorrelationID(reader.correlationId().asString());
        }
        else if (correlationKind == CorrelationIdKind.BYTES)
        {
            message.setRawCorrelationIdBytes(reader.correlationId().toByteArray());
        }
        readEntries(reader.properties(), message.properties().values(), true);
        message.setDeliveryCount(Math.max(1, reader.deliveryCount()));
        fillBody(message);
    }

    private void fillBody(final JmsMessage message)
    {
        if (message instanceof JmsBytesMessage)
        {
            final BytesView body = reader.body();
            body.getBytes(((JmsBytesMessage)message).prepareBody(body.length()), 0);
        }
        else if (message instanceof JmsTextMessage)
        {
            ((JmsTextMessage)message).setTextUnchecked(reader.isBodyNull() ? null : reader.body().asString());
        }
        else if (message instanceof JmsObjectMessage)
        {
            final JmsObjectMessage objectMessage = (JmsObjectMessage)message;
            objectMessage.setSerializedObjectUnchecked(reader.isBodyNull() ? null : reader.body().toByteArray());
            objectMessage.deserializationPolicy(deserializationPolicy);
        }
        else if (message instanceof JmsMapMessage)
        {
            readEntries(reader.bodyEntries(), ((JmsMapMessage)message).entries(), true);
        }
        else if (message instanceof JmsStreamMessage)
        {
            readEntries(reader.bodyEntries(), ((JmsStreamMessage)message).fields(), false);
        }
    }

    private void readEntries(final EntriesReader entries, final TypedValueTable table, final boolean named)
    {
        for (int i = 0, count = entries.count(); i < count; i++)
        {
            final int slot = table.append(named ? strings.get(entries.name(i)) : null);
            final ValueType type = ValueType.of(entries.type(i));
            switch (type)
            {
                case STRING ->
                    table.setString(slot, reusing ? strings.get(entries.data(i)) : entries.data(i).asString());
                case BYTES ->
                {
                    final byte[] bytes = entries.data(i).toByteArray();
                    table.setBytes(slot, bytes, 0, bytes.length);
                }
                case FLOAT -> table.setBits(slot, type, Float.floatToRawIntBits(entries.floatValue(i)) & 0xFFFF_FFFFL);
                case DOUBLE -> table.setBits(slot, type, Double.doubleToRawLongBits(entries.doubleValue(i)));
                case CHAR -> table.setBits(slot, type, entries.charValue(i));
                case BOOLEAN -> table.setBits(slot, type, entries.booleanValue(i) ? 1 : 0);
                default -> table.setBits(slot, type, type == ValueType.NULL ? 0 : entries.rawValue(i));
            }
        }
    }

    private Destination destination(final DestinationKind kind, final BytesView name, final boolean replyTo)
    {
        if (kind == DestinationKind.NONE)
        {
            return null;
        }
        if (!replyTo && consumerDestinationMatched)
        {
            return consumerDestination;
        }
        final JmsDestination known = replyTo ? lastReplyTo : consumerDestination;
        if (known != null && known.kind() == kind && name.contentEquals(known.utf8Name()))
        {
            return known;
        }
        if (!replyTo && lastDestination != null && lastDestination.kind() == kind &&
            name.contentEquals(lastDestination.utf8Name()))
        {
            return lastDestination;
        }
        final String text = strings.get(name);
        final JmsDestination made = switch (kind)
        {
            case QUEUE -> new JmsQueue(text);
            case TEMPORARY_QUEUE -> new JmsTemporaryQueue(text, null);
            case TEMPORARY_TOPIC -> new JmsTemporaryTopic(text, null);
            default -> new JmsTopic(text);
        };
        if (replyTo)
        {
            lastReplyTo = made;
        }
        else
        {
            lastDestination = made;
        }
        return made;
    }

    private String prefix()
    {
        final long high = reader.connectionIdHigh();
        final long low = reader.connectionIdLow();
        final int session = reader.sessionId();
        final int producer = reader.producerId();
        if (prefix == null || high != prefixHigh || low != prefixLow || session != prefixSession ||
            producer != prefixProducer)
        {
            prefixHigh = high;
            prefixLow = low;
            prefixSession = session;
            prefixProducer = producer;
            prefix = ConnectionId.messageIdPrefix(high, low, session, producer);
        }
        return prefix;
    }
}
