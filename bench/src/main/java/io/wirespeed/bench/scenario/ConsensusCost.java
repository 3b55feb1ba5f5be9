package io.wirespeed.bench.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.CompletionListener;
import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.HdrHistogram.Histogram;

import io.wirespeed.bench.rig.LatencySummary;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * S10's cost of consensus (issue 24 item 5): queue sends 1→1 and 2→2, producers sending as fast as they may and as
 * many consumers,
 * against the clustered queue host, against the single queue host over UDP with its archive (where a remote
 * client's PERSISTENT send returns once the archive recorded it) and against ActiveMQ Artemis's replicated
 * primary/backup pair ({@link ArtemisPair}, through its own JMS client), in three kinds ({@link Kind}): synchronous
 * PERSISTENT sends in a closed loop (each as soon as the last returned), asynchronous PERSISTENT sends (JMS 2.0
 * {@code CompletionListener}, at most {@link #ASYNC_WINDOW} not yet completed) and NON_PERSISTENT sends. Messages per
 * second, each send's time from call to return (to completion for the asynchronous ones; HdrHistogram, µs), and the
 * confirmed messages that never came.
 */
final class ConsensusCost
{
    private static final long HIGHEST = TimeUnit.SECONDS.toNanos(60);
    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration STOP = Duration.ofSeconds(30);
    private static final Duration DRAIN = Duration.ofSeconds(30);
    /** The asynchronous sends not yet completed, at most. */
    static final int ASYNC_WINDOW = 256;

    /** How the producer sends. */
    enum Kind
    {
        /** PERSISTENT, each send returning once the host has it (committed, or recorded), in a closed loop. */
        SYNC("PERSISTENT, synchronous send, closed loop"),
        /** PERSISTENT, with a CompletionListener: the send returns at once, its completion comes once committed. */
        ASYNC("PERSISTENT, asynchronous send (CompletionListener), " + ASYNC_WINDOW + " in flight at most"),
        /** NON_PERSISTENT: the send returns once the client's driver took it. */
        NON_PERSISTENT("NON_PERSISTENT, synchronous send, closed loop");

        private final String description;

        Kind(final String description)
        {
            this.description = description;
        }

        /** @return what the point's {@code deliveryMode} says. */
        String description()
        {
            return description;
        }
    }

    private ConsensusCost()
    {
    }

    /**
     * Measures one host: {@code pairs} producers, each on a connection of its own, sending as fast as they may, and as
     * many consumers (sessions of one consuming connection) on one queue.
     *
     * @param uri            the client's connection URI.
     * @param kind           how the producers send.
     * @param warmupSeconds  seconds of sends not measured first.
     * @param measureSeconds seconds of sends measured.
     * @param bodyBytes      the TextMessage's length.
     * @param pairs          producers, and consumers.
     * @param durableTopic   whether the producers send to a topic, whose consumers share a durable subscription,
     *                       instead of to a queue.
     * @param point          takes msgPerSec (all producers'), send (latency summary, µs), sent, confirmed, received,
     *                       lost.
     * @throws Exception if a send fails.
     */
    static void measure(
        final String uri, final Kind kind, final double warmupSeconds, final double measureSeconds,
        final int bodyBytes, final int pairs, final boolean durableTopic, final Map<String, Object> point)
        throws Exception
    {
        measure(new JmsConnectionFactory(uri), false, kind, warmupSeconds, measureSeconds, bodyBytes, pairs,
            durableTopic, point);
    }

    /**
     * Measures one host through any JMS 2.0 provider's connection factory (Artemis's for its replicated pair), as
     * {@link #measure(String, Kind, double, double, int, int, boolean, Map)} does through Wirespeed's.
     *
     * @param factory        makes the consuming connection and each producer's.
     * @param messagePerSend whether each asynchronous send takes a message of its own instead of one of
     *                       {@link #ASYNC_WINDOW} reused once completed: Artemis's client loses the completions of
     *                       messages sent again (about 90 in 20,000 never completed), Wirespeed's does not.
     * @param kind           how the producers send.
     * @param warmupSeconds  seconds of sends not measured first.
     * @param measureSeconds seconds of sends measured.
     * @param bodyBytes      the TextMessage's length.
     * @param pairs          producers, and consumers.
     * @param durableTopic   whether the producers send to a topic, whose consumers share a durable subscription,
     *                       instead of to a queue.
     * @param point          takes msgPerSec (all producers'), send (latency summary, µs), sent, confirmed, received,
     *                       lost.
     * @throws Exception if a send fails.
     */
    static void measure(
        final ConnectionFactory factory, final boolean messagePerSend, final Kind kind, final double warmupSeconds,
        final double measureSeconds, final int bodyBytes, final int pairs, final boolean durableTopic,
        final Map<String, Object> point)
        throws Exception
    {
        final BitSet seen = new BitSet();
        final long[] received = {0};
        final List<Connection> producing = new ArrayList<>();
        try (Connection consuming = factory.createConnection())
        {
            final String name = "bench.s10.consensus." + System.nanoTime();
            final Session first = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Destination destination = durableTopic ? first.createTopic(name) : first.createQueue(name);
            for (int c = 0; c < pairs; c++)
            {
                final Session session = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
                final MessageConsumer consumer = durableTopic ?
                    session.createSharedDurableConsumer((Topic)destination, name) : session.createConsumer(destination);
                consumer.setMessageListener(
                    (message) ->
                    {
                        try
                        {
                            // each producer's n-th message is bit n * pairs + producer
                            final int bit = (int)message.getLongProperty("seq") * pairs +
                                message.getIntProperty("producer");
                            synchronized (seen)
                            {
                                if (!seen.get(bit))
                                {
                                    seen.set(bit);
                                    received[0]++;
                                }
                            }
                        }
                        catch (final JMSException ex)
                        {
                            throw new IllegalStateException(ex);
                        }
                    });
            }
            consuming.start();
            final long warmEndNs = System.nanoTime() + (long)(warmupSeconds * 1e9);
            final long endNs = warmEndNs + (long)(measureSeconds * 1e9);
            final List<ProducerRun> runs = new ArrayList<>();
            for (int p = 0; p < pairs; p++)
            {
                final Connection connection = factory.createConnection();
                producing.add(connection);
                runs.add(new ProducerRun(connection, destination, kind, messagePerSend, bodyBytes, p, warmEndNs,
                    endNs));
            }
            runs.forEach(Thread::start);
            final Histogram histogram = new Histogram(HIGHEST, 3);
            long measured = 0;
            long confirmed = 0;
            long startNs = Long.MAX_VALUE;
            long measuredEndNs = 0;
            for (final ProducerRun run : runs)
            {
                run.join();
                if (null != run.failure)
                {
                    throw run.failure;
                }
                histogram.add(run.histogram);
                measured += run.measured;
                confirmed += run.sent;
                startNs = Math.min(startNs, run.startNs);
                measuredEndNs = Math.max(measuredEndNs, run.measuredEndNs);
            }
            final long deadline = System.nanoTime() + DRAIN.toNanos();
            while (count(seen, received) < confirmed && System.nanoTime() - deadline < 0)
            {
                Thread.sleep(5);
            }
            final long got = count(seen, received);
            point.put("measureSeconds", measureSeconds);
            point.put("warmupSeconds", warmupSeconds);
            point.put("measuredSends", measured);
            point.put("sendKind", kind.name());
            point.put("destination", durableTopic ? FailoverScenario.DURABLE_TOPIC : "queue");
            point.put("deliveryMode", kind.description());
            point.put("msgPerSec", Math.round(measured * 1e9 / (measuredEndNs - startNs)));
            point.put("send", LatencySummary.of(histogram, 1));
            point.put("confirmed", confirmed);
            point.put("received", got);
            point.put("lost", confirmed - got);
            point.put("complete", confirmed == got);
        }
        finally
        {
            for (final Connection connection : producing)
            {
                connection.close();
            }
        }
    }

    /** One producer's sends, on its own thread: unmeasured until the warm-up's end, then measured until the end. */
    private static final class ProducerRun extends Thread
    {
        private final Session session;
        private final MessageProducer producer;
        private final Kind kind;
        private final boolean messagePerSend;
        private final int bodyBytes;
        private final int index;
        private final long warmEndNs;
        private final long endNs;
        private final Histogram histogram = new Histogram(HIGHEST, 3);
        private long sent;
        private long measured;
        private long startNs;
        private long measuredEndNs;
        private Exception failure;

        ProducerRun(
            final Connection connection, final Destination destination, final Kind kind, final boolean messagePerSend,
            final int bodyBytes, final int index, final long warmEndNs, final long endNs) throws JMSException
        {
            super("s10-producer-" + index);
            this.session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            this.producer = session.createProducer(destination);
            producer.setDeliveryMode(Kind.NON_PERSISTENT == kind ? DeliveryMode.NON_PERSISTENT :
                DeliveryMode.PERSISTENT);
            this.kind = kind;
            this.messagePerSend = Kind.ASYNC == kind && messagePerSend;
            this.bodyBytes = bodyBytes;
            this.index = index;
            this.warmEndNs = warmEndNs;
            this.endNs = endNs;
        }

        @Override
        public void run()
        {
            try
            {
                send();
            }
            catch (final Exception ex)
            {
                failure = ex;
            }
        }

        private void send() throws Exception
        {
            // an asynchronous send's message must not change until it completed: one per send in flight, reused in
            // turn (JMS completes a session's sends in their order, so the window frees the oldest first)
            final TextMessage[] messages = new TextMessage[Kind.ASYNC == kind ? ASYNC_WINDOW : 1];
            for (int i = 0; i < messages.length; i++)
            {
                messages[i] = newMessage();
            }
            final Sender sender = Kind.ASYNC == kind ? new AsyncSender(producer) : (msg, seq, sendNs) ->
            {
                producer.send(msg);
                return System.nanoTime();
            };
            long seq = 0;
            while (System.nanoTime() - warmEndNs < 0)
            {
                final TextMessage message = messagePerSend ? newMessage() : messages[(int)(seq % messages.length)];
                message.setLongProperty("seq", seq);
                sender.send(message, seq++, System.nanoTime());
            }
            sender.awaitCompleted(seq);
            sender.measuring(true);
            final long firstMeasured = seq;
            startNs = System.nanoTime();
            long now = startNs;
            while (now - endNs < 0)
            {
                final TextMessage message = messagePerSend ? newMessage() : messages[(int)(seq % messages.length)];
                message.setLongProperty("seq", seq);
                final long returned = sender.send(message, seq++, now);
                if (returned > 0)
                {
                    histogram.recordValue(Math.min(HIGHEST, returned - now));
                }
                now = System.nanoTime();
            }
            sender.awaitCompleted(seq);
            sender.measuring(false);
            measured = seq - firstMeasured;
            measuredEndNs = System.nanoTime();
            if (sender instanceof AsyncSender async)
            {
                histogram.add(async.completions());
            }
            sent = seq;
        }

        private TextMessage newMessage() throws JMSException
        {
            final TextMessage message = session.createTextMessage("x".repeat(bodyBytes));
            message.setIntProperty("producer", index);
            return message;
        }
    }

    /** Sends one message the producer's way. */
    @FunctionalInterface
    private interface Sender
    {
        /**
         * @param message the message.
         * @param seq     its sequence number.
         * @param startNs when the send began.
         * @return when it returned, or 0 where its time is taken on completion.
         * @throws Exception if it fails.
         */
        long send(TextMessage message, long seq, long startNs) throws Exception;

        /**
         * Waits until every send so far completed.
         *
         * @param sent how many were sent.
         * @throws Exception if one failed, or they did not complete within the drain time.
         */
        default void awaitCompleted(final long sent) throws Exception
        {
        }

        /**
         * Starts or stops taking the times of completions (the warm-up's are not measured).
         *
         * @param on whether to take them.
         */
        default void measuring(final boolean on)
        {
        }
    }

    /** Asynchronous sends, at most {@link #ASYNC_WINDOW} not yet completed; their times taken on completion. */
    private static final class AsyncSender implements Sender, CompletionListener
    {
        private final MessageProducer producer;
        private final Semaphore window = new Semaphore(ASYNC_WINDOW);
        private final long[] startedNs = new long[ASYNC_WINDOW];
        private final Histogram completions = new Histogram(HIGHEST, 3);
        private final AtomicLong completed = new AtomicLong();
        private final AtomicReference<Exception> failure = new AtomicReference<>();
        private boolean recording;

        AsyncSender(final MessageProducer producer)
        {
            this.producer = producer;
        }

        @Override
        public long send(final TextMessage message, final long seq, final long startNs) throws Exception
        {
            window.acquire();
            throwIfFailed();
            synchronized (startedNs)
            {
                startedNs[(int)(seq % ASYNC_WINDOW)] = startNs;
            }
            producer.send(message, this);
            return 0;
        }

        @Override
        public void onCompletion(final Message message)
        {
            try
            {
                final long seq = message.getLongProperty("seq");
                final long now = System.nanoTime();
                synchronized (startedNs)
                {
                    if (recording)
                    {
                        completions.recordValue(Math.min(HIGHEST, now - startedNs[(int)(seq % ASYNC_WINDOW)]));
                    }
                }
            }
            catch (final JMSException ex)
            {
                failure.compareAndSet(null, ex);
            }
            finally
            {
                completed.incrementAndGet();
                window.release();
            }
        }

        @Override
        public void onException(final Message message, final Exception exception)
        {
            failure.compareAndSet(null, exception);
            completed.incrementAndGet();
            window.release();
        }

        @Override
        public void awaitCompleted(final long sent) throws Exception
        {
            final long deadline = System.nanoTime() + DRAIN.toNanos();
            while (completed.get() < sent && System.nanoTime() - deadline < 0)
            {
                throwIfFailed();
                Thread.sleep(1);
            }
            throwIfFailed();
            if (completed.get() < sent)
            {
                throw new IllegalStateException((sent - completed.get()) + " asynchronous sends did not complete " +
                    "within " + DRAIN.toSeconds() + " s");
            }
        }

        @Override
        public void measuring(final boolean on)
        {
            synchronized (startedNs)
            {
                recording = on;
            }
        }

        Histogram completions()
        {
            synchronized (startedNs)
            {
                return completions.copy();
            }
        }

        private void throwIfFailed() throws Exception
        {
            final Exception ex = failure.get();
            if (null != ex)
            {
                throw ex;
            }
        }
    }

    private static long count(final BitSet seen, final long[] received)
    {
        synchronized (seen)
        {
            return received[0];
        }
    }

    /**
     * Starts a {@code wirespeed-driver} process serving its single queue host over UDP on loopback, with its archive
     * under a directory, and waits until it runs.
     *
     * @param root where its driver and archive directories go.
     * @return the process, and the value of the URI option {@code host}.
     * @throws Exception if it does not start.
     */
    static SingleHost startSingleHost(final Path root) throws Exception
    {
        final int port = udpPair();
        final String endpoint = "127.0.0.1:" + port;
        final JvmCommand command = JvmCommand.small(io.wirespeed.bench.rig.LoopbackClusterSide.MAIN_CLASS)
            .systemProperty("wirespeed.driver.dir", root.resolve("single-driver").toString())
            .systemProperty("wirespeed.host.endpoint", endpoint)
            .systemProperty("wirespeed.archive.enabled", "true")
            .systemProperty("wirespeed.archive.dir", root.resolve("single-archive").toString());
        final ChildJvm jvm = ChildJvm.start("single queue host", command);
        try
        {
            return new SingleHost(jvm, endpoint, jvm.awaitLine(io.wirespeed.bench.rig.LoopbackClusterSide.RUNNING,
                START));
        }
        catch (final Exception ex)
        {
            jvm.close();
            throw ex;
        }
    }

    /**
     * The single queue host's process.
     *
     * @param jvm         its process.
     * @param endpoint    {@code 127.0.0.1:PORT}.
     * @param runningLine what it printed when it came up.
     */
    record SingleHost(ChildJvm jvm, String endpoint, String runningLine) implements AutoCloseable
    {
        @Override
        public void close() throws InterruptedException
        {
            jvm.terminate();
            if (!jvm.waitFor(STOP))
            {
                jvm.killForcibly(STOP);
            }
            jvm.close();
        }
    }

    private static int udpPair()
    {
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        for (int attempt = 0; attempt < 1_000; attempt++)
        {
            final int base = ThreadLocalRandom.current().nextInt(20_000, 32_000);
            try (DatagramSocket first = new DatagramSocket(new InetSocketAddress(loopback, base));
                DatagramSocket second = new DatagramSocket(new InetSocketAddress(loopback, base + 1)))
            {
                return base;
            }
            catch (final IOException ex)
            {
                // taken: try another
            }
        }
        throw new UncheckedIOException(new IOException("no two free UDP ports in a row on loopback"));
    }
}
