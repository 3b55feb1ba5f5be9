package io.wirespeed.jms;

import java.io.Serializable;
import java.util.Map;
import java.util.Set;

import javax.jms.BytesMessage;
import javax.jms.CompletionListener;
import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.InvalidDestinationRuntimeException;
import javax.jms.JMSException;
import javax.jms.JMSProducer;
import javax.jms.JMSRuntimeException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageFormatRuntimeException;
import javax.jms.MessageProducer;
import javax.jms.Session;

import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.message.JmsBytesMessage;
import io.wirespeed.jms.message.JmsMessageProperties;
import io.wirespeed.jms.send.ProducerHeaders;
import io.wirespeed.jms.send.ProducerProperties;
import io.wirespeed.jms.send.SendArguments;

/**
 * The simplified API's producer: send options, headers and properties kept here and applied to each message sent
 * through the anonymous {@link MessageProducer} its {@link JmsContext} shares among all its producers.
 * <p>
 * Properties follow the same name rules and conversion table as message properties. Like the context's session,
 * a producer is used by one thread at a time.
 */
public final class JmsProducer implements JMSProducer
{
    private final Session session;
    private final MessageProducer producer;
    private final ProducerProperties properties = new ProducerProperties();
    private final ProducerHeaders headers = new ProducerHeaders();

    private CompletionListener completionListener;
    private boolean disableMessageId;
    private boolean disableMessageTimestamp;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private int priority = Message.DEFAULT_PRIORITY;
    private long timeToLive = Message.DEFAULT_TIME_TO_LIVE;
    private long deliveryDelay = Message.DEFAULT_DELIVERY_DELAY;

    JmsProducer(final Session session, final MessageProducer producer)
    {
        this.session = session;
        this.producer = producer;
    }

