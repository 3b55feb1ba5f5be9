package io.wirespeed.transport.aeron;

import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Shows the transport working: starts an embedded media driver, sends messages stamped with
 * {@link System#nanoTime()} over {@code aeron:ipc} to a subscriber on another thread, and prints
 * how many arrived and their one-way latency percentiles. Exits 0 when every message arrived in order.
 * <p>
 * Arguments, all optional: {@code messages} (200000), {@code messageLength} (64),
 * {@code ratePerSecond} (100000; 0 sends as fast as the stream takes them). A demo, not part of the transport: it
 * lives in the test sources ({@code ./mvnw -q -pl transport-aeron -am test-compile exec:exec@demo}), and records
 * latencies in an HdrHistogram.
 */
public final class TransportDemo
{
    private static final String CHANNEL = "aeron:ipc";
    private static final int STREAM_ID = 1;
    private static final int SEQUENCE_OFFSET = 0;
    private static final int TIMESTAMP_OFFSET = 8;
    private static final int MIN_LENGTH = 16;

    private TransportDemo()
    {
    }

    /**
     * Runs the demo.
     *
     * @param args {@code [messages] [messageLength] [ratePerSecond]}.
     * @throws InterruptedException if interrupted while waiting for the subscriber.
     */
    public static void main(final String[] args) throws InterruptedException
    {
        final int messages = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        final int length = Math.max(MIN_LENGTH, args.length > 1 ? Integer.parseInt(args[1]) : 64);
        final long rate = args.length > 2 ? Long.parseLong(args[2]) : 100_000;
        final AeronTransportContext config = new AeronTransportContext()
            .properties(System.getProperties())
            .embedded(true)
            .conclude();

        System.out.printf(Locale.ROOT, "TransportDemo: %,d messages of %d bytes over %s at %s, driver at %s%n",
            messages, length, CHANNEL, rate > 0 ? String.format(Locale.ROOT, "%,d/s", rate) : "full speed",
            config.directory());

        final Histogram latencies = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        final int warmUp = messages / 10;
        final int[] received = { 0 };
        final boolean[] inOrder = { true };
        final long startNs;
        final long sent;
        try (AeronTransport transport = AeronTransport.connect(config);
            TransportSubscription subscription = transport.addSubscription(CHANNEL, STREAM_ID);
            TransportPublication publication = transport.addPublication(CHANNEL, STREAM_ID))
        {
            final MessageHandler handler = (buffer, offset, messageLength) ->
            {
                final long latency = System.nanoTime() - buffer.getLong(offset + TIMESTAMP_OFFSET);
                final int sequence = (int)buffer.getLong(offset + SEQUENCE_OFFSET);
                inOrder[0] &= sequence == received[0];
                if (received[0]++ >= warmUp)
                {
                    latencies.recordValue(Math.min(Math.max(0, latency), latencies.getHighestTrackableValue()));
                }
            };
            final Thread subscriber = new Thread(
                () -> receive(subscription, handler, received, messages), "subscriber");
            subscriber.start();

            startNs = System.nanoTime();
            sent = send(publication, messages, length, rate);
            subscriber.join(TimeUnit.SECONDS.toMillis(30));
            subscriber.interrupt();
        }
        final double seconds = (System.nanoTime() - startNs) / 1e9;

        System.out.printf(Locale.ROOT, "sent %,d, received %,d in %.2f s, in order: %s%n",
            sent, received[0], seconds, inOrder[0]);
        printPercentiles(latencies, warmUp);
        if (received[0] != messages || sent != messages || !inOrder[0])
        {
            System.exit(1);
        }
    }

    private static long send(
        final TransportPublication publication, final int messages, final int length, final long rate)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(length));
        final IdleStrategy idle = new BackoffIdleStrategy();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!publication.isConnected() && System.nanoTime() < deadline)
        {
            idle.idle();
        }

        final long intervalNs = rate > 0 ? TimeUnit.SECONDS.toNanos(1) / rate : 0;
        long nextSendNs = System.nanoTime();
        long sent = 0;
        while (sent < messages)
        {
            while (intervalNs > 0 && System.nanoTime() < nextSendNs)
            {
                Thread.onSpinWait();
            }
            buffer.putLong(SEQUENCE_OFFSET, sent);
            buffer.putLong(TIMESTAMP_OFFSET, System.nanoTime());
            final long result = publication.offer(buffer, 0, length);
            if (result > 0)
            {
                sent++;
                nextSendNs += intervalNs;
                idle.reset();
            }
            else if (result == TransportPublication.CLOSED || result == TransportPublication.MAX_POSITION_EXCEEDED)
            {
                System.out.println("publication stopped: " + TransportPublication.describe(result));
                break;
            }
            else
            {
                idle.idle();
            }
        }
        return sent;
    }

    private static void receive(
        final TransportSubscription subscription, final MessageHandler handler, final int[] received,
        final int messages)
    {
        final IdleStrategy idle = new BackoffIdleStrategy();
        while (received[0] < messages && !Thread.currentThread().isInterrupted())
        {
            idle.idle(subscription.poll(handler, 256));
        }
    }

    private static void printPercentiles(final Histogram latencies, final int warmUp)
    {
        if (0 == latencies.getTotalCount())
        {
            System.out.println("no latencies to report");
            return;
        }
        System.out.printf(Locale.ROOT,
            "latency us (first %,d excluded as warm-up): p50=%.1f p90=%.1f p99=%.1f p99.9=%.1f max=%.1f%n",
            warmUp, micros(latencies, 50), micros(latencies, 90), micros(latencies, 99), micros(latencies, 99.9),
            latencies.getMaxValue() / 1000.0);
    }

    private static double micros(final Histogram latencies, final double percentile)
    {
        return latencies.getValueAtPercentile(percentile) / 1000.0;
    }
}
