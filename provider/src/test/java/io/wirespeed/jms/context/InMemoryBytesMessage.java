package io.wirespeed.jms.context;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.MessageEOFException;
import javax.jms.MessageFormatException;

/**
 * A {@link BytesMessage} for {@link InMemoryConnection} over Java data streams: write-only until {@link #reset()},
 * which a delivered copy has already had.
 */
final class InMemoryBytesMessage extends InMemoryMessage implements BytesMessage
{
    private ByteArrayOutputStream written = new ByteArrayOutputStream();
    private DataOutputStream out = new DataOutputStream(written);
    private byte[] body;
    private DataInputStream in;

    @Override
    InMemoryMessage bodyCopy()
    {
        final InMemoryBytesMessage copy = new InMemoryBytesMessage();
        copy.body = null != body ? body : written.toByteArray();
        copy.reset();
        return copy;
    }

    @Override
    public void clearBody()
    {
        written = new ByteArrayOutputStream();
        out = new DataOutputStream(written);
        body = null;
        in = null;
    }

    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        final byte[] bytes = null != body ? body : written.toByteArray();
        if (0 == bytes.length)
        {
            return null;
        }
        if (!c.isAssignableFrom(byte[].class))
        {
            throw new MessageFormatException("A BytesMessage body cannot be read as " + c.getName());
        }
        return c.cast(bytes.clone());
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return c.isAssignableFrom(byte[].class);
    }

    @Override
    public long getBodyLength()
    {
        return null != body ? body.length : written.size();
    }

    @Override
    public void reset()
    {
        if (null == body)
        {
            body = written.toByteArray();
        }
        in = new DataInputStream(new ByteArrayInputStream(body));
    }

    @Override
    public boolean readBoolean() throws JMSException
    {
        return read(DataInputStream::readBoolean);
    }

    @Override
    public byte readByte() throws JMSException
    {
        return read(DataInputStream::readByte);
    }

    @Override
    public int readUnsignedByte() throws JMSException
    {
        return read(DataInputStream::readUnsignedByte);
    }

    @Override
    public short readShort() throws JMSException
    {
        return read(DataInputStream::readShort);
    }

    @Override
    public int readUnsignedShort() throws JMSException
    {
        return read(DataInputStream::readUnsignedShort);
    }

    @Override
    public char readChar() throws JMSException
    {
        return read(DataInputStream::readChar);
    }

    @Override
    public int readInt() throws JMSException
    {
        return read(DataInputStream::readInt);
    }

    @Override
    public long readLong() throws JMSException
    {
        return read(DataInputStream::readLong);
    }

    @Override
    public float readFloat() throws JMSException
    {
        return read(DataInputStream::readFloat);
    }

    @Override
    public double readDouble() throws JMSException
    {
        return read(DataInputStream::readDouble);
    }

    @Override
    public String readUTF() throws JMSException
    {
        return read(s -> s.readUTF());
    }

    @Override
    public int readBytes(final byte[] value) throws JMSException
    {
        return readBytes(value, value.length);
    }

    @Override
    public int readBytes(final byte[] value, final int length) throws JMSException
    {
        final int count = read(s -> s.read(value, 0, length));
        return Math.max(count, -1);
    }

    @Override
    public void writeBoolean(final boolean value) throws JMSException
    {
        write(o -> o.writeBoolean(value));
    }

    @Override
    public void writeByte(final byte value) throws JMSException
    {
        write(o -> o.writeByte(value));
    }

    @Override
    public void writeShort(final short value) throws JMSException
    {
        write(o -> o.writeShort(value));
    }

    @Override
    public void writeChar(final char value) throws JMSException
    {
        write(o -> o.writeChar(value));
    }

    @Override
    public void writeInt(final int value) throws JMSException
    {
        write(o -> o.writeInt(value));
    }

    @Override
    public void writeLong(final long value) throws JMSException
    {
        write(o -> o.writeLong(value));
    }

    @Override
    public void writeFloat(final float value) throws JMSException
    {
        write(o -> o.writeFloat(value));
    }

    @Override
    public void writeDouble(final double value) throws JMSException
    {
        write(o -> o.writeDouble(value));
    }

    @Override
    public void writeUTF(final String value) throws JMSException
    {
        write(o -> o.writeUTF(value));
    }

    @Override
    public void writeBytes(final byte[] value) throws JMSException
    {
        write(o -> o.write(value));
    }

    @Override
    public void writeBytes(final byte[] value, final int offset, final int length) throws JMSException
    {
        write(o -> o.write(value, offset, length));
    }

    @Override
    public void writeObject(final Object value) throws JMSException
    {
        if (value instanceof byte[])
        {
            writeBytes((byte[])value);
        }
        else
        {
            throw new MessageFormatException("This test BytesMessage writes only byte[] objects");
        }
    }

    private <T> T read(final Reader<T> reader) throws JMSException
    {
        if (null == in)
        {
            reset();
        }
        try
        {
            return reader.read(in);
        }
        catch (final EOFException ex)
        {
            throw new MessageEOFException("end of BytesMessage body");
        }
        catch (final IOException ex)
        {
            throw new JMSException(ex.toString());
        }
    }

    private void write(final Writer writer) throws JMSException
    {
        try
        {
            writer.write(out);
        }
        catch (final IOException ex)
        {
            throw new JMSException(ex.toString());
        }
    }

    private interface Reader<T>
    {
        T read(DataInputStream in) throws IOException;
    }

    private interface Writer
    {
        void write(DataOutputStream out) throws IOException;
    }
}
