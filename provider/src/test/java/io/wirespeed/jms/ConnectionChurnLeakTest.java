package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.test.Await;
import io.wirespeed.test.SlowTest;

/**
 * 100,000 cycles of connection (or context), session, producer, one send, close, on a queue and on a topic, with
 * long-lived consumers (issue 25 item 2): afterwards the JVM's threads and file descriptors, the entries of the
 * driver's directory (its log buffers in /dev/shm), the heap after a GC, the counters in the driver and the queue
 * host's client table (each client of the host has a reply publication, whose counters are in the driver too) are
 * back at their level before the churn, once the publications closed sessions gave back have been idle long enough
 * to close.
 */
@SlowTest
class ConnectionChurnLeakTest extends JmsTestSupport
{
    private static final int CYCLES = 100_000;
    private static final long HEAP_SLACK_BYTES = 32L * 1024 * 1024;

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void nothingGrowsOver100000Cycles() throws Exception
    {
        final JmsConnectionFactory factory = new JmsConnectionFactory("wirespeed:ipc");
        final JmsConnection consuming = (JmsConnection)connection();
        final Session session = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Destination queue = session.createQueue(uniqueTopic() + ".churn-queue");
        final Destination topic = session.createTopic(uniqueTopic() + ".churn-topic");
        final AtomicInteger received = new AtomicInteger();
        session.createConsumer(queue).setMessageListener((message) -> received.incrementAndGet());
        final Session topicSession = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
        topicSession.createConsumer(topic).setMessageListener((message) -> received.incrementAndGet());
        consuming.start();
        final Path driverDirectory = Path.of(consuming.metrics().driverStatus().orElseThrow().driverDirectory());

        int sent = 0;
        for (int i = 0; i < 2_000; i++)
        {
            cycle(factory, i % 2 == 0 ? queue : topic, i % 4 >= 2);
            sent++;
        }
        awaitReceived(received, sent);
        final Level before = Level.now(consuming.metrics(), driverDirectory);

        for (int i = 0; i < CYCLES; i++)
        {
            cycle(factory, i % 2 == 0 ? queue : topic, i % 4 >= 2);
            sent++;
        }
        awaitReceived(received, sent);

        final Level[] after = new Level[1];
        Await.until("threads, descriptors, driver entries, counters and heap back at " + before + " (see the log)",
            Duration.ofSeconds(60), () ->
            {
                after[0] = Level.now(consuming.metrics(), driverDirectory);
                System.out.println("before the churn " + before + ", after " + after[0]);
                return after[0].isAtMost(before);
            });
        assertEquals(sent, received.get());
    }

    private static void awaitReceived(final AtomicInteger received, final int sent)
    {
        Await.until("the consumers to have all " + sent + " messages", Duration.ofSeconds(60),
            () -> received.get() >= sent);
    }

    private static void cycle(final JmsConnectionFactory factory, final Destination destination, final boolean context)
        throws JMSException
    {
        if (context)
        {
            try (JMSContext jms = factory.createContext())
            {
                jms.createProducer().send(destination, "churn");
            }
            return;
        }
        try (Connection connection = factory.createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = session.createProducer(destination);
            producer.send(session.createTextMessage("churn"));
        }
    }

    /** What the churn must give back. */
    private record Level(int threads, long descriptors, long driverEntries, int counters, long heapBytes)
    {
        static Level now(final ConnectionMetrics metrics, final Path driverDirectory)
        {
            System.gc();
            final int[] counters = new int[1];
            metrics.counters().forEach((counterId, typeId, key, label) -> counters[0]++);
            return new Level(ManagementFactory.getThreadMXBean().getThreadCount(), openDescriptors(),
                count(driverDirectory), counters[0],
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }

        private static long openDescriptors()
        {
            try (Stream<Path> entries = Files.list(Path.of("/proc/self/fd")))
            {
                return entries.count();
            }
            catch (final IOException | UncheckedIOException ex)
            {
                return Long.MAX_VALUE;
            }
        }

        boolean isAtMost(final Level before)
        {
            return threads <= before.threads && descriptors <= before.descriptors &&
                driverEntries <= before.driverEntries && counters <= before.counters &&
                heapBytes <= before.heapBytes + HEAP_SLACK_BYTES;
        }

        /** Entries under a directory; one that goes while counted counts as too many, to be counted again. */
        private static long count(final Path directory)
        {
            try (Stream<Path> entries = Files.walk(directory))
            {
                return entries.count();
            }
            catch (final IOException | UncheckedIOException ex)
            {
                return Long.MAX_VALUE;
            }
        }
    }
}
