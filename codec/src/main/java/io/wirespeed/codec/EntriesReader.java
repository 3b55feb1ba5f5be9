package io.wirespeed.codec;

import org.agrona.DirectBuffer;

import static io.wirespeed.codec.EnvelopeDescriptor.DATA_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_VALUE_OFFSET;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_VALUE_TYPE_OFFSET;
import static io.wirespeed.codec.EnvelopeDescriptor.GROUP_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_DATA_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.NAME_HEADER_LENGTH;
import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Reads a group of typed entries in place: an envelope's properties, or its map or stream body entries.
 * Entries are reached by index (0 to {@code count() - 1}) or found by name without allocating.
 * Values are read as the raw bits they were written with: check {@link #type(int)} first.
 */
public final class EntriesReader
{
    static final int PROPERTY_TYPES = typeMask(EntryType.NULL, EntryType.BOOLEAN, EntryType.BYTE, EntryType.SHORT,
        EntryType.INT, EntryType.LONG, EntryType.FLOAT, EntryType.DOUBLE, EntryType.STRING);
    static final int ALL_TYPES = (1 << EntryType.values().length) - 1;

    private final BytesView name = new BytesView();
    private final BytesView data = new BytesView();
    private DirectBuffer buffer;
    private int blockLength;
    private int count;
    private int[] entryOffsets = new int[16];

    EntriesReader()
    {
    }

    /**
     * How many entries the group holds.
     *
     * @return the entry count.
     */
    public int count()
    {
        return count;
    }

    /**
     * Finds an entry by name, comparing UTF-8 bytes in place.
     *
     * @param name to look for.
     * @return the index of the first entry with that name, or -1 when there is none.
     */
    public int indexOf(final CharSequence name)
    {
        for (int i = 0; i < count; i++)
        {
            final int nameOffset = entryOffsets[i] + blockLength;
            final int nameLength = buffer.getShort(nameOffset, LITTLE_ENDIAN) & 0xFFFF;
            if (Utf8.equals(buffer, nameOffset + NAME_HEADER_LENGTH, nameLength, name))
            {
                return i;
            }
        }
        return -1;
    }

    /**
     * Finds an entry by name given as UTF-8 bytes, for callers that encode their names once.
     *
     * @param utf8Name   buffer holding the name.
     * @param nameOffset of the name's first byte.
     * @param nameLength of the name in bytes.
     * @return the index of the first entry with that name, or -1 when there is none.
     */
    public int indexOf(final DirectBuffer utf8Name, final int nameOffset, final int nameLength)
    {
        for (int i = 0; i < count; i++)
        {
            if (name(i).contentEquals(utf8Name, nameOffset, nameLength))
            {
                return i;
            }
        }
        return -1;
    }

    /**
     * The type of an entry's value.
     *
     * @param index of the entry.
     * @return its value type.
     */
    public EntryType type(final int index)
    {
        return EntryType.get(buffer.getByte(entryOffset(index) + ENTRY_VALUE_TYPE_OFFSET) & 0xFF);
    }

    /**
     * An entry's name (empty in a stream body); the returned view is reused by the next call.
     *
     * @param index of the entry.
     * @return a view of the name's UTF-8 bytes.
     */
    public BytesView name(final int index)
    {
        final int nameOffset = entryOffset(index) + blockLength;
        return name.wrap(
            buffer, nameOffset + NAME_HEADER_LENGTH, buffer.getShort(nameOffset, LITTLE_ENDIAN) & 0xFFFF);
    }

    /**
     * The UTF-8 of a STRING value or the bytes of a BYTES value, else empty; the view is reused by the next call.
     *
     * @param index of the entry.
     * @return a view of the value's bytes.
     */
    public BytesView data(final int index)
    {
        final int nameOffset = entryOffset(index) + blockLength;
        final int dataOffset =
            nameOffset + NAME_HEADER_LENGTH + (buffer.getShort(nameOffset, LITTLE_ENDIAN) & 0xFFFF);
        return data.wrap(
            buffer, dataOffset + DATA_HEADER_LENGTH, buffer.getInt(dataOffset, LITTLE_ENDIAN));
    }

    /**
     * The raw int64 value bits of an entry: integers sign-extended, floats and doubles as raw IEEE bits.
     *
     * @param index of the entry.
     * @return the raw bits.
     */
    public long rawValue(final int index)
    {
        return buffer.getLong(entryOffset(index) + ENTRY_VALUE_OFFSET, LITTLE_ENDIAN);
    }

    /**
     * A BOOLEAN value.
     *
     * @param index of the entry.
     * @return the value.
     */
    public boolean booleanValue(final int index)
    {
        return 0 != rawValue(index);
    }

    /**
     * A BYTE value.
     *
     * @param index of the entry.
     * @return the value.
     */
    public byte byteValue(final int index)
    {
        return (byte)rawValue(index);
    }

    /**
     * A SHORT value.
     *
     * @param index of the entry.
     * @return the value.
     */
    public short shortValue(final int index)
    {
        return (short)rawValue(index);
    }

    /**
     * A CHAR value.
     *
     * @param index of the entry.
     * @return the value.
     */
    public char charValue(final int index)
    {
        return (char)rawValue(index);
    }

    /**
     * An INT value.
     *
     * @param index of the entry.
     * @return the value.
     */
    public int intValue(final int index)
    {
        return (int)rawValue(index);
    }

    /**
     * A LONG value, or any integer type widened (they are stored sign-extended).
     *
     * @param index of the entry.
     * @return the value.
     */
    public long longValue(final int index)
    {
        return rawValue(index);
    }

    /**
     * A FLOAT value.
     *
     * @param index of the entry.
     * @return the value, NaN payloads preserved.
     */
    public float floatValue(final int index)
    {
        return Float.intBitsToFloat((int)rawValue(index));
    }

    /**
     * A DOUBLE value.
     *
     * @param index of the entry.
     * @return the value, NaN payloads preserved.
     */
    public double doubleValue(final int index)
    {
        return Double.longBitsToDouble(rawValue(index));
    }

    void reset()
    {
        buffer = null;
        count = 0;
        name.reset();
        data.reset();
    }

    /**
     * Validates a group starting at position and records its entries; returns the position after the group.
     */
    int wrap(
        final DirectBuffer buffer,
        final int envelopeOffset,
        final int position,
        final int limit,
        final int allowedTypes,
        final boolean namesRequired,
        final String what)
    {
        reset();
        if (limit - position < GROUP_HEADER_LENGTH)
        {
            throw malformed("truncated " + what + " group header", position, envelopeOffset);
        }

        final int entryBlockLength = buffer.getShort(position, LITTLE_ENDIAN) & 0xFFFF;
        final int entryCount = buffer.getShort(position + 2, LITTLE_ENDIAN) & 0xFFFF;
        if (entryBlockLength < ENTRY_BLOCK_LENGTH)
        {
            throw malformed(what + " entry block length " + entryBlockLength + " is shorter than " +
                ENTRY_BLOCK_LENGTH, position, envelopeOffset);
        }

        int entry = position + GROUP_HEADER_LENGTH;
        final long minimumLength = (long)entryCount * (entryBlockLength + NAME_HEADER_LENGTH + DATA_HEADER_LENGTH);
        if (minimumLength > limit - entry)
        {
            throw malformed(entryCount + " " + what + " entries cannot fit in the " + (limit - entry) +
                " bytes left", position, envelopeOffset);
        }
        if (entryCount > entryOffsets.length)
        {
            entryOffsets = new int[Math.max(entryCount, entryOffsets.length * 2)];
        }

        for (int i = 0; i < entryCount; i++)
        {
            if (limit - entry < entryBlockLength + NAME_HEADER_LENGTH + DATA_HEADER_LENGTH)
            {
                throw malformed("truncated " + what + " entry " + i, entry, envelopeOffset);
            }

            final int typeCode = buffer.getByte(entry + ENTRY_VALUE_TYPE_OFFSET) & 0xFF;
            final EntryType type = EntryType.get(typeCode);
            if (null == type || 0 == (allowedTypes & (1 << typeCode)))
            {
                throw malformed("value type " + typeCode + " is not allowed in " + what, entry, envelopeOffset);
            }
            if (!isCanonical(type, buffer.getLong(entry + ENTRY_VALUE_OFFSET, LITTLE_ENDIAN)))
            {
                throw malformed(what + " value out of range for " + type, entry + ENTRY_VALUE_OFFSET, envelopeOffset);
            }

            final int nameOffset = entry + entryBlockLength;
            final int nameLength = buffer.getShort(nameOffset, LITTLE_ENDIAN) & 0xFFFF;
            if (nameLength > limit - nameOffset - NAME_HEADER_LENGTH - DATA_HEADER_LENGTH)
            {
                throw malformed(what + " name length " + nameLength + " runs past the end", nameOffset, envelopeOffset);
            }
            final int dataOffset = nameOffset + NAME_HEADER_LENGTH + nameLength;
            if (namesRequired == (0 == nameLength))
            {
                throw malformed(what + (namesRequired ? " entry needs a name" : " entry must not have a name"),
                    nameOffset, envelopeOffset);
            }

            final int dataLength = buffer.getInt(dataOffset, LITTLE_ENDIAN);
            if (dataLength < 0 || dataLength > MAX_DATA_LENGTH || dataLength > limit - dataOffset - DATA_HEADER_LENGTH)
            {
                throw malformed(what + " data length " + (dataLength & 0xFFFF_FFFFL) + " runs past the end",
                    dataOffset, envelopeOffset);
            }
            if (0 != dataLength && type != EntryType.STRING && type != EntryType.BYTES)
            {
                throw malformed(what + " " + type + " value carries data", dataOffset, envelopeOffset);
            }

            entryOffsets[i] = entry;
            entry = dataOffset + DATA_HEADER_LENGTH + dataLength;
        }

        this.buffer = buffer;
        this.blockLength = entryBlockLength;
        this.count = entryCount;

        return entry;
    }

    /**
     * Records the entries of a group that {@link #wrap} has validated before, without validating them again;
     * returns the position after the group.
     */
    int wrapValidated(final DirectBuffer buffer, final int position)
    {
        final int entryBlockLength = buffer.getShort(position, LITTLE_ENDIAN) & 0xFFFF;
        final int entryCount = buffer.getShort(position + 2, LITTLE_ENDIAN) & 0xFFFF;
        if (entryCount > entryOffsets.length)
        {
            entryOffsets = new int[Math.max(entryCount, entryOffsets.length * 2)];
        }
        int entry = position + GROUP_HEADER_LENGTH;
        for (int i = 0; i < entryCount; i++)
        {
            entryOffsets[i] = entry;
            final int nameOffset = entry + entryBlockLength;
            final int dataOffset =
                nameOffset + NAME_HEADER_LENGTH + (buffer.getShort(nameOffset, LITTLE_ENDIAN) & 0xFFFF);
            entry = dataOffset + DATA_HEADER_LENGTH + buffer.getInt(dataOffset, LITTLE_ENDIAN);
        }
        this.buffer = buffer;
        this.blockLength = entryBlockLength;
        this.count = entryCount;
        return entry;
    }

    static MalformedEnvelopeException malformed(final String reason, final int position, final int envelopeOffset)
    {
        return new MalformedEnvelopeException(reason, position - envelopeOffset);
    }

    private static boolean isCanonical(final EntryType type, final long value)
    {
        switch (type)
        {
            case BOOLEAN: return 0 == value || 1 == value;
            case BYTE: return value == (byte)value;
            case SHORT: return value == (short)value;
            case CHAR: return value == (char)value;
            case INT: return value == (int)value;
            case FLOAT: return value == (value & 0xFFFF_FFFFL);
            case LONG, DOUBLE: return true;
            default: return 0 == value;
        }
    }

    private int entryOffset(final int index)
    {
        if (index < 0 || index >= count)
        {
            throw new IndexOutOfBoundsException("entry " + index + " of " + count);
        }
        return entryOffsets[index];
    }

    private static int typeMask(final EntryType... types)
    {
        int mask = 0;
        for (final EntryType type : types)
        {
            mask |= 1 << type.code();
        }
        return mask;
    }
}
