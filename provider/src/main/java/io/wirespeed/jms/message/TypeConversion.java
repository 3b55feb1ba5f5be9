package io.wirespeed.jms.message;

import javax.jms.MessageFormatException;

import static io.wirespeed.jms.message.JmsMessageExceptions.cannotConvert;
import static io.wirespeed.jms.message.JmsMessageExceptions.cannotParse;
import static io.wirespeed.jms.message.JmsMessageExceptions.nullAsNumber;
import static io.wirespeed.jms.message.JmsMessageExceptions.nullAsPrimitive;

/**
 * The JMS conversion table for properties, map entries and stream fields: reads a slot of a
 * {@link TypedValueTable} as the requested type.
 * <p>
 * A value written as a narrower integral type reads as any wider one; float reads as double; every type but
 * byte[] reads as String; a String reads as any type but char and byte[] through the type's {@code valueOf}, whose
 * {@link NumberFormatException} propagates. A null or absent value reads as {@code valueOf(null)} would: false
 * for boolean, NumberFormatException for the integral types, NullPointerException for float, double and char,
 * null for String, byte[] and Object. Other combinations throw {@link MessageFormatException}.
 */
public final class TypeConversion
{
    private TypeConversion()
    {
    }

    /**
     * Reads a slot as boolean.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @param name   the name asked for (for messages when absent).
     * @return the value.
     * @throws MessageFormatException if the conversion table forbids it.
     */
    public static boolean toBoolean(final TypedValueTable values, final int slot, final String name)
        throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case BOOLEAN:
                return values.longBits(slot) != 0;
            case STRING:
                return Boolean.parseBoolean((String)values.object(slot));
            case NULL:
                return false;
            default:
                throw cannotConvert(values, slot, "boolean");
        }
    }

    /**
     * Reads a slot as byte.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @param name   the name asked for (for messages when absent).
     * @return the value.
     * @throws MessageFormatException if the conversion table forbids it.
     */
    public static byte toByte(final TypedValueTable values, final int slot, final String name)
        throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case BYTE:
                return (byte)values.longBits(slot);
            case STRING:
                try
                {
                    return Byte.parseByte((String)values.object(slot));
                }
                catch (final NumberFormatException ex)
                {
                    throw cannotParse(values, slot, "byte", ex);
                }
            case NULL:
                throw nullAsNumber(values, slot, name, "byte");
            default:
                throw cannotConvert(values, slot, "byte");
        }
    }

    /**
     * Reads a slot as short.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @param name   the name asked for (for messages when absent).
     * @return the value.
     * @throws MessageFormatException if the conversion table forbids it.
     */
    public static short toShort(final TypedValueTable values, final int slot, final String name)
        throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case BYTE:
            case SHORT:
                return (short)values.longBits(slot);
            case STRING:
                try
                {
                    return Short.parseShort((String)values.object(slot));
                }
                catch (final NumberFormatException ex)
                {
                    throw cannotParse(values, slot, "short", ex);
                }
            case NULL:
                throw nullAsNumber(values, slot, name, "short");
            default:
                throw cannotConvert(values, slot, "short");
        }
    }

    /**
     * Reads a slot as char; only a char converts to char, and null throws NullPointerException.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @param name   the name asked for (for messages when absent).
     * @return the value.
     * @throws MessageFormatException if the conversion table forbids it.
     */
    public static char toChar(final TypedValueTable values, final int slot, final String name)
        throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case CHAR:
                return (char)values.longBits(slot);
            case NULL:
                throw nullAsPrimitive(values, slot, name, "char");
            default:
                throw cannotConvert(values, slot, "char");
        }
    }

    /**
     * Reads a slot as int.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @param name   the name asked for (for messages when absent).
     * @return the value.
     * @throws MessageFormatException if the conversion table forbids it.
     */
    public static int toInt(final TypedValueTable values, final int slot, final String name)
        throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case BYTE:
            case SHORT:
            case INT:
                return (int)values.longBits(slot);
            case STRING:
                try
                {
                    return Integer.parseInt((String)values.object(slot));
                }
                catch (final NumberFormatException ex)
                {
                    throw cannotParse(values, slot, "int", ex);
                }
            case NULL:
                throw nullAsNumber(values, slot, name, "int");
            default:
                throw cannotConvert(values, slot, "int");
        }
    }

    /**
     * Reads a slot as long.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @param name   the name asked for (for messages when absent).
     * @return the value.
     * @throws MessageFormatException if the conversion table forbids it.
     */
    public static long toLong(final TypedValueTable values, final int slot, final String name)
        throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case BYTE:
            case SHORT:
            case INT:
            case LONG:
                return values.longBits(slot);
            case STRING:
                try
                {
                    return Long.parseLong((String)values.object(slot));
                }
                catch (final NumberFormatException ex)
                {
                    throw cannotParse(values, slot, "long", ex);
                }
            case NULL:
                throw nullAsNumber(values, slot, name, "long");
            default:
                throw cannotConvert(values, slot, "long");
        }
    }

    /**
     * Reads a slot as float.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @param name   the name asked for (for messages when absent).
     * @return the value.
     * @throws MessageFormatException if the conversion table forbids it.
     */
    public static float toFloat(final TypedValueTable values, final int slot, final String name)
        throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case FLOAT:
                return values.floatValue(slot);
            case STRING:
                try
                {
                    return Float.parseFloat((String)values.object(slot));
                }
                catch (final NumberFormatException ex)
                {
                    throw cannotParse(values, slot, "float", ex);
                }
            case NULL:
                throw nullAsPrimitive(values, slot, name, "float");
            default:
                throw cannotConvert(values, slot, "float");
        }
    }

    /**
     * Reads a slot as double.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @param name   the name asked for (for messages when absent).
     * @return the value.
     * @throws MessageFormatException if the conversion table forbids it.
     */
    public static double toDouble(final TypedValueTable values, final int slot, final String name)
        throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case FLOAT:
                return values.floatValue(slot);
            case DOUBLE:
                return values.doubleValue(slot);
            case STRING:
                try
                {
                    return Double.parseDouble((String)values.object(slot));
                }
                catch (final NumberFormatException ex)
                {
                    throw cannotParse(values, slot, "double", ex);
                }
            case NULL:
                throw nullAsPrimitive(values, slot, name, "double");
            default:
                throw cannotConvert(values, slot, "double");
        }
    }

    /**
     * Reads a slot as String; every type but byte[] converts, null and absent read as null.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @return the value, or null.
     * @throws MessageFormatException if the slot holds a byte array.
     */
    public static String toStringValue(final TypedValueTable values, final int slot) throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case NULL:
                return null;
            case STRING:
                return (String)values.object(slot);
            case BOOLEAN:
                return String.valueOf(values.longBits(slot) != 0);
            case CHAR:
                return String.valueOf((char)values.longBits(slot));
            case FLOAT:
                return String.valueOf(values.floatValue(slot));
            case DOUBLE:
                return String.valueOf(values.doubleValue(slot));
            case BYTES:
                throw cannotConvert(values, slot, "String");
            default:
                return String.valueOf(values.longBits(slot));
        }
    }

    /**
     * Reads a slot as a copy of its byte array; only byte[] converts, null and absent read as null.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @return a new copy of the bytes, or null.
     * @throws MessageFormatException if the slot holds another type.
     */
    public static byte[] toBytes(final TypedValueTable values, final int slot) throws MessageFormatException
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        switch (type)
        {
            case NULL:
                return null;
            case BYTES:
                return ((byte[])values.object(slot)).clone();
            default:
                throw cannotConvert(values, slot, "byte[]");
        }
    }

    /**
     * Reads a slot as its objectified value (Integer for int, a copy for byte[]); null and absent read as null.
     *
     * @param values the table.
     * @param slot   the slot, or -1 when absent.
     * @return the boxed value, or null.
     */
    public static Object toObject(final TypedValueTable values, final int slot)
    {
        final ValueType type = slot < 0 ? ValueType.NULL : values.type(slot);
        final long bits = slot < 0 ? 0 : values.longBits(slot);
        switch (type)
        {
            case BOOLEAN:
                return bits != 0;
            case BYTE:
                return (byte)bits;
            case SHORT:
                return (short)bits;
            case CHAR:
                return (char)bits;
            case INT:
                return (int)bits;
            case LONG:
                return bits;
            case FLOAT:
                return values.floatValue(slot);
            case DOUBLE:
                return values.doubleValue(slot);
            case STRING:
                return values.object(slot);
            case BYTES:
                return ((byte[])values.object(slot)).clone();
            default:
                return null;
        }
    }
}
