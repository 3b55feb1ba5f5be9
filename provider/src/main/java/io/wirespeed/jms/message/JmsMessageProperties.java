package io.wirespeed.jms.message;

import java.util.Enumeration;
import java.util.Vector;

import javax.jms.JMSException;
import javax.jms.MessageFormatException;
import javax.jms.MessageNotWriteableException;

/**
 * The application-facing property set of a message: name rules, the read-only state of a received message, the
 * types the JMSX properties must have, and the conversion table on reads.
 * <p>
 * Values live in a {@link TypedValueTable}; setting a primitive under a name already present allocates nothing.
 */
public final class JmsMessageProperties
{
    private static final String OBJECT_CLASSES = "Boolean, Byte, Short, Integer, Long, Float, Double and String";

    private final TypedValueTable values = new TypedValueTable("Property");
    private boolean readOnly;

    /**
     * The storage, for encoders (iterate slots) and decoders (put values without read-only or name checks).
     *
     * @return the table behind this property set.
     */
    public TypedValueTable values()
    {
        return values;
    }

    /**
     * Whether application setters throw {@link MessageNotWriteableException}.
     *
     * @return true for the properties of a received message until {@link #clear()}.
     */
    public boolean isReadOnly()
    {
        return readOnly;
    }

    /**
     * Makes application setters fail (true) or succeed (false).
     *
     * @param readOnly the new state.
     */
    public void setReadOnly(final boolean readOnly)
    {
        this.readOnly = readOnly;
    }

    /** Removes every property and makes the set writable again, as {@code Message.clearProperties()}. */
    public void clear()
    {
        values.clear();
        readOnly = false;
    }

    /**
     * Whether a property of this name is set (with any value, null included).
     *
     * @param name the property name.
     * @return true when set.
     */
    public boolean exists(final String name)
    {
        return null != name && values.indexOf(name) >= 0;
    }

    /**
     * The names of all properties set, JMSX ones included.
     *
     * @return a new enumeration over a snapshot of the names.
     */
    public Enumeration<String> names()
    {
        final Vector<String> names = new Vector<>(values.size());
        for (int i = 0; i < values.size(); i++)
        {
            names.add(values.name(i));
        }
        return names.elements();
    }

    /**
     * Reads a property as boolean under the conversion table.
     *
     * @param name the property name.
     * @return the value; false when absent.
     * @throws JMSException MessageFormatException when the conversion is not allowed.
     */
    public boolean getBoolean(final String name) throws JMSException
    {
        return TypeConversion.toBoolean(values, indexOf(name), name);
    }

    /**
     * Reads a property as byte under the conversion table.
     *
     * @param name the property name.
     * @return the value.
     * @throws JMSException MessageFormatException when the conversion is not allowed.
     */
    public byte getByte(final String name) throws JMSException
    {
        return TypeConversion.toByte(values, indexOf(name), name);
    }

    /**
     * Reads a property as short under the conversion table.
     *
     * @param name the property name.
     * @return the value.
     * @throws JMSException MessageFormatException when the conversion is not allowed.
     */
    public short getShort(final String name) throws JMSException
    {
        return TypeConversion.toShort(values, indexOf(name), name);
    }

    /**
     * Reads a property as int under the conversion table.
     *
     * @param name the property name.
     * @return the value.
     * @throws JMSException MessageFormatException when the conversion is not allowed.
     */
    public int getInt(final String name) throws JMSException
    {
        return TypeConversion.toInt(values, indexOf(name), name);
    }

    /**
     * Reads a property as long under the conversion table.
     *
     * @param name the property name.
     * @return the value.
     * @throws JMSException MessageFormatException when the conversion is not allowed.
     */
    public long getLong(final String name) throws JMSException
    {
        return TypeConversion.toLong(values, indexOf(name), name);
    }

    /**
     * Reads a property as float under the conversion table.
     *
     * @param name the property name.
     * @return the value.
     * @throws JMSException MessageFormatException when the conversion is not allowed.
     */
    public float getFloat(final String name) throws JMSException
    {
        return TypeConversion.toFloat(values, indexOf(name), name);
    }

    /**
     * Reads a property as double under the conversion table.
     *
     * @param name the property name.
     * @return the value.
     * @throws JMSException MessageFormatException when the conversion is not allowed.
     */
    public double getDouble(final String name) throws JMSException
    {
        return TypeConversion.toDouble(values, indexOf(name), name);
    }

    /**
     * Reads a property as String; every property type converts.
     *
     * @param name the property name.
     * @return the value, or null when absent or null.
     * @throws JMSException never for property types; declared for the JMS signature.
     */
    public String getString(final String name) throws JMSException
    {
        return TypeConversion.toStringValue(values, indexOf(name));
    }

    /**
     * Reads a property in objectified form (Integer for an int property, and so on).
     *
     * @param name the property name.
     * @return the value, or null when absent or null.
     */
    public Object getObject(final String name)
    {
        return TypeConversion.toObject(values, indexOf(name));
    }

    /**
     * Sets a boolean property.
     *
     * @param name  the property name.
     * @param value the value.
     * @throws JMSException MessageNotWriteableException when read-only; MessageFormatException for a JMSX
     *                      property of another type.
     */
    public void setBoolean(final String name, final boolean value) throws JMSException
    {
        values.setBits(writableSlot(name, ValueType.BOOLEAN), ValueType.BOOLEAN, value ? 1 : 0);
    }

