package io.wirespeed.jms.wire;

import javax.jms.DeliveryMode;
import javax.jms.Destination;

import org.agrona.MutableDirectBuffer;

import io.wirespeed.codec.BodyType;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EntriesWriter;
import io.wirespeed.codec.EnvelopeLength;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.message.JmsBytesMessage;
import io.wirespeed.jms.message.JmsMapMessage;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.message.JmsObjectMessage;
import io.wirespeed.jms.message.JmsStreamMessage;
import io.wirespeed.jms.message.JmsTextMessage;
import io.wirespeed.jms.message.PropertyNames;
import io.wirespeed.jms.message.TypedValueTable;

/**
 * Writes a Wirespeed message as an SBE envelope into a buffer, in place. The JMS layer's side of
 * the codec: nothing else in the provider touches envelope bytes on the way out. Allocates nothing
 * once warm. One per session; not thread safe.
 */
public final class MessageEncoder
{
    private final EnvelopeWriter writer = new EnvelopeWriter();
    private final EnvelopeLength length = new EnvelopeLength();

    /**
     * The exact length {@link #encode} will write for a message, without writing it: what a publication's claim
     * takes before the envelope is written straight into it. Checks nothing; encode refuses what does not fit.
     *
     * @param message the stamped message.
     * @return the envelope's length in bytes.
     */
    public int encodedLength(final JmsMessage message)
    {
        final byte[] correlationBytes = message.rawCorrelationIdBytes();
        final String correlationId = null == correlationBytes ? message.getJMSCorrelationID() : null;
        final EnvelopeLength length = isCompact(message, correlationBytes, correlationId) ? this.length.compact() :
            this.length.full();
        measureEntries(message.properties().values(), true);
        if (message instanceof JmsMapMessage)
        {
            measureEntries(((JmsMapMessage)message).entries(), false);
        }
        else if (message instanceof JmsStreamMessage)
        {
            measureEntries(((JmsStreamMessage)message).fields(), false);
        }
        final Destination destination = message.getJMSDestination();
        length.bytes(destination instanceof JmsDestination ? ((JmsDestination)destination).utf8Name().length() : 0)
            .text(nameOf(message.getJMSReplyTo()))
            .text(message.getJMSType()).text(correlationId)
            .bytes(null == correlationBytes ? 0 : correlationBytes.length);
        if (message instanceof JmsBytesMessage)
        {
            length.bytes(((JmsBytesMessage)message).bodyLength());
        }
        else if (message instanceof JmsTextMessage)
        {
            length.text(((JmsTextMessage)message).getText());
        }
        else if (message instanceof JmsObjectMessage)
        {
            final byte[] serialized = ((JmsObjectMessage)message).serializedObject();
            length.bytes(null == serialized ? 0 : serialized.length);
        }
        return length.length();
    }

    /**
     * Encodes a message.
     *
     * @param message      the stamped message.
     * @param connectionId the sending connection.
     * @param sessionId    the sending session's number.
     * @param producerId   the sending producer's number.
     * @param buffer       where to write; an expandable buffer grows as needed.
     * @param offset       where the envelope starts.
     * @return the envelope's length in bytes.
     */
    public int encode(
        final JmsMessage message,
        final ConnectionId connectionId,
        final int sessionId,
        final int producerId,
        final MutableDirectBuffer buffer,
        final int offset)
    {
        final byte[] correlationBytes = message.rawCorrelationIdBytes();
        final String correlationId = null == correlationBytes ? message.getJMSCorrelationID() : null;
        final boolean compact = isCompact(message, correlationBytes, correlationId);
        final EnvelopeWriter writer = compact ? this.writer.wrapCompact(buffer, offset) :
            this.writer.wrap(buffer, offset);
        final boolean timestampDisabled = compact && isTimestampDisabled(message);
        writer.messageId(connectionId.high(), connectionId.low(), sessionId, producerId, message.messageIdSequence())
            .messageIdDisabled(message.messageIdPrefix() == null)
            .timestamp(timestampDisabled ? message.sendTime() : message.getJMSTimestamp())
            .timestampDisabled(timestampDisabled)
            .priority(message.getJMSPriority())
            .deliveryMode(message.getJMSDeliveryMode() == DeliveryMode.NON_PERSISTENT ?
                DeliveryMode.NON_PERSISTENT : DeliveryMode.PERSISTENT)
            .redelivered(message.getJMSRedelivered());
        if (!compact)
        {
            writer.expiration(message.getJMSExpiration())
                .deliveryTime(message.getJMSDeliveryTime())
                .deliveryCount(message.deliveryCount());
        }

        writeEntries(message.properties().values(), writer.properties(), true);
        if (message instanceof JmsMapMessage)
        {
            writeEntries(((JmsMapMessage)message).entries(), writer.bodyEntries(BodyType.MAP), false);
        }
        else if (message instanceof JmsStreamMessage)
        {
            writeEntries(((JmsStreamMessage)message).fields(), writer.bodyEntries(BodyType.STREAM), false);
        }

        writeDestination(message.getJMSDestination());
        if (!compact)
        {
            writeReplyTo(message.getJMSReplyTo());
            writer.type(message.getJMSType());
            if (correlationBytes != null)
            {
                writer.correlationIdBytes(correlationBytes, 0, correlationBytes.length);
            }
            else
            {
                writer.correlationId(correlationId);
            }
        }
        writeBody(message);
        return writer.finish();
    }

