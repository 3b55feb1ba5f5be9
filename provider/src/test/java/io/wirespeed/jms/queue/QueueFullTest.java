package io.wirespeed.jms.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.ResourceAllocationException;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.TransactionRolledBackException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.aeron.driver.MediaDriver;
import io.wirespeed.host.FullPolicy;
import io.wirespeed.host.QueueHost;
import io.wirespeed.host.QueueLimits;
import io.wirespeed.host.QueueSelectors;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

/**
 * Queues at their limits: a queue without consumers fills to its limit of messages or bytes, then a producer waits
 * for room up to its send timeout (the block policy) or fails at once (the fail policy), with the exception the
 * specification names and a message naming the setting; nothing the queue took is lost once a consumer comes. The
 * host, on a media driver of the test's, holds no more than its limits however fast producers send, caps its queues,
 * and removes auto-created queues once unused.
 */
class QueueFullTest
{
    private static final int LIMIT = 10;
    private static final long SEND_TIMEOUT_MS = 300;
    private static final int LISTENER_MESSAGES = 500;
    private static final Duration LISTENER_DEADLINE = Duration.ofSeconds(20);
    private static int counter;

    private String aeronDir;
    private MediaDriver driver;
    private AeronTransport transport;
    private QueueHost host;
    private Connection connection;

    @BeforeEach
    void start()
    {
        aeronDir = "/dev/shm/wirespeed-queue-full-test-" + ProcessHandle.current().pid() + "-" + (++counter);
        driver = MediaDriverLauncher.launch(new AeronTransportContext().directory(aeronDir).deleteDirOnStart(true)
            .conclude());
        transport = AeronTransport.connect(new AeronTransportContext().embedded(false).directory(aeronDir).conclude());
    }

    private void startHost(final long maxQueueBytes, final long maxHostBytes, final int maxQueues, final long idleMs)
        throws JMSException
    {
        startHost(maxQueueBytes, maxHostBytes, maxQueues, idleMs, "&sendTimeout=" + SEND_TIMEOUT_MS);
    }

    private void startHost(
        final long maxQueueBytes, final long maxHostBytes, final int maxQueues, final long idleMs, final String options)
        throws JMSException
    {
        host = new QueueHost(transport, QueueSelectors::compile).queueLimits(new QueueLimits(LIMIT, maxQueueBytes,
            maxHostBytes, maxQueues, TimeUnit.MILLISECONDS.toNanos(idleMs), FullPolicy.BLOCK,
            Map.of("fail.>", FullPolicy.FAIL))).start();
        connection = new JmsConnectionFactory("wirespeed:ipc?driver=external&aeronDir=" + aeronDir + options)
            .createConnection();
        connection.start();
    }

    @AfterEach
    void stop() throws JMSException
    {
        if (connection != null)
        {
            connection.close();
        }
        if (host != null)
        {
            host.close();
        }
        transport.close();
        driver.close();
    }

