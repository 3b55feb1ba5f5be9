package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;

import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

/**
 * Topic consumers' selectors applied where the connection's stream dispatches, before any copy: consumers with
 * distinct equality selectors each get only their messages, wildcard consumers too, and a selector many consumers
 * share is evaluated once per message.
 */
class TopicSelectorDispatchTest extends JmsTestSupport
{
    private static final int CONSUMERS = 1024;

    @Test
    void eachOf1024ConsumersWithDistinctEqualitySelectorsGetsOnlyItsMessages() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final List<MessageConsumer> consumers = new ArrayList<>();
        for (int i = 0; i < CONSUMERS; i++)
        {
            consumers.add(session.createConsumer(topic,
                0 == i % 3 ? "sym IN ('S" + i + "', 'X" + i + "')" : "sym = 'S" + i + "'"));
        }
        final MessageConsumer hit = session.createConsumer(topic, "sym = 'HIT'");
        final MessageProducer producer = connection.createSession().createProducer(topic);
        for (int i = 0; i < CONSUMERS; i++)
        {
            final TextMessage message = session.createTextMessage("S" + i);
            message.setStringProperty("sym", "S" + i);
            producer.send(message);
            final TextMessage other = session.createTextMessage("HIT " + i);
            other.setStringProperty("sym", "HIT");
            producer.send(other);
        }

        for (int i = 0; i < CONSUMERS; i++)
        {
            final Message message = consumers.get(i).receive(10_000);
            assertNotNull(message, "consumer " + i + " got its message");
            assertEquals("S" + i, ((TextMessage)message).getText());
        }
        for (int i = 0; i < CONSUMERS; i++)
        {
            assertEquals("HIT " + i, ((TextMessage)hit.receive(10_000)).getText(), "the HIT consumer gets all its own");
        }
        // the last message sent was dispatched, and so was everything before it on the one stream
        for (int i = 0; i < CONSUMERS; i++)
        {
            assertNull(consumers.get(i).receiveNoWait(), "consumer " + i + " got nothing else");
        }
        assertNull(hit.receiveNoWait());
        assertEquals(0, connection.topicStreams().selectorEvaluations(), "every selector was found by look-up");
        assertEquals(2L * CONSUMERS, connection.topicStreams().indexLookups(), "one look-up of sym per message");
    }

    @Test
    void eachOf512WildcardConsumersWithDistinctEqualitySelectorsGetsOnlyItsMessages() throws Exception
    {
        final int wildcards = 512;
        final JmsConnection connection = (JmsConnection)connection();
        connection.start();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final Topic pattern = session.createTopic(prefix + ".*");
        final List<MessageConsumer> consumers = new ArrayList<>();
        for (int i = 0; i < wildcards; i++)
        {
            consumers.add(session.createConsumer(pattern,
                0 == i % 3 ? "sym IN ('S" + i + "', 'X" + i + "')" : "sym = 'S" + i + "'"));
        }
        final Topic a = session.createTopic(prefix + ".a");
        final MessageConsumer hit = session.createConsumer(a, "sym = 'HIT'");
        final MessageProducer producer = connection.createSession().createProducer(null);
        for (int i = 0; i < wildcards; i++)
        {
            final TextMessage message = session.createTextMessage("S" + i);
            message.setStringProperty("sym", "S" + i);
            producer.send(0 == i % 2 ? a : session.createTopic(prefix + ".b"), message);
            final TextMessage other = session.createTextMessage("HIT " + i);
            other.setStringProperty("sym", "HIT");
            producer.send(a, other);
        }

        for (int i = 0; i < wildcards; i++)
        {
            final Message message = consumers.get(i).receive(10_000);
            assertNotNull(message, "wildcard consumer " + i + " got its message");
            assertEquals("S" + i, ((TextMessage)message).getText());
        }
        for (int i = 0; i < wildcards; i++)
        {
            assertEquals("HIT " + i, ((TextMessage)hit.receive(10_000)).getText(), "the HIT consumer gets all its own");
        }
        for (int i = 0; i < wildcards; i++)
        {
            assertNull(consumers.get(i).receiveNoWait(), "wildcard consumer " + i + " got nothing else");
        }
        assertNull(hit.receiveNoWait());
        assertEquals(0, connection.topicStreams().selectorEvaluations(), "every selector was found by look-up");
        assertEquals(2L * wildcards, connection.topicStreams().indexLookups(), "one look-up of sym per message");
    }

    @Test
    void aSelectorSharedBy100ConsumersIsEvaluatedOncePerMessage() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final List<MessageConsumer> consumers = new ArrayList<>();
        for (int i = 0; i < 100; i++)
        {
            consumers.add(session.createConsumer(topic, "price > 3"));
        }
        final MessageConsumer all = session.createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        for (int i = 0; i < 8; i++)
        {
            final TextMessage message = session.createTextMessage("price " + i);
            message.setDoubleProperty("price", i);
            producer.send(message);
        }
        for (int i = 0; i < 8; i++)
        {
            assertEquals("price " + i, ((TextMessage)all.receive(10_000)).getText());
        }
        for (final MessageConsumer consumer : consumers)
        {
            for (int i = 4; i < 8; i++)
            {
                assertEquals("price " + i, ((TextMessage)consumer.receive(10_000)).getText());
            }
            assertNull(consumer.receiveNoWait());
        }
        assertEquals(8, connection.topicStreams().selectorEvaluations(), "one evaluation per message, not 100");
    }
}
