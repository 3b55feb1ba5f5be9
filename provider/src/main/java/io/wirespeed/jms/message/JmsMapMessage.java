package io.wirespeed.jms.message;

import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.Vector;

import javax.jms.JMSException;
import javax.jms.MapMessage;

/**
 * A {@link MapMessage} over a {@link TypedValueTable}: entries keep insertion order, names are compared by linear
 * scan, and setting a primitive under a name already present allocates nothing.
 * <p>
 * Reads follow the map conversion table (the property table plus char and byte[]); a received map is read-only
 * until {@code clearBody()}.
 */
public class JmsMapMessage extends JmsMessage implements MapMessage
{
    private static final String OBJECT_CLASSES =
        "Boolean, Byte, Short, Character, Integer, Long, Float, Double, String and byte[]";

    private final TypedValueTable entries = new TypedValueTable("Map entry");

    @Override
    public JmsMessageType messageType()
    {
        return JmsMessageType.MAP;
    }

    /**
     * The storage, for encoders (iterate slots) and decoders (put values without read-only checks).
     *
     * @return the table of entries.
     */
    public TypedValueTable entries()
    {
        return entries;
    }

    @Override
    public boolean getBoolean(final String name) throws JMSException
    {
        return TypeConversion.toBoolean(entries, indexOf(name), name);
    }

    @Override
    public byte getByte(final String name) throws JMSException
    {
        return TypeConversion.toByte(entries, indexOf(name), name);
    }

    @Override
    public short getShort(final String name) throws JMSException
    {
        return TypeConversion.toShort(entries, indexOf(name), name);
    }

    @Override
    public char getChar(final String name) throws JMSException
    {
        return TypeConversion.toChar(entries, indexOf(name), name);
    }

    @Override
    public int getInt(final String name) throws JMSException
    {
        return TypeConversion.toInt(entries, indexOf(name), name);
    }

    @Override
    public long getLong(final String name) throws JMSException
    {
        return TypeConversion.toLong(entries, indexOf(name), name);
    }

    @Override
    public float getFloat(final String name) throws JMSException
    {
        return TypeConversion.toFloat(entries, indexOf(name), name);
    }

    @Override
    public double getDouble(final String name) throws JMSException
    {
        return TypeConversion.toDouble(entries, indexOf(name), name);
    }

    @Override
    public String getString(final String name) throws JMSException
    {
        return TypeConversion.toStringValue(entries, indexOf(name));
    }

    @Override
    public byte[] getBytes(final String name) throws JMSException
    {
        return TypeConversion.toBytes(entries, indexOf(name));
    }

    @Override
    public Object getObject(final String name)
    {
        return TypeConversion.toObject(entries, indexOf(name));
    }

    @Override
    public Enumeration<String> getMapNames()
    {
        final Vector<String> names = new Vector<>(entries.size());
        for (int i = 0; i < entries.size(); i++)
        {
            names.add(entries.name(i));
        }
        return names.elements();
    }

    @Override
    public boolean itemExists(final String name)
    {
        return indexOf(name) >= 0;
    }

    @Override
    public void setBoolean(final String name, final boolean value) throws JMSException
    {
        entries.setBits(writableSlot(name), ValueType.BOOLEAN, value ? 1 : 0);
    }

    @Override
    public void setByte(final String name, final byte value) throws JMSException
    {
        entries.setBits(writableSlot(name), ValueType.BYTE, value);
    }

    @Override
    public void setShort(final String name, final short value) throws JMSException
    {
        entries.setBits(writableSlot(name), ValueType.SHORT, value);
    }

    @Override
    public void setChar(final String name, final char value) throws JMSException
    {
        entries.setBits(writableSlot(name), ValueType.CHAR, value);
    }

    @Override
    public void setInt(final String name, final int value) throws JMSException
    {
        entries.setBits(writableSlot(name), ValueType.INT, value);
    }

    @Override
    public void setLong(final String name, final long value) throws JMSException
    {
        entries.setBits(writableSlot(name), ValueType.LONG, value);
    }

    @Override
    public void setFloat(final String name, final float value) throws JMSException
    {
        entries.setBits(writableSlot(name), ValueType.FLOAT, Float.floatToRawIntBits(value) & 0xFFFF_FFFFL);
    }

    @Override
    public void setDouble(final String name, final double value) throws JMSException
    {
        entries.setBits(writableSlot(name), ValueType.DOUBLE, Double.doubleToRawLongBits(value));
    }

    @Override
    public void setString(final String name, final String value) throws JMSException
    {
        checkBodyWritable();
        WellFormedText.check(value, "MapMessage entry", name);
        entries.setString(writableSlot(name), value);
    }

    /**
     * {@inheritDoc}
     * <p>
     * The map keeps a copy; a null array is stored as a null value.
     */
    @Override
    public void setBytes(final String name, final byte[] value) throws JMSException
    {
        entries.setBytes(writableSlot(name), value, 0, null == value ? 0 : value.length);
    }

    @Override
    public void setBytes(final String name, final byte[] value, final int offset, final int length)
        throws JMSException
    {
        if (null != value && (offset < 0 || length < 0 || offset > value.length - length))
        {
            throw new IndexOutOfBoundsException(
                "setBytes offset " + offset + " and length " + length + " do not fit an array of " + value.length);
        }
        entries.setBytes(writableSlot(name), value, offset, length);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Accepts the primitive wrappers, Character, String, byte[] (copied) and null.
     */
    @Override
    public void setObject(final String name, final Object value) throws JMSException
    {
        if (null == BoxedValues.typeOf(value))
        {
            checkBodyWritable();
            throw JmsMessageExceptions.unsupportedObject("MapMessage.setObject('" + name + "')", value, OBJECT_CLASSES);
        }
        if (value instanceof String)
        {
            checkBodyWritable();
            WellFormedText.check((String)value, "MapMessage entry", name);
        }
        BoxedValues.store(entries, writableSlot(name), value);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Returns a new {@code HashMap} of the entries in objectified form, or null when the map is empty.
     */
    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        if (entries.size() == 0)
        {
            return null;
        }
        if (!c.isAssignableFrom(Map.class))
        {
            throw JmsMessageExceptions.format(
                "The body of a MapMessage is a Map and cannot be returned as " + c.getName() +
                "; ask for Map.class", null);
        }
        final Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < entries.size(); i++)
        {
            map.put(entries.name(i), TypeConversion.toObject(entries, i));
        }
        return c.cast(map);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return entries.size() == 0 || c.isAssignableFrom(Map.class);
    }

    @Override
    public JmsMapMessage copy()
    {
        final JmsMapMessage copy = new JmsMapMessage();
        copyTo(copy);
        copy.entries.copyFrom(entries);
        return copy;
    }

    @Override
    protected void doClearBody()
    {
        entries.clear();
    }

    private int indexOf(final String name)
    {
        return null == name ? -1 : entries.indexOf(name);
    }

    private int writableSlot(final String name) throws JMSException
    {
        checkBodyWritable();
        if (null == name || name.isEmpty())
        {
            throw new IllegalArgumentException(
                "MapMessage entry name must not be " + (null == name ? "null" : "empty"));
        }
        final int slot = entries.indexOf(name);
        if (slot >= 0)
        {
            return slot;
        }
        WellFormedText.check(name, "MapMessage entry name", null);
        if (entries.size() >= TypedValueTable.MAX_ENTRIES)
        {
            throw JmsMessageExceptions.tooManyEntries(entries, name);
        }
        return entries.append(name);
    }
}
