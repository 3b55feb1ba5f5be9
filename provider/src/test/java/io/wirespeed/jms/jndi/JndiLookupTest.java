package io.wirespeed.jms.jndi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Hashtable;

import javax.jms.ConnectionFactory;
import javax.jms.Queue;
import javax.jms.QueueConnectionFactory;
import javax.jms.Topic;
import javax.jms.TopicConnectionFactory;
import javax.naming.ConfigurationException;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NameNotFoundException;
import javax.naming.OperationNotSupportedException;
import javax.naming.Reference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.transport.IdleStrategyKind;

class JndiLookupTest
{
    @Test
    void looksUpFactoriesAndDestinationsFromJndiPropertiesOnTheClasspath() throws Exception
    {
        final InitialContext context = new InitialContext();
        final JmsConnectionFactory local = (JmsConnectionFactory)context.lookup("local");
        final JmsConnectionFactory lan = (JmsConnectionFactory)context.lookup("lan");
        assertEquals("wirespeed:ipc", local.getUri());
        assertEquals("wirespeed:udp?endpoint=239.1.2.3:40456&interface=127.0.0.1", lan.getUri());
        assertInstanceOf(TopicConnectionFactory.class, local);
        assertInstanceOf(QueueConnectionFactory.class, local);
        assertEquals("prices.eurusd", ((Topic)context.lookup("prices")).getTopicName());
        assertEquals("orders.in", ((Queue)context.lookup("orders")).getQueueName());
        context.close();
    }

    @Test
    void dynamicDestinationsNeedNoEntry() throws Exception
    {
        final InitialContext context = new InitialContext();
        assertEquals("a.b", ((Topic)context.lookup("dynamicTopics/a.b")).getTopicName());
        assertEquals("q", ((Queue)context.lookup("dynamicQueues/q")).getQueueName());
    }

    @Test
    void withoutFactoryEntriesTheDefaultNamesAreBound() throws Exception
    {
        final Hashtable<String, String> environment = new Hashtable<>();
        environment.put(Context.INITIAL_CONTEXT_FACTORY, JmsInitialContextFactory.class.getName());
        environment.put("topic.t", "t");
        final Context context = new JmsInitialContextFactory().getInitialContext(environment);
        for (final String name : JmsInitialContextFactory.DEFAULT_FACTORY_NAMES)
        {
            assertInstanceOf(ConnectionFactory.class, context.lookup(name));
        }
    }

    @Test
    void providerUrlNamesAPropertiesFile(@TempDir final Path dir) throws Exception
    {
        final Path file = dir.resolve("more.properties");
        Files.writeString(file, "topic.fromFile = file.topic\nconnectionFactory.cf = wirespeed:ipc?idle=sleeping\n");
        final Hashtable<String, String> environment = new Hashtable<>();
        environment.put(Context.PROVIDER_URL, file.toString());
        final Context context = new JmsInitialContextFactory().getInitialContext(environment);
        assertEquals("file.topic", ((Topic)context.lookup("fromFile")).getTopicName());
        assertEquals(IdleStrategyKind.SLEEPING, ((JmsConnectionFactory)context.lookup("cf")).config().idle());
    }

    @Test
    void unknownNamesAndBadEntriesFailClearly() throws Exception
    {
        final Context context = new InitialContext();
        final NameNotFoundException missing = assertThrows(NameNotFoundException.class, () -> context.lookup("nope"));
        assertTrue(missing.getMessage().contains("topic.nope"), missing.getMessage());
        assertThrows(OperationNotSupportedException.class, () -> context.bind("x", "y"));

        final Hashtable<String, String> environment = new Hashtable<>();
        environment.put("connectionFactory.bad", "wirespeed:carrier-pigeon");
        final ConfigurationException bad = assertThrows(ConfigurationException.class,
            () -> new JmsInitialContextFactory().getInitialContext(environment));
        assertTrue(bad.getMessage().contains("connectionFactory.bad"), bad.getMessage());
    }

    @Test
    void factoriesAndDestinationsAreSerializableAndReferenceable() throws Exception
    {
        final JmsConnectionFactory factory = new JmsConnectionFactory("wirespeed:ipc?idle=yielding");
        final JmsConnectionFactory copy = roundTrip(factory);
        assertEquals(factory.getUri(), copy.getUri());
        assertEquals(IdleStrategyKind.YIELDING, copy.config().idle());
        final JmsTopic topic = new JmsTopic("t.1");
        assertEquals(topic, roundTrip(topic));

        final JmsObjectFactory objects = new JmsObjectFactory();
        final Reference factoryReference = factory.getReference();
        assertEquals(JmsObjectFactory.class.getName(), factoryReference.getFactoryClassName());
        assertEquals(JmsObjectFactory.class.getName(), topic.getReference().getFactoryClassName());
        assertEquals(factory.getUri(),
            ((JmsConnectionFactory)objects.getObjectInstance(factoryReference, null, null, null)).getUri());
        assertEquals(topic, objects.getObjectInstance(topic.getReference(), null, null, null));
        assertSame(null, objects.getObjectInstance("not a reference", null, null, null));
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(final T value) throws Exception
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())))
        {
            return (T)in.readObject();
        }
    }
}
