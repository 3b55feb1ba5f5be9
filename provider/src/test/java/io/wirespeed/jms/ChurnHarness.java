package io.wirespeed.jms;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.Destination;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;

/**
 * The cycle of issue 25, as an application without a cache runs it: a connection, a session, a producer, one send,
 * close ({@code connection} mode), or {@code createContext()}, one send, close ({@code context} mode), N times, one
 * thread, while a consumer on a long-lived connection receives and checks the order. Prints the cycle's latency
 * percentiles, the total, and how many messages arrived out of order. Run by hand (or by a profiler):
 * {@code java -cp ... io.wirespeed.jms.ChurnHarness queue|topic connection|context CYCLES [URI]}.
 */
public final class ChurnHarness
{
    private ChurnHarness()
    {
    }

    /**
     * Runs the churn.
     *
     * @param args queue or topic, connection or context, cycles, and optionally the URI.
     * @throws Exception if the run fails.
     */
    public static void main(final String[] args) throws Exception
    {
        final boolean queue = "queue".equals(args[0]);
        final boolean context = "context".equals(args[1]);
        final int cycles = Integer.parseInt(args[2]);
        final String uri = args.length > 3 ? args[3] : "wirespeed:ipc";
        final Result result = run(new JmsConnectionFactory(uri), queue, context, cycles, cycles / 10);
        System.out.println(args[0] + " " + args[1] + " " + result);
        System.exit(0);
    }

    /**
     * Runs warm-up cycles, then the measured ones, and waits for the consumer to have every message.
     *
     * @param factory the factory.
     * @param queue   queue or topic.
     * @param context createContext() per request instead of a connection per request.
     * @param cycles  the measured cycles.
     * @param warmup  the cycles before.
     * @return the figures.
     * @throws Exception if the run fails.
     */
    public static Result run(
        final ConnectionFactory factory, final boolean queue, final boolean context, final int cycles,
        final int warmup) throws Exception
    {
        final String name = "churn-" + System.nanoTime();
        final AtomicInteger received = new AtomicInteger();
        final AtomicInteger outOfOrder = new AtomicInteger();
        final AtomicLong last = new AtomicLong(-1);
        final long[] firstArrival = new long[1];
        try (Connection consumerConnection = factory.createConnection())
        {
            final Session session = consumerConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Destination destination = queue ? session.createQueue(name) : session.createTopic(name);
            final MessageConsumer consumer = session.createConsumer(destination);
            consumer.setMessageListener((message) ->
            {
                try
                {
                    final long seq = message.getLongProperty("seq");
                    if (seq < last.get())
                    {
                        outOfOrder.incrementAndGet();
                    }
                    last.set(seq);
                    if (0 == received.getAndIncrement())
                    {
                        firstArrival[0] = System.nanoTime();
                    }
                }
                catch (final JMSException ex)
                {
                    throw new IllegalStateException(ex);
                }
            });
            consumerConnection.start();
            final long[] times = new long[cycles];
            long seq = 0;
            final long firstSend = System.nanoTime();
            for (int i = 0; i < warmup; i++)
            {
                cycle(factory, destination, context, seq++);
            }
            final long start = System.nanoTime();
            for (int i = 0; i < cycles; i++)
            {
                final long t0 = System.nanoTime();
                cycle(factory, destination, context, seq++);
                times[i] = System.nanoTime() - t0;
            }
            final long end = System.nanoTime();
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (received.get() < seq && System.nanoTime() < deadline)
            {
                Thread.sleep(1);
            }
            final long drainedNs = System.nanoTime() - end;
            Arrays.sort(times);
            return new Result(cycles, percentile(times, 0.5), percentile(times, 0.99), times[cycles - 1],
                end - start, received.get() - (int)seq, outOfOrder.get(), firstArrival[0] - firstSend, drainedNs);
        }
    }

    private static void cycle(
        final ConnectionFactory factory, final Destination destination, final boolean context, final long seq)
        throws JMSException
    {
        if (context)
        {
            try (JMSContext jms = factory.createContext())
            {
                jms.createProducer().setProperty("seq", seq).send(destination, "m" + seq);
            }
        }
        else
        {
            try (Connection connection = factory.createConnection())
            {
                final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                final MessageProducer producer = session.createProducer(destination);
                final javax.jms.Message message = session.createTextMessage("m" + seq);
                message.setLongProperty("seq", seq);
                producer.send(message);
            }
        }
    }

    private static long percentile(final long[] sorted, final double p)
    {
        return sorted[Math.min(sorted.length - 1, (int)(sorted.length * p))];
    }

    /**
     * What a run measured.
     *
     * @param cycles       the measured cycles.
     * @param p50Ns        the median cycle.
     * @param p99Ns        the 99th percentile.
     * @param maxNs        the longest.
     * @param totalNs      all measured cycles.
     * @param missing      messages received minus sent (0 when nothing was lost).
     * @param outOfOrder   messages that arrived after a later one.
     * @param firstNs      from the first send to the consumer's first message.
     * @param drainNs      from the last send to the consumer's last message.
     */
    public record Result(
        int cycles, long p50Ns, long p99Ns, long maxNs, long totalNs, int missing, int outOfOrder, long firstNs,
        long drainNs)
    {
        @Override
        public String toString()
        {
            return cycles + " cycles: p50 " + micros(p50Ns) + " us, p99 " + micros(p99Ns) + " us, max " +
                micros(maxNs) + " us, total " + TimeUnit.NANOSECONDS.toMillis(totalNs) + " ms, received-sent " +
                missing + ", out of order " + outOfOrder + ", first message after " + micros(firstNs) + " us, last " +
                TimeUnit.NANOSECONDS.toMillis(drainNs) + " ms after the last send";
        }

        private static String micros(final long ns)
        {
            return String.format("%.1f", ns / 1000.0);
        }
    }
}
