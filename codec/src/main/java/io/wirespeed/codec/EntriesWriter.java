package io.wirespeed.codec;

import org.agrona.DirectBuffer;

/**
 * Appends typed entries to the group an {@link EnvelopeWriter} has open: the properties, or a MAP (named
 * entries) or STREAM (unnamed entries, name {@code null}) body. Properties take only the JMS property types.
 * Each call writes one entry in place; the group closes when the envelope writer moves on to a later part.
 */
public final class EntriesWriter
{
    private final EnvelopeWriter envelope;
    private final int part;

    EntriesWriter(final EnvelopeWriter envelope, final int part)
    {
        this.envelope = envelope;
        this.part = part;
    }

    /**
     * Appends a null value (a null String property, or a null map or stream entry).
     *
     * @param name of the entry; {@code null} in a stream.
     * @return this writer.
     */
    public EntriesWriter nullValue(final CharSequence name)
    {
        envelope.appendEntry(part, name, ValueType.NULL, 0, null);
        return this;
    }

    /**
     * Appends a boolean.
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value to write.
     * @return this writer.
     */
    public EntriesWriter booleanValue(final CharSequence name, final boolean value)
    {
        envelope.appendEntry(part, name, ValueType.BOOLEAN, value ? 1 : 0, null);
        return this;
    }

    /**
     * Appends a byte.
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value to write.
     * @return this writer.
     */
    public EntriesWriter byteValue(final CharSequence name, final byte value)
    {
        envelope.appendEntry(part, name, ValueType.BYTE, value, null);
        return this;
    }

    /**
     * Appends a short.
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value to write.
     * @return this writer.
     */
    public EntriesWriter shortValue(final CharSequence name, final short value)
    {
        envelope.appendEntry(part, name, ValueType.SHORT, value, null);
        return this;
    }

    /**
     * Appends a char; not allowed in properties.
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value to write.
     * @return this writer.
     */
    public EntriesWriter charValue(final CharSequence name, final char value)
    {
        envelope.appendEntry(part, name, ValueType.CHAR, value, null);
        return this;
    }

    /**
     * Appends an int.
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value to write.
     * @return this writer.
     */
    public EntriesWriter intValue(final CharSequence name, final int value)
    {
        envelope.appendEntry(part, name, ValueType.INT, value, null);
        return this;
    }

    /**
     * Appends a long.
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value to write.
     * @return this writer.
     */
    public EntriesWriter longValue(final CharSequence name, final long value)
    {
        envelope.appendEntry(part, name, ValueType.LONG, value, null);
        return this;
    }

    /**
     * Appends a float, its raw bits preserved (NaN payloads included).
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value to write.
     * @return this writer.
     */
    public EntriesWriter floatValue(final CharSequence name, final float value)
    {
        envelope.appendEntry(part, name, ValueType.FLOAT, Float.floatToRawIntBits(value) & 0xFFFF_FFFFL, null);
        return this;
    }

    /**
     * Appends a double, its raw bits preserved (NaN payloads included).
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value to write.
     * @return this writer.
     */
    public EntriesWriter doubleValue(final CharSequence name, final double value)
    {
        envelope.appendEntry(part, name, ValueType.DOUBLE, Double.doubleToRawLongBits(value), null);
        return this;
    }

    /**
     * Appends a string as UTF-8, or a null value when it is {@code null}.
     *
     * @param name  of the entry; {@code null} in a stream.
     * @param value to write.
     * @return this writer.
     */
    public EntriesWriter stringValue(final CharSequence name, final CharSequence value)
    {
        if (null == value)
        {
            return nullValue(name);
        }
        envelope.appendEntry(part, name, ValueType.STRING, 0, value);
        return this;
    }

    /**
     * Appends a range of a byte array; not allowed in properties.
     *
     * @param name   of the entry; {@code null} in a stream.
     * @param value  holding the bytes; {@code null} writes a null value.
     * @param offset of the first byte.
     * @param length in bytes.
     * @return this writer.
     */
    public EntriesWriter bytesValue(final CharSequence name, final byte[] value, final int offset, final int length)
    {
        if (null == value)
        {
            return nullValue(name);
        }
        envelope.appendBytesEntry(part, name, value, null, offset, length);
        return this;
    }

    /**
     * Appends a range of a buffer as a bytes value; not allowed in properties.
     *
     * @param name   of the entry; {@code null} in a stream.
     * @param value  holding the bytes.
     * @param offset of the first byte.
     * @param length in bytes.
     * @return this writer.
     */
    public EntriesWriter bytesValue(
        final CharSequence name, final DirectBuffer value, final int offset, final int length)
    {
        envelope.appendBytesEntry(part, name, null, value, offset, length);
        return this;
    }
}
