package io.wirespeed.jms.message;

import java.io.Serializable;

import javax.jms.JMSException;
import javax.jms.MessageFormatException;
import javax.jms.ObjectMessage;

/**
 * An {@link ObjectMessage} holding its object in serialized form: {@code setObject} serializes a copy at once,
 * and each {@code getObject} deserializes a new copy, so the application never shares state with the message.
 * A received body is untrusted: it deserializes only the classes its {@link DeserializationPolicy} allows, within
 * its limits; a body the application set itself reads back whatever its classes.
 */
public class JmsObjectMessage extends JmsMessage implements ObjectMessage
{
    private byte[] serialized;
    private boolean received;
    private DeserializationPolicy policy;

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
        received = false;
    }

    /**
     * {@inheritDoc}
     * <p>
     * A received body deserializes only as far as the {@link DeserializationPolicy} allows.
     *
     * @throws MessageFormatException naming the refused class or limit and the setting that allows it.
     */
    @Override
    public Serializable getObject() throws JMSException
    {
        if (null == serialized)
        {
            return null;
        }
        return ObjectSerialization.deserialize(serialized, received ? policy() : null);
    }

    /**
     * Sets which classes a received body may deserialize, for decoders that know the connection's policy.
     *
     * @param policy the policy; null for the one of the system properties.
     */
    public void deserializationPolicy(final DeserializationPolicy policy)
    {
        this.policy = policy;
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
     * Sets the received serialized object ignoring the read-only state, taking ownership of the array, for
     * decoders: from now on it is deserialized only as far as the {@link DeserializationPolicy} allows.
     *
     * @param serialized Java serialization bytes, not copied; null for no object.
     */
    public void setSerializedObjectUnchecked(final byte[] serialized)
    {
        this.serialized = serialized;
        this.received = true;
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
     * Never deserializes: reads the class named at the head of the serialized body and answers false when the
     * {@link DeserializationPolicy} refuses it or it cannot be loaded. A received graph that holds a refused class
     * further in is still refused by {@code getBody}.
     */
    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c) throws JMSException
    {
        if (null == serialized)
        {
            return true;
        }
        final String className = SerializedClassName.of(serialized);
        if (null == className || received && !policy().allows(className))
        {
            return false;
        }
        try
        {
            return c.isAssignableFrom(Class.forName(className, false, classLoader()));
        }
        catch (final ClassNotFoundException | LinkageError ex)
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
        copy.received = received;
        copy.policy = policy;
        return copy;
    }

    @Override
    protected void doClearBody()
    {
        serialized = null;
        received = false;
    }

    private DeserializationPolicy policy()
    {
        if (null == policy)
        {
            policy = DeserializationPolicy.fromSystemProperties();
        }
        return policy;
    }

    private static ClassLoader classLoader()
    {
        final ClassLoader context = Thread.currentThread().getContextClassLoader();
        return null == context ? JmsObjectMessage.class.getClassLoader() : context;
    }
}