    /**
     * Whether the message's rare headers are at their defaults, so that the compact envelope carries it: no
     * expiration, reply-to, JMSType or correlation id, no delivery delay (a delivery time that is the send time), a
     * first delivery, no MAP or STREAM body.
     */
    private static boolean isCompact(
        final JmsMessage message, final byte[] correlationBytes, final String correlationId)
    {
        return message.getJMSExpiration() == 0 &&
            message.getJMSDeliveryTime() ==
                (isTimestampDisabled(message) ? message.sendTime() : message.getJMSTimestamp()) &&
            message.deliveryCount() <= 1 &&
            null == message.getJMSReplyTo() &&
            null == message.getJMSType() &&
            null == correlationBytes && null == correlationId &&
            !(message instanceof JmsMapMessage) && !(message instanceof JmsStreamMessage);
    }

    /** Whether the producer disabled timestamps on a message it sent: JMSTimestamp 0, a send time kept apart. */
    private static boolean isTimestampDisabled(final JmsMessage message)
    {
        return 0 == message.getJMSTimestamp() && 0 != message.sendTime();
    }

    private void writeDestination(final Destination destination)
    {
        if (destination instanceof JmsDestination)
        {
            final JmsDestination jmsDestination = (JmsDestination)destination;
            writer.topicHash(jmsDestination.topicHash()).destination(jmsDestination.kind(), jmsDestination.utf8Name());
        }
        else
        {
            writer.destination(DestinationKind.NONE, (CharSequence)null);
        }
    }

    private void writeReplyTo(final Destination replyTo)
    {
        if (replyTo instanceof JmsDestination)
        {
            writer.replyTo(((JmsDestination)replyTo).kind(), ((JmsDestination)replyTo).name());
        }
        else
        {
            writer.replyTo(DestinationKind.NONE, null);
        }
    }

    private void writeBody(final JmsMessage message)
    {
        if (message instanceof JmsBytesMessage)
        {
            final JmsBytesMessage bytes = (JmsBytesMessage)message;
            writer.bytesBody(bytes.bodyBuffer(), 0, bytes.bodyLength());
        }
        else if (message instanceof JmsTextMessage)
        {
            writer.textBody(((JmsTextMessage)message).getText());
        }
        else if (message instanceof JmsObjectMessage)
        {
            final byte[] serialized = ((JmsObjectMessage)message).serializedObject();
            writer.objectBody(serialized, 0, serialized == null ? 0 : serialized.length);
        }
    }

    /** Adds a table's entries to the length, as {@link #writeEntries} writes them. */
    private void measureEntries(final TypedValueTable table, final boolean properties)
    {
        for (int i = 0, size = table.size(); i < size; i++)
        {
            final String name = table.name(i);
            if (properties && PropertyNames.JMSX_DELIVERY_COUNT.equals(name))
            {
                continue;
            }
            switch (table.type(i))
            {
                case STRING -> length.stringEntry(name, (String)table.object(i));
                case BYTES -> length.bytesEntry(name, ((byte[])table.object(i)).length);
                default -> length.entry(name);
            }
        }
    }

    private static String nameOf(final Destination destination)
    {
        return destination instanceof JmsDestination ? ((JmsDestination)destination).name() : null;
    }

    /**
     * Writes a table's entries; for properties, JMSXDeliveryCount is left out because the envelope's header carries
     * it (the decoder sets the property from there).
     */
    private static void writeEntries(final TypedValueTable table, final EntriesWriter entries, final boolean properties)
    {
        for (int i = 0, size = table.size(); i < size; i++)
        {
            final String name = table.name(i);
            if (properties && PropertyNames.JMSX_DELIVERY_COUNT.equals(name))
            {
                continue;
            }
            final long bits = table.longBits(i);
            switch (table.type(i))
            {
                case NULL -> entries.nullValue(name);
                case BOOLEAN -> entries.booleanValue(name, bits != 0);
                case BYTE -> entries.byteValue(name, (byte)bits);
                case SHORT -> entries.shortValue(name, (short)bits);
                case CHAR -> entries.charValue(name, (char)bits);
                case INT -> entries.intValue(name, (int)bits);
                case LONG -> entries.longValue(name, bits);
                case FLOAT -> entries.floatValue(name, table.floatValue(i));
                case DOUBLE -> entries.doubleValue(name, table.doubleValue(i));
                case STRING -> entries.stringValue(name, (String)table.object(i));
                case BYTES ->
                {
                    final byte[] value = (byte[])table.object(i);
                    entries.bytesValue(name, value, 0, value.length);
                }
                default -> throw new IllegalStateException("unknown value type " + table.type(i));
            }
        }
    }
}