    /**
     * {@inheritDoc}
     * <p>
     * The producer's properties, correlation id, type and reply-to, where set, replace the message's own.
     */
    @Override
    public JMSProducer send(final Destination destination, final Message message)
    {
        requireDestination(destination);
        if (null == message)
        {
            throw new MessageFormatRuntimeException("Cannot send a null message; create one from the JMSContext");
        }
        try
        {
            sendMessage(destination, message);
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer send(final Destination destination, final String body)
    {
        return send(destination, () -> session.createTextMessage(body));
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer send(final Destination destination, final Map<String, Object> body)
    {
        return send(
            destination,
            () ->
            {
                final MapMessage message = session.createMapMessage();
                if (null != body)
                {
                    for (final Map.Entry<String, Object> entry : body.entrySet())
                    {
                        message.setObject(entry.getKey(), entry.getValue());
                    }
                }
                return message;
            });
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer send(final Destination destination, final byte[] body)
    {
        return send(
            destination,
            () ->
            {
                final BytesMessage message = session.createBytesMessage();
                if (null != body && null == completionListener && message instanceof JmsBytesMessage bytes)
                {
                    // encoded before send returns: the caller's array is the body, not a copy of it
                    bytes.wrapBody(body);
                }
                else if (null != body)
                {
                    message.writeBytes(body);
                }
                return message;
            });
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer send(final Destination destination, final Serializable body)
    {
        return send(destination, () -> session.createObjectMessage(body));
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setDisableMessageID(final boolean value)
    {
        disableMessageId = value;
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public boolean getDisableMessageID()
    {
        return disableMessageId;
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setDisableMessageTimestamp(final boolean value)
    {
        disableMessageTimestamp = value;
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public boolean getDisableMessageTimestamp()
    {
        return disableMessageTimestamp;
    }

    /** {@inheritDoc} Any other value than PERSISTENT or NON_PERSISTENT throws {@link JMSRuntimeException}. */
    @Override
    public JMSProducer setDeliveryMode(final int deliveryMode)
    {
        try
        {
            SendArguments.checkDeliveryMode(deliveryMode);
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
        this.deliveryMode = deliveryMode;
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public int getDeliveryMode()
    {
        return deliveryMode;
    }

    /** {@inheritDoc} A priority outside 0 to 9 throws {@link JMSRuntimeException}. */
    @Override
    public JMSProducer setPriority(final int priority)
    {
        try
        {
            SendArguments.checkPriority(priority);
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
        this.priority = priority;
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public int getPriority()
    {
        return priority;
    }

    /** {@inheritDoc} A negative value throws {@link JMSRuntimeException}. */
    @Override
    public JMSProducer setTimeToLive(final long timeToLive)
    {
        try
        {
            SendArguments.checkTimeToLive(timeToLive);
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
        this.timeToLive = timeToLive;
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public long getTimeToLive()
    {
        return timeToLive;
    }

    /** {@inheritDoc} A negative value throws {@link JMSRuntimeException}. */
    @Override
    public JMSProducer setDeliveryDelay(final long deliveryDelay)
    {
        try
        {
            SendArguments.checkDeliveryDelay(deliveryDelay);
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
        this.deliveryDelay = deliveryDelay;
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public long getDeliveryDelay()
    {
        return deliveryDelay;
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setAsync(final CompletionListener completionListener)
    {
        this.completionListener = completionListener;
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public CompletionListener getAsync()
    {
        return completionListener;
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setProperty(final String name, final boolean value)
    {
        return setProperty(name, (Object)value);
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setProperty(final String name, final byte value)
    {
        return setProperty(name, (Object)value);
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setProperty(final String name, final short value)
    {
        return setProperty(name, (Object)value);
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setProperty(final String name, final int value)
    {
        return setProperty(name, (Object)value);
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setProperty(final String name, final long value)
    {
        return setProperty(name, (Object)value);
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setProperty(final String name, final float value)
    {
        return setProperty(name, (Object)value);
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setProperty(final String name, final double value)
    {
        return setProperty(name, (Object)value);
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setProperty(final String name, final String value)
    {
        return setProperty(name, (Object)value);
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setProperty(final String name, final Object value)
    {
        properties.set(name, value);
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer clearProperties()
    {
        properties.clear();
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public boolean propertyExists(final String name)
    {
        return properties.exists(name);
    }

    /** {@inheritDoc} */
    @Override
    public boolean getBooleanProperty(final String name)
    {
        return properties.read(JmsMessageProperties::getBoolean, name);
    }

    /** {@inheritDoc} */
    @Override
    public byte getByteProperty(final String name)
    {
        return properties.read(JmsMessageProperties::getByte, name);
    }

    /** {@inheritDoc} */
    @Override
    public short getShortProperty(final String name)
    {
        return properties.read(JmsMessageProperties::getShort, name);
    }

    /** {@inheritDoc} */
    @Override
    public int getIntProperty(final String name)
    {
        return properties.read(JmsMessageProperties::getInt, name);
    }

    /** {@inheritDoc} */
    @Override
    public long getLongProperty(final String name)
    {
        return properties.read(JmsMessageProperties::getLong, name);
    }

    /** {@inheritDoc} */
    @Override
    public float getFloatProperty(final String name)
    {
        return properties.read(JmsMessageProperties::getFloat, name);
    }

    /** {@inheritDoc} */
    @Override
    public double getDoubleProperty(final String name)
    {
        return properties.read(JmsMessageProperties::getDouble, name);
    }

    /** {@inheritDoc} */
    @Override
    public String getStringProperty(final String name)
    {
        return properties.read(JmsMessageProperties::getString, name);
    }

    /** {@inheritDoc} */
    @Override
    public Object getObjectProperty(final String name)
    {
        return properties.get(name);
    }

    /** {@inheritDoc} */
    @Override
    public Set<String> getPropertyNames()
    {
        return properties.names();
    }

    /** {@inheritDoc} Replaces a correlation id set as a String. */
    @Override
    public JMSProducer setJMSCorrelationIDAsBytes(final byte[] correlationID)
    {
        headers.correlationIdAsBytes(correlationID);
        return this;
    }

    /** {@inheritDoc} A correlation id set as a String reads back as its UTF-8 bytes. */
    @Override
    public byte[] getJMSCorrelationIDAsBytes()
    {
        return headers.correlationIdAsBytes();
    }

    /** {@inheritDoc} Replaces a correlation id set as bytes. */
    @Override
    public JMSProducer setJMSCorrelationID(final String correlationID)
    {
        headers.correlationId(correlationID);
        return this;
    }

    /** {@inheritDoc} A correlation id set as bytes reads back decoded as UTF-8. */
    @Override
    public String getJMSCorrelationID()
    {
        return headers.correlationId();
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setJMSType(final String type)
    {
        headers.type(type);
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public String getJMSType()
    {
        return headers.type();
    }

    /** {@inheritDoc} */
    @Override
    public JMSProducer setJMSReplyTo(final Destination replyTo)
    {
        headers.replyTo(replyTo);
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public Destination getJMSReplyTo()
    {
        return headers.replyTo();
    }

    private JMSProducer send(final Destination destination, final BodyWriter writer)
    {
        requireDestination(destination);
        try
        {
            sendMessage(destination, writer.newMessage());
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
        return this;
    }

    private static void requireDestination(final Destination destination)
    {
        if (null == destination)
        {
            throw new InvalidDestinationRuntimeException(
                "Cannot send to a null destination; pass a Queue or Topic from the JMSContext");
        }
    }

    private void sendMessage(final Destination destination, final Message message) throws JMSException
    {
        properties.applyTo(message);
        headers.applyTo(message);

        producer.setDisableMessageID(disableMessageId);
        producer.setDisableMessageTimestamp(disableMessageTimestamp);
        producer.setDeliveryDelay(deliveryDelay);
        if (null == completionListener)
        {
            producer.send(destination, message, deliveryMode, priority, timeToLive);
        }
        else
        {
            producer.send(destination, message, deliveryMode, priority, timeToLive, completionListener);
        }
    }

    /**
     * Creates a message from the session and writes a body into it.
     */
    @FunctionalInterface
    private interface BodyWriter
    {
        Message newMessage() throws JMSException;
    }
}
