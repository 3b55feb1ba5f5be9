package io.wirespeed.jms.message;

import javax.jms.JMSException;
import javax.jms.MessageNotReadableException;
import javax.jms.StreamMessage;

/**
 * A {@link StreamMessage} over a {@link TypedValueTable} of unnamed fields read in the order written.
 * <p>
 * Reads follow the stream conversion table. A read that fails its conversion leaves the position where it was,
 * and a byte[] field that {@link #readBytes(byte[])} has started must be read to its end before any other read.
 * The body is write-only until {@link #reset()}, read-only after it.
 */
public class JmsStreamMessage extends JmsMessage implements StreamMessage
{
    private static final int NOT_READING_BYTES = -1;
    private static final String OBJECT_CLASSES =
        "Boolean, Byte, Short, Character, Integer, Long, Float, Double, String, byte[] and null";

    private final TypedValueTable fields = new TypedValueTable("Stream field");
    private int readIndex;
    private int bytesOffset = NOT_READING_BYTES;

    @Override
    public JmsMessageType messageType()
    {
        return JmsMessageType.STREAM;
    }

    /**
     * The storage, for encoders (iterate slots in order) and decoders (append fields without mode checks).
     *
     * @return the table of fields; names are null.
     */
    public TypedValueTable fields()
    {
        return fields;
    }

    @Override
    public boolean readBoolean() throws JMSException
    {
        final int slot = currentField("a boolean");
        final boolean value = TypeConversion.toBoolean(fields, slot, null);
        readIndex++;
        return value;
    }

    @Override
    public byte readByte() throws JMSException
    {
        final int slot = currentField("a byte");
        final byte value = TypeConversion.toByte(fields, slot, null);
        readIndex++;
        return value;
    }

    @Override
    public short readShort() throws JMSException
    {
        final int slot = currentField("a short");
        final short value = TypeConversion.toShort(fields, slot, null);
        readIndex++;
        return value;
    }

    @Override
    public char readChar() throws JMSException
    {
        final int slot = currentField("a char");
        final char value = TypeConversion.toChar(fields, slot, null);
        readIndex++;
        return value;
    }

    @Override
    public int readInt() throws JMSException
    {
        final int slot = currentField("an int");
        final int value = TypeConversion.toInt(fields, slot, null);
        readIndex++;
        return value;
    }

    @Override
    public long readLong() throws JMSException
    {
        final int slot = currentField("a long");
        final long value = TypeConversion.toLong(fields, slot, null);
        readIndex++;
        return value;
    }

    @Override
    public float readFloat() throws JMSException
    {
        final int slot = currentField("a float");
        final float value = TypeConversion.toFloat(fields, slot, null);
        readIndex++;
        return value;
    }

    @Override
    public double readDouble() throws JMSException
    {
        final int slot = currentField("a double");
        final double value = TypeConversion.toDouble(fields, slot, null);
        readIndex++;
        return value;
    }

    @Override
    public String readString() throws JMSException
    {
        final int slot = currentField("a String");
        final String value = TypeConversion.toStringValue(fields, slot);
        readIndex++;
        return value;
    }

    @Override
    public int readBytes(final byte[] value) throws JMSException
    {
        checkReadable();
        final boolean first = bytesOffset == NOT_READING_BYTES;
        if (first)
        {
            if (readIndex >= fields.size())
            {
                throw JmsMessageExceptions.endOfBody("a byte[]", "no fields");
            }
            final ValueType type = fields.type(readIndex);
            if (ValueType.NULL == type)
            {
                readIndex++;
                return -1;
            }
            if (ValueType.BYTES != type)
            {
                throw JmsMessageExceptions.cannotConvert(fields, readIndex, "byte[]");
            }
            bytesOffset = 0;
        }
        final byte[] field = (byte[])fields.object(readIndex);
        final int remaining = field.length - bytesOffset;
        if (!first && remaining == 0)
        {
            finishField();
            return -1;
        }
        final int count = Math.min(value.length, remaining);
        System.arraycopy(field, bytesOffset, value, 0, count);
        bytesOffset += count;
        if (count < value.length)
        {
            finishField();
        }
        return count;
    }

    @Override
    public Object readObject() throws JMSException
    {
        final int slot = currentField("an Object");
        final Object value = TypeConversion.toObject(fields, slot);
        readIndex++;
        return value;
    }

