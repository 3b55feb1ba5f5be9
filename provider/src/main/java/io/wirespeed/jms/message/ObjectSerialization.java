package io.wirespeed.jms.message;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

import javax.jms.MessageFormatException;

/**
 * Java serialization of ObjectMessage bodies, in one place: every deserialization passes here, and that of a
 * received body through the {@link DeserializationPolicy}'s filter.
 */
public final class ObjectSerialization
{
    private ObjectSerialization()
    {
    }

    /**
     * Serializes an object into a new byte array.
     *
     * @param value the object, not null.
     * @return its serialized form.
     * @throws MessageFormatException when the object graph cannot be serialized.
     */
    public static byte[] serialize(final Serializable value) throws MessageFormatException
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            out.writeObject(value);
        }
        catch (final IOException ex)
        {
            throw JmsMessageExceptions.format(
                "ObjectMessage cannot serialize the " + value.getClass().getName() + " given to setObject: " + ex +
                "; every object it references must be Serializable", ex);
        }
        return bytes.toByteArray();
    }

    /**
     * Deserializes a new object from the serialized form the application itself gave, any class allowed.
     *
     * @param serialized the bytes from {@link #serialize(Serializable)}.
     * @return a new object equal in state to the one serialized.
     * @throws MessageFormatException when the bytes cannot be deserialized (unknown class, corrupt data).
     */
    public static Serializable deserialize(final byte[] serialized) throws MessageFormatException
    {
        return deserialize(serialized, null);
    }

    /**
     * Deserializes a new object from a received body, only as far as the policy allows.
     *
     * @param serialized the bytes as received.
     * @param policy the classes and limits allowed; null allows any class (the application's own body).
     * @return a new object equal in state to the one serialized.
     * @throws MessageFormatException naming the refused class or limit and the setting that allows it, or saying
     * why the bytes cannot be deserialized.
     */
    public static Serializable deserialize(final byte[] serialized, final DeserializationPolicy policy)
        throws MessageFormatException
    {
        final ReceivedBodyFilter filter = null == policy ? null : new ReceivedBodyFilter(policy, serialized.length);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serialized)))
        {
            if (null != filter)
            {
                in.setObjectInputFilter(filter);
            }
            return (Serializable)in.readObject();
        }
        catch (final IOException | ClassNotFoundException | ClassCastException ex)
        {
            if (null != filter && null != filter.refusal())
            {
                throw JmsMessageExceptions.format(filter.refusal(), ex);
            }
            throw JmsMessageExceptions.format(
                "ObjectMessage cannot deserialize its body: " + ex +
                "; the receiving application needs the sender's classes on its class path", ex);
        }
    }
}
