package io.wirespeed.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

/**
 * The host's process killed under clients that reach it over UDP: their exception listener hears of it within the
 * driver timeout, sends to queues fail with a JMSException that says so; when a host runs again on the same endpoint
 * with its archive, the same connections carry on (no restart): their consumers are open there again and the
 * PERSISTENT messages the killed host held come back.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class HostFailureOverUdpTest
{
    private static final long RECEIVE_MS = 20_000;

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path archiveDir;

    @Test
    void clientsHearOfAKilledHostWithinTheDriverTimeoutAndCarryOnWhenItRunsAgainWithItsPersistentMessages()
        throws Exception
    {
        final Map<String, String> archive = Map.of(
            "wirespeed.archive.enabled", "true",
            "wirespeed.archive.dir", archiveDir.toString(),
            "wirespeed.archive.segment.length", "1m");
        final HostOverUdp first = HostOverUdp.start(processes, archive);
        final String kept = "it.host.udp.kept." + UUID.randomUUID();
        final String live = "it.host.udp.live." + UUID.randomUUID();
        final BlockingQueue<JMSException> heard = new ArrayBlockingQueue<>(16);
        try (Connection connection = new JmsConnectionFactory(first.clientUri()).createConnection())
        {
            connection.setExceptionListener(heard::offer);
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue liveQueue = session.createQueue(live);
            final MessageConsumer liveConsumer = session.createConsumer(liveQueue);
            final MessageProducer producer = session.createProducer(null);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            connection.start();
            producer.send(liveQueue, session.createTextMessage("before"));
            QueueHostOverUdpTest.assertText("before", DeliveryMode.PERSISTENT, liveConsumer.receive(RECEIVE_MS));
            final Queue keptQueue = session.createQueue(kept);
            for (int i = 0; i < 5; i++)
            {
                producer.send(keptQueue, session.createTextMessage("kept " + i));
            }
            // the host has them when a browse (after them on the same session) sees them
            awaitBrowsed(session, keptQueue, 5);

            final long killedAt = System.nanoTime();
            first.driver().process().killForcibly(Duration.ofSeconds(30));
            final long driverTimeoutMs = Long.parseLong(HostOverUdp.DRIVER_TIMEOUT_MS);
            final JMSException lost = heard.poll(2 * driverTimeoutMs, TimeUnit.MILLISECONDS);
            final long heardAfterMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
            assertNotNull(lost, "the exception listener heard nothing of the killed host");
            assertTrue(lost.getMessage().contains("the queue host at host=" + first.endpoint()), lost.getMessage());
            assertTrue(heardAfterMs <= driverTimeoutMs + 1_000,
                "heard after " + heardAfterMs + " ms, driver timeout " + HostOverUdp.DRIVER_TIMEOUT_MS + " ms");

            final JMSException refused = assertThrows(JMSException.class,
                () -> producer.send(liveQueue, session.createTextMessage("while down")));
            assertTrue(refused.getMessage().contains("queue host"), refused.getMessage());

            final HostOverUdp second = HostOverUdp.start(processes, first.endpoint(), archive);
            assertEquals(first.endpoint(), second.endpoint());
            // the connection connects again on its own within moments of the host's start; until then a request
            // fails at once saying the host has gone
            final MessageConsumer keptConsumer;
            try
            {
                keptConsumer = createConsumerOnceReconnected(session, keptQueue);
            }
            catch (final JMSException ex)
            {
                throw new AssertionError("no consumer after the host ran again: " + ex + processes.outputs(), ex);
            }
            for (int i = 0; i < 5; i++)
            {
                final Message message = keptConsumer.receive(RECEIVE_MS);
                assertNotNull(message, "PERSISTENT message " + i + " did not come back");
                assertEquals("kept " + i, ((TextMessage)message).getText());
            }
            // the consumer opened before the kill is open at the new host too
            producer.send(liveQueue, session.createTextMessage("after"));
            Message after = liveConsumer.receive(RECEIVE_MS);
            if (after instanceof TextMessage text && "before".equals(text.getText()))
            {
                // acknowledged, but the killed host may not have stored that yet: it comes again, marked
                assertTrue(after.getJMSRedelivered(), "a message delivered again after a host failure is marked");
                after = liveConsumer.receive(RECEIVE_MS);
            }
            QueueHostOverUdpTest.assertText("after", DeliveryMode.PERSISTENT, after);
        }
    }

    private static MessageConsumer createConsumerOnceReconnected(final Session session, final Queue queue)
        throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RECEIVE_MS);
        while (true)
        {
            try
            {
                return session.createConsumer(queue);
            }
            catch (final JMSException ex)
            {
                if (System.nanoTime() > deadline || !ex.getMessage().contains("has gone"))
                {
                    throw ex;
                }
                Thread.sleep(50);
            }
        }
    }

    private static void awaitBrowsed(final Session session, final Queue queue, final int count) throws JMSException
    {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RECEIVE_MS);
        int seen;
        do
        {
            seen = java.util.Collections.list(session.createBrowser(queue).getEnumeration()).size();
        }
        while (seen < count && System.nanoTime() < deadline);
        assertEquals(count, seen, "messages on " + queue);
    }
}
