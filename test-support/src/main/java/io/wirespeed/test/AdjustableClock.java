package io.wirespeed.test;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.NanoClock;

/**
 * A clock that stands still until the test moves it, for code that takes Agrona's {@link NanoClock} or
 * {@link EpochClock}: one count of nanoseconds since the epoch, read as {@link #nanoTime()} and, in milliseconds,
 * as {@link #time()}. Any thread may read it while the test advances it.
 */
public final class AdjustableClock implements NanoClock, EpochClock
{
    /** Where a clock made with {@link #AdjustableClock()} starts: 2025-01-01T00:00:00Z. */
    public static final Instant DEFAULT_START = Instant.parse("2025-01-01T00:00:00Z");

    private volatile long nanosSinceEpoch;

    /** A clock at {@link #DEFAULT_START}. */
    public AdjustableClock()
    {
        this(DEFAULT_START);
    }

    /**
     * A clock at the given instant.
     *
     * @param start where the clock starts.
     */
    public AdjustableClock(final Instant start)
    {
        nanosSinceEpoch = TimeUnit.SECONDS.toNanos(start.getEpochSecond()) + start.getNano();
    }

    /**
     * {@inheritDoc}
     *
     * @return nanoseconds since the epoch.
     */
    @Override
    public long nanoTime()
    {
        return nanosSinceEpoch;
    }

    /**
     * {@inheritDoc}
     *
     * @return milliseconds since the epoch.
     */
    @Override
    public long time()
    {
        return TimeUnit.NANOSECONDS.toMillis(nanosSinceEpoch);
    }

    /**
     * Moves the clock forward.
     *
     * @param duration how far; not negative.
     * @return this.
     */
    public AdjustableClock advance(final Duration duration)
    {
        return advanceNanos(duration.toNanos());
    }

    /**
     * Moves the clock forward.
     *
     * @param nanos how far, in nanoseconds; not negative.
     * @return this.
     */
    public synchronized AdjustableClock advanceNanos(final long nanos)
    {
        if (nanos < 0)
        {
            throw new IllegalArgumentException("a clock goes forward: pass a duration of 0 or more, not " + nanos);
        }
        nanosSinceEpoch += nanos;
        return this;
    }

    /**
     * Moves the clock forward.
     *
     * @param millis how far, in milliseconds; not negative.
     * @return this.
     */
    public AdjustableClock advanceMillis(final long millis)
    {
        return advanceNanos(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    /**
     * The clock's time as an instant.
     *
     * @return the time.
     */
    public Instant instant()
    {
        final long nanos = nanosSinceEpoch;
        return Instant.ofEpochSecond(0, nanos);
    }

    /**
     * {@inheritDoc}
     *
     * @return the time, as an ISO-8601 instant.
     */
    @Override
    public String toString()
    {
        return instant().toString();
    }
}
