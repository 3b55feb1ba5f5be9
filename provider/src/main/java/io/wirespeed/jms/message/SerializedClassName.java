package io.wirespeed.jms.message;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.ObjectStreamConstants;

/**
 * Reads the class name of the object at the head of a Java serialization stream without deserializing anything,
 * so that a received ObjectMessage can say what its body is before the policy lets it be read.
 */
final class SerializedClassName
{
    private SerializedClassName()
    {
    }

    /**
     * The class of the top-level object of a serialized body.
     *
     * @param serialized the Java serialization bytes.
     * @return the class name as {@link Class#getName()} gives it, or null when the stream does not start with an
     * object, array, enum constant or string of a named class (a proxy, null, corrupt data).
     */
    static String of(final byte[] serialized)
    {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized)))
        {
            if (in.readShort() != ObjectStreamConstants.STREAM_MAGIC ||
                in.readShort() != ObjectStreamConstants.STREAM_VERSION)
            {
                return null;
            }
            byte tag = in.readByte();
            while (tag == ObjectStreamConstants.TC_RESET)
            {
                tag = in.readByte();
            }
            switch (tag)
            {
                case ObjectStreamConstants.TC_STRING:
                case ObjectStreamConstants.TC_LONGSTRING:
                    return String.class.getName();
                case ObjectStreamConstants.TC_OBJECT:
                case ObjectStreamConstants.TC_ARRAY:
                case ObjectStreamConstants.TC_ENUM:
                    return in.readByte() == ObjectStreamConstants.TC_CLASSDESC ? in.readUTF() : null;
                default:
                    return null;
            }
        }
        catch (final IOException ex)
        {
            return null;
        }
    }
}
