package io.wirespeed.transport;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;

/**
 * The default idle strategy: responsive for a while after work, cheap after that. For a spin window after the last
 * work it spins, until {@link #YIELD_WINDOW_NS} it yields the core (to any thread that wants it, so two cores stay
 * usable), then it parks, starting at {@link #MIN_PARK_NS} and doubling up to {@link #MAX_PARK_NS}. A message that
 * follows another within the yield window, as in a request-reply exchange or a steady stream, is seen within a yield
 * rather than after a park; an idle thread wakes about four thousand times a second. No phase spins without end, so it
 * is safe as a default on a 2-core machine.
 * <p>
 * The spin window adapts. It is {@link #SPIN_WINDOW_NS} while spinning pays: while most of the last
 * {@link #PROBES} waits that spun the whole window ended within it (the other end of a request-reply exchange answers
 * within it when it has a core of its own). When most of them ended only later, in the yield phase, the spinning
 * held a core that the awaited thread needed (both ends of an exchange on one core, another process busy on the
 * other): the window shrinks to {@link #SHORT_SPIN_WINDOW_NS}, so that the thread yields at once, and every
 * {@link #PROBE_INTERVAL}th wait spins the whole window again to learn whether spinning pays once more. A wait that
 * outlasts the yield window (no exchange: an idle stream) teaches nothing.
 */
public final class ResponsiveIdleStrategy implements IdleStrategy
{
    /** How long after work the strategy spins while spinning pays. */
    public static final long SPIN_WINDOW_NS = 10_000;
    /** How long after work the strategy spins once spinning did not pay. */
    public static final long SHORT_SPIN_WINDOW_NS = 1_000;
    /** How many of the latest waits that spun the whole window decide whether spinning pays. */
    static final int PROBES = 8;
    /** With the short window, every this many waits spin the whole window again. */
    static final int PROBE_INTERVAL = 16;
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
    private long spinWindowNs = SPIN_WINDOW_NS;
    /** One bit per probe, the latest lowest: set when a wait that spun the whole window ended within it. */
    private int probeHits = (1 << PROBES) - 1;
    private int waits;
    /** The phase of the latest {@link #idle()} since the last work, null when it has not idled since. */
    private Phase lastPhase;

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
        final Phase phase = phase();
        lastPhase = phase;
        switch (phase)
        {
            case SPIN -> Thread.onSpinWait();
            case YIELD -> Thread.yield();
            default -> LockSupport.parkNanos(nextPark());
        }
    }

    @Override
    public void reset()
    {
        if (null != lastPhase)
        {
            learn(lastPhase);
            lastPhase = null;
        }
        lastWorkNs = clock.nanoTime();
        parkNs = MIN_PARK_NS;
    }

    /**
     * Learns from a wait that ended (the thread idled at least once since the work before) whether spinning paid,
     * and sizes the next wait's spin window. The wait ended in the phase of its last idle: within the spin window, in
     * the yield phase after it, or in the park phase (no exchange: nothing learnt).
     *
     * @param endedIn the phase of the wait's last idle.
     */
    private void learn(final Phase endedIn)
    {
        if (SPIN_WINDOW_NS == spinWindowNs && Phase.PARK != endedIn)
        {
            probeHits = ((probeHits << 1) | (Phase.SPIN == endedIn ? 1 : 0)) & ((1 << PROBES) - 1);
        }
        final boolean pays = Integer.bitCount(probeHits) * 2 > PROBES;
        spinWindowNs = pays || ++waits % PROBE_INTERVAL == 0 ? SPIN_WINDOW_NS : SHORT_SPIN_WINDOW_NS;
    }

    @Override
    public String alias()
    {
        return "responsive";
    }

    /** @return how long the next wait spins: {@link #SPIN_WINDOW_NS} or {@link #SHORT_SPIN_WINDOW_NS}. */
    long spinWindowNs()
    {
        return spinWindowNs;
    }

    Phase phase()
    {
        final long sinceWork = clock.nanoTime() - lastWorkNs;
        if (sinceWork < spinWindowNs)
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
        return "ResponsiveIdleStrategy{spin=" + SHORT_SPIN_WINDOW_NS + ".." + SPIN_WINDOW_NS + "ns, yield=" +
            YIELD_WINDOW_NS + "ns, park=" +
            MIN_PARK_NS + ".." + MAX_PARK_NS + "ns}";
    }
}
