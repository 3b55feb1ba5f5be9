package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.Destination;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

/**
 * Messages one thread sends one after another, each through a connection (or a context) of its own, arrive in the
 * order sent, on topics and on queues (issue 25 item 3): JMS promises order only within a session, but every broker
 * keeps it here and applications written as {@code JmsTemplate} without a cache rely on it. On d7d5ed9 each connection
 * published on a new publication of its own, and a subscriber reads several publications of one stream in any order.
 */
class ConnectionPerSendOrderTest extends JmsTestSupport
{
    private static final int MESSAGES = 300;

    @Test
    void topicMessagesSentThroughSuccessiveConnectionsArriveInOrder() throws Exception
    {
        assertArrivesInOrder(false, false);
    }

    @Test
    void queueMessagesSentThroughSuccessiveConnectionsArriveInOrder() throws Exception
    {
        assertArrivesInOrder(true, false);
    }

    @Test
    void topicMessagesSentThroughSuccessiveContextsArriveInOrder() throws Exception
    {
        assertArrivesInOrder(false, true);
    }

    @Test
    void queueMessagesSentThroughSuccessiveContextsArriveInOrder() throws Exception
    {
        assertArrivesInOrder(true, true);
    }

    @Test
    void topicMessagesSentThroughSuccessiveConnectionsArriveInOrderWhenTheListenerFallsBehind() throws Exception
    {
        assertArrivesInOrderBehindABlockedListener(false);
    }

    @Test
    void queueMessagesSentThroughSuccessiveConnectionsArriveInOrderWhenTheListenerFallsBehind() throws Exception
    {
        assertArrivesInOrderBehindABlockedListener(true);
    }

    /**
     * Rounds of sends, each while the listener is held on the round's first message, so that the messages of several
     * connections wait to be read together: on d7d5ed9 each waited on a publication (an image) of its own, and the
     * subscription reads images round-robin from where its last poll began.
     */
    private void assertArrivesInOrderBehindABlockedListener(final boolean queue) throws Exception
    {
        final int rounds = 5;
        final int perRound = 12;
        final ConnectionFactory factory = new JmsConnectionFactory("wirespeed:ipc");
        final Connection consuming = connection();
        final Session session = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final String name = uniqueTopic() + ".behind";
        final Destination destination = queue ? session.createQueue(name) : session.createTopic(name);
        final List<String> received = Collections.synchronizedList(new ArrayList<>());
        final Semaphore held = new Semaphore(0);
        final Semaphore release = new Semaphore(0);
        session.createConsumer(destination).setMessageListener((message) ->
        {
            try
            {
                final String text = ((TextMessage)message).getText();
                received.add(text);
                if (text.endsWith(".0"))
                {
                    held.release();
                    release.acquire();
                }
            }
            catch (final JMSException | InterruptedException ex)
            {
                throw new IllegalStateException(ex);
            }
        });
        consuming.start();
        final List<String> sent = new ArrayList<>();
        for (int round = 0; round < rounds; round++)
        {
            for (int i = 0; i < perRound; i++)
            {
                final String text = "m" + round + "." + i;
                sendOnce(factory, destination, false, text);
                sent.add(text);
                if (0 == i)
                {
                    assertTrue(held.tryAcquire(10, TimeUnit.SECONDS), "the listener to hold " + text);
                }
            }
            release.release();
        }
        Await.until("all " + sent.size() + " messages", () -> received.size() >= sent.size());
        assertEquals(sent, new ArrayList<>(received));
    }

    private void assertArrivesInOrder(final boolean queue, final boolean context) throws Exception
    {
        final ConnectionFactory factory = new JmsConnectionFactory("wirespeed:ipc");
        final Connection consuming = connection();
        final Session session = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final String name = uniqueTopic() + ".order";
        final Destination destination = queue ? session.createQueue(name) : session.createTopic(name);
        final MessageConsumer consumer = session.createConsumer(destination);
        consuming.start();
        for (int i = 0; i < MESSAGES; i++)
        {
            sendOnce(factory, destination, context, "m" + i);
        }
        final List<String> received = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++)
        {
            final TextMessage message = (TextMessage)consumer.receive(10_000);
            if (null == message)
            {
                break;
            }
            received.add(message.getText());
        }
        final List<String> sent = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++)
        {
            sent.add("m" + i);
        }
        assertEquals(sent, received);
    }

    private static void sendOnce(
        final ConnectionFactory factory, final Destination destination, final boolean context, final String text)
        throws JMSException
    {
        if (context)
        {
            try (JMSContext jms = factory.createContext())
            {
                jms.createProducer().send(destination, text);
            }
            return;
        }
        try (Connection connection = factory.createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = session.createProducer(destination);
            producer.send(session.createTextMessage(text));
        }
    }
}
