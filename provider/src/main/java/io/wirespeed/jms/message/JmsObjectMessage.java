package io.wirespeed.jms.message;

import java.io.Serializable;

import javax.jms.JMSException;
import javax.jms.MessageFormatException;
import javax.jms.ObjectMessage;

/**
 * An {@link ObjectMessage} holding its object in serialized form: {@code setObject} serializes a copy at once,
 * and each {@code getObject} deserializes a new copy, so the application never shares state with the message.
 */
public class JmsObjectMessage extends JmsMessage implements ObjectMessage
{
    private byte[] serialized;

    @Override
    public JmsMessageType messageType()
    {
        return JmsMessageType.OBJECT;
    }

    @Override
    public void setObject(final Serializable object) throws JMSException
    {
        checkBodyWritable();
        serialized = null == object ? null : ObjectSerialization.serialize(object);
    }

    @Override
    public Serializable getObject() throws JMSException
    {
        return null == serialized ? null : ObjectSerialization.deserialize(serialized);
    }

    /**
     * The serialized object, for encoders; callers must not modify it.
     *
     * @return the Java serialization bytes, or null when the message has no object.
     */
    public byte[] serializedObject()
    {
        return serialized;
    }

    /**
     * Sets the serialized object ignoring the read-only state, taking ownership of the array, for decoders.
     *
     * @param serialized Java serialization bytes, not copied; null for no object.
     */
    public void setSerializedObjectUnchecked(final byte[] serialized)
    {
        this.serialized = serialized;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Returns a new deserialized copy, or null when there is no object.
     */
    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        final Serializable object = getObject();
        if (null == object)
        {
            return null;
        }
        if (!c.isInstance(object))
        {
            throw JmsMessageExceptions.format(
                "The body of this ObjectMessage is a " + object.getClass().getName() + " and cannot be returned as " +
                c.getName() + "; ask for a type it is assignable to, such as Serializable.class", null);
        }
        return c.cast(object);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Deserializes the body to find its class; false when that fails.
     */
    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c) throws JMSException
    {
        if (null == serialized)
        {
            return true;
        }
        try
        {
            return c.isInstance(ObjectSerialization.deserialize(serialized));
        }
        catch (final MessageFormatException ex)
        {
            return false;
        }
    }

    @Override
    public JmsObjectMessage copy()
    {
        final JmsObjectMessage copy = new JmsObjectMessage();
        copyTo(copy);
        copy.serialized = serialized;
        return copy;
    }

    @Override
    protected void doClearBody()
    {
        serialized = null;
    }
}
