package io.wirespeed.jms.message;

import java.util.Enumeration;

import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageNotWriteableException;

/**
 * A {@link Message} without body, and the properties and state every message type shares (received or new,
 * read-only or writable, acknowledgement); the headers live in {@link JmsMessageHeaders}.
 * <p>
 * One object may be sent many times: a producer re-stamps the id ({@link #setMessageId(String, long)}), timestamp
 * and other headers on each send without allocating. A received message is made read-only by
 * {@link #onDispatch()}. Interface methods follow the {@link Message} contract; the methods without a JMS
 * counterpart are the provider's.
 */
public class JmsMessage extends JmsMessageHeaders
{
    private final JmsMessageProperties properties = new JmsMessageProperties();
    private long deliveryTag;

    private boolean readOnlyBody;
    private JmsAcknowledgeCallback acknowledgeCallback;
    private byte[] receivedEnvelope;

    /**
     * The kind of body, for encoders.
     *
     * @return {@link JmsMessageType#MESSAGE} here; each subclass returns its own.
     */
    public JmsMessageType messageType()
    {
        return JmsMessageType.MESSAGE;
    }

    /**
     * Sets JMSXDeliveryCount (an int property, bypassing the read-only state) and JMSRedelivered (count above 1),
     * as the provider does on receive.
     *
     * @param count the delivery attempt, 1 for the first.
     */
    public void setDeliveryCount(final int count)
    {
        properties.values().putInt(PropertyNames.JMSX_DELIVERY_COUNT, count);
        setJMSRedelivered(count > 1);
    }

    /**
     * The JMSXDeliveryCount property as the provider set it.
     *
     * @return the count, or 0 when not set as an int.
     */
    public int deliveryCount()
    {
        final TypedValueTable values = properties.values();
        final int slot = values.indexOf(PropertyNames.JMSX_DELIVERY_COUNT);
        return slot >= 0 && values.type(slot) == ValueType.INT ? (int)values.longBits(slot) : 0;
    }

    /**
     * The property set, for encoders (iterate {@link JmsMessageProperties#values()}) and decoders (put values
     * there, bypassing the read-only state and name checks, without boxing).
     *
     * @return the properties of this message.
     */
    public JmsMessageProperties properties()
    {
        return properties;
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

    /**
     * Sets the session's acknowledgement for this received message; null makes {@link #acknowledge()} a no-op.
     *
     * @param callback the session's callback, or null.
     */
    public void setAcknowledgeCallback(final JmsAcknowledgeCallback callback)
    {
        this.acknowledgeCallback = callback;
    }

    /**
     * The callback {@link #acknowledge()} delegates to.
     *
     * @return the callback, or null.
     */
    public JmsAcknowledgeCallback acknowledgeCallback()
    {
        return acknowledgeCallback;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Does nothing for a message that was not received through a client-acknowledge session.
     */
    @Override
    public void acknowledge() throws JMSException
    {
        final JmsAcknowledgeCallback callback = acknowledgeCallback;
        if (null != callback)
        {
            callback.acknowledge(this);
        }
    }

    @Override
    public void clearBody() throws JMSException
    {
        readOnlyBody = false;
        doClearBody();
    }

    /**
     * {@inheritDoc}
     * <p>
     * A message without body returns null for any type.
     */
    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        return null;
    }

    /**
     * {@inheritDoc}
     * <p>
     * A message without body is assignable to any type.
     */
    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c) throws JMSException
    {
        return true;
    }

    /**
     * Whether the body is read-only: a received Text, Map or Object message, or a Bytes or Stream message after
     * {@code reset()}.
     *
     * @return true when body writes throw {@link MessageNotWriteableException}.
     */
    public boolean isReadOnlyBody()
    {
        return readOnlyBody;
    }

    /**
     * Sets the body's read-only state without repositioning; {@link #onDispatch()} is the usual way in.
     *
     * @param readOnlyBody the new state.
     */
    public void setReadOnlyBody(final boolean readOnlyBody)
    {
        this.readOnlyBody = readOnlyBody;
    }

