package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.codec.TopicHash;
import io.wirespeed.test.Await;

class TopicStreamSharingTest extends JmsTestSupport
{
    @Test
    void consumersOfManyTopicsHoldOneSubscriptionPerStreamAndEachGetsOnlyItsTopic() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection("wirespeed:ipc?streamIdBase=6000&streamIdRange=4");
        connection.start();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final MessageConsumer[] consumers = new MessageConsumer[40];
        for (int i = 0; i < consumers.length; i++)
        {
            consumers[i] = session.createConsumer(session.createTopic(prefix + "." + i));
        }
        assertEquals(4, connection.topicStreams().subscriptionCount(), "one subscription per partition stream");

        final MessageProducer producer = session.createProducer(null);
        for (int i = consumers.length - 1; i >= 0; i--)
        {
            producer.send(session.createTopic(prefix + "." + i), session.createTextMessage("to " + i));
        }
        for (int i = 0; i < consumers.length; i++)
        {
            assertNextText(consumers[i], "to " + i, "the message of topic " + i);
            assertNull(consumers[i].receiveNoWait(), "nothing of the other topics");
        }

        for (final MessageConsumer consumer : consumers)
        {
            consumer.close();
        }
        assertEquals(0, connection.topicStreams().subscriptionCount(), "the last consumer closes the subscription");
    }

    @Test
    void consumersOfOneTopicShareOneReadOfItsStreamAndEachGetsEveryMessage() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageConsumer first = session.createConsumer(topic);
        final MessageConsumer second = session.createConsumer(topic);
        final List<String> heard = new CopyOnWriteArrayList<>();
        connection.createSession().createConsumer(topic)
            .setMessageListener(message -> heard.add(textOf((TextMessage)message)));
        assertEquals(1, connection.topicStreams().subscriptionCount());

        final MessageProducer producer = session.createProducer(topic);
        producer.send(session.createTextMessage("one"));
        producer.send(session.createTextMessage("two"));

        assertNextText(first, "one", "the first consumer's first");
        assertNextText(second, "one", "the second consumer's first");
        assertNextText(first, "two", "the first consumer's second");
        assertNextText(second, "two", "the second consumer's second");
        Await.until("the listener to hear both", () -> heard.size() == 2);
        assertEquals(List.of("one", "two"), heard);
    }

    @Test
    void messagesOfTopicsNobodyHereConsumesAreSkippedWithoutReachingAConsumer() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection("wirespeed:ipc?streamIdBase=6100&streamIdRange=1");
        connection.start();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final MessageConsumer wanted = session.createConsumer(session.createTopic(prefix + ".wanted"));
        final MessageProducer producer = session.createProducer(null);
        final Topic other = session.createTopic(prefix + ".other");

        for (int i = 0; i < 10; i++)
        {
            producer.send(other, session.createTextMessage("not here"));
        }
        producer.send(session.createTopic(prefix + ".wanted"), session.createTextMessage("here"));

        assertNextText(wanted, "here", "only its own topic");
        assertEquals(10, connection.topicStreams().skipped(), "the other topic's envelopes were skipped");
    }

    @Test
    void topicsWhoseNamesShareAHashAreToldApartByName() throws Exception
    {
        final String a = "t439599";
        final String b = "t622382";
        assertEquals(TopicHash.of(a), TopicHash.of(b), "names chosen to collide");
        final JmsConnection connection = (JmsConnection)connection();
        connection.start();
        final Session session = connection.createSession();
        final MessageConsumer consumerA = session.createConsumer(session.createTopic(a));
        final List<String> heardByB = new CopyOnWriteArrayList<>();
        connection.createSession().createConsumer(session.createTopic(b))
            .setMessageListener(message -> heardByB.add(textOf((TextMessage)message)));

        final MessageProducer producer = session.createProducer(null);
        producer.send(session.createTopic(b), session.createTextMessage("for b"));
        producer.send(session.createTopic(a), session.createTextMessage("for a"));

        assertNextText(consumerA, "for a", "not b's message, whose hash is the same");
        Await.until("b's listener to hear its message", () -> heardByB.size() == 1);
        assertEquals(List.of("for b"), heardByB);
        assertNull(consumerA.receiveNoWait());
    }

    @Test
    void aListenerKeepsGettingItsTopicWhileASynchronousConsumerOfTheSameStreamLags() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection("wirespeed:ipc?streamIdBase=6200&streamIdRange=1");
        connection.start();
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final Topic heardTopic = session.createTopic(prefix + ".heard");
        final Topic polledTopic = session.createTopic(prefix + ".polled");
        final MessageConsumer polled = session.createConsumer(polledTopic);
        final List<String> heard = new CopyOnWriteArrayList<>();
        connection.createSession().createConsumer(heardTopic)
            .setMessageListener(message -> heard.add(textOf((TextMessage)message)));

        final MessageProducer producer = session.createProducer(null);
        for (int i = 0; i < 100; i++)
        {
            producer.send(polledTopic, session.createTextMessage("polled " + i));
            producer.send(heardTopic, session.createTextMessage("heard " + i));
        }
        Await.until("the listener to hear all 100 before anyone receives", () -> heard.size() == 100);
        assertEquals("heard 99", heard.get(99));
        for (int i = 0; i < 100; i++)
        {
            assertNextText(polled, "polled " + i, "in order, kept for the synchronous consumer");
        }
        assertTrue(heard.stream().allMatch(text -> text.startsWith("heard ")));
    }

    private static String textOf(final TextMessage message)
    {
        try
        {
            return message.getText();
        }
        catch (final javax.jms.JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
