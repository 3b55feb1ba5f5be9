package io.wirespeed.bench.rig;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

/**
 * Records the latency of replies from their intended send time into a histogram, on the one
 * thread that receives them; skips the warm-up messages. The count is published with a volatile
 * write, so a reader that sees the count sees the histogram entries before it.
 */
public final class LatencyRecorder
{
    private static final long HIGHEST = TimeUnit.SECONDS.toNanos(60);

    private final Histogram histogram = new Histogram(HIGHEST, 3);
    private final long warmupMessages;
    private volatile long received;
    private volatile long lastReceivedNanos;
    private long outOfOrder;
    private long expected;

    /**
     * A recorder that ignores the first messages.
     *
     * @param warmupMessages how many messages (by sequence number) are warm-up.
     */
    public LatencyRecorder(final long warmupMessages)
    {
        this.warmupMessages = warmupMessages;
    }

    /**
     * Records one reply; call from one thread.
     *
     * @param intendedNanos the message's intended send time.
     * @param sequence      the message's sequence number from 0.
     */
    public void record(final long intendedNanos, final long sequence)
    {
        final long now = System.nanoTime();
        if (sequence != expected)
        {
            outOfOrder++;
        }
        expected = sequence + 1;
        if (sequence >= warmupMessages)
        {
            histogram.recordValue(Math.min(HIGHEST, Math.max(0, now - intendedNanos)));
        }
        lastReceivedNanos = now;
        received = received + 1;
    }

    /**
     * How many replies arrived, warm-up included.
     *
     * @return the count.
     */
    public long received()
    {
        return received;
    }

    /**
     * When the latest reply arrived.
     *
     * @return its {@link System#nanoTime()}.
     */
    public long lastReceivedNanos()
    {
        return lastReceivedNanos;
    }

    /**
     * Replies whose sequence number was not the one after the previous reply's (loss or reordering).
     *
     * @return the count; read only after the receiving thread is quiet.
     */
    public long outOfOrder()
    {
        return outOfOrder;
    }

    /**
     * The histogram of measured latencies in nanoseconds; read only after the receiving thread is quiet.
     *
     * @return the histogram.
     */
    public Histogram histogram()
    {
        return histogram;
    }
}
