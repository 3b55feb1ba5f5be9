package io.wirespeed.jms.message;

import java.util.Arrays;

import io.wirespeed.codec.EnvelopeDescriptor;

/**
 * Typed values in parallel arrays of slots: a name (null for stream fields), a {@link ValueType}, 64 bits of
 * primitive storage and an object slot for Strings and byte arrays.
 * <p>
 * The table is the storage of message properties, map bodies and stream bodies. Slots are reused after
 * {@link #clear()}, so setting a primitive value under a name already present, or into a table that held as many
 * slots before, allocates nothing. Lookups scan names linearly, which beats hashing for the handful of entries a
 * message usually carries; past {@link NameIndex#SCAN_LIMIT} names a hash index takes over, so that thousands of
 * entries are not quadratic to build. Setters here check nothing (no read-only state, no name rules): they are the
 * decoder's path and the message classes' storage; the JMS checks live in the message classes.
 */
public final class TypedValueTable
{
    /** The most entries one table can carry in an envelope (a property group, a MAP or STREAM body). */
    public static final int MAX_ENTRIES = EnvelopeDescriptor.MAX_ENTRIES;

    private static final int INITIAL_CAPACITY = 8;
    private static final String[] NO_NAMES = new String[0];
    private static final ValueType[] NO_TYPES = new ValueType[0];
    private static final long[] NO_BITS = new long[0];
    private static final Object[] NO_OBJECTS = new Object[0];

    private final String kind;
    private String[] names = NO_NAMES;
    private ValueType[] types = NO_TYPES;
    private long[] bits = NO_BITS;
    private Object[] objects = NO_OBJECTS;
    private int size;
    private NameIndex index;

    /**
     * Creates an empty table; no arrays are allocated until the first value is stored.
     *
     * @param kind what a slot is, for exception messages ("Property", "Map entry", "Stream field").
     */
    public TypedValueTable(final String kind)
    {
        this.kind = kind;
    }

    /**
     * What a slot of this table is, for exception messages.
     *
     * @return "Property", "Map entry" or "Stream field".
     */
    public String kind()
    {
        return kind;
    }

    /**
     * The number of slots in use, in insertion order.
     *
     * @return the number of values stored.
     */
    public int size()
    {
        return size;
    }

    /**
     * The index of the slot with this name, by linear scan.
     *
     * @param name the name to look for.
     * @return the slot index, or -1 when no slot has this name.
     */
    public int indexOf(final String name)
    {
        final String[] names = this.names;
        if (null != index && index.isActive())
        {
            return index.find(name, names);
        }
        for (int i = 0, size = this.size; i < size; i++)
        {
            if (name.equals(names[i]))
            {
                return i;
            }
        }
        return -1;
    }

    /**
     * The name of a slot.
     *
     * @param slot index in [0, size).
     * @return the name, or null for stream fields.
     */
    public String name(final int slot)
    {
        return names[slot];
    }

    /**
     * The type of a slot.
     *
     * @param slot index in [0, size).
     * @return the type tag.
     */
    public ValueType type(final int slot)
    {
        return types[slot];
    }

    /**
     * The raw primitive storage of a slot, encoded as described on each {@link ValueType}.
     *
     * @param slot index in [0, size).
     * @return the 64 bits; 0 for NULL, STRING and BYTES slots.
     */
    public long longBits(final int slot)
    {
        return bits[slot];
    }

    /**
     * The object of a STRING or BYTES slot, without copying; callers must not modify a returned array.
     *
     * @param slot index in [0, size).
     * @return the String or byte array, or null for other types.
     */
    public Object object(final int slot)
    {
        return objects[slot];
    }

    /**
     * The value of a FLOAT slot.
     *
     * @param slot index in [0, size) of a FLOAT slot.
     * @return the float value.
     */
    public float floatValue(final int slot)
    {
        return Float.intBitsToFloat((int)bits[slot]);
    }

    /**
     * The value of a DOUBLE slot.
     *
     * @param slot index in [0, size) of a DOUBLE slot.
     * @return the double value.
     */
    public double doubleValue(final int slot)
    {
        return Double.longBitsToDouble(bits[slot]);
    }

    /**
     * The slot holding this name, appending a new one when none does.
     *
     * @param name the entry name.
     * @return the slot index.
     */
    public int slotFor(final String name)
    {
        final int slot = indexOf(name);
        return slot >= 0 ? slot : append(name);
    }

    /**
     * Appends a slot (typed NULL until set).
     *
     * @param name the entry name, or null for a stream field.
     * @return the new slot index.
     */
    public int append(final String name)
    {
        if (size == types.length)
        {
            grow();
        }
        final int slot = size++;
        names[slot] = name;
        types[slot] = ValueType.NULL;
        bits[slot] = 0;
        objects[slot] = null;
        if (size > NameIndex.SCAN_LIMIT && null != name)
        {
            indexName(slot);
        }
        return slot;
    }

    /**
     * Stores a primitive value given as its raw bits.
     *
     * @param slot index in [0, size).
     * @param type a primitive type (BOOLEAN to DOUBLE) or NULL.
     * @param value the bits, encoded as described on each {@link ValueType}.
     */
    public void setBits(final int slot, final ValueType type, final long value)
    {
        types[slot] = type;
        bits[slot] = value;
        objects[slot] = null;
    }

