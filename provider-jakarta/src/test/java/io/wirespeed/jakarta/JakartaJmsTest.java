package io.wirespeed.jakarta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import jakarta.jms.TopicConnectionFactory;
import javax.naming.InitialContext;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;

/**
 * The jakarta artifact is a working jakarta.jms 3.x provider: written against {@code jakarta.jms}
 * only (javax.jms-api is not on this module's classpath), it runs on the classes the Eclipse
 * Transformer generated from the javax provider.
 */
class JakartaJmsTest
{
    private static final long RECEIVE_TIMEOUT_MS = 10_000;

    @Test
    void theConnectionFactoryIsAJakartaConnectionFactory()
    {
        final Object factory = new JmsConnectionFactory("wirespeed:ipc");

        assertInstanceOf(ConnectionFactory.class, factory);
        assertInstanceOf(TopicConnectionFactory.class, factory);
    }

    @Test
    void theMetadataNamesJakartaMessaging31() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            assertEquals("3.1", context.getMetaData().getJMSVersion());
            assertEquals(3, context.getMetaData().getJMSMajorVersion());
            assertEquals(1, context.getMetaData().getJMSMinorVersion());
        }
    }

    @Test
    void theJavaxJmsApiIsNotNeeded()
    {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("javax.jms.Message"));
    }

    @Test
    void aTextMessageSentThroughAJmsContextArrivesOnItsTopic() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Topic topic = context.createTopic("jakarta.round.trip.text");
            final JMSConsumer consumer = context.createConsumer(topic);

            context.createProducer().setProperty("venue", "XLON").send(topic, "hello, jakarta");

            final Message received = consumer.receive(RECEIVE_TIMEOUT_MS);
            assertInstanceOf(TextMessage.class, received);
            assertEquals("hello, jakarta", received.getBody(String.class));
            assertEquals("XLON", received.getStringProperty("venue"));
            assertEquals(topic, received.getJMSDestination());
            assertTrue(received.getJMSMessageID().startsWith("ID:"));
            context.createProducer().send(topic, "end");
            assertEquals("end", consumer.receiveBody(String.class, RECEIVE_TIMEOUT_MS), "the message once");
        }
    }

    @Test
    void aBytesMessageArrivesWithItsBytesInOrder() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Topic topic = context.createTopic("jakarta.round.trip.bytes");
            final JMSConsumer consumer = context.createConsumer(topic);
            final BytesMessage message = context.createBytesMessage();
            message.writeLong(42L);
            message.writeBytes(new byte[]{ 1, 2, 3, 4, 5 });
            message.writeUTF("tail");

            context.createProducer().send(topic, message);

            final BytesMessage received = (BytesMessage)consumer.receive(RECEIVE_TIMEOUT_MS);
            assertNotNull(received, "no BytesMessage within " + RECEIVE_TIMEOUT_MS + " ms");
            assertEquals(8 + 5 + 2 + 4, received.getBodyLength());
            assertEquals(42L, received.readLong());
            final byte[] bytes = new byte[5];
            assertEquals(5, received.readBytes(bytes));
            assertArrayEquals(new byte[]{ 1, 2, 3, 4, 5 }, bytes);
            assertEquals("tail", received.readUTF());
        }
    }

    @Test
    void aJakartaMessageListenerReceivesMessagesInPublishOrder() throws Exception
    {
        final int count = 1_000;
        final List<Long> received = Collections.synchronizedList(new ArrayList<>());
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Topic topic = context.createTopic("jakarta.round.trip.listener");
            context.createConsumer(topic).setMessageListener(message ->
            {
                try
                {
                    received.add(message.getBody(Long.class));
                }
                catch (final JMSException ex)
                {
                    throw new IllegalStateException(ex);
                }
            });
            final JMSProducer producer = context.createProducer();
            for (long i = 0; i < count; i++)
            {
                producer.send(topic, context.createObjectMessage(i));
            }
            Await.until(count + " messages to the listener", () -> received.size() == count);
        }
        for (int i = 0; i < count; i++)
        {
            assertEquals(i, received.get(i));
        }
    }

    @Test
    void jndiLooksUpTheConnectionFactoryAndTopicNamedInJndiProperties() throws Exception
    {
        final InitialContext jndi = new InitialContext();
        final ConnectionFactory factory = (ConnectionFactory)jndi.lookup("local");
        final Topic prices = (Topic)jndi.lookup("prices");
        jndi.close();

        assertEquals("jakarta.prices.eurusd", prices.getTopicName());
        try (JMSContext context = factory.createContext())
        {
            final JMSConsumer consumer = context.createConsumer(prices);
            context.createProducer().send(prices, "1.0842");
            assertEquals("1.0842", consumer.receiveBody(String.class, RECEIVE_TIMEOUT_MS));
        }
    }

    @Test
    void misuseFailsWithTheJakartaRuntimeException()
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final JMSRuntimeException thrown = assertThrows(JMSRuntimeException.class,
                () -> context.createProducer().setDeliveryMode(42));
            assertTrue(thrown.getMessage().contains("42"), thrown.getMessage());
        }
    }
}
