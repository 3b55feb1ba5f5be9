package io.wirespeed.examples;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;
import javax.naming.InitialContext;

import org.HdrHistogram.Histogram;

/**
 * The quickstart: a publisher and a subscriber configured through {@code jndi.properties} (the
 * embedded media driver and IPC by default). The publisher sends 45-byte BytesMessages at a steady
 * rate; the subscriber's listener records each one's latency from its intended send time. Prints
 * what was sent and received and the latency percentiles.
 * <p>
 * The first messages warm up: at least a second of them, and on until the JIT compiler has been quiet for a second
 * (at most 15 s), because on a machine with two cores the compiler threads take a core from the publisher or the
 * delivery thread for milliseconds at a time while they work, which would be measured as the provider's latency.
 * <p>
 * Arguments: [messages measured after the warm-up (default 150000)] [rate per second (default 50000)].
 */
public final class Quickstart
{
    private static final int MESSAGE_SIZE = 45;

    private Quickstart()
    {
    }

    /**
     * Runs the quickstart.
     *
     * @param args optional message count and rate.
     * @throws Exception if JNDI or JMS fail.
     */
    public static void main(final String[] args) throws Exception
    {
        final int messages = args.length > 0 ? Integer.parseInt(args[0]) : 150_000;
        final int rate = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;

        final InitialContext jndi = new InitialContext();
        final ConnectionFactory factory = (ConnectionFactory)jndi.lookup("ConnectionFactory");
        final Topic topic = (Topic)jndi.lookup("quickstart");
        jndi.close();

        final Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        final AtomicLong received = new AtomicLong();
        final AtomicLong expected = new AtomicLong(Long.MAX_VALUE);
        final AtomicLong measuredFrom = new AtomicLong(Long.MAX_VALUE);
        final CountDownLatch done = new CountDownLatch(1);

        try (Connection connection = factory.createConnection())
        {
            final Session subscriberSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer subscriber = subscriberSession.createConsumer(topic);
            subscriber.setMessageListener(message ->
            {
                try
                {
                    final long intendedNanos = ((BytesMessage)message).readLong();
                    if (intendedNanos >= measuredFrom.get())
                    {
                        histogram.recordValue(Math.max(0, System.nanoTime() - intendedNanos));
                    }
                    if (received.incrementAndGet() == expected.get())
                    {
                        done.countDown();
                    }
                }
                catch (final JMSException ex)
                {
                    throw new IllegalStateException(ex);
                }
            });
            connection.start();

            final Session publisherSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer publisher = publisherSession.createProducer(topic);
            publisher.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            final BytesMessage message = publisherSession.createBytesMessage();
            final byte[] padding = new byte[MESSAGE_SIZE - Long.BYTES];

            System.out.printf("Wirespeed quickstart: %,d messages of %d bytes at %,d msg/s on %s, after a warm-up%n",
                messages, MESSAGE_SIZE, rate, topic);
            final long intervalNanos = TimeUnit.SECONDS.toNanos(1) / rate;
            final long start = System.nanoTime();
            final JitWatch jit = new JitWatch(start);
            long sent = 0;
            long total = Long.MAX_VALUE;
            while (sent < total)
            {
                final long intended = start + sent * intervalNanos;
                while (System.nanoTime() < intended)
                {
                    Thread.onSpinWait();
                }
                if (Long.MAX_VALUE == total && jit.warm(intended))
                {
                    measuredFrom.set(intended);
                    total = sent + messages;
                    expected.set(total);
                }
                message.clearBody();
                message.writeLong(intended);
                message.writeBytes(padding);
                publisher.send(message);
                sent++;
            }
            final long warmupMessages = total - messages;
            final boolean complete = done.await(30, TimeUnit.SECONDS);
            final double seconds = (System.nanoTime() - start) / 1e9;

            System.out.printf("sent %,d, received %,d%s in %.2f s%n",
                total, received.get(), complete ? "" : " (INCOMPLETE)", seconds);
            System.out.println(jit.describe());
            System.out.printf("latency from intended send time, µs (after %,d warm-up messages, %,d measured):%n",
                warmupMessages, histogram.getTotalCount());
            System.out.printf("  p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n",
                histogram.getValueAtPercentile(50) / 1000.0, histogram.getValueAtPercentile(90) / 1000.0,
                histogram.getValueAtPercentile(99) / 1000.0, histogram.getValueAtPercentile(99.9) / 1000.0,
                histogram.getMaxValue() / 1000.0);
            if (!complete)
            {
                System.exit(1);
            }
        }
    }

    /** When the warm-up may end: a second has passed and the JIT compiler has been quiet for a second, or 15 s. */
    private static final class JitWatch
    {
        private static final long MIN_NANOS = TimeUnit.SECONDS.toNanos(1);
        private static final long QUIET_NANOS = TimeUnit.SECONDS.toNanos(1);
        private static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(15);
        private static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

        private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        private final long start;
        private long lastCompileMs = -1;
        private long lastCheck;
        private long quietSince;
        private long endedAfter;
        private boolean settled;

        JitWatch(final long start)
        {
            this.start = start;
            this.quietSince = start;
        }

        boolean warm(final long now)
        {
            if (now - lastCheck < CHECK_NANOS)
            {
                return false;
            }
            lastCheck = now;
            final long compileMs = null != compiler && compiler.isCompilationTimeMonitoringSupported() ?
                compiler.getTotalCompilationTime() : 0;
            if (compileMs != lastCompileMs)
            {
                lastCompileMs = compileMs;
                quietSince = now;
            }
            settled = now - quietSince >= QUIET_NANOS;
            if (now - start >= MIN_NANOS && (settled || now - start >= MAX_NANOS))
            {
                endedAfter = now - start;
                return true;
            }
            return false;
        }

        String describe()
        {
            return String.format("warm-up: %.1f s, %s", endedAfter / 1e9, settled ?
                "until the JIT compiler had been quiet for a second" :
                "stopped at its 15 s limit while the JIT compiler still worked");
        }
    }
}
