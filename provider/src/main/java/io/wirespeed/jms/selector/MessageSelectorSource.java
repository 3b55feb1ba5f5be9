package io.wirespeed.jms.selector;

import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;
import javax.jms.Message;

/**
 * A {@link SelectorSource} over a message object, any provider's, read through the {@link Message} interface
 * (for queue browsing and redelivery, where a message object already exists). May allocate, as the message's
 * getters do.
 */
public final class MessageSelectorSource extends SelectorSource
{
    private final CharSequenceText[] texts = {new CharSequenceText(), new CharSequenceText()};
    private Message message;

    /**
     * Shows a message to selectors.
     *
     * @param message to test.
     * @return this source.
     */
    public MessageSelectorSource wrap(final Message message)
    {
        this.message = message;
        return this;
    }

    @Override
    int load(final Identifier identifier, final Operand operand)
    {
        final Header header = identifier.header();
        try
        {
            if (null == header || Header.DELIVERY_COUNT == header)
            {
                return loadProperty(message.getObjectProperty(identifier.name()), operand);
            }
            switch (header)
            {
                case DELIVERY_MODE:
                    return operand.setString(0);
                case PRIORITY:
                    return operand.setLong(message.getJMSPriority());
                case TIMESTAMP:
                    return operand.setLong(message.getJMSTimestamp());
                default:
                    return null == headerString(header) ? Operand.NULL : operand.setString(0);
            }
        }
        catch (final JMSException ex)
        {
            throw unreadable(identifier, ex);
        }
    }

    @Override
    Text text(final Identifier identifier, final int handle, final int slot)
    {
        final Header header = identifier.header();
        try
        {
            final Object value = null == header ?
                message.getObjectProperty(identifier.name()) : headerString(header);
            return texts[slot].wrap((String)value);
        }
        catch (final JMSException ex)
        {
            throw unreadable(identifier, ex);
        }
    }

    private String headerString(final Header header) throws JMSException
    {
        switch (header)
        {
            case DELIVERY_MODE:
                return DeliveryMode.NON_PERSISTENT == message.getJMSDeliveryMode() ? "NON_PERSISTENT" : "PERSISTENT";
            case MESSAGE_ID:
                return message.getJMSMessageID();
            case CORRELATION_ID:
                return message.getJMSCorrelationID();
            case TYPE:
                return message.getJMSType();
            default:
                throw new IllegalStateException(header.fieldName() + " is not a string");
        }
    }

    private static int loadProperty(final Object value, final Operand operand)
    {
        if (null == value)
        {
            return Operand.NULL;
        }
        if (value instanceof String)
        {
            return operand.setString(0);
        }
        if (value instanceof Boolean)
        {
            return operand.setBoolean((Boolean)value);
        }
        if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long)
        {
            return operand.setLong(((Number)value).longValue());
        }
        if (value instanceof Float)
        {
            return operand.setFloat((Float)value);
        }
        if (value instanceof Double)
        {
            return operand.setDouble((Double)value);
        }
        return Operand.OTHER;
    }

    private static JMSRuntimeException unreadable(final Identifier identifier, final JMSException cause)
    {
        return new JMSRuntimeException("cannot read " + identifier.name() + " of the message for its selector: " +
            cause.getMessage(), cause.getErrorCode(), cause);
    }
}
