package io.wirespeed.jms.selector;

import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;
import javax.jms.Message;

import io.wirespeed.selector.SelectableMessage;

/**
 * A JMS message as a selector reads it through {@link io.wirespeed.selector.ObjectSelectorSource}: any provider's
 * message, read through the {@link Message} interface.
 */
final class MessageFields implements SelectableMessage
{
    private final Message message;

    MessageFields(final Message message)
    {
        this.message = message;
    }

    @Override
    public Object property(final String name)
    {
        try
        {
            return message.getObjectProperty(name);
        }
        catch (final JMSException ex)
        {
            throw unreadable(name, ex);
        }
    }

    @Override
    public boolean persistent()
    {
        try
        {
            return DeliveryMode.NON_PERSISTENT != message.getJMSDeliveryMode();
        }
        catch (final JMSException ex)
        {
            throw unreadable("JMSDeliveryMode", ex);
        }
    }

    @Override
    public int priority()
    {
        try
        {
            return message.getJMSPriority();
        }
        catch (final JMSException ex)
        {
            throw unreadable("JMSPriority", ex);
        }
    }

    @Override
    public long timestamp()
    {
        try
        {
            return message.getJMSTimestamp();
        }
        catch (final JMSException ex)
        {
            throw unreadable("JMSTimestamp", ex);
        }
    }

    @Override
    public String messageId()
    {
        try
        {
            return message.getJMSMessageID();
        }
        catch (final JMSException ex)
        {
            throw unreadable("JMSMessageID", ex);
        }
    }

    @Override
    public String correlationId()
    {
        try
        {
            return message.getJMSCorrelationID();
        }
        catch (final JMSException ex)
        {
            throw unreadable("JMSCorrelationID", ex);
        }
    }

    @Override
    public String type()
    {
        try
        {
            return message.getJMSType();
        }
        catch (final JMSException ex)
        {
            throw unreadable("JMSType", ex);
        }
    }

    private static JMSRuntimeException unreadable(final String name, final JMSException cause)
    {
        return new JMSRuntimeException("cannot read " + name + " of the message for its selector: " +
            cause.getMessage(), cause.getErrorCode(), cause);
    }
}
