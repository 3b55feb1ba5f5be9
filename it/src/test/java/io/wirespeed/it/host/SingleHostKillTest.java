package io.wirespeed.it.host;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * The single queue host without a cluster keeps what it confirmed across a SIGKILL: a driver process with the archive
 * serves a queue over UDP; clients in this JVM, each with an embedded media driver of its own (nothing but the network
 * joins them to the host), send PERSISTENT messages from a synchronous producer and from a transacted one (batches of
 * {@value #BATCH}) while another connection consumes. The driver is killed part way and started again at once, on the
 * same driver and archive directories. Every send that returned (every batch whose commit returned) is consumed, at
 * least once; a message seen again is marked {@code JMSRedelivered}; each producer's messages are first seen in the
 * order it sent them.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SingleHostKillTest
{
    private static final int PER_PRODUCER = 2_000;
    private static final int KILL_AFTER = 1_200;
    private static final int BATCH = 10;
    private static final Duration ALL_CONSUMED = Duration.ofSeconds(60);

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path archiveDir;

    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicBoolean stopProducing = new AtomicBoolean();
    private final AtomicReference<Throwable> unexpected = new AtomicReference<>();

    @Test
    void everyConfirmedPersistentMessageIsConsumedAfterTheDriverIsKilledAndStartedAgainAtOnce() throws Exception
    {
        final String endpoint = "127.0.0.1:" + FreePorts.udpPair();
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(MediaDriverProcess.DIR_PROP, MediaDriverProcess.newDirectory(processes).toString());
        settings.put("wirespeed.host.endpoint", endpoint);
        settings.put("wirespeed.driver.timeout", HostOverUdp.DRIVER_TIMEOUT_MS + "ms");
        settings.put("wirespeed.archive.enabled", "true");
        settings.put("wirespeed.archive.dir", archiveDir.toString());
        settings.put("wirespeed.archive.segment.length", "1m");
        final MediaDriverProcess first = MediaDriverProcess.start(processes, settings);
        final String queueName = "it.host.kill." + UUID.randomUUID();

        final Confirmed syncSent = new Confirmed("sync");
        final Confirmed transactedSent = new Confirmed("transacted");
        final Received received = new Received();
        try (Connection producing = new JmsConnectionFactory(clientUri(endpoint)).createConnection();
            Connection consuming = new JmsConnectionFactory(clientUri(endpoint)).createConnection())
        {
            final Session syncSession = producing.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Session transactedSession = producing.createSession(true, Session.SESSION_TRANSACTED);
            final Session consumerSession = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer consumer = consumerSession.createConsumer(consumerSession.createQueue(queueName));
            consuming.start();

            final List<Thread> threads = new ArrayList<>();
            threads.add(thread("consumer", () -> consume(consumer, received)));
            threads.add(thread("sync producer", () -> sendSync(syncSession, queueName, syncSent)));
            threads.add(thread("transacted producer",
                () -> sendTransacted(transactedSession, queueName, transactedSent)));

            Await.until("the producers to have " + KILL_AFTER + " sends confirmed", Duration.ofSeconds(60),
                () -> syncSent.count() + transactedSent.count() >= KILL_AFTER || null != unexpected.get());
            first.process().killForcibly(Duration.ofSeconds(30));
            final int confirmedAtKill = syncSent.count() + transactedSent.count();
            try
            {
                // at once: the dead driver's files are in its directories, its heartbeat not yet timed out
                MediaDriverProcess.start(processes, settings);
            }
            catch (final Exception ex)
            {
                throw new AssertionError("the driver did not start again at once after a SIGKILL: " + ex +
                    processes.outputs(), ex);
            }

            final long producingUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
            Await.until("the producers to finish", Duration.ofSeconds(60), () ->
            {
                // sends that keep failing after the restart stop it; what was confirmed is checked all the same
                stopProducing.set(System.nanoTime() > producingUntil);
                return (syncSent.finished && transactedSent.finished) || null != unexpected.get();
            });
            try
            {
                Await.until("every confirmed message to be consumed", ALL_CONSUMED,
                    () -> received.firstSeen.keySet().containsAll(syncSent.texts) &&
                    received.firstSeen.keySet().containsAll(transactedSent.texts) || null != unexpected.get());
            }
            catch (final AssertionError ex)
            {
                final int missing = missing(syncSent, received) + missing(transactedSent, received);
                fail(missing + " of " + (syncSent.count() + transactedSent.count()) + " confirmed PERSISTENT " +
                    "messages never came back (" + confirmedAtKill + " confirmed when the driver was killed; " +
                    "sync missing e.g. " + firstMissing(syncSent, received) + ", transacted missing e.g. " +
                    firstMissing(transactedSent, received) + ")" + processes.outputs());
            }
            stop.set(true);
            for (final Thread thread : threads)
            {
                thread.join(TimeUnit.SECONDS.toMillis(30));
            }
            if (null != unexpected.get())
            {
                throw new AssertionError("a client thread failed", unexpected.get());
            }
            assertTrue(received.problems.isEmpty(), String.join("\n", received.problems));
            assertTrue(syncSent.count() + transactedSent.count() > confirmedAtKill,
                "no send was confirmed after the restart: " + confirmedAtKill + " before the kill, sync " +
                syncSent.count() + " and transacted " + transactedSent.count() + " in all");
        }
    }

    private static String clientUri(final String endpoint)
    {
        return "wirespeed:ipc?driver=embedded&aeronDir=" + DriverDirectories.unique("kill-client") + "&host=" +
            endpoint + "&queueHostTimeout=5000&sendTimeout=5000&driverTimeout=" + HostOverUdp.DRIVER_TIMEOUT_MS;
    }

    private Thread thread(final String name, final ThrowingRunnable body)
    {
        final Thread thread = new Thread(() ->
        {
            try
            {
                body.run();
            }
            catch (final Throwable ex)
            {
                unexpected.compareAndSet(null, ex);
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private void sendSync(final Session session, final String queueName, final Confirmed sent) throws JMSException
    {
        final MessageProducer producer = session.createProducer(session.createQueue(queueName));
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        try
        {
            for (int seq = 0; seq < PER_PRODUCER && !stopProducing.get(); seq++)
            {
                final String text = sent.name + " " + seq;
                try
                {
                    producer.send(session.createTextMessage(text));
                    sent.texts.add(text);
                }
                catch (final JMSException ex)
                {
                    // not confirmed: the host is down, or it went while the send waited
                    sent.failures.incrementAndGet();
                    pause();
                }
            }
        }
        finally
        {
            sent.finished = true;
        }
    }

    private void sendTransacted(final Session session, final String queueName, final Confirmed sent)
        throws JMSException
    {
        final MessageProducer producer = session.createProducer(session.createQueue(queueName));
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        try
        {
            for (int seq = 0; seq < PER_PRODUCER && !stopProducing.get(); seq += BATCH)
            {
                final List<String> batch = new ArrayList<>();
                try
                {
                    for (int i = seq; i < seq + BATCH; i++)
                    {
                        final String text = sent.name + " " + i;
                        producer.send(session.createTextMessage(text));
                        batch.add(text);
                    }
                    session.commit();
                    sent.texts.addAll(batch);
                }
                catch (final JMSException ex)
                {
                    sent.failures.incrementAndGet();
                    try
                    {
                        session.rollback();
                    }
                    catch (final JMSException ignored)
                    {
                        // the batch is not confirmed either way
                    }
                    pause();
                }
            }
        }
        finally
        {
            sent.finished = true;
        }
    }

    /** After a failed send, the host is down or going: the next try waits a moment rather than spinning. */
    private static void pause()
    {
        try
        {
            Thread.sleep(20);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void consume(final MessageConsumer consumer, final Received received) throws JMSException
    {
        while (!stop.get())
        {
            final Message message;
            try
            {
                message = consumer.receive(200);
            }
            catch (final JMSException ex)
            {
                // the host is down: the consumer is opened there again once it runs
                pause();
                continue;
            }
            if (null != message)
            {
                received.onMessage(((TextMessage)message).getText(), message.getJMSRedelivered());
            }
        }
    }

    private static int missing(final Confirmed sent, final Received received)
    {
        int missing = 0;
        for (final String text : sent.texts)
        {
            if (!received.firstSeen.containsKey(text))
            {
                missing++;
            }
        }
        return missing;
    }

    private static String firstMissing(final Confirmed sent, final Received received)
    {
        for (final String text : sent.texts)
        {
            if (!received.firstSeen.containsKey(text))
            {
                return "'" + text + "'";
            }
        }
        return "none";
    }

    /** The sends of one producer that returned (whose batch's commit returned). */
    private static final class Confirmed
    {
        final String name;
        final Set<String> texts = ConcurrentHashMap.newKeySet();
        final AtomicInteger failures = new AtomicInteger();
        volatile boolean finished;

        Confirmed(final String name)
        {
            this.name = name;
        }

        int count()
        {
            return texts.size();
        }
    }

    /** What the consumer received, checked as it arrives: duplicates marked, each producer's order kept. */
    private static final class Received
    {
        final Map<String, Boolean> firstSeen = new ConcurrentHashMap<>();
        final Map<String, Integer> lastFirstSeq = new ConcurrentHashMap<>();
        final List<String> problems = new ArrayList<>();

        void onMessage(final String text, final boolean redelivered)
        {
            if (null != firstSeen.putIfAbsent(text, redelivered))
            {
                if (!redelivered && problems.size() < 20)
                {
                    problems.add("'" + text + "' came twice, the second time not marked JMSRedelivered");
                }
                return;
            }
            final int space = text.indexOf(' ');
            final String producer = text.substring(0, space);
            final int seq = Integer.parseInt(text.substring(space + 1));
            final Integer before = lastFirstSeq.put(producer, seq);
            if (null != before && before > seq && problems.size() < 20)
            {
                problems.add("'" + text + "' was first seen after '" + producer + " " + before + "': the " +
                    "producer's order was not kept");
            }
        }
    }

    /** A client thread's work. */
    @FunctionalInterface
    private interface ThrowingRunnable
    {
        void run() throws Exception;
    }
}
