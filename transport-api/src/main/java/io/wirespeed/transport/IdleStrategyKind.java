package io.wirespeed.transport;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * The idle strategies a configuration may name, each with the name used in properties files.
 * Only {@link #RESPONSIVE}, {@link #BACKOFF} and {@link #SLEEPING} leave the CPU to other threads on a small machine.
 */
public enum IdleStrategyKind
{
    /** Spins, then yields for 200 µs after work, then parks for up to 250 µs ({@link ResponsiveIdleStrategy}). */
    RESPONSIVE("responsive"),
    /** Spins, then yields, then parks for up to a millisecond, a few idle cycles after work. */
    BACKOFF("backoff"),
    /** Sleeps one millisecond whenever there is no work: the least CPU, the most latency. */
    SLEEPING("sleeping"),
    /** Yields the thread whenever there is no work: a full core while other threads run little. */
    YIELDING("yielding"),
    /** Spins without pause: a full core, for pinned low-latency deployments only. */
    BUSY_SPIN("busy-spin"),
    /** Does nothing between duty cycles: a full core, for pinned low-latency deployments only. */
    NOOP("noop");

    private final String propertyName;

    IdleStrategyKind(final String propertyName)
    {
        this.propertyName = propertyName;
    }

    /**
     * The name this strategy has in properties, e.g. {@code busy-spin}.
     *
     * @return the property value that selects this strategy.
     */
    public String propertyName()
    {
        return propertyName;
    }

    /**
     * Creates a new idle strategy of this kind; each agent needs its own instance.
     *
     * @return a new idle strategy.
     */
    public IdleStrategy newIdleStrategy()
    {
        switch (this)
        {
            case SLEEPING:
                return new SleepingMillisIdleStrategy(1);
            case YIELDING:
                return new YieldingIdleStrategy();
            case BUSY_SPIN:
                return new BusySpinIdleStrategy();
            case NOOP:
                return new NoOpIdleStrategy();
            case RESPONSIVE:
                return new ResponsiveIdleStrategy();
            case BACKOFF:
            default:
                return new BackoffIdleStrategy();
        }
    }

    /**
     * Finds the strategy with the given property name.
     *
     * @param name    the property value, e.g. {@code backoff}; case is ignored.
     * @param setting the setting the value came from, named in the error.
     * @return the strategy.
     * @throws TransportException if no strategy has that name.
     */
    public static IdleStrategyKind byPropertyName(final String name, final String setting)
    {
        for (final IdleStrategyKind kind : values())
        {
            if (kind.propertyName.equalsIgnoreCase(name.trim()))
            {
                return kind;
            }
        }
        throw new TransportException(
            "unknown idle strategy '" + name + "' in " + setting +
            ": use one of responsive, backoff, sleeping, yielding, busy-spin, noop");
    }
}
