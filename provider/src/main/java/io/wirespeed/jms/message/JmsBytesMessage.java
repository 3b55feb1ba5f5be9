package io.wirespeed.jms.message;

import java.util.Arrays;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.MessageNotReadableException;

/**
 * A {@link BytesMessage} over a growable byte array that is reused across sends: {@code clearBody()} keeps its
 * capacity, so writing a body of the same size again allocates nothing.
 * <p>
 * Values are big-endian, as {@link java.io.DataOutputStream} writes them. The body is write-only until
 * {@link #reset()}, read-only after it; a received message is read-only and positioned at its start.
 */
public class JmsBytesMessage extends JmsMessage implements BytesMessage
{
    private static final byte[] EMPTY = new byte[0];
    private static final int MIN_CAPACITY = 64;

    private byte[] buffer = EMPTY;
    private int length;
    private int position;

    @Override
    public JmsMessageType messageType()
    {
        return JmsMessageType.BYTES;
    }

    /**
     * The body storage, for encoders: bytes [0, {@link #bodyLength()}) are the body, in either mode.
     *
     * @return the internal array, not a copy; valid until the next write or {@link #prepareBody(int)}.
     */
    public byte[] bodyBuffer()
    {
        return buffer;
    }

    /**
     * The number of body bytes, in either mode, for encoders.
     *
     * @return the body length.
     */
    public int bodyLength()
    {
        return length;
    }

    /**
     * Sizes the body for a decoder to fill, ignoring the read-only state: afterwards {@link #bodyBuffer()} holds
     * at least {@code length} bytes (old contents undefined) and the body is {@code length} bytes long.
     *
     * @param length the body length to decode.
     * @return the array to copy the body into, at offset 0.
     */
    public byte[] prepareBody(final int length)
    {
        ensureCapacity(length);
        this.length = length;
        this.position = 0;
        return buffer;
    }

    /**
     * Makes an array the body without copying it, for a send that encodes the message before it returns
     * ({@code JMSProducer.send(Destination, byte[])} without a completion listener): the caller must not change the
     * array while the message is in use. The message stays writable, as a new one is.
     *
     * @param body the body bytes, all of them.
     */
    public void wrapBody(final byte[] body)
    {
        buffer = body;
        length = body.length;
        position = body.length;
    }

    @Override
    public long getBodyLength() throws JMSException
    {
        checkReadable();
        return length;
    }

    @Override
    public boolean readBoolean() throws JMSException
    {
        return buffer[advance(1, "a boolean")] != 0;
    }

    @Override
    public byte readByte() throws JMSException
    {
        return buffer[advance(1, "a byte")];
    }

    @Override
    public int readUnsignedByte() throws JMSException
    {
        return buffer[advance(1, "an unsigned byte")] & 0xFF;
    }

    @Override
    public short readShort() throws JMSException
    {
        return (short)getShort(advance(2, "a short (2 bytes)"));
    }

    @Override
    public int readUnsignedShort() throws JMSException
    {
        return getShort(advance(2, "an unsigned short (2 bytes)"));
    }

    @Override
    public char readChar() throws JMSException
    {
        return (char)getShort(advance(2, "a char (2 bytes)"));
    }

    @Override
    public int readInt() throws JMSException
    {
        return getInt(advance(4, "an int (4 bytes)"));
    }

    @Override
    public long readLong() throws JMSException
    {
        return getLong(advance(8, "a long (8 bytes)"));
    }

    @Override
    public float readFloat() throws JMSException
    {
        return Float.intBitsToFloat(getInt(advance(4, "a float (4 bytes)")));
    }

    @Override
    public double readDouble() throws JMSException
    {
        return Double.longBitsToDouble(getLong(advance(8, "a double (8 bytes)")));
    }