    /**
     * Sets a byte property.
     *
     * @param name  the property name.
     * @param value the value.
     * @throws JMSException as {@link #setBoolean(String, boolean)}.
     */
    public void setByte(final String name, final byte value) throws JMSException
    {
        values.setBits(writableSlot(name, ValueType.BYTE), ValueType.BYTE, value);
    }

    /**
     * Sets a short property.
     *
     * @param name  the property name.
     * @param value the value.
     * @throws JMSException as {@link #setBoolean(String, boolean)}.
     */
    public void setShort(final String name, final short value) throws JMSException
    {
        values.setBits(writableSlot(name, ValueType.SHORT), ValueType.SHORT, value);
    }

    /**
     * Sets an int property.
     *
     * @param name  the property name.
     * @param value the value.
     * @throws JMSException as {@link #setBoolean(String, boolean)}.
     */
    public void setInt(final String name, final int value) throws JMSException
    {
        values.setBits(writableSlot(name, ValueType.INT), ValueType.INT, value);
    }

    /**
     * Sets a long property.
     *
     * @param name  the property name.
     * @param value the value.
     * @throws JMSException as {@link #setBoolean(String, boolean)}.
     */
    public void setLong(final String name, final long value) throws JMSException
    {
        values.setBits(writableSlot(name, ValueType.LONG), ValueType.LONG, value);
    }

    /**
     * Sets a float property.
     *
     * @param name  the property name.
     * @param value the value.
     * @throws JMSException as {@link #setBoolean(String, boolean)}.
     */
    public void setFloat(final String name, final float value) throws JMSException
    {
        values.setBits(
            writableSlot(name, ValueType.FLOAT), ValueType.FLOAT, Float.floatToRawIntBits(value) & 0xFFFF_FFFFL);
    }

    /**
     * Sets a double property.
     *
     * @param name  the property name.
     * @param value the value.
     * @throws JMSException as {@link #setBoolean(String, boolean)}.
     */
    public void setDouble(final String name, final double value) throws JMSException
    {
        values.setBits(writableSlot(name, ValueType.DOUBLE), ValueType.DOUBLE, Double.doubleToRawLongBits(value));
    }

    /**
     * Sets a String property; null is stored as a null value (the property exists, reads as null).
     *
     * @param name  the property name.
     * @param value the value, may be null.
     * @throws JMSException as {@link #setBoolean(String, boolean)}.
     */
    public void setString(final String name, final String value) throws JMSException
    {
        checkWritable(name);
        WellFormedText.check(value, "String property", name);
        values.setString(writableSlot(name, null == value ? ValueType.NULL : ValueType.STRING), value);
    }

    /**
     * Sets a property from a primitive wrapper or String (or null).
     *
     * @param name  the property name.
     * @param value a Boolean, Byte, Short, Integer, Long, Float, Double, String, or null.
     * @throws JMSException MessageFormatException for any other class; as {@link #setBoolean(String, boolean)}.
     */
    public void setObject(final String name, final Object value) throws JMSException
    {
        final ValueType type = BoxedValues.typeOf(value);
        if (null == type || ValueType.CHAR == type || ValueType.BYTES == type)
        {
            checkWritable(name);
            PropertyNames.validate(name);
            throw JmsMessageExceptions.unsupportedObject(
                "setObjectProperty('" + name + "')", value, OBJECT_CLASSES);
        }
        if (ValueType.STRING == type)
        {
            checkWritable(name);
            WellFormedText.check((String)value, "String property", name);
        }
        BoxedValues.store(values, writableSlot(name, type), value);
    }

    /**
     * Replaces this set with a copy of another, read-only state included.
     *
     * @param other the properties to copy.
     */
    public void copyFrom(final JmsMessageProperties other)
    {
        values.copyFrom(other.values);
        readOnly = other.readOnly;
    }

    private int indexOf(final String name)
    {
        return null == name ? -1 : values.indexOf(name);
    }

    private int writableSlot(final String name, final ValueType type) throws JMSException
    {
        checkWritable(name);
        int slot = null == name ? -1 : values.indexOf(name);
        if (slot < 0)
        {
            PropertyNames.validate(name);
        }
        final ValueType required = PropertyNames.requiredType(name);
        if (null != required && required != type && !(ValueType.STRING == required && ValueType.NULL == type))
        {
            throw new MessageFormatException(
                "Property '" + name + "' is defined by JMS as " + required.javaName() + " and cannot be set as " +
                type.javaName() + "; use set" + (ValueType.INT == required ? "Int" : "String") + "Property");
        }
        if (slot < 0)
        {
            checkRoomForOneMore(name);
            slot = values.append(name);
        }
        return slot;
    }

    /**
     * The envelope carries at most {@link TypedValueTable#MAX_ENTRIES} properties besides JMSXDeliveryCount, which
     * travels in the envelope's header; a name lookup here runs only at the limit.
     */
    private void checkRoomForOneMore(final String name) throws MessageFormatException
    {
        final int size = values.size();
        if (size >= TypedValueTable.MAX_ENTRIES &&
            size - (values.indexOf(PropertyNames.JMSX_DELIVERY_COUNT) >= 0 ? 1 : 0) >= TypedValueTable.MAX_ENTRIES)
        {
            throw JmsMessageExceptions.tooManyEntries(values, name);
        }
    }

    private void checkWritable(final String name) throws MessageNotWriteableException
    {
        if (readOnly)
        {
            throw JmsMessageExceptions.propertiesReadOnly(name);
        }
    }
}
