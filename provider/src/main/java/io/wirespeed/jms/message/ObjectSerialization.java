package io.wirespeed.jms.message;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

import javax.jms.MessageFormatException;

/**
 * Java serialization of ObjectMessage bodies, in one place so that a class-loading restriction (an
 * {@link java.io.ObjectInputFilter} or a trusted-packages list) can be added where every deserialization passes.
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
     * Deserializes a new object from its serialized form.
     *
     * @param serialized the bytes from {@link #serialize(Serializable)}.
     * @return a new object equal in state to the one serialized.
     * @throws MessageFormatException when the bytes cannot be deserialized (unknown class, corrupt data).
     */
    public static Serializable deserialize(final byte[] serialized) throws MessageFormatException
    {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serialized)))
        {
            return (Serializable)in.readObject();
        }
        catch (final IOException | ClassNotFoundException | ClassCastException ex)
        {
            throw JmsMessageExceptions.format(
                "ObjectMessage cannot deserialize its body: " + ex +
                "; the receiving application needs the sender's classes on its class path", ex);
        }
    }
}
