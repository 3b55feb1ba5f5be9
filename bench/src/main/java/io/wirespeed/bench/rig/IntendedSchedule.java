package io.wirespeed.bench.rig;

/**
 * When each message of a paced run is meant to be sent: message {@code i} at
 * {@code start + i * interval}, independent of when earlier messages actually went out. Latency
 * measured from these intended times includes the time a message waited because the sender or the
 * system fell behind, so a stall is charged to every message it delayed (no coordinated omission).
 */
public final class IntendedSchedule
{
    private final long startNanos;
    private final double intervalNanos;

    /**
     * A schedule at a steady rate.
     *
     * @param startNanos   the {@link System#nanoTime()} of message 0.
     * @param ratePerSecond messages per second, more than zero.
     */
    public IntendedSchedule(final long startNanos, final double ratePerSecond)
    {
        if (!(ratePerSecond > 0))
        {
            throw new IllegalArgumentException("rate must be positive: " + ratePerSecond);
        }
        this.startNanos = startNanos;
        this.intervalNanos = 1e9 / ratePerSecond;
    }

    /**
     * The intended send time of a message.
     *
     * @param index the message's index from 0.
     * @return its intended {@link System#nanoTime()}.
     */
    public long intendedNanos(final long index)
    {
        return startNanos + (long)(index * intervalNanos);
    }

    /**
     * How many messages should have been sent by a given time.
     *
     * @param nowNanos a {@link System#nanoTime()}.
     * @return the number of messages whose intended time is at or before {@code nowNanos}.
     */
    public long dueBy(final long nowNanos)
    {
        if (nowNanos < startNanos)
        {
            return 0;
        }
        return (long)((nowNanos - startNanos) / intervalNanos) + 1;
    }

    /**
     * The time between messages.
     *
     * @return the interval in nanoseconds.
     */
    public double intervalNanos()
    {
        return intervalNanos;
    }
}