    /**
     * A MessageListener that sends to a queue at its limit (the block policy) which a listener of another session of
     * the same connection consumes: the send waits for room that only that listener's acknowledgements make, and the
     * connection's delivery thread, which runs both listeners, delivers to the other session while the send waits.
     * Every message arrives, in order, and no send fails.
     */
    @Test
    void aListenerSendsMoreThanTheQueueHoldsToAQueueAnotherSessionOfItsConnectionConsumes() throws Exception
    {
        startHost(1 << 20, 1 << 26, 100, 60_000, "&sendTimeout=2000&queuePrefetch=5");
        final List<Exception> failures = new CopyOnWriteArrayList<>();
        final Session service = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer toQueue = service.createProducer(service.createQueue("work.q"));
        final AtomicInteger sent = new AtomicInteger();
        service.createConsumer(service.createTopic("work.start")).setMessageListener((message) ->
        {
            try
            {
                for (int i = 0; i < LISTENER_MESSAGES; i++)
                {
                    toQueue.send(service.createTextMessage("m" + i));
                    sent.incrementAndGet();
                }
            }
            catch (final JMSException ex)
            {
                failures.add(ex);
            }
        });
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger outOfOrder = new AtomicInteger();
        final Session worker = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        worker.createConsumer(worker.createQueue("work.q")).setMessageListener((message) ->
        {
            try
            {
                if (!("m" + next.getAndIncrement()).equals(((TextMessage)message).getText()))
                {
                    outOfOrder.incrementAndGet();
                }
            }
            catch (final JMSException ex)
            {
                failures.add(ex);
            }
        });

        final Session client = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer starter = client.createProducer(client.createTopic("work.start"));
        starter.send(client.createTextMessage("start"));

        Await.until("every message through the full queue, or a failure", LISTENER_DEADLINE,
            () -> next.get() >= LISTENER_MESSAGES || !failures.isEmpty());
        assertEquals(List.of(), failures, "the listener's sends failed after " + sent.get() + " messages");
        assertEquals(LISTENER_MESSAGES, next.get(), "messages received");
        assertEquals(0, outOfOrder.get(), "messages out of order");
    }

    private static void send(final MessageProducer producer, final Session session, final int from, final int count)
        throws JMSException
    {
        for (int i = from; i < from + count; i++)
        {
            producer.send(session.createTextMessage("m" + i));
        }
    }

    private List<String> receiveAll(final Session session, final String queue, final int count) throws JMSException
    {
        final List<String> texts = new ArrayList<>();
        try (MessageConsumer consumer = session.createConsumer(session.createQueue(queue)))
        {
            for (int i = 0; i < count; i++)
            {
                final TextMessage message = (TextMessage)consumer.receive(5_000);
                assertNotNull(message, "message " + i + " of " + count + " on " + queue);
                texts.add(message.getText());
            }
            assertEquals(null, consumer.receiveNoWait(), "no more than " + count + " on " + queue);
        }
        return texts;
    }

