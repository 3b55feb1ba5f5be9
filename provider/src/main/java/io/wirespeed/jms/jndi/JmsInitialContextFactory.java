package io.wirespeed.jms.jndi;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

import javax.naming.ConfigurationException;
import javax.naming.Context;
import javax.naming.NamingException;
import javax.naming.spi.InitialContextFactory;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.destination.JmsQueue;
import io.wirespeed.jms.destination.JmsTopic;

/**
 * The JNDI entry point: set {@code java.naming.factory.initial} to this class in
 * {@code jndi.properties} (or the InitialContext environment) and name objects in the convention
 * of ActiveMQ and Qpid JMS:
 * <pre>
 *   connectionFactory.&lt;name&gt; = &lt;wirespeed URI&gt;
 *   topic.&lt;name&gt; = &lt;topic name&gt;
 *   queue.&lt;name&gt; = &lt;queue name&gt;
 * </pre>
 * With no {@code connectionFactory.*} entry, {@code ConnectionFactory}, {@code TopicConnectionFactory}
 * and {@code QueueConnectionFactory} are bound to the default URI. {@code dynamicTopics/<name>} and
 * {@code dynamicQueues/<name>} look up destinations that are not listed. {@code java.naming.provider.url}
 * may name a properties file (path or URL) with more entries.
 */
public class JmsInitialContextFactory implements InitialContextFactory
{
    /** Prefix of connection factory entries (matched case-insensitively). */
    public static final String CONNECTION_FACTORY_PREFIX = "connectionfactory.";
    /** Prefix of topic entries. */
    public static final String TOPIC_PREFIX = "topic.";
    /** Prefix of queue entries. */
    public static final String QUEUE_PREFIX = "queue.";
    /** The sub-context that creates topics by name on lookup. */
    public static final String DYNAMIC_TOPICS = "dynamicTopics";
    /** The sub-context that creates queues by name on lookup. */
    public static final String DYNAMIC_QUEUES = "dynamicQueues";
    /** The names bound to the default connection factory when none is configured. */
    public static final String[] DEFAULT_FACTORY_NAMES = {
        "ConnectionFactory", "TopicConnectionFactory", "QueueConnectionFactory" };

    @Override
    public Context getInitialContext(final Hashtable<?, ?> environment) throws NamingException
    {
        final Map<String, String> entries = new HashMap<>();
        final Object providerUrl = environment == null ? null : environment.get(Context.PROVIDER_URL);
        if (providerUrl != null && !providerUrl.toString().isBlank())
        {
            load(providerUrl.toString().trim(), entries);
        }
        if (environment != null)
        {
            for (final Map.Entry<?, ?> entry : environment.entrySet())
            {
                if (entry.getKey() instanceof String && entry.getValue() instanceof String)
                {
                    entries.put((String)entry.getKey(), (String)entry.getValue());
                }
            }
        }
        return new JmsInitialContext(bindings(entries), environment);
    }

    private static Map<String, Object> bindings(final Map<String, String> entries) throws NamingException
    {
        final Map<String, Object> bindings = new HashMap<>();
        boolean anyFactory = false;
        for (final Map.Entry<String, String> entry : entries.entrySet())
        {
            final String key = entry.getKey();
            final String lower = key.toLowerCase(Locale.ROOT);
            final String value = entry.getValue().trim();
            if (lower.startsWith(CONNECTION_FACTORY_PREFIX))
            {
                anyFactory = true;
                bindings.put(key.substring(CONNECTION_FACTORY_PREFIX.length()), factory(key, value));
            }
            else if (lower.startsWith(TOPIC_PREFIX))
            {
                bindings.put(key.substring(TOPIC_PREFIX.length()), new JmsTopic(nonEmpty(key, value)));
            }
            else if (lower.startsWith(QUEUE_PREFIX))
            {
                bindings.put(key.substring(QUEUE_PREFIX.length()), new JmsQueue(nonEmpty(key, value)));
            }
        }
        if (!anyFactory)
        {
            final JmsConnectionFactory factory = new JmsConnectionFactory();
            for (final String name : DEFAULT_FACTORY_NAMES)
            {
                bindings.put(name, factory);
            }
        }
        return bindings;
    }

    private static JmsConnectionFactory factory(final String key, final String uri) throws NamingException
    {
        try
        {
            return new JmsConnectionFactory(uri);
        }
        catch (final IllegalArgumentException ex)
        {
            final ConfigurationException naming =
                new ConfigurationException("JNDI entry '" + key + "': " + ex.getMessage());
            naming.setRootCause(ex);
            throw naming;
        }
    }

    private static String nonEmpty(final String key, final String value) throws NamingException
    {
        if (value.isEmpty())
        {
            throw new ConfigurationException("JNDI entry '" + key + "' names no destination: give it a value");
        }
        return value;
    }

    private static void load(final String location, final Map<String, String> entries) throws NamingException
    {
        final Properties properties = new Properties();
        try (InputStream in = location.contains("://") || location.startsWith("file:") ?
            new URL(location).openStream() : Files.newInputStream(Path.of(location)))
        {
            properties.load(in);
        }
        catch (final IOException ex)
        {
            final ConfigurationException naming = new ConfigurationException(
                "cannot read the JNDI properties named by " + Context.PROVIDER_URL + "='" + location + "': " + ex);
            naming.setRootCause(ex);
            throw naming;
        }
        for (final String name : properties.stringPropertyNames())
        {
            entries.put(name, properties.getProperty(name));
        }
    }
}
