package io.wirespeed.jms.durable;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static io.wirespeed.jms.ReceiveAssertions.receiveAmong;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;
import javax.jms.TopicConnection;
import javax.jms.TopicPublisher;
import javax.jms.TopicSession;
import javax.jms.TopicSubscriber;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.transport.SharedTransports;

/**
 * Durable subscriptions with the embedded driver and its archive: what an offline subscriber gets,
 * acknowledgement and redelivery, and the specification's rules on client ids, names, changed
 * definitions, active consumers and unsubscribe; persistent queue messages across a restart of the
 * queue host (archive=on).
 */
class DurableSubscriptionTest
{
    private static int counter;

    @TempDir
    Path archiveDir;

    private final List<Connection> connections = new ArrayList<>();

    private String uri()
    {
        return "wirespeed:ipc?archiveDir=" + archiveDir + "&connectWait=50";
    }

    private Connection connection(final String clientId) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory(uri()).createConnection();
        if (clientId != null)
        {
            connection.setClientID(clientId);
        }
        connections.add(connection);
        connection.start();
        return connection;
    }

    private static synchronized String unique(final String what)
    {
        return "durable." + what + "." + ProcessHandle.current().pid() + "." + (++counter);
    }

    @BeforeEach
    void closeTheEmbeddedHosts()
    {
        // the embedded queue host and archive live while the JVM does: each test starts them on its own directory
        SharedTransports.closeEmbeddedHosts();
    }

    @AfterEach
    void close() throws JMSException
    {
        for (final Connection connection : connections)
        {
            connection.close();
        }
        connections.clear();
        SharedTransports.closeEmbeddedHosts();
    }

    @Test
    void anOfflineSubscriberGetsEverythingPublishedMeanwhileInOrderThenTheLiveStream() throws Exception
    {
        final Connection subscriber = connection(unique("client"));
        final Session session = subscriber.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(unique("topic"));
        final MessageConsumer first = session.createDurableSubscriber(topic, "orders");
        final Session publishing = connection(null).createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = publishing.createProducer(topic);
        for (int i = 0; i < 10; i++)
        {
            producer.send(publishing.createTextMessage("m" + i));
        }
        for (int i = 0; i < 10; i++)
        {
            assertEquals("m" + i, text(first.receive(5_000)));
        }
        first.close();

        for (int i = 10; i < 300; i++)
        {
            producer.send(publishing.createTextMessage("m" + i));
        }
        final MessageConsumer again = session.createDurableSubscriber(topic, "orders");
        for (int i = 10; i < 300; i++)
        {
            final Message message = again.receive(5_000);
            assertEquals("m" + i, text(message));
            assertFalse(message.getJMSRedelivered());
        }
        producer.send(publishing.createTextMessage("live"));
        assertEquals("live", text(again.receive(5_000)));
        producer.send(publishing.createTextMessage("end"));
        assertNextText(again, "end", "each message once");
    }

    @Test
    void unacknowledgedMessagesComeBackMarkedRedelivered() throws Exception
    {
        final Connection subscriber = connection(unique("client"));
        final Session session = subscriber.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        final Topic topic = session.createTopic(unique("topic"));
        final MessageConsumer consumer = session.createDurableConsumer(topic, "acks");
        final Session publishing = connection(null).createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = publishing.createProducer(topic);
        for (int i = 0; i < 6; i++)
        {
            producer.send(publishing.createTextMessage("m" + i));
        }
        for (int i = 0; i < 3; i++)
        {
            assertEquals("m" + i, text(consumer.receive(5_000)));
        }
        consumer.receive(5_000).acknowledge();
        assertEquals("m4", text(consumer.receive(5_000)));
        consumer.close();
        session.recover();

        final MessageConsumer again = session.createDurableConsumer(topic, "acks");
        final Message redelivered = again.receive(5_000);
        assertEquals("m4", text(redelivered));
        assertTrue(redelivered.getJMSRedelivered());
        final Message next = again.receive(5_000);
        assertEquals("m5", text(next));
        next.acknowledge();
        producer.send(publishing.createTextMessage("end"));
        assertNextText(again, "end", "nothing acknowledged came back");
    }

    @Test
    void clientIdAndNameRules() throws Exception
    {
        final Connection anonymous = connection(null);
        final Session session = anonymous.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(unique("topic"));
        final IllegalStateException noClientId = assertThrows(IllegalStateException.class,
            () -> session.createDurableConsumer(topic, "x"));
        assertTrue(noClientId.getMessage().contains("client id"), noClientId.getMessage());
        assertThrows(IllegalStateException.class, () -> session.createDurableSubscriber(topic, "x"));
        assertThrows(InvalidDestinationException.class, () -> session.createSharedDurableConsumer(topic, ""));
        assertThrows(InvalidDestinationException.class,
            () -> session.createSharedDurableConsumer(session.createTemporaryTopic(), "t"));

        final MessageConsumer shared = session.createSharedDurableConsumer(topic, "shared-without-client-id");
        assertNotNull(shared);
    }

    @Test
    void anUnsharedSubscriptionTakesOneConsumerAndASharedOneMany() throws Exception
    {
        final String clientId = unique("client");
        final Session session = connection(clientId).createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(unique("topic"));
        session.createDurableConsumer(topic, "one");
        assertThrows(JMSException.class, () -> session.createDurableConsumer(topic, "one"));
        assertThrows(JMSException.class, () -> session.createSharedDurableConsumer(topic, "one"));

        final MessageConsumer a = session.createSharedDurableConsumer(topic, "many");
        final MessageConsumer b = session.createSharedDurableConsumer(topic, "many");
        final Session publishing = connection(null).createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = publishing.createProducer(topic);
        for (int i = 0; i < 100; i++)
        {
            producer.send(publishing.createTextMessage("m" + i));
        }
        final List<List<String>> received = receiveAmong(100, a, b);
        assertEquals(100, received.get(0).size() + received.get(1).size(), "each message to one of them");
    }

    @Test
    void aChangedSelectorReplacesTheSubscriptionOnlyWhenNoConsumerIsActive() throws Exception
    {
        final Session session = connection(unique("client")).createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(unique("topic"));
        final Session publishing = connection(null).createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = publishing.createProducer(topic);

        final MessageConsumer red = session.createDurableConsumer(topic, "colour", "colour = 'red'", false);
        assertThrows(
            JMSException.class, () -> session.createDurableConsumer(topic, "colour", "colour = 'blue'", false));
        red.close();
        producer.send(colour(publishing, "red", "kept until replaced"));

        final MessageConsumer blue = session.createDurableConsumer(topic, "colour", "colour = 'blue'", false);
        producer.send(colour(publishing, "red", "not selected"));
        producer.send(colour(publishing, "blue", "selected"));
        producer.send(colour(publishing, "blue", "end"));
        assertEquals("selected", text(blue.receive(5_000)));
        assertNextText(blue, "end", "neither the red message nor the one kept for the red selector");
        blue.close();

        final Topic other = session.createTopic(unique("topic"));
        final MessageConsumer witness = session.createDurableConsumer(topic, "witness");
        final MessageConsumer moved = session.createDurableConsumer(other, "colour");
        producer.send(colour(publishing, "blue", "old topic"));
        assertNextText(witness, "old topic", "the old topic's message reached the host's subscriptions");
        publishing.createProducer(other).send(colour(publishing, "blue", "new topic"));
        assertNextText(moved, "new topic", "a subscription moved to another topic leaves the old one");
    }

    @Test
    void aChangedNoLocalReplacesTheSubscriptionWithNothingOfWhatTheOldOneHeld() throws Exception
    {
        // the Jakarta TCK's TopicTests#durableSubscriberTopicNoLocalTest2, on the legacy topic API
        final TopicConnection connection = new JmsConnectionFactory(uri()).createTopicConnection();
        connections.add(connection);
        connection.setClientID(unique("client"));
        final TopicSession session = connection.createTopicSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(unique("topic"));
        final TopicPublisher publisher = session.createPublisher(topic);
        final TopicSubscriber plain = session.createSubscriber(topic);
        TopicSubscriber durable = session.createDurableSubscriber(topic, "noLocal", "", true);
        connection.start();
        for (int i = 0; i < 10; i++)
        {
            publisher.publish(session.createTextMessage("own " + i));
        }
        for (int i = 0; i < 10; i++)
        {
            assertEquals("own " + i, text(plain.receive(5_000)));
        }
        assertEquals(null, durable.receive(200), "a noLocal subscriber received its own connection's message");
        for (int i = 0; i < 10; i++)
        {
            publisher.publish(session.createTextMessage("before the change " + i));
        }
        durable.close();

        durable = session.createDurableSubscriber(topic, "noLocal", "", false);
        final Message old = durable.receive(500);
        assertEquals(null, null == old ? null : ((TextMessage)old).getText(),
            "the replaced subscription's messages reached the new one");
        publisher.publish(session.createTextMessage("after the change"));
        assertNextText(durable, "after the change", "the new subscription takes what is published after it");
    }

    @Test
    void unsubscribeRules() throws Exception
    {
        final Session session = connection(unique("client")).createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(unique("topic"));
        final InvalidDestinationException unknown = assertThrows(InvalidDestinationException.class,
            () -> session.unsubscribe("never-created"));
        assertTrue(unknown.getMessage().contains("never-created"), unknown.getMessage());

        final MessageConsumer consumer = session.createDurableConsumer(topic, "gone");
        assertThrows(IllegalStateException.class, () -> session.unsubscribe("gone"));
        consumer.close();
        final Session publishing = connection(null).createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer before = publishing.createProducer(topic);
        before.send(publishing.createTextMessage("before unsubscribe"));
        session.unsubscribe("gone");
        assertThrows(InvalidDestinationException.class, () -> session.unsubscribe("gone"));

        final MessageConsumer fresh = session.createDurableConsumer(topic, "gone");
        before.send(publishing.createTextMessage("after"));
        assertNextText(fresh, "after", "a new subscription of the same name starts empty");
    }

    @Test
    void persistentQueueMessagesSurviveARestartOfTheQueueHost() throws Exception
    {
        final String queueName = unique("queue");
        final String onUri = uri() + "&archive=on";
        final Connection first = new JmsConnectionFactory(onUri).createConnection();
        final Session session = first.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Queue queue = session.createQueue(queueName);
        final MessageProducer producer = session.createProducer(queue);
        producer.send(session.createTextMessage("persistent-1"));
        producer.send(session.createTextMessage("transient"), DeliveryMode.NON_PERSISTENT, 4, 0);
        producer.send(session.createTextMessage("persistent-2"));
        first.start();
        final MessageConsumer consumer = session.createConsumer(queue);
        assertEquals("persistent-1", text(consumer.receive(5_000)));
        first.close();
        SharedTransports.closeEmbeddedHosts();

        final Connection second = new JmsConnectionFactory(onUri).createConnection();
        connections.add(second);
        second.start();
        final Session again = second.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageConsumer restored = again.createConsumer(again.createQueue(queueName));
        final Message message = restored.receive(5_000);
        assertEquals("persistent-2", text(message));
        again.createProducer(again.createQueue(queueName)).send(again.createTextMessage("end"));
        assertNextText(restored, "end", "the NON_PERSISTENT message and the acknowledged one stay gone");
    }

    @Test
    void aDurableSubscriberGetsEveryMessageOfAPublisherThatConnectsPerSend() throws Exception
    {
        final Session session = connection(unique("client")).createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(unique("topic"));
        final MessageConsumer consumer = session.createDurableConsumer(topic, "per-send");
        for (int i = 0; i < 5; i++)
        {
            try (Connection publisher = new JmsConnectionFactory(uri()).createConnection())
            {
                final Session publishing = publisher.createSession(false, Session.AUTO_ACKNOWLEDGE);
                publishing.createProducer(topic).send(publishing.createTextMessage("m" + i));
            }
        }
        final Set<String> received = new HashSet<>();
        for (int i = 0; i < 5; i++)
        {
            received.add(text(consumer.receive(5_000)));
        }
        assertEquals(Set.of("m0", "m1", "m2", "m3", "m4"), received);
    }

    @Test
    void anInactiveSubscriptionWithoutSelectorKeepsWhatIsPublishedWhileItIsAway() throws Exception
    {
        inactiveSubscriptionKeepsWhatIsPublishedWhileItIsAway(null);
    }

    @Test
    void anInactiveSubscriptionWithAnEmptySelectorKeepsWhatIsPublishedWhileItIsAway() throws Exception
    {
        inactiveSubscriptionKeepsWhatIsPublishedWhileItIsAway("");
    }

    private void inactiveSubscriptionKeepsWhatIsPublishedWhileItIsAway(final String selector) throws Exception
    {
        final String clientId = unique("client");
        final String topicName = unique("topic");
        try (Connection subscriber = new JmsConnectionFactory(uri()).createConnection())
        {
            subscriber.setClientID(clientId);
            final Session session = subscriber.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createDurableConsumer(session.createTopic(topicName), "away", selector, false).close();
        }
        try (Connection publisher = new JmsConnectionFactory(uri()).createConnection())
        {
            final Session session = publisher.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createProducer(session.createTopic(topicName)).send(session.createTextMessage("while away"));
        }
        try (Connection subscriber = new JmsConnectionFactory(uri()).createConnection())
        {
            subscriber.setClientID(clientId);
            subscriber.start();
            final Session session = subscriber.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer again =
                session.createDurableConsumer(session.createTopic(topicName), "away", selector, false);
            assertEquals("while away", text(again.receive(5_000)));
            again.close();
            session.unsubscribe("away");
        }
    }

    @Test
    void queueSendsOnShortLivedConnectionsWorkAfterADurableSubscriptionStartedTheArchive() throws Exception
    {
        // as in a Spring context whose durable listener container starts before the first JmsTemplate send
        final Connection listening = connection(unique("client"));
        final Session session = listening.createSession(false, Session.AUTO_ACKNOWLEDGE);
        session.createDurableConsumer(session.createTopic(unique("topic")), "started-the-archive");
        final String queueName = unique("queue");
        for (int i = 0; i < 3; i++)
        {
            try (Connection sender = new JmsConnectionFactory(uri()).createConnection())
            {
                final Session transacted = sender.createSession(true, Session.SESSION_TRANSACTED);
                transacted.createProducer(transacted.createQueue(queueName))
                    .send(transacted.createTextMessage("m" + i));
                transacted.commit();
            }
        }
        final MessageConsumer consumer = session.createConsumer(session.createQueue(queueName));
        for (int i = 0; i < 3; i++)
        {
            assertEquals("m" + i, text(consumer.receive(5_000)));
        }
    }

    private static Message colour(final Session session, final String colour, final String text) throws JMSException
    {
        final TextMessage message = session.createTextMessage(text);
        message.setStringProperty("colour", colour);
        return message;
    }

    private static String text(final Message message) throws JMSException
    {
        assertNotNull(message, "no message");
        return ((TextMessage)message).getText();
    }
}