    /**
     * Stores a String; a null String is stored as NULL.
     *
     * @param slot index in [0, size).
     * @param value the String, may be null.
     */
    public void setString(final int slot, final String value)
    {
        types[slot] = null == value ? ValueType.NULL : ValueType.STRING;
        bits[slot] = 0;
        objects[slot] = value;
    }

    /**
     * Stores a copy of a byte range, reusing the slot's previous array when it has the same length.
     *
     * @param slot   index in [0, size).
     * @param value  source bytes; null stores NULL.
     * @param offset first byte to copy.
     * @param length number of bytes to copy.
     */
    public void setBytes(final int slot, final byte[] value, final int offset, final int length)
    {
        if (null == value)
        {
            setBits(slot, ValueType.NULL, 0);
            return;
        }
        final Object previous = objects[slot];
        final byte[] copy = previous instanceof byte[] && ((byte[])previous).length == length ?
            (byte[])previous : new byte[length];
        System.arraycopy(value, offset, copy, 0, length);
        types[slot] = ValueType.BYTES;
        bits[slot] = 0;
        objects[slot] = copy;
    }

    /**
     * Stores a boolean under a name, replacing any value of that name (see {@link #slotFor(String)}).
     *
     * @param name entry name.
     * @param v value.
     */
    public void putBoolean(final String name, final boolean v)
    {
        setBits(slotFor(name), ValueType.BOOLEAN, v ? 1 : 0);
    }

    /**
     * Stores a byte under a name.
     *
     * @param name entry name.
     * @param v value.
     */
    public void putByte(final String name, final byte v)
    {
        setBits(slotFor(name), ValueType.BYTE, v);
    }

    /**
     * Stores a short under a name.
     *
     * @param name entry name.
     * @param v value.
     */
    public void putShort(final String name, final short v)
    {
        setBits(slotFor(name), ValueType.SHORT, v);
    }

    /**
     * Stores a char under a name.
     *
     * @param name entry name.
     * @param v value.
     */
    public void putChar(final String name, final char v)
    {
        setBits(slotFor(name), ValueType.CHAR, v);
    }

    /**
     * Stores an int under a name.
     *
     * @param name entry name.
     * @param v value.
     */
    public void putInt(final String name, final int v)
    {
        setBits(slotFor(name), ValueType.INT, v);
    }

    /**
     * Stores a long under a name.
     *
     * @param name entry name.
     * @param v value.
     */
    public void putLong(final String name, final long v)
    {
        setBits(slotFor(name), ValueType.LONG, v);
    }

    /**
     * Stores a float under a name.
     *
     * @param name entry name.
     * @param v value.
     */
    public void putFloat(final String name, final float v)
    {
        setBits(slotFor(name), ValueType.FLOAT, Float.floatToRawIntBits(v) & 0xFFFF_FFFFL);
    }

    /**
     * Stores a double under a name.
     *
     * @param name entry name.
     * @param v value.
     */
    public void putDouble(final String name, final double v)
    {
        setBits(slotFor(name), ValueType.DOUBLE, Double.doubleToRawLongBits(v));
    }

    /**
     * Stores a String (null stores NULL) under a name.
     *
     * @param name entry name.
     * @param v value.
     */
    public void putString(final String name, final String v)
    {
        setString(slotFor(name), v);
    }

    /**
     * Stores a copy of a byte range under a name.
     *
     * @param name   entry name.
     * @param v      source bytes; null stores NULL.
     * @param offset first byte to copy.
     * @param length number of bytes to copy.
     */
    public void putBytes(final String name, final byte[] v, final int offset, final int length)
    {
        setBytes(slotFor(name), v, offset, length);
    }

    /** Removes every value, keeping capacity; names and objects are released for garbage collection. */
    public void clear()
    {
        Arrays.fill(names, 0, size, null);
        Arrays.fill(objects, 0, size, null);
        size = 0;
        if (null != index)
        {
            index.clear();
        }
    }

    /**
     * Replaces this table's contents with a copy of another's; byte arrays are copied, Strings shared.
     *
     * @param other the table to copy.
     */
    public void copyFrom(final TypedValueTable other)
    {
        clear();
        for (int i = 0; i < other.size; i++)
        {
            final int slot = append(other.names[i]);
            final Object object = other.objects[i];
            if (object instanceof byte[])
            {
                final byte[] bytes = (byte[])object;
                setBytes(slot, bytes, 0, bytes.length);
            }
            else
            {
                types[slot] = other.types[i];
                bits[slot] = other.bits[i];
                objects[slot] = object;
            }
        }
    }

    private void indexName(final int slot)
    {
        if (null == index)
        {
            index = new NameIndex();
        }
        if (index.isActive())
        {
            index.add(slot, names);
        }
        else
        {
            index.rebuild(slot, names);
        }
    }

    private void grow()
    {
        final int capacity = types.length == 0 ? INITIAL_CAPACITY : types.length * 2;
        names = Arrays.copyOf(names, capacity);
        types = Arrays.copyOf(types, capacity);
        bits = Arrays.copyOf(bits, capacity);
        objects = Arrays.copyOf(objects, capacity);
    }
}
