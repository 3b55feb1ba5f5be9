package io.wirespeed.jms.context;

import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.jms.JMSException;
import javax.jms.MapMessage;
import javax.jms.MessageFormatException;

/**
 * A {@link MapMessage} for {@link InMemoryConnection}: entries are stored as given and read back without the
 * conversion table, which these tests do not exercise.
 */
final class InMemoryMapMessage extends InMemoryMessage implements MapMessage
{
    private final Map<String, Object> entries = new LinkedHashMap<>();

    @Override
    InMemoryMessage bodyCopy()
    {
        final InMemoryMapMessage copy = new InMemoryMapMessage();
        copy.entries.putAll(entries);
        return copy;
    }

    @Override
    public void clearBody()
    {
        entries.clear();
    }

    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        if (entries.isEmpty())
        {
            return null;
        }
        if (!c.isAssignableFrom(Map.class))
        {
            throw new MessageFormatException("A MapMessage body cannot be read as " + c.getName());
        }
        return c.cast(new LinkedHashMap<>(entries));
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return entries.isEmpty() || c.isAssignableFrom(Map.class);
    }

    @Override
    public Object getObject(final String name)
    {
        return entries.get(name);
    }

    @Override
    public void setObject(final String name, final Object value) throws JMSException
    {
        if (null != value && !(value instanceof Number || value instanceof Boolean || value instanceof Character ||
            value instanceof String || value instanceof byte[]))
        {
            throw new MessageFormatException("A MapMessage cannot hold a " + value.getClass().getName());
        }
        entries.put(name, value);
    }

    @Override
    public Enumeration<String> getMapNames()
    {
        return Collections.enumeration(entries.keySet());
    }

    @Override
    public boolean itemExists(final String name)
    {
        return entries.containsKey(name);
    }

    @Override
    public boolean getBoolean(final String name)
    {
        return (Boolean)entries.get(name);
    }

    @Override
    public byte getByte(final String name)
    {
        return (Byte)entries.get(name);
    }

    @Override
    public short getShort(final String name)
    {
        return (Short)entries.get(name);
    }

    @Override
    public char getChar(final String name)
    {
        return (Character)entries.get(name);
    }

    @Override
    public int getInt(final String name)
    {
        return (Integer)entries.get(name);
    }

    @Override
    public long getLong(final String name)
    {
        return (Long)entries.get(name);
    }

    @Override
    public float getFloat(final String name)
    {
        return (Float)entries.get(name);
    }

    @Override
    public double getDouble(final String name)
    {
        return (Double)entries.get(name);
    }

    @Override
    public String getString(final String name)
    {
        return (String)entries.get(name);
    }

    @Override
    public byte[] getBytes(final String name)
    {
        return (byte[])entries.get(name);
    }

    @Override
    public void setBoolean(final String name, final boolean value)
    {
        entries.put(name, value);
    }

    @Override
    public void setByte(final String name, final byte value)
    {
        entries.put(name, value);
    }

    @Override
    public void setShort(final String name, final short value)
    {
        entries.put(name, value);
    }

    @Override
    public void setChar(final String name, final char value)
    {
        entries.put(name, value);
    }

    @Override
    public void setInt(final String name, final int value)
    {
        entries.put(name, value);
    }

    @Override
    public void setLong(final String name, final long value)
    {
        entries.put(name, value);
    }

    @Override
    public void setFloat(final String name, final float value)
    {
        entries.put(name, value);
    }

    @Override
    public void setDouble(final String name, final double value)
    {
        entries.put(name, value);
    }

    @Override
    public void setString(final String name, final String value)
    {
        entries.put(name, value);
    }

    @Override
    public void setBytes(final String name, final byte[] value)
    {
        entries.put(name, value.clone());
    }

    @Override
    public void setBytes(final String name, final byte[] value, final int offset, final int length)
    {
        final byte[] copy = new byte[length];
        System.arraycopy(value, offset, copy, 0, length);
        entries.put(name, copy);
    }
}
