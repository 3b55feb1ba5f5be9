package io.wirespeed.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static io.wirespeed.codec.EnvelopeDescriptor.DATA_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_VALUE_OFFSET;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_VALUE_TYPE_OFFSET;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_DATA_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_ENTRIES;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_NAME_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.NAME_HEADER_LENGTH;
import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Appends typed entries to the group an {@link EnvelopeWriter} has open: the properties, or a MAP (named
 * entries) or STREAM (unnamed entries, name {@code null}) body. Properties take only the JMS property types.
 * Each call writes one entry in place; the group closes when the envelope writer moves on to a later part.
 */
public final class EntriesWriter
{
    private final EnvelopeWriter envelope;
    private final int part;
    private int groupHeaderOffset;
    private int count;

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
        appendEntry(name, EntryType.NULL, 0, null);
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
        appendEntry(name, EntryType.BOOLEAN, value ? 1 : 0, null);
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
        appendEntry(name, EntryType.BYTE, value, null);
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
        appendEntry(name, EntryType.SHORT, value, null);
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
        appendEntry(name, EntryType.CHAR, value, null);
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
        appendEntry(name, EntryType.INT, value, null);
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
        appendEntry(name, EntryType.LONG, value, null);
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
        appendEntry(name, EntryType.FLOAT, Float.floatToRawIntBits(value) & 0xFFFF_FFFFL, null);
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
        appendEntry(name, EntryType.DOUBLE, Double.doubleToRawLongBits(value), null);
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
        appendEntry(name, EntryType.STRING, 0, value);
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
        appendBytesEntry(name, value, null, offset, length);
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
        appendBytesEntry(name, null, value, offset, length);
        return this;
    }

    void begin(final int groupHeaderOffset)
    {
        this.groupHeaderOffset = groupHeaderOffset;
        this.count = 0;
    }

    private void appendEntry(final CharSequence name, final EntryType type, final long value, final CharSequence text)
    {
        final int nameLength = beginEntry(name, type);
        final int textLength = null == text ? 0 : Utf8.encodedLength(text);
        EnvelopeWriter.checkLength(textLength, MAX_DATA_LENGTH);
        putEntryFixed(type, value, name, nameLength, textLength);
        if (0 != textLength)
        {
            Utf8.encode(text, envelope.buffer(), envelope.limit());
        }
        envelope.advance(textLength);
    }

    private void appendBytesEntry(
        final CharSequence name, final byte[] array, final DirectBuffer source, final int sourceOffset,
        final int length)
    {
        final int nameLength = beginEntry(name, EntryType.BYTES);
        EnvelopeWriter.checkLength(length, MAX_DATA_LENGTH);
        putEntryFixed(EntryType.BYTES, 0, name, nameLength, length);
        envelope.copyBytes(array, source, sourceOffset, length);
    }

    private int beginEntry(final CharSequence name, final EntryType type)
    {
        final boolean isProperties = part == EnvelopeWriter.PART_PROPERTIES;
        if (!envelope.isOpen(part))
        {
            throw new IllegalStateException((isProperties ? "properties" : "body entries") +
                " are closed: they must be written before later parts of the envelope");
        }
        if (isProperties && (type == EntryType.CHAR || type == EntryType.BYTES))
        {
            throw new IllegalArgumentException("a property cannot hold a " + type + " value");
        }
        final boolean named = null != name && name.length() > 0;
        if (named != (isProperties || envelope.bodyType() == BodyType.MAP))
        {
            throw new IllegalArgumentException(named ? "stream entries have no name" : "entries need a name");
        }
        if (count == MAX_ENTRIES)
        {
            throw new IllegalStateException("a group holds at most " + MAX_ENTRIES + " entries");
        }
        final int nameLength = named ? Utf8.encodedLength(name) : 0;
        EnvelopeWriter.checkLength(nameLength, MAX_NAME_LENGTH);
        return nameLength;
    }

    private void putEntryFixed(
        final EntryType type, final long value, final CharSequence name, final int nameLength, final int dataLength)
    {
        envelope.ensure((long)ENTRY_BLOCK_LENGTH + NAME_HEADER_LENGTH + nameLength + DATA_HEADER_LENGTH + dataLength);
        count++;
        final MutableDirectBuffer buffer = envelope.buffer();
        final int entry = envelope.limit();
        buffer.putByte(entry + ENTRY_VALUE_TYPE_OFFSET, (byte)type.code());
        buffer.putLong(entry + ENTRY_VALUE_OFFSET, value, LITTLE_ENDIAN);
        buffer.putShort(entry + ENTRY_BLOCK_LENGTH, (short)nameLength, LITTLE_ENDIAN);
        if (0 != nameLength)
        {
            Utf8.encode(name, buffer, entry + ENTRY_BLOCK_LENGTH + NAME_HEADER_LENGTH);
        }
        buffer.putInt(entry + ENTRY_BLOCK_LENGTH + NAME_HEADER_LENGTH + nameLength, dataLength, LITTLE_ENDIAN);
        buffer.putShort(groupHeaderOffset + 2, (short)count, LITTLE_ENDIAN);
        envelope.advance(ENTRY_BLOCK_LENGTH + NAME_HEADER_LENGTH + nameLength + DATA_HEADER_LENGTH);
    }
}
