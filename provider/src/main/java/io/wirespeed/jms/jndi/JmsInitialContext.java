package io.wirespeed.jms.jndi;

import java.util.Collections;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

import javax.naming.Binding;
import javax.naming.CompositeName;
import javax.naming.Context;
import javax.naming.InvalidNameException;
import javax.naming.Name;
import javax.naming.NameClassPair;
import javax.naming.NameNotFoundException;
import javax.naming.NameParser;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.OperationNotSupportedException;

import io.wirespeed.jms.destination.JmsQueue;
import io.wirespeed.jms.destination.JmsTopic;

/**
 * A read-only JNDI context over the objects named in {@code jndi.properties}. Lookups of
 * {@code dynamicTopics/<name>} and {@code dynamicQueues/<name>} create destinations on demand.
 * Binding is not supported: the properties are the directory.
 */
final class JmsInitialContext implements Context
{
    private static final NameParser PARSER = CompositeName::new;

    private final Map<String, Object> bindings;
    private final Hashtable<Object, Object> environment;

    JmsInitialContext(final Map<String, Object> bindings, final Hashtable<?, ?> environment)
    {
        this.bindings = Collections.unmodifiableMap(new HashMap<>(bindings));
        this.environment = environment == null ? new Hashtable<>() : new Hashtable<>(environment);
    }

    @Override
    public Object lookup(final String name) throws NamingException
    {
        if (name == null || name.isEmpty())
        {
            return this;
        }
        final Object bound = bindings.get(name);
        if (bound != null)
        {
            return bound;
        }
        final int slash = name.indexOf('/');
        if (slash > 0 && slash < name.length() - 1)
        {
            final String context = name.substring(0, slash);
            final String destination = name.substring(slash + 1);
            if (JmsInitialContextFactory.DYNAMIC_TOPICS.equals(context))
            {
                return new JmsTopic(destination);
            }
            if (JmsInitialContextFactory.DYNAMIC_QUEUES.equals(context))
            {
                return new JmsQueue(destination);
            }
        }
        throw new NameNotFoundException(
            "'" + name + "' is not bound: add connectionFactory." + name + "=<uri>, topic." + name +
            "=<name> or queue." + name + "=<name> to jndi.properties, or look up dynamicTopics/<name> or " +
            "dynamicQueues/<name>; bound names: " + bindings.keySet());
    }

    @Override
    public Object lookup(final Name name) throws NamingException
    {
        return lookup(name.toString());
    }

    @Override
    public NamingEnumeration<NameClassPair> list(final String name) throws NamingException
    {
        requireRoot(name);
        final Iterator<Map.Entry<String, Object>> entries = bindings.entrySet().iterator();
        return new Enumeration<>(
            entries, entry -> new NameClassPair(entry.getKey(), entry.getValue().getClass().getName()));
    }

    @Override
    public NamingEnumeration<NameClassPair> list(final Name name) throws NamingException
    {
        return list(name.toString());
    }

    @Override
    public NamingEnumeration<Binding> listBindings(final String name) throws NamingException
    {
        requireRoot(name);
        final Iterator<Map.Entry<String, Object>> entries = bindings.entrySet().iterator();
        return new Enumeration<>(entries, entry -> new Binding(entry.getKey(), entry.getValue()));
    }

    @Override
    public NamingEnumeration<Binding> listBindings(final Name name) throws NamingException
    {
        return listBindings(name.toString());
    }

    @Override
    public Object lookupLink(final String name) throws NamingException
    {
        return lookup(name);
    }

    @Override
    public Object lookupLink(final Name name) throws NamingException
    {
        return lookup(name);
    }

    @Override
    public NameParser getNameParser(final String name)
    {
        return PARSER;
    }

    @Override
    public NameParser getNameParser(final Name name)
    {
        return PARSER;
    }

    @Override
    public String composeName(final String name, final String prefix) throws NamingException
    {
        return composeName(new CompositeName(name), new CompositeName(prefix)).toString();
    }

    @Override
    public Name composeName(final Name name, final Name prefix) throws NamingException
    {
        final Name result = (Name)prefix.clone();
        return result.addAll(name);
    }

    @Override
    public Object addToEnvironment(final String propName, final Object propVal)
    {
        return environment.put(propName, propVal);
    }

    @Override
    public Object removeFromEnvironment(final String propName)
    {
        return environment.remove(propName);
    }

    @Override
    public Hashtable<?, ?> getEnvironment()
    {
        return new Hashtable<>(environment);
    }

    @Override
    public void close()
    {
    }

    @Override
    public String getNameInNamespace()
    {
        return "";
    }

    @Override
    public void bind(final String name, final Object obj) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public void bind(final Name name, final Object obj) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public void rebind(final String name, final Object obj) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public void rebind(final Name name, final Object obj) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public void unbind(final String name) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public void unbind(final Name name) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public void rename(final String oldName, final String newName) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public void rename(final Name oldName, final Name newName) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public void destroySubcontext(final String name) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public void destroySubcontext(final Name name) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public Context createSubcontext(final String name) throws NamingException
    {
        throw readOnly();
    }

    @Override
    public Context createSubcontext(final Name name) throws NamingException
    {
        throw readOnly();
    }

    private static OperationNotSupportedException readOnly()
    {
        return new OperationNotSupportedException(
            "the Wirespeed JNDI context is read-only: name objects in jndi.properties instead");
    }

    private static void requireRoot(final String name) throws NamingException
    {
        if (name != null && !name.isEmpty())
        {
            throw new InvalidNameException("'" + name + "' is not a context: list the root context (\"\") instead");
        }
    }

    /** Adapts an iterator to a NamingEnumeration. */
    private static final class Enumeration<E, T> implements NamingEnumeration<T>
    {
        private final Iterator<E> iterator;
        private final java.util.function.Function<E, T> mapper;

        Enumeration(final Iterator<E> iterator, final java.util.function.Function<E, T> mapper)
        {
            this.iterator = iterator;
            this.mapper = mapper;
        }

        @Override
        public T next()
        {
            return nextElement();
        }

        @Override
        public boolean hasMore()
        {
            return iterator.hasNext();
        }

        @Override
        public void close()
        {
        }

        @Override
        public boolean hasMoreElements()
        {
            return iterator.hasNext();
        }

        @Override
        public T nextElement()
        {
            if (!iterator.hasNext())
            {
                throw new NoSuchElementException();
            }
            return mapper.apply(iterator.next());
        }
    }
}
