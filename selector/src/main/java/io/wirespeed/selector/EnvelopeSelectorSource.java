package io.wirespeed.selector;

import io.wirespeed.codec.CorrelationIdKind;
import io.wirespeed.codec.EntriesReader;
import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeReader;

/**
 * A {@link SelectorSource} over an encoded envelope, read in place: properties are found by their UTF-8 names,
 * strings are compared as UTF-8 bytes, and nothing is allocated once warm. JMSMessageID is formatted, into a
 * reused buffer, only when a selector asks for it. JMSXDeliveryCount is read from the envelope's delivery count,
 * at least 1, as the consumer will show it.
 */
public final class EnvelopeSelectorSource extends SelectorSource
{
    private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();

    private final Utf8BufferText[] utf8Texts = {new Utf8BufferText(), new Utf8BufferText()};
    private final CharSequenceText persistent = new CharSequenceText().wrap("PERSISTENT");
    private final CharSequenceText nonPersistent = new CharSequenceText().wrap("NON_PERSISTENT");
    private final StringBuilder messageId = new StringBuilder(128);
    private final CharSequenceText messageIdText = new CharSequenceText().wrap(messageId);
    private EnvelopeReader reader;
    private boolean messageIdFormatted;

    /**
     * Shows an envelope to selectors.
     *
     * @param reader wrapped around the envelope; it must stay on that envelope while selectors evaluate.
     * @return this source.
     */
    public EnvelopeSelectorSource wrap(final EnvelopeReader reader)
    {
        this.reader = reader;
        messageIdFormatted = false;
        return this;
    }

    @Override
    int load(final Identifier identifier, final Operand operand)
    {
        final Header header = identifier.header();
        if (null == header)
        {
            return loadProperty(identifier, operand);
        }
        switch (header)
        {
            case DELIVERY_MODE:
                return operand.setString(0);
            case PRIORITY:
                return operand.setLong(reader.priority());
            case TIMESTAMP:
                return operand.setLong(reader.timestamp());
            case MESSAGE_ID:
                return reader.messageIdDisabled() ? Operand.NULL : operand.setString(0);
            case CORRELATION_ID:
                return CorrelationIdKind.NONE == reader.correlationIdKind() ? Operand.NULL : operand.setString(0);
            case TYPE:
                return reader.hasType() ? operand.setString(0) : Operand.NULL;
            default:
                return operand.setLong(Math.max(1, reader.deliveryCount()));
        }
    }

    @Override
    Text text(final Identifier identifier, final int handle, final int slot)
    {
        final Header header = identifier.header();
        if (null == header)
        {
            return utf8Texts[slot].wrap(reader.properties().data(handle));
        }
        switch (header)
        {
            case DELIVERY_MODE:
                return EnvelopeDescriptor.NON_PERSISTENT == reader.deliveryMode() ? nonPersistent : persistent;
            case MESSAGE_ID:
                return formattedMessageId();
            case CORRELATION_ID:
                return utf8Texts[slot].wrap(reader.correlationId());
            case TYPE:
                return utf8Texts[slot].wrap(reader.type());
            default:
                throw new IllegalStateException(header.fieldName() + " is not a string");
        }
    }

    private int loadProperty(final Identifier identifier, final Operand operand)
    {
        final EntriesReader properties = reader.properties();
        final int index = properties.indexOf(identifier.utf8Name(), 0, identifier.utf8NameLength());
        if (index < 0)
        {
            return Operand.NULL;
        }
        switch (properties.type(index))
        {
            case NULL:
                return Operand.NULL;
            case BOOLEAN:
                return operand.setBoolean(properties.booleanValue(index));
            case BYTE:
            case SHORT:
            case INT:
            case LONG:
                return operand.setLong(properties.longValue(index));
            case FLOAT:
                return operand.setFloat(properties.floatValue(index));
            case DOUBLE:
                return operand.setDouble(properties.doubleValue(index));
            case STRING:
                return operand.setString(index);
            default:
                return Operand.OTHER;
        }
    }

    /**
     * Formats JMSMessageID as {@code io.wirespeed.jms.wire.ConnectionId} does:
     * {@code ID:<high as 16 hex digits>-<low in hex>:<session>:<producer>:<sequence>}.
     */
    private Text formattedMessageId()
    {
        if (!messageIdFormatted)
        {
            final StringBuilder id = messageId;
            id.setLength(0);
            id.append("ID:");
            appendHex(id, reader.connectionIdHigh(), 16);
            id.append('-');
            appendHex(id, reader.connectionIdLow(), 1);
            id.append(':').append(reader.sessionId()).append(':').append(reader.producerId()).append(':')
                .append(reader.sequence());
            messageIdFormatted = true;
        }
        return messageIdText;
    }

    private static void appendHex(final StringBuilder builder, final long value, final int minimumDigits)
    {
        int digits = 16;
        while (digits > minimumDigits && 0 == ((value >>> ((digits - 1) * 4)) & 0xF))
        {
            digits--;
        }
        for (int i = digits - 1; i >= 0; i--)
        {
            builder.append(HEX_DIGITS[(int)((value >>> (i * 4)) & 0xF)]);
        }
    }
}
