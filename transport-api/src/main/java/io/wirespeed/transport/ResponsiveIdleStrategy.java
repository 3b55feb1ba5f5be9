package io.wirespeed.transport;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;

/**
 * The default idle strategy: responsive for a while after work, cheap after that. For {@link #SPIN_WINDOW_NS}
 * after the last work it spins, until {@link #YIELD_WINDOW_NS} it yields the core (to any thread that wants it,
 * so two cores stay usable), then it parks, starting at {@link #MIN_PARK_NS} and doubling up to
 * {@link #MAX_PARK_NS}. A message that follows another within the yield window, as in a request-reply exchange or
 * a steady stream, is seen within a yield rather than after a park; an idle thread wakes about four thousand times a
 * second. No phase spins without end, so it is safe as a default on a 2-core machine.
 */
public final class ResponsiveIdleStrategy implements IdleStrategy
{
    /** How long after work the strategy spins. */
    public static final long SPIN_WINDOW_NS = 10_000;
    /** How long after work the strategy yields, the spin window included. */
    public static final long YIELD_WINDOW_NS = 200_000;
    /** The first park after the yield window. */
    public static final long MIN_PARK_NS = 16_000;
    /** The longest park. */
    public static final long MAX_PARK_NS = 250_000;

    /** What {@link #idle()} does next. */
    enum Phase
    {
        SPIN, YIELD, PARK
    }

    private final NanoClock clock;
    private long lastWorkNs;
    private long parkNs = MIN_PARK_NS;

    /** A strategy on the system's nanosecond clock, responsive from now on. */
    public ResponsiveIdleStrategy()
    {
        this(SystemNanoClock.INSTANCE);
    }

    ResponsiveIdleStrategy(final NanoClock clock)
    {
        this.clock = clock;
        this.lastWorkNs = clock.nanoTime();
    }

    @Override
    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            reset();
        }
        else
        {
            idle();
        }
    }

    @Override
    public void idle()
    {
        switch (phase())
        {
            case SPIN -> Thread.onSpinWait();
            case YIELD -> Thread.yield();
            default -> LockSupport.parkNanos(nextPark());
        }
    }

    @Override
    public void reset()
    {
        lastWorkNs = clock.nanoTime();
        parkNs = MIN_PARK_NS;
    }

    @Override
    public String alias()
    {
        return "responsive";
    }

    Phase phase()
    {
        final long sinceWork = clock.nanoTime() - lastWorkNs;
        if (sinceWork < SPIN_WINDOW_NS)
        {
            return Phase.SPIN;
        }
        return sinceWork < YIELD_WINDOW_NS ? Phase.YIELD : Phase.PARK;
    }

    long nextPark()
    {
        final long park = parkNs;
        parkNs = Math.min(MAX_PARK_NS, parkNs << 1);
        return park;
    }

    @Override
    public String toString()
    {
        return "ResponsiveIdleStrategy{spin=" + SPIN_WINDOW_NS + "ns, yield=" + YIELD_WINDOW_NS + "ns, park=" +
            MIN_PARK_NS + ".." + MAX_PARK_NS + "ns}";
    }
}
