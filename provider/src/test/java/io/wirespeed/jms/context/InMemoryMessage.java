package io.wirespeed.jms.context;

import java.nio.charset.StandardCharsets;
import java.util.Enumeration;

import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;

import io.wirespeed.jms.message.JmsMessageProperties;

/**
 * A plain {@link Message} for {@link InMemoryConnection}: headers in fields, properties in a
 * {@link JmsMessageProperties}, and a record of acknowledgements. Subclasses add the bodies.
 */
class InMemoryMessage implements Message
{
    private final JmsMessageProperties properties = new JmsMessageProperties();
    private InMemorySession receivedBy;
    private int acknowledgements;

    private String messageId;
    private long timestamp;
    private String correlationId;
    private byte[] correlationIdBytes;
    private Destination replyTo;
    private Destination destination;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private boolean redelivered;
    private String type;
    private long expiration;
    private long deliveryTime;
    private int priority = DEFAULT_PRIORITY;

    /**
     * A copy for delivery, its properties read-only, as a received message has.
     *
     * @param session the session that receives the copy.
     * @return the copy.
     */
    InMemoryMessage copyFor(final InMemorySession session)
    {
        final InMemoryMessage copy = bodyCopy();
        copyHeadersTo(copy);
        copy.properties.copyFrom(properties);
        copy.properties.setReadOnly(true);
        copy.receivedBy = session;
        return copy;
    }

    InMemoryMessage bodyCopy()
    {
        return new InMemoryMessage();
    }

    int acknowledgements()
    {
        return acknowledgements;
    }

    private void copyHeadersTo(final InMemoryMessage copy)
    {
        copy.messageId = messageId;
        copy.timestamp = timestamp;
        copy.correlationId = correlationId;
        copy.correlationIdBytes = correlationIdBytes;
        copy.replyTo = replyTo;
        copy.destination = destination;
        copy.deliveryMode = deliveryMode;
        copy.redelivered = redelivered;
        copy.type = type;
        copy.expiration = expiration;
        copy.deliveryTime = deliveryTime;
        copy.priority = priority;
    }

    @Override
    public String getJMSMessageID()
    {
        return messageId;
    }

    @Override
    public void setJMSMessageID(final String id)
    {
        messageId = id;
    }

    @Override
    public long getJMSTimestamp()
    {
        return timestamp;
    }

    @Override
    public void setJMSTimestamp(final long timestamp)
    {
        this.timestamp = timestamp;
    }

    @Override
    public byte[] getJMSCorrelationIDAsBytes()
    {
        return null != correlationIdBytes ? correlationIdBytes.clone() :
            null == correlationId ? null : correlationId.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void setJMSCorrelationIDAsBytes(final byte[] correlationID)
    {
        correlationIdBytes = correlationID.clone();
        correlationId = null;
    }

    @Override
    public void setJMSCorrelationID(final String correlationID)
    {
        correlationId = correlationID;
        correlationIdBytes = null;
    }

    @Override
    public String getJMSCorrelationID()
    {
        return null != correlationIdBytes ? new String(correlationIdBytes, StandardCharsets.UTF_8) : correlationId;
    }

    @Override
    public Destination getJMSReplyTo()
    {
        return replyTo;
    }

    @Override
    public void setJMSReplyTo(final Destination replyTo)
    {
        this.replyTo = replyTo;
    }

    @Override
    public Destination getJMSDestination()
    {
        return destination;
    }

    @Override
    public void setJMSDestination(final Destination destination)
    {
        this.destination = destination;
    }

    @Override
    public int getJMSDeliveryMode()
    {
        return deliveryMode;
    }

    @Override
    public void setJMSDeliveryMode(final int deliveryMode)
    {
        this.deliveryMode = deliveryMode;
    }

    @Override
    public boolean getJMSRedelivered()
    {
        return redelivered;
    }

    @Override
    public void setJMSRedelivered(final boolean redelivered)
    {
        this.redelivered = redelivered;
    }

    @Override
    public String getJMSType()
    {
        return type;
    }

    @Override
    public void setJMSType(final String type)
    {
        this.type = type;
    }

    @Override
    public long getJMSExpiration()
    {
        return expiration;
    }

    @Override
    public void setJMSExpiration(final long expiration)
    {
        this.expiration = expiration;
    }

    @Override
    public long getJMSDeliveryTime()
    {
        return deliveryTime;
    }

    @Override
    public void setJMSDeliveryTime(final long deliveryTime)
    {
        this.deliveryTime = deliveryTime;
    }

    @Override
    public int getJMSPriority()
    {
        return priority;
    }

    @Override
    public void setJMSPriority(final int priority)
    {
        this.priority = priority;
    }

    @Override
    public void clearProperties()
    {
        properties.clear();
    }

    @Override
    public boolean propertyExists(final String name)
    {
        return properties.exists(name);
    }

    @Override
    public boolean getBooleanProperty(final String name) throws JMSException
    {
        return properties.getBoolean(name);
    }

    @Override
    public byte getByteProperty(final String name) throws JMSException
    {
        return properties.getByte(name);
    }

    @Override
    public short getShortProperty(final String name) throws JMSException
    {
        return properties.getShort(name);
    }

    @Override
    public int getIntProperty(final String name) throws JMSException
    {
        return properties.getInt(name);
    }

    @Override
    public long getLongProperty(final String name) throws JMSException
    {
        return properties.getLong(name);
    }

    @Override
    public float getFloatProperty(final String name) throws JMSException
    {
        return properties.getFloat(name);
    }

    @Override
    public double getDoubleProperty(final String name) throws JMSException
    {
        return properties.getDouble(name);
    }

    @Override
    public String getStringProperty(final String name) throws JMSException
    {
        return properties.getString(name);
    }

    @Override
    public Object getObjectProperty(final String name)
    {
        return properties.getObject(name);
    }

    @Override
    public Enumeration<String> getPropertyNames()
    {
        return properties.names();
    }

    @Override
    public void setBooleanProperty(final String name, final boolean value) throws JMSException
    {
        properties.setBoolean(name, value);
    }

    @Override
    public void setByteProperty(final String name, final byte value) throws JMSException
    {
        properties.setByte(name, value);
    }

    @Override
    public void setShortProperty(final String name, final short value) throws JMSException
    {
        properties.setShort(name, value);
    }

    @Override
    public void setIntProperty(final String name, final int value) throws JMSException
    {
        properties.setInt(name, value);
    }

    @Override
    public void setLongProperty(final String name, final long value) throws JMSException
    {
        properties.setLong(name, value);
    }

    @Override
    public void setFloatProperty(final String name, final float value) throws JMSException
    {
        properties.setFloat(name, value);
    }

    @Override
    public void setDoubleProperty(final String name, final double value) throws JMSException
    {
        properties.setDouble(name, value);
    }

    @Override
    public void setStringProperty(final String name, final String value) throws JMSException
    {
        properties.setString(name, value);
    }

    @Override
    public void setObjectProperty(final String name, final Object value) throws JMSException
    {
        properties.setObject(name, value);
    }

    @Override
    public void acknowledge() throws JMSException
    {
        if (null != receivedBy)
        {
            receivedBy.acknowledge(this);
            acknowledgements++;
        }
    }

    @Override
    public void clearBody() throws JMSException
    {
    }

    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        return null;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return true;
    }
}
