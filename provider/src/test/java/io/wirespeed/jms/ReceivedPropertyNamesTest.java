package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.JMSProducer;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;

import org.junit.jupiter.api.Test;

/**
 * A received message lists each of its property names once, JMSXDeliveryCount included, on topics and queues,
 * whether it was sent with a MessageProducer or a JMSProducer; and lower-case spellings of selector keywords are
 * property names like any other, on both paths.
 */
class ReceivedPropertyNamesTest extends JmsTestSupport
{
    private static final int PROPERTIES = 17;

    @Test
    void aMessageSentWithAMessageProducerListsEachPropertyNameOnceOnTopicsAndQueues() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        for (final Destination destination :
            List.of(session.createTopic(uniqueTopic()), session.createQueue("names." + uniqueTopic())))
        {
            final MessageConsumer consumer = session.createConsumer(destination);
            final Message sent = session.createTextMessage("names");
            for (int i = 0; i < PROPERTIES; i++)
            {
                sent.setIntProperty("p" + i, i);
            }

            session.createProducer(destination).send(sent);

            final Message received = consumer.receive(5_000);
            assertNotNull(received, "nothing arrived on " + destination);
            assertEachNameOnce(Collections.list(received.getPropertyNames()), destination);
            consumer.close();
        }
    }

    @Test
    void aMessageSentWithAJmsProducerListsEachPropertyNameOnceOnTopicsAndQueues() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            for (final Destination destination :
                List.of(context.createTopic(uniqueTopic()), context.createQueue("names." + uniqueTopic())))
            {
                final JMSConsumer consumer = context.createConsumer(destination);
                final JMSProducer producer = context.createProducer();
                for (int i = 0; i < PROPERTIES; i++)
                {
                    producer.setProperty("p" + i, i);
                }

                producer.send(destination, "names");

                final Message received = consumer.receive(5_000);
                assertNotNull(received, "nothing arrived on " + destination);
                assertEachNameOnce(Collections.list(received.getPropertyNames()), destination);
                consumer.close();
            }
        }
    }

    @Test
    void lowerCaseSelectorKeywordsAreSentAndReceivedAsPropertyNames() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Destination topic = context.createTopic(uniqueTopic());
            final JMSConsumer consumer = context.createConsumer(topic);
            final Message message = context.createMessage();
            message.setBooleanProperty("true", true);

            context.createProducer().setProperty("in", "list").send(topic, message);

            final Message received = consumer.receive(5_000);
            assertEquals(true, received.getBooleanProperty("true"));
            assertEquals("list", received.getStringProperty("in"));
        }
    }

    private static void assertEachNameOnce(final List<String> names, final Destination destination)
    {
        final Set<String> expected = new HashSet<>();
        for (int i = 0; i < PROPERTIES; i++)
        {
            expected.add("p" + i);
        }
        expected.add("JMSXDeliveryCount");
        assertEquals(expected.size(), names.size(), "names listed on " + destination + ": " + names);
        assertEquals(expected, new HashSet<>(new ArrayList<>(names)), "names listed on " + destination);
    }
}