    /**
     * Makes body and properties read-only (true) or writable (false), as for a received or a new message.
     *
     * @param readOnly the new state of both.
     */
    public void setReadOnly(final boolean readOnly)
    {
        this.readOnlyBody = readOnly;
        properties.setReadOnly(readOnly);
    }

    /**
     * Prepares a decoded message for the application: body and properties read-only, Bytes and Stream bodies
     * positioned at their start for reading.
     */
    public void onDispatch()
    {
        setReadOnly(true);
        resetBodyPosition();
    }

    /**
     * Prepares a sent message for the CompletionListener of an asynchronous send: Bytes and Stream bodies are
     * reset (read-only, at their start) as the specification asks; other messages are unchanged.
     */
    public void onAsyncSendComplete()
    {
    }

    /**
     * The id under which the provider delivered this message (a queue host's delivery id), used to
     * acknowledge it; 0 for messages that need no acknowledgement on the wire.
     *
     * @return the delivery tag.
     */
    public long deliveryTag()
    {
        return deliveryTag;
    }

    /**
     * Sets the provider's delivery id, for decoders.
     *
     * @param deliveryTag the delivery tag.
     */
    public void setDeliveryTag(final long deliveryTag)
    {
        this.deliveryTag = deliveryTag;
    }

    /**
     * The envelope this received message was decoded from, kept for a message that waits in the provider before
     * it is delivered (a redelivery, a delayed message), so that the session can deliver it again as it arrived
     * whatever the application does with this object.
     *
     * @return the envelope, not to be modified, or null when the provider keeps none for this object.
     */
    public byte[] receivedEnvelope()
    {
        return receivedEnvelope;
    }

    /**
     * Keeps the envelope this message was decoded from, for decoders and redelivery.
     *
     * @param envelope the envelope, owned by this message from now on; null keeps none.
     */
    public void receivedEnvelope(final byte[] envelope)
    {
        this.receivedEnvelope = envelope;
    }

    /**
     * Returns this message to the state of a new one (default headers, no properties, empty writable body, no
     * acknowledge callback) keeping its storage, for decoders that reuse one message object.
     */
    public void clearAll()
    {
        deliveryTag = 0;
        clearHeaders();
        acknowledgeCallback = null;
        receivedEnvelope = null;
        properties.clear();
        readOnlyBody = false;
        doClearBody();
    }

    /**
     * An independent copy (headers, properties, body, read-only states, acknowledge callback), for handing one
     * received message to several consumers.
     *
     * @return a new message of the same type.
     */
    public JmsMessage copy()
    {
        final JmsMessage copy = new JmsMessage();
        copyTo(copy);
        return copy;
    }

    /**
     * Copies everything but the body into another message; subclasses call it from {@link #copy()}.
     *
     * @param target the message to fill.
     */
    protected final void copyTo(final JmsMessage target)
    {
        copyHeadersTo(target);
        target.readOnlyBody = readOnlyBody;
        target.acknowledgeCallback = acknowledgeCallback;
        target.deliveryTag = deliveryTag;
        target.receivedEnvelope = receivedEnvelope;
        target.properties.copyFrom(properties);
    }

    /** Empties the body storage; the read-only flag is already cleared. Subclasses with a body override it. */
    protected void doClearBody()
    {
    }

    /** Positions a Bytes or Stream body at its start for reading; other bodies have no position. */
    protected void resetBodyPosition()
    {
    }

    /**
     * Throws unless the body may be written.
     *
     * @throws MessageNotWriteableException when the body is read-only.
     */
    protected final void checkBodyWritable() throws MessageNotWriteableException
    {
        if (readOnlyBody)
        {
            throw JmsMessageExceptions.bodyReadOnly(messageType().interfaceName());
        }
    }

    @Override
    public String toString()
    {
        return getClass().getSimpleName() + "[id=" + getJMSMessageID() + ", destination=" + getJMSDestination() +
            ", deliveryMode=" + (DeliveryMode.PERSISTENT == getJMSDeliveryMode() ? "PERSISTENT" : "NON_PERSISTENT") +
            ", properties=" + properties.values().size() + "]";
    }
}