    /**
     * {@inheritDoc}
     * <p>
     * When the body ends before the string does, the position is left unchanged.
     */
    @Override
    public String readUTF() throws JMSException
    {
        final int start = position;
        final int utfLength = getShort(advance(2, "a UTF string length (2 bytes)"));
        if (length - position < utfLength)
        {
            position = start;
            throw JmsMessageExceptions.endOfBody(
                "a UTF string of " + utfLength + " bytes", (length - start - 2) + " bytes after its length");
        }
        final int offset = position;
        position += utfLength;
        return ModifiedUtf8.decode(buffer, offset, utfLength);
    }

    @Override
    public int readBytes(final byte[] value) throws JMSException
    {
        return readBytes(value, value.length);
    }

    @Override
    public int readBytes(final byte[] value, final int length) throws JMSException
    {
        checkReadable();
        if (length < 0 || length > value.length)
        {
            throw new IndexOutOfBoundsException(
                "readBytes length " + length + " must be between 0 and the array length " + value.length);
        }
        final int remaining = this.length - position;
        if (remaining == 0)
        {
            return -1;
        }
        final int count = Math.min(length, remaining);
        System.arraycopy(buffer, position, value, 0, count);
        position += count;
        return count;
    }

    @Override
    public void writeBoolean(final boolean value) throws JMSException
    {
        final int offset = reserve(1);
        buffer[offset] = (byte)(value ? 1 : 0);
    }

    @Override
    public void writeByte(final byte value) throws JMSException
    {
        final int offset = reserve(1);
        buffer[offset] = value;
    }

    @Override
    public void writeShort(final short value) throws JMSException
    {
        putShort(reserve(2), value);
    }

    @Override
    public void writeChar(final char value) throws JMSException
    {
        putShort(reserve(2), value);
    }

    @Override
    public void writeInt(final int value) throws JMSException
    {
        putInt(reserve(4), value);
    }

    @Override
    public void writeLong(final long value) throws JMSException
    {
        putLong(reserve(8), value);
    }

    @Override
    public void writeFloat(final float value) throws JMSException
    {
        putInt(reserve(4), Float.floatToIntBits(value));
    }

    @Override
    public void writeDouble(final double value) throws JMSException
    {
        putLong(reserve(8), Double.doubleToLongBits(value));
    }

    /**
     * {@inheritDoc}
     * <p>
     * A String whose encoding exceeds 65535 bytes is refused with a MessageFormatException.
     */
    @Override
    public void writeUTF(final String value) throws JMSException
    {
        checkBodyWritable();
        final int utfLength = ModifiedUtf8.encodedLength(value);
        if (utfLength > ModifiedUtf8.MAX_ENCODED_LENGTH)
        {
            throw JmsMessageExceptions.format(
                "writeUTF cannot write a String whose modified UTF-8 encoding is " + utfLength +
                " bytes; the limit is 65535. Write its bytes with writeBytes, preceded by a length", null);
        }
        final int offset = reserve(2 + utfLength);
        putShort(offset, utfLength);
        ModifiedUtf8.encode(value, buffer, offset + 2);
    }

    @Override
    public void writeBytes(final byte[] value) throws JMSException
    {
        writeBytes(value, 0, value.length);
    }

