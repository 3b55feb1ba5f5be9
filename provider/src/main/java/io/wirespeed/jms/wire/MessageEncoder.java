package io.wirespeed.jms.wire;

import javax.jms.DeliveryMode;
import javax.jms.Destination;

import org.agrona.MutableDirectBuffer;

import io.wirespeed.codec.BodyType;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EntriesWriter;
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
import io.wirespeed.jms.meta.ConnectionId;

/**
 * Writes a Wirespeed message as an SBE envelope into a buffer, in place. The JMS layer's side of
 * the codec: nothing else in the provider touches envelope bytes on the way out. Allocates nothing
 * once warm. One per session; not thread safe.
 */
public final class MessageEncoder
{
    private final EnvelopeWriter writer = new EnvelopeWriter();

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
        final EnvelopeWriter writer = this.writer.wrap(buffer, offset);
        writer.messageId(connectionId.high(), connectionId.low(), sessionId, producerId, message.messageIdSequence())
            .messageIdDisabled(message.messageIdPrefix() == null)
            .timestamp(message.getJMSTimestamp())
            .expiration(message.getJMSExpiration())
            .deliveryTime(message.getJMSDeliveryTime())
            .priority(message.getJMSPriority())
            .deliveryMode(message.getJMSDeliveryMode() == DeliveryMode.NON_PERSISTENT ?
                DeliveryMode.NON_PERSISTENT : DeliveryMode.PERSISTENT)
            .deliveryCount(message.deliveryCount())
            .redelivered(message.getJMSRedelivered());

        writeEntries(message.properties().values(), writer.properties(), true);
        if (message instanceof JmsMapMessage)
        {
            writeEntries(((JmsMapMessage)message).entries(), writer.bodyEntries(BodyType.MAP), false);
        }
        else if (message instanceof JmsStreamMessage)
        {
            writeEntries(((JmsStreamMessage)message).fields(), writer.bodyEntries(BodyType.STREAM), false);
        }

        writeDestination(message.getJMSDestination(), true);
        writeDestination(message.getJMSReplyTo(), false);
        writer.type(message.getJMSType());
        final byte[] correlationBytes = message.rawCorrelationIdBytes();
        if (correlationBytes != null)
        {
            writer.correlationIdBytes(correlationBytes, 0, correlationBytes.length);
        }
        else
        {
            writer.correlationId(message.getJMSCorrelationID());
        }
        writeBody(message);
        return writer.finish();
    }

    private void writeDestination(final Destination destination, final boolean isDestination)
    {
        final DestinationKind kind;
        final String name;
        if (destination instanceof JmsDestination)
        {
            kind = ((JmsDestination)destination).kind();
            name = ((JmsDestination)destination).name();
        }
        else
        {
            kind = DestinationKind.NONE;
            name = null;
        }
        if (isDestination)
        {
            writer.destination(kind, name);
        }
        else
        {
            writer.replyTo(kind, name);
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