    private static List<String> texts(final int count)
    {
        final List<String> texts = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            texts.add("m" + i);
        }
        return texts;
    }

    @Test
    void aFullQueueWithTheBlockPolicyHoldsTheProducerForItsSendTimeoutThenRefusesAndLosesNothing() throws Exception
    {
        startHost(1 << 20, 1 << 26, 100, 60_000);
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = session.createProducer(session.createQueue("block.q"));
        send(producer, session, 0, LIMIT);

        final long start = System.nanoTime();
        final ResourceAllocationException full = assertThrows(ResourceAllocationException.class,
            () -> producer.send(session.createTextMessage("one too many")));
        final long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertTrue(waitedMs >= SEND_TIMEOUT_MS, "the producer waited for room for its send timeout: " + waitedMs);
        assertTrue(full.getMessage().startsWith("queue 'block.q' had no room for 1 message(s)") &&
            full.getMessage().contains("sendTimeout=300 ms") &&
            full.getMessage().contains("wirespeed.host.maxQueueMessages"), full.getMessage());
        assertEquals(LIMIT, host.heldMessages("block.q"), "the queue holds its limit");
        assertEquals(texts(LIMIT), receiveAll(session, "block.q", LIMIT), "nothing the queue took is lost");
        send(producer, session, 0, LIMIT);
        assertEquals(texts(LIMIT), receiveAll(session, "block.q", LIMIT), "room came back as it drained");
    }

    @Test
    void aWaitingProducerGoesOnAsSoonAsAConsumerMakesRoom() throws Exception
    {
        startHost(1 << 20, 1 << 26, 100, 60_000);
        connection.close();
        connection = new JmsConnectionFactory("wirespeed:ipc?driver=external&aeronDir=" + aeronDir +
            "&sendTimeout=10000").createConnection();
        connection.start();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = session.createProducer(session.createQueue("block.q"));
        final Thread consumer = new Thread(() ->
        {
            try
            {
                Await.until("the queue to fill", () -> host.heldMessages("block.q") == LIMIT);
                final Session other = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                receiveAll(other, "block.q", 3 * LIMIT);
            }
            catch (final JMSException ex)
            {
                throw new AssertionError(ex);
            }
        });
        consumer.start();
        send(producer, session, 0, 3 * LIMIT);
        consumer.join(10_000);
        assertEquals(false, consumer.isAlive(), "the consumer got all " + 3 * LIMIT);
    }

    @Test
    void aFullQueueWithTheFailPolicyRefusesTheNextSendAtOnceAndLosesNothing() throws Exception
    {
        startHost(1 << 20, 1 << 26, 100, 60_000);
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = session.createProducer(session.createQueue("fail.q"));
        send(producer, session, 0, LIMIT);

        final ResourceAllocationException full = assertThrows(ResourceAllocationException.class,
            () -> producer.send(session.createTextMessage("one too many")));

        assertEquals("queue 'fail.q' is full: it holds its limit of 10 messages (wirespeed.host.maxQueueMessages), " +
            "and its policy is fail (wirespeed.host.fullPolicy): consume from it, or raise the limit",
            full.getMessage());
        assertEquals(texts(LIMIT), receiveAll(session, "fail.q", LIMIT), "nothing the queue took is lost");
    }

    @Test
    void aQueueFullOfBytesRefusesWithTheByteLimitsSetting() throws Exception
    {
        startHost(4_000, 1 << 26, 100, 60_000);
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = session.createProducer(session.createQueue("fail.bytes"));
        final String kilobyte = "x".repeat(1_000);
        int sent = 0;
        JMSException full = null;
        while (full == null && sent < LIMIT)
        {
            try
            {
                producer.send(session.createTextMessage(kilobyte));
                sent++;
            }
            catch (final ResourceAllocationException ex)
            {
                full = ex;
            }
        }
        assertNotNull(full, "the queue took " + sent + " kilobyte messages in 4000 bytes");
        assertEquals(3, sent, "three kilobyte envelopes fit 4000 bytes");
        assertTrue(full.getMessage().contains("its limit of 4000 bytes (wirespeed.host.maxQueueBytes)"),
            full.getMessage());
        assertEquals(3, receiveAll(session, "fail.bytes", 3).size());
    }

    @Test
    void aTransactionTakesRoomForAllItsMessagesOrRollsBack() throws Exception
    {
        startHost(1 << 20, 1 << 26, 100, 60_000);
        final Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
        final MessageProducer producer = session.createProducer(session.createQueue("fail.tx"));
        send(producer, session, 0, LIMIT - 2);
        session.commit();
        send(producer, session, LIMIT - 2, 3);

        final TransactionRolledBackException rolledBack = assertThrows(TransactionRolledBackException.class,
            session::commit);

        assertTrue(rolledBack.getMessage().contains("queue 'fail.tx' is full"), rolledBack.getMessage());
        assertEquals(texts(LIMIT - 2), receiveAll(session, "fail.tx", LIMIT - 2), "the first transaction's");
        session.commit();
    }

    @Test
    void theHostHoldsNoMoreThanItsByteLimitHoweverFastProducersSend() throws Exception
    {
        final long hostBytes = 64 * 1024;
        startHost(1 << 20, hostBytes, 100, 60_000);
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final String body = "y".repeat(2_000);
        int refused = 0;
        for (int queue = 0; queue < 20; queue++)
        {
            final MessageProducer producer = session.createProducer(session.createQueue("fail.flood." + queue));
            for (int i = 0; i < LIMIT; i++)
            {
                try
                {
                    producer.send(session.createTextMessage(body));
                }
                catch (final ResourceAllocationException ex)
                {
                    assertTrue(ex.getMessage().contains("(wirespeed.host.maxHostBytes)"), ex.getMessage());
                    refused++;
                }
                assertTrue(host.heldBytes() <= hostBytes, "the host holds " + host.heldBytes() + " bytes");
            }
        }
        assertTrue(refused > 100, "most sends refused once the host was full: " + refused);
        assertTrue(host.heldBytes() > hostBytes / 2, "the host filled up to near its limit: " + host.heldBytes());
    }

    @Test
    void aMessageTheHostRefusesOnArrivalFailsTheSessionsNextSend() throws Exception
    {
        startHost(1 << 20, 1 << 26, 100, 60_000);
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = session.createProducer(session.createQueue("fail.restarted"));
        send(producer, session, 0, 1);
        final QueueHost first = host;
        Await.until("the first host to take the message", () -> first.heldMessages("fail.restarted") == 1);
        host.close();
        host = new QueueHost(transport, QueueSelectors::compile).queueLimits(new QueueLimits(LIMIT, 1 << 20, 1 << 26,
            100, TimeUnit.SECONDS.toNanos(60), FullPolicy.BLOCK, Map.of("fail.>", FullPolicy.FAIL))).start();
        try (Connection other = new JmsConnectionFactory("wirespeed:ipc?driver=external&aeronDir=" + aeronDir)
            .createConnection())
        {
            // the new host may read the first message again from the stream's log: fill it to its limit either way
            final Session filling = other.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer filler = filling.createProducer(filling.createQueue("fail.restarted"));
            assertThrows(ResourceAllocationException.class, () -> send(filler, filling, 0, LIMIT + 1));
        }
        Await.until("the new host to fill", () -> host.heldMessages("fail.restarted") == LIMIT);

        // the room this connection was granted by the host before its restart: the new host does not know it
        producer.send(session.createTextMessage("refused on arrival"));
        final ResourceAllocationException[] refused = new ResourceAllocationException[1];
        Await.until("the refusal to reach the producer's next send", () ->
        {
            try
            {
                producer.send(session.createTextMessage("next"));
                return false;
            }
            catch (final ResourceAllocationException ex)
            {
                refused[0] = ex;
                return ex.getMessage().startsWith("a message to queue");
            }
            catch (final JMSException ex)
            {
                throw new AssertionError(ex);
            }
        });
        assertTrue(refused[0].getMessage().startsWith("a message to queue 'fail.restarted' was refused and " +
            "dropped: queue 'fail.restarted' is full: it holds its limit of 10 messages"), refused[0].getMessage());
        assertEquals(LIMIT, receiveAll(session, "fail.restarted", LIMIT).size(), "what the queue took");
    }

    @Test
    void theHostKeepsNoMoreQueuesThanItsLimit() throws Exception
    {
        startHost(1 << 20, 1 << 26, 3, 60_000);
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        for (int i = 0; i < 3; i++)
        {
            session.createProducer(session.createQueue("named." + i)).send(session.createTextMessage("m"));
        }
        final MessageProducer fourth = session.createProducer(session.createQueue("named.3"));

        final ResourceAllocationException refused = assertThrows(ResourceAllocationException.class,
            () -> fourth.send(session.createTextMessage("m")));

        assertTrue(refused.getMessage().contains("its limit of 3 queues (wirespeed.host.maxQueues)"),
            refused.getMessage());
        assertEquals(3, host.queueCount());
    }

    @Test
    void unusedAutoCreatedQueuesAreRemovedAfterTheGracePeriod() throws Exception
    {
        startHost(1 << 20, 1 << 26, 100, 200);
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        for (int i = 0; i < 50; i++)
        {
            session.createProducer(session.createQueue("mutated." + i)).send(session.createTextMessage("m"));
        }
        final MessageProducer kept = session.createProducer(session.createQueue("kept"));
        kept.send(session.createTextMessage("kept"));
        for (int i = 0; i < 50; i++)
        {
            assertEquals(1, receiveAll(session, "mutated." + i, 1).size());
        }
        connection.close();
        connection = null;

        Await.until("the unused queues to go", () -> host.queueCount() == 1);
        assertEquals(1, host.heldMessages("kept"), "a queue holding a message stays");
        assertTrue(host.heldBytes() < 1_000, "the host holds the one message, no room for gone producers: " +
            host.heldBytes());
    }
}