    @Override
    public void writeBoolean(final boolean value) throws JMSException
    {
        fields.setBits(appendField(), ValueType.BOOLEAN, value ? 1 : 0);
    }

    @Override
    public void writeByte(final byte value) throws JMSException
    {
        fields.setBits(appendField(), ValueType.BYTE, value);
    }

    @Override
    public void writeShort(final short value) throws JMSException
    {
        fields.setBits(appendField(), ValueType.SHORT, value);
    }

    @Override
    public void writeChar(final char value) throws JMSException
    {
        fields.setBits(appendField(), ValueType.CHAR, value);
    }

    @Override
    public void writeInt(final int value) throws JMSException
    {
        fields.setBits(appendField(), ValueType.INT, value);
    }

    @Override
    public void writeLong(final long value) throws JMSException
    {
        fields.setBits(appendField(), ValueType.LONG, value);
    }

    @Override
    public void writeFloat(final float value) throws JMSException
    {
        fields.setBits(appendField(), ValueType.FLOAT, Float.floatToRawIntBits(value) & 0xFFFF_FFFFL);
    }

    @Override
    public void writeDouble(final double value) throws JMSException
    {
        fields.setBits(appendField(), ValueType.DOUBLE, Double.doubleToRawLongBits(value));
    }

    @Override
    public void writeString(final String value) throws JMSException
    {
        checkBodyWritable();
        WellFormedText.check(value, "A StreamMessage String field", null);
        fields.setString(appendField(), value);
    }

    /**
     * {@inheritDoc}
     * <p>
     * The stream keeps a copy of the array.
     */
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
        fields.setBytes(appendField(), value, offset, length);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Accepts the primitive wrappers, Character, String, byte[] (copied) and null.
     */
    @Override
    public void writeObject(final Object value) throws JMSException
    {
        checkBodyWritable();
        if (null == BoxedValues.typeOf(value))
        {
            throw JmsMessageExceptions.unsupportedObject("StreamMessage.writeObject", value, OBJECT_CLASSES);
        }
        if (value instanceof String)
        {
            WellFormedText.check((String)value, "A StreamMessage String field", null);
        }
        BoxedValues.store(fields, appendField(), value);
    }

    @Override
    public void reset()
    {
        setReadOnlyBody(true);
        resetBodyPosition();
    }

    /**
     * {@inheritDoc}
     * <p>
     * Always throws: a StreamMessage body cannot be returned as one object.
     */
    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        throw JmsMessageExceptions.format(
            "getBody is not supported for a StreamMessage (JMS 2.0); read its fields with the read methods", null);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Always false for a StreamMessage.
     */
    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return false;
    }

    @Override
    public void onAsyncSendComplete()
    {
        reset();
    }

    @Override
    public JmsStreamMessage copy()
    {
        final JmsStreamMessage copy = new JmsStreamMessage();
        copyTo(copy);
        copy.fields.copyFrom(fields);
        copy.readIndex = readIndex;
        copy.bytesOffset = bytesOffset;
        return copy;
    }

    @Override
    protected void doClearBody()
    {
        fields.clear();
        resetBodyPosition();
    }

    @Override
    protected void resetBodyPosition()
    {
        readIndex = 0;
        bytesOffset = NOT_READING_BYTES;
    }

    private void checkReadable() throws MessageNotReadableException
    {
        if (!isReadOnlyBody())
        {
            throw JmsMessageExceptions.bodyWriteOnly("StreamMessage");
        }
    }

    private int currentField(final String what) throws JMSException
    {
        checkReadable();
        if (bytesOffset != NOT_READING_BYTES)
        {
            throw JmsMessageExceptions.format(
                "Cannot read " + what + ": the byte[] field at position " + readIndex + " has been partly read;" +
                " call readBytes until it returns less than the buffer length (or -1) first", null);
        }
        if (readIndex >= fields.size())
        {
            throw JmsMessageExceptions.endOfBody(what, "no fields");
        }
        return readIndex;
    }

    private void finishField()
    {
        bytesOffset = NOT_READING_BYTES;
        readIndex++;
    }

    private int appendField() throws JMSException
    {
        checkBodyWritable();
        if (fields.size() >= TypedValueTable.MAX_ENTRIES)
        {
            throw JmsMessageExceptions.tooManyEntries(fields, null);
        }
        return fields.append(null);
    }
}
