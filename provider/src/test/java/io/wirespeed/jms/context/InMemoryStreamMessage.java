package io.wirespeed.jms.context;

import java.util.ArrayList;
import java.util.List;

import javax.jms.MessageEOFException;
import javax.jms.StreamMessage;

/**
 * A {@link StreamMessage} for {@link InMemoryConnection}: a list of the values written, read back in order
 * without the conversion table, which these tests do not exercise.
 */
final class InMemoryStreamMessage extends InMemoryMessage implements StreamMessage
{
    private final List<Object> values = new ArrayList<>();
    private int next;

    @Override
    InMemoryMessage bodyCopy()
    {
        final InMemoryStreamMessage copy = new InMemoryStreamMessage();
        copy.values.addAll(values);
        return copy;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return false;
    }

    @Override
    public void clearBody()
    {
        values.clear();
        next = 0;
    }

    @Override
    public void reset()
    {
        next = 0;
    }

    @Override
    public Object readObject() throws MessageEOFException
    {
        if (next >= values.size())
        {
            throw new MessageEOFException("end of StreamMessage body");
        }
        return values.get(next++);
    }

    @Override
    public boolean readBoolean() throws MessageEOFException
    {
        return (Boolean)readObject();
    }

    @Override
    public byte readByte() throws MessageEOFException
    {
        return (Byte)readObject();
    }

    @Override
    public short readShort() throws MessageEOFException
    {
        return (Short)readObject();
    }

    @Override
    public char readChar() throws MessageEOFException
    {
        return (Character)readObject();
    }

    @Override
    public int readInt() throws MessageEOFException
    {
        return (Integer)readObject();
    }

    @Override
    public long readLong() throws MessageEOFException
    {
        return (Long)readObject();
    }

    @Override
    public float readFloat() throws MessageEOFException
    {
        return (Float)readObject();
    }

    @Override
    public double readDouble() throws MessageEOFException
    {
        return (Double)readObject();
    }

    @Override
    public String readString() throws MessageEOFException
    {
        return (String)readObject();
    }

    @Override
    public int readBytes(final byte[] value) throws MessageEOFException
    {
        final byte[] bytes = (byte[])readObject();
        System.arraycopy(bytes, 0, value, 0, bytes.length);
        return bytes.length;
    }

    @Override
    public void writeObject(final Object value)
    {
        values.add(value);
    }

    @Override
    public void writeBoolean(final boolean value)
    {
        values.add(value);
    }

    @Override
    public void writeByte(final byte value)
    {
        values.add(value);
    }

    @Override
    public void writeShort(final short value)
    {
        values.add(value);
    }

    @Override
    public void writeChar(final char value)
    {
        values.add(value);
    }

    @Override
    public void writeInt(final int value)
    {
        values.add(value);
    }

    @Override
    public void writeLong(final long value)
    {
        values.add(value);
    }

    @Override
    public void writeFloat(final float value)
    {
        values.add(value);
    }

    @Override
    public void writeDouble(final double value)
    {
        values.add(value);
    }

    @Override
    public void writeString(final String value)
    {
        values.add(value);
    }

    @Override
    public void writeBytes(final byte[] value)
    {
        values.add(value.clone());
    }

    @Override
    public void writeBytes(final byte[] value, final int offset, final int length)
    {
        final byte[] copy = new byte[length];
        System.arraycopy(value, offset, copy, 0, length);
        values.add(copy);
    }
}
