package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

/**
 * The connection's delivery thread owns its state; other threads hand it commands (add, remove a listening consumer,
 * wait for the running listener), and queue-host consumers (queues, shared and durable subscriptions) are served
 * when their inbox signals deliveries rather than polled every cycle. These are the behaviours that must hold.
 */
class DeliveryThreadTest extends JmsTestSupport
{
    private static final long WAIT_MS = 10_000;

    @Test
    void closingAQueueConsumerFromAnotherThreadWaitsForItsRunningListenerAndNothingFollows() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Queue queue = session.createQueue("test.delivery." + uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(queue);
        final CountDownLatch inListener = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicBoolean listenerReturned = new AtomicBoolean();
        final AtomicInteger calls = new AtomicInteger();
        consumer.setMessageListener(message ->
        {
            calls.incrementAndGet();
            inListener.countDown();
            await(release);
            listenerReturned.set(true);
        });
        connection.start();
        sendTexts(connection.createSession(), queue, "m", 5);
        assertTrue(inListener.await(WAIT_MS, TimeUnit.MILLISECONDS), "the listener was called");

        final Thread closer = Thread.currentThread();
        final Thread releaser = new Thread(() ->
        {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (closer.getState() != Thread.State.WAITING && System.nanoTime() < deadline)
            {
                Thread.yield();
            }
            release.countDown();
        });
        releaser.start();
        consumer.close();
        assertTrue(listenerReturned.get(), "close returned before the running listener did");
        releaser.join();
        final MessageConsumer next = session.createConsumer(queue);
        final List<String> rest = new ArrayList<>();
        for (Message message; (message = next.receive(500)) != null;)
        {
            rest.add(((TextMessage)message).getText());
        }
        assertEquals(1, calls.get(), "the closed consumer's listener was called again");
        assertEquals(List.of("m1", "m2", "m3", "m4"), rest, "what the closed consumer did not see stays queued");
    }

    @Test
    void oneQueueListenerAmongManyIdleOnesReceivesEveryMessageInOrder() throws Exception
    {
        final Connection connection = connection();
        final Session idleSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        for (int i = 0; i < 200; i++)
        {
            idleSession.createConsumer(idleSession.createQueue("test.idle." + i + "." + uniqueTopic()))
                .setMessageListener(message -> { });
        }
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Queue queue = session.createQueue("test.busy." + uniqueTopic());
        final List<String> received = Collections.synchronizedList(new ArrayList<>());
        session.createConsumer(queue).setMessageListener(message -> received.add(textOf(message)));
        connection.start();
        sendTexts(connection.createSession(), queue, "m", 2_000);
        Await.until("received " + received.size() + " of 2000", () -> received.size() >= 2_000);
        for (int i = 0; i < 2_000; i++)
        {
            assertEquals("m" + i, received.get(i));
        }
    }

    @Test
    void aListenerSetAfterDeliveriesReachedTheConsumerIsHandedThem() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Queue queue = session.createQueue("test.late." + uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(queue);
        connection.start();
        sendTexts(connection.createSession(), queue, "m", 10);
        assertEquals("m0", text(consumer.receive(WAIT_MS)), "the first message was received synchronously");
        final List<String> received = Collections.synchronizedList(new ArrayList<>());
        consumer.setMessageListener(message -> received.add(textOf(message)));
        Await.until("the listener was handed " + received, () -> received.size() >= 9);
        assertEquals(List.of("m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9"), received);
    }

    @Test
    void aQueueListenerWhoseSessionRecoversIsHandedTheMessageAgainMarkedRedelivered() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        final Queue queue = session.createQueue("test.recover." + uniqueTopic());
        final List<String> seen = Collections.synchronizedList(new ArrayList<>());
        session.createConsumer(queue).setMessageListener(message ->
        {
            try
            {
                seen.add(textOf(message) + (message.getJMSRedelivered() ? "*" : ""));
                if (seen.size() == 1)
                {
                    session.recover();
                }
                else
                {
                    message.acknowledge();
                }
            }
            catch (final JMSException ex)
            {
                seen.add(ex.toString());
            }
        });
        connection.start();
        sendTexts(connection.createSession(), queue, "m", 1);
        Await.until("the listener saw " + seen, () -> seen.size() >= 2);
        assertEquals(List.of("m0", "m0*"), seen);
    }

    @Test
    void stoppingAndStartingAConnectionResumesItsQueueListeners() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Queue queue = session.createQueue("test.restart." + uniqueTopic());
        final List<String> received = Collections.synchronizedList(new ArrayList<>());
        session.createConsumer(queue).setMessageListener(message -> received.add(textOf(message)));
        connection.start();
        final Session sending = connection.createSession();
        final MessageProducer producer = sending.createProducer(queue);
        producer.send(sending.createTextMessage("before"));
        Await.until("received " + received, () -> received.size() >= 1);
        connection.stop();
        producer.send(sending.createTextMessage("while stopped"));
        final Session witness = connection().createSession();
        assertEquals(List.of("while stopped"), browse(witness, queue), "a stopped connection took nothing");
        connection.start();
        Await.until("received " + received, () -> received.size() >= 2);
        assertEquals(List.of("before", "while stopped"), received);
        assertNotNull(connection.getMetaData());
    }

    private static String textOf(final Message message)
    {
        try
        {
            return text(message);
        }
        catch (final JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static void await(final CountDownLatch latch)
    {
        try
        {
            latch.await(WAIT_MS, TimeUnit.MILLISECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
