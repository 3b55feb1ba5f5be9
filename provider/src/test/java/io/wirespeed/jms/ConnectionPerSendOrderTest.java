package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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

    @Test
    void queueMessagesOfTwoThreadsEachSendingThroughSuccessiveConnectionsArriveInEachThreadsOrder() throws Exception
    {
        assertEachThreadsOrder(true);
    }

    @Test
    void topicMessagesOfTwoThreadsEachSendingThroughSuccessiveConnectionsArriveInEachThreadsOrder() throws Exception
    {
        assertEachThreadsOrder(false);
    }

    /**
     * Two threads at once, each sending through successive connections to a destination of its own that shares the
     * stream with the other's (queues all travel on the queue host's inbound stream): on 105a64a a thread's next
     * connection could take the publication the other thread gave back last, while its own earlier messages still
     * waited on another publication, and a subscriber reads several publications of one stream in any order (the
     * Spring two-applications test saw a0..a3, a26..a30, a4..).
     */
    private void assertEachThreadsOrder(final boolean queue) throws Exception
    {
        final ConnectionFactory factory = new JmsConnectionFactory("wirespeed:ipc");
        final Connection consuming = connection();
        final Session session = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final String name = uniqueTopic() + ".threads";
        final List<List<String>> received = new ArrayList<>();
        final List<Destination> destinations = new ArrayList<>();
        for (int t = 0; t < 2; t++)
        {
            final Destination destination = queue ? session.createQueue(name + t) : session.createTopic(name + t);
            final List<String> into = Collections.synchronizedList(new ArrayList<>());
            session.createConsumer(destination).setMessageListener((message) ->
            {
                try
                {
                    into.add(((TextMessage)message).getText());
                }
                catch (final JMSException ex)
                {
                    throw new IllegalStateException(ex);
                }
            });
            received.add(into);
            destinations.add(destination);
        }
        consuming.start();
        final List<CompletableFuture<Void>> senders = new ArrayList<>();
        final ExecutorService threads = Executors.newFixedThreadPool(2);
        for (int t = 0; t < 2; t++)
        {
            final Destination destination = destinations.get(t);
            senders.add(CompletableFuture.runAsync(() ->
            {
                for (int i = 0; i < MESSAGES; i++)
                {
                    try
                    {
                        sendOnce(factory, destination, false, "m" + i);
                    }
                    catch (final JMSException ex)
                    {
                        throw new IllegalStateException(ex);
                    }
                }
            }, threads));
        }
        try
        {
            senders.forEach(CompletableFuture::join);
        }
        finally
        {
            threads.shutdown();
        }
        final List<String> sent = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++)
        {
            sent.add("m" + i);
        }
        for (final List<String> into : received)
        {
            Await.until("all " + MESSAGES + " messages", () -> into.size() >= MESSAGES);
            assertEquals(sent, new ArrayList<>(into));
        }
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
