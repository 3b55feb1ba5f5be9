package io.wirespeed.examples;

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
 * Arguments: [messages (default 200000)] [rate per second (default 50000)].
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
        final int messages = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        final int rate = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;
        final int warmup = Math.min(messages / 4, 50_000);

        final InitialContext jndi = new InitialContext();
        final ConnectionFactory factory = (ConnectionFactory)jndi.lookup("ConnectionFactory");
        final Topic topic = (Topic)jndi.lookup("quickstart");
        jndi.close();

        final Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        final AtomicLong received = new AtomicLong();
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
                    final long count = received.incrementAndGet();
                    if (count > warmup)
                    {
                        histogram.recordValue(Math.max(0, System.nanoTime() - intendedNanos));
                    }
                    if (count == messages)
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

            System.out.printf("Wirespeed quickstart: %,d messages of %d bytes at %,d msg/s on %s%n",
                messages, MESSAGE_SIZE, rate, topic);
            final long intervalNanos = TimeUnit.SECONDS.toNanos(1) / rate;
            final long start = System.nanoTime();
            for (int i = 0; i < messages; i++)
            {
                final long intended = start + i * intervalNanos;
                while (System.nanoTime() < intended)
                {
                    Thread.onSpinWait();
                }
                message.clearBody();
                message.writeLong(intended);
                message.writeBytes(padding);
                publisher.send(message);
            }
            final boolean complete = done.await(30, TimeUnit.SECONDS);
            final double seconds = (System.nanoTime() - start) / 1e9;

            System.out.printf("sent %,d, received %,d%s in %.2f s%n",
                messages, received.get(), complete ? "" : " (INCOMPLETE)", seconds);
            System.out.printf("latency from intended send time, µs (after %,d warm-up messages, %,d measured):%n",
                warmup, histogram.getTotalCount());
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
}
