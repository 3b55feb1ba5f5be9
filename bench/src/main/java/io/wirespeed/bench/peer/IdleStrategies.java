package io.wirespeed.bench.peer;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/** Agrona idle strategies by the names Wirespeed's URI uses, so that every peer idles alike. */
public final class IdleStrategies
{
    private IdleStrategies()
    {
    }

    /**
     * A new idle strategy.
     *
     * @param name busy-spin, yielding, backoff or sleeping.
     * @return the strategy.
     */
    public static IdleStrategy of(final String name)
    {
        return switch (name)
        {
            case "busy-spin" -> new BusySpinIdleStrategy();
            case "yielding" -> new YieldingIdleStrategy();
            case "backoff" -> new BackoffIdleStrategy();
            case "sleeping" -> new SleepingMillisIdleStrategy(1);
            default -> throw new IllegalArgumentException("unknown idle strategy: " + name);
        };
    }
}