    @Override
    public void writeBytes(final byte[] value, final int offset, final int length) throws JMSException
    {
        checkBodyWritable();
        if (offset < 0 || length < 0 || offset > value.length - length)
        {
            throw new IndexOutOfBoundsException(
                "writeBytes offset " + offset + " and length " + length + " do not fit an array of " + value.length);
        }
        final int at = reserve(length);
        System.arraycopy(value, offset, buffer, at, length);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Accepts the primitive wrappers, Character, String (written as by writeUTF) and byte[].
     */
    @Override
    public void writeObject(final Object value) throws JMSException
    {
        if (null == value)
        {
            throw new NullPointerException("BytesMessage.writeObject does not accept null");
        }
        checkBodyWritable();
        if (value instanceof Boolean)
        {
            writeBoolean((Boolean)value);
        }
        else if (value instanceof Byte)
        {
            writeByte((Byte)value);
        }
        else if (value instanceof Short)
        {
            writeShort((Short)value);
        }
        else if (value instanceof Character)
        {
            writeChar((Character)value);
        }
        else if (value instanceof Integer)
        {
            writeInt((Integer)value);
        }
        else if (value instanceof Long)
        {
            writeLong((Long)value);
        }
        else if (value instanceof Float)
        {
            writeFloat((Float)value);
        }
        else if (value instanceof Double)
        {
            writeDouble((Double)value);
        }
        else if (value instanceof String)
        {
            writeUTF((String)value);
        }
        else if (value instanceof byte[])
        {
            writeBytes((byte[])value);
        }
        else
        {
            throw JmsMessageExceptions.unsupportedObject("BytesMessage.writeObject", value,
                "Boolean, Byte, Short, Character, Integer, Long, Float, Double, String and byte[]");
        }
    }

    @Override
    public void reset()
    {
        setReadOnlyBody(true);
        position = 0;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Returns a copy of the whole body, or null when it is empty; the message is reset before and after, as the
     * specification asks.
     */
    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        reset();
        if (length == 0)
        {
            return null;
        }
        if (!c.isAssignableFrom(byte[].class))
        {
            throw JmsMessageExceptions.format(
                "The body of a BytesMessage is a byte[] and cannot be returned as " + c.getName() +
                "; ask for byte[].class", null);
        }
        return c.cast(Arrays.copyOf(buffer, length));
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return length == 0 || c.isAssignableFrom(byte[].class);
    }

    @Override
    public void onAsyncSendComplete()
    {
        reset();
    }

    @Override
    public JmsBytesMessage copy()
    {
        final JmsBytesMessage copy = new JmsBytesMessage();
        copyTo(copy);
        copy.buffer = length == 0 ? EMPTY : Arrays.copyOf(buffer, length);
        copy.length = length;
        copy.position = position;
        return copy;
    }

    @Override
    protected void doClearBody()
    {
        length = 0;
        position = 0;
    }

    @Override
    protected void resetBodyPosition()
    {
        position = 0;
    }

    private void checkReadable() throws MessageNotReadableException
    {
        if (!isReadOnlyBody())
        {
            throw JmsMessageExceptions.bodyWriteOnly("BytesMessage");
        }
    }

    private int advance(final int count, final String what) throws JMSException
    {
        checkReadable();
        final int offset = position;
        if (length - offset < count)
        {
            throw JmsMessageExceptions.endOfBody(what, (length - offset) + " bytes");
        }
        position = offset + count;
        return offset;
    }

    private int reserve(final int count) throws JMSException
    {
        checkBodyWritable();
        final int offset = length;
        ensureCapacity(offset + count);
        length = offset + count;
        return offset;
    }

    private void ensureCapacity(final int required)
    {
        if (required < 0)
        {
            throw new IllegalStateException("A BytesMessage body cannot exceed 2 GiB; send the data in parts");
        }
        if (required > buffer.length)
        {
            final int doubled = buffer.length * 2;
            final int capacity = Math.max(Math.max(required, MIN_CAPACITY), doubled < 0 ? required : doubled);
            buffer = Arrays.copyOf(buffer, capacity);
        }
    }

    private int getShort(final int offset)
    {
        return ((buffer[offset] & 0xFF) << 8) | (buffer[offset + 1] & 0xFF);
    }

    private int getInt(final int offset)
    {
        return (getShort(offset) << 16) | getShort(offset + 2);
    }

    private long getLong(final int offset)
    {
        return ((long)getInt(offset) << 32) | (getInt(offset + 4) & 0xFFFF_FFFFL);
    }

    private void putShort(final int offset, final int value)
    {
        buffer[offset] = (byte)(value >> 8);
        buffer[offset + 1] = (byte)value;
    }

    private void putInt(final int offset, final int value)
    {
        putShort(offset, value >> 16);
        putShort(offset + 2, value);
    }

    private void putLong(final int offset, final long value)
    {
        putInt(offset, (int)(value >> 32));
        putInt(offset + 4, (int)value);
    }
}
