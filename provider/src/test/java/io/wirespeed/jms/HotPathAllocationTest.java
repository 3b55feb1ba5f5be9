package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

/**
 * The hot path allocates nothing once warm: sending a reused BytesMessage, and delivering to a
 * listener in the reuse mode. Measured per thread with the JVM's allocation counters; a round is
 * repeated a few times because JIT compilation may allocate once while the code warms up.
 */
class HotPathAllocationTest extends JmsTestSupport
{
    private static final int MESSAGES_PER_ROUND = 20_000;
    private static final int ROUNDS = 10;

    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    @Test
    void sendingAReusedBytesMessageAndDeliveringItToAListenerAllocateNothing() throws Exception
    {
        final Connection connection = connection("wirespeed:ipc?reuseMessages=true");
        final Session consumerSession = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        final Session producerSession = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        final Topic topic = producerSession.createTopic(uniqueTopic());
        final AtomicLong received = new AtomicLong();
        final AtomicLong checksum = new AtomicLong();
        final long[] pollerThreadId = {-1};
        consumerSession.createConsumer(topic).setMessageListener(message ->
        {
            pollerThreadId[0] = Thread.currentThread().getId();
            try
            {
                checksum.addAndGet(((BytesMessage)message).readLong());
            }
            catch (final Exception ex)
            {
                throw new java.lang.IllegalStateException(ex);
            }
            received.incrementAndGet();
        });
        connection.start();
        final MessageProducer producer = producerSession.createProducer(topic);
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        final BytesMessage message = producerSession.createBytesMessage();
        message.setIntProperty("venue", 7);
        final byte[] padding = new byte[37];

        long sendBytes = -1;
        long deliverBytes = -1;
        long sent = 0;
        for (int round = 0; round < ROUNDS && (sendBytes != 0 || deliverBytes != 0); round++)
        {
            final long pollerBefore = pollerThreadId[0] < 0 ? 0 : threads.getThreadAllocatedBytes(pollerThreadId[0]);
            final long sendBefore = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < MESSAGES_PER_ROUND; i++)
            {
                message.clearBody();
                message.writeLong(i);
                message.writeBytes(padding);
                producer.send(message);
            }
            sendBytes = threads.getCurrentThreadAllocatedBytes() - sendBefore;
            sent += MESSAGES_PER_ROUND;
            final long target = sent;
            Await.until("all messages of the round to arrive", () -> received.get() == target);
            deliverBytes = pollerBefore == 0 ? -1 : threads.getThreadAllocatedBytes(pollerThreadId[0]) - pollerBefore;
        }
        assertNotNull(message);
        assertEquals(0, sendBytes, "bytes allocated by " + MESSAGES_PER_ROUND + " sends");
        assertEquals(0, deliverBytes, "bytes allocated by " + MESSAGES_PER_ROUND + " listener deliveries");
    }

    @Test
    void aSynchronousReceiveInReuseModeAllocatesNothing() throws Exception
    {
        final Connection connection = connection("wirespeed:ipc?reuseMessages=true");
        final Session session = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        connection.start();
        final MessageProducer producer = session.createProducer(topic);
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        final BytesMessage message = session.createBytesMessage();
        message.setIntProperty("venue", 7);
        message.setStringProperty("symbol", "EURUSD");
        final byte[] padding = new byte[37];
        final int perRound = 2_000;

        final long expected = perRound * (long)(perRound - 1) / 2 + 7L * perRound;
        long receiveBytes = -1;
        for (int round = 0; round < ROUNDS * 3 && receiveBytes != 0; round++)
        {
            for (int i = 0; i < perRound; i++)
            {
                message.clearBody();
                message.writeLong(i);
                message.writeBytes(padding);
                producer.send(message);
            }
            long checksum = 0;
            final long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < perRound; i++)
            {
                final BytesMessage received = (BytesMessage)consumer.receive(5_000);
                checksum += received.readLong() + received.getIntProperty("venue") +
                    received.getStringProperty("symbol").length() - 6;
            }
            receiveBytes = threads.getCurrentThreadAllocatedBytes() - before;
            assertEquals(expected, checksum, "every message of round " + round + " received whole");
        }
        assertEquals(0, receiveBytes, "bytes allocated by " + perRound + " synchronous receives");
    }
}
