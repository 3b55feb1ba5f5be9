package io.wirespeed.examples;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.HdrHistogram.Histogram;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * The two slow-consumer policies side by side: a publisher sending 1 KiB messages at a steady rate to a topic
 * with a fast listener and a slow one (10 ms a message), each on a connection of its own, for a few seconds under
 * {@code slowConsumers=hold} and then under {@code slowConsumers=drop}. Prints, per policy, the rate the publisher
 * achieved, the fast listener's latency from the intended send time, what the slow one received and the bytes it
 * lost.
 * <p>
 * Arguments: [seconds per policy (default 5)] [rate per second (default 20000)].
 */
public final class SlowConsumerPolicies
{
    private static final int SIZE = 1024;

    private SlowConsumerPolicies()
    {
    }

    /**
     * Runs both policies.
     *
     * @param args optional seconds per policy and rate.
     * @throws Exception if JMS fails.
     */
    public static void main(final String[] args) throws Exception
    {
        final int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        final int rate = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        System.out.printf("slow-consumer policies: %d B messages at %,d msg/s for %d s each; one listener takes " +
            "10 ms a message%n", SIZE, rate, seconds);
        for (final String policy : new String[] {"hold", "drop"})
        {
            run(policy, seconds, rate);
        }
    }

    private static void run(final String policy, final int seconds, final int rate) throws Exception
    {
        final String base = "wirespeed:ipc?termLength=1048576&sendTimeout=" + (seconds * 2_000L);
        final String topic = "policies." + policy;
        final Histogram fastLatency = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
        final AtomicLong slowReceived = new AtomicLong();
        final AtomicLong lossReports = new AtomicLong();
        final JmsConnectionFactory factory = new JmsConnectionFactory(base + "&slowConsumers=" + policy);
        try (Connection slow = factory.createConnection();
            Connection fast = new JmsConnectionFactory(base).createConnection();
            Connection publisher = new JmsConnectionFactory(base).createConnection())
        {
            slow.setExceptionListener((exception) -> lossReports.incrementAndGet());
            final Session slowSession = slow.createSession(false, Session.AUTO_ACKNOWLEDGE);
            slowSession.createConsumer(slowSession.createTopic(topic)).setMessageListener((message) ->
            {
                slowReceived.incrementAndGet();
                pause();
            });
            final Session fastSession = fast.createSession(false, Session.AUTO_ACKNOWLEDGE);
            fastSession.createConsumer(fastSession.createTopic(topic)).setMessageListener((message) ->
                fastLatency.recordValue(Math.max(0, System.nanoTime() - readLong(message))));
            slow.start();
            fast.start();

            final Session session = publisher.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = session.createProducer(session.createTopic(topic));
            final BytesMessage message = session.createBytesMessage();
            final byte[] padding = new byte[SIZE - Long.BYTES];
            final long intervalNanos = TimeUnit.SECONDS.toNanos(1) / rate;
            final long start = System.nanoTime();
            final long end = start + TimeUnit.SECONDS.toNanos(seconds);
            long sent = 0;
            String failure = "";
            try
            {
                for (long intended = start; intended < end && System.nanoTime() < end; intended += intervalNanos)
                {
                    while (System.nanoTime() < intended)
                    {
                        Thread.onSpinWait();
                    }
                    message.clearBody();
                    message.writeLong(intended);
                    message.writeBytes(padding);
                    producer.send(message);
                    sent++;
                }
            }
            catch (final JMSException ex)
            {
                failure = " (a send failed: " + ex.getMessage() + ")";
            }
            final double elapsed = (System.nanoTime() - start) / 1e9;
            System.out.printf("%s: published %,d of %,d intended in %.2f s = %,.0f msg/s%s%n", policy, sent,
                (long)seconds * rate, elapsed, sent / elapsed, failure);
            System.out.printf("  fast listener latency from intended send, µs: p50 %.1f  p99 %.1f  max %.1f " +
                "(%,d messages)%n", fastLatency.getValueAtPercentile(50) / 1000.0,
                fastLatency.getValueAtPercentile(99) / 1000.0, fastLatency.getMaxValue() / 1000.0,
                fastLatency.getTotalCount());
            System.out.printf("  slow listener received %,d; loss reports %d%n", slowReceived.get(),
                lossReports.get());
        }
    }

    private static long readLong(final javax.jms.Message message)
    {
        try
        {
            return ((BytesMessage)message).readLong();
        }
        catch (final JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static void pause()
    {
        try
        {
            Thread.sleep(10);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
