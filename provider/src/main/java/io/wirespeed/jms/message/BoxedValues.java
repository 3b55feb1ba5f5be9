package io.wirespeed.jms.message;

/**
 * Java's boxed values (Boolean, Byte, Short, Character, Integer, Long, Float, Double, String, byte[] and null)
 * as the {@link ValueType}s of a {@link TypedValueTable}: which type a value would be stored as, and storing it.
 * The message classes use it for {@code setObject} and {@code setObjectProperty}.
 */
final class BoxedValues
{
    private BoxedValues()
    {
    }

    /**
     * Stores a boxed value of a supported class (Boolean, Byte, Short, Character, Integer, Long, Float, Double,
     * String, byte[]) or null.
     *
     * @param table the table.
     * @param slot  index in [0, size).
     * @param value the value.
     * @return false, storing nothing, when the class is not supported.
     */
    static boolean store(final TypedValueTable table, final int slot, final Object value)
    {
        if (null == value)
        {
            table.setBits(slot, ValueType.NULL, 0);
        }
        else if (value instanceof String)
        {
            table.setString(slot, (String)value);
        }
        else if (value instanceof Integer)
        {
            table.setBits(slot, ValueType.INT, (Integer)value);
        }
        else if (value instanceof Long)
        {
            table.setBits(slot, ValueType.LONG, (Long)value);
        }
        else if (value instanceof Double)
        {
            table.setBits(slot, ValueType.DOUBLE, Double.doubleToRawLongBits((Double)value));
        }
        else if (value instanceof Boolean)
        {
            table.setBits(slot, ValueType.BOOLEAN, (Boolean)value ? 1 : 0);
        }
        else if (value instanceof Float)
        {
            table.setBits(slot, ValueType.FLOAT, Float.floatToRawIntBits((Float)value) & 0xFFFF_FFFFL);
        }
        else if (value instanceof Short)
        {
            table.setBits(slot, ValueType.SHORT, (Short)value);
        }
        else if (value instanceof Byte)
        {
            table.setBits(slot, ValueType.BYTE, (Byte)value);
        }
        else if (value instanceof Character)
        {
            table.setBits(slot, ValueType.CHAR, (Character)value);
        }
        else if (value instanceof byte[])
        {
            final byte[] bytes = (byte[])value;
            table.setBytes(slot, bytes, 0, bytes.length);
        }
        else
        {
            return false;
        }
        return true;
    }

    /**
     * The type a boxed value would be stored as.
     *
     * @param value a candidate value.
     * @return its type, NULL for null, or null when the class is not supported.
     */
    static ValueType typeOf(final Object value)
    {
        if (null == value)
        {
            return ValueType.NULL;
        }
        if (value instanceof String)
        {
            return ValueType.STRING;
        }
        if (value instanceof Integer)
        {
            return ValueType.INT;
        }
        if (value instanceof Long)
        {
            return ValueType.LONG;
        }
        if (value instanceof Double)
        {
            return ValueType.DOUBLE;
        }
        if (value instanceof Boolean)
        {
            return ValueType.BOOLEAN;
        }
        if (value instanceof Float)
        {
            return ValueType.FLOAT;
        }
        if (value instanceof Short)
        {
            return ValueType.SHORT;
        }
        if (value instanceof Byte)
        {
            return ValueType.BYTE;
        }
        if (value instanceof Character)
        {
            return ValueType.CHAR;
        }
        return value instanceof byte[] ? ValueType.BYTES : null;
    }
}
