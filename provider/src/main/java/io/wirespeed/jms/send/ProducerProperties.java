package io.wirespeed.jms.send;

import java.util.AbstractSet;
import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;
import javax.jms.Message;

import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.message.JmsMessageProperties;
import io.wirespeed.jms.message.TypeConversion;
import io.wirespeed.jms.message.TypedValueTable;

/**
 * The properties a JMSProducer sets on every message it sends: the same name rules and conversion table as
 * message properties, with failures as {@link JMSRuntimeException}s, and a live read-only view of the names.
 */
public final class ProducerProperties
{
    private final JmsMessageProperties properties = new JmsMessageProperties();
    private final Set<String> names = Collections.unmodifiableSet(new NameView(properties));

    /**
     * Sets a property, as {@code JMSProducer.setProperty}.
     *
     * @param name  the name.
     * @param value a boxed primitive, a String, or null.
     * @throws JMSRuntimeException for an invalid name or an unsupported value.
     */
    public void set(final String name, final Object value)
    {
        try
        {
            properties.setObject(name, value);
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    /** Removes every property. */
    public void clear()
    {
        properties.clear();
    }

    /**
     * Whether a property is set.
     *
     * @param name the name.
     * @return true when set.
     */
    public boolean exists(final String name)
    {
        return properties.exists(name);
    }

    /**
     * Reads a property under the conversion table.
     *
     * @param reader the typed read.
     * @param name   the name.
     * @param <T>    the type read.
     * @return the value.
     * @throws JMSRuntimeException where the conversion table refuses.
     */
    public <T> T read(final Reader<T> reader, final String name)
    {
        try
        {
            return reader.read(properties, name);
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
    }

    /**
     * A property as an object.
     *
     * @param name the name.
     * @return the value, or null when not set.
     */
    public Object get(final String name)
    {
        return properties.getObject(name);
    }

    /** @return the live, read-only names. */
    public Set<String> names()
    {
        return names;
    }

    /**
     * Sets every property on a message about to be sent.
     *
     * @param message the message.
     * @throws JMSException if the message refuses a property.
     */
    public void applyTo(final Message message) throws JMSException
    {
        final TypedValueTable values = properties.values();
        for (int slot = 0, size = values.size(); slot < size; slot++)
        {
            message.setObjectProperty(values.name(slot), TypeConversion.toObject(values, slot));
        }
    }

    /**
     * Reads one property under the conversion table.
     *
     * @param <T> the type read.
     */
    @FunctionalInterface
    public interface Reader<T>
    {
        /**
         * Reads the property.
         *
         * @param properties the properties.
         * @param name       the name.
         * @return the value.
         * @throws JMSException where the conversion table refuses.
         */
        T read(JmsMessageProperties properties, String name) throws JMSException;
    }

    /**
     * The live names of a property set, read-only through {@link Collections#unmodifiableSet(Set)}.
     */
    private static final class NameView extends AbstractSet<String>
    {
        private final JmsMessageProperties properties;

        NameView(final JmsMessageProperties properties)
        {
            this.properties = properties;
        }

        @Override
        public boolean contains(final Object name)
        {
            return name instanceof String && properties.exists((String)name);
        }

        @Override
        public int size()
        {
            return properties.values().size();
        }

        @Override
        public Iterator<String> iterator()
        {
            final TypedValueTable values = properties.values();
            return new Iterator<>()
            {
                private int slot;

                @Override
                public boolean hasNext()
                {
                    return slot < values.size();
                }

                @Override
                public String next()
                {
                    if (!hasNext())
                    {
                        throw new NoSuchElementException();
                    }
                    return values.name(slot++);
                }
            };
        }
    }
}
