package io.wirespeed.bench.common;

import org.agrona.concurrent.IdleStrategy;

import io.wirespeed.transport.IdleStrategyKind;

/** Agrona idle strategies by the names Wirespeed's URI uses, so that every peer idles as Wirespeed does. */
public final class IdleStrategies
{
    private IdleStrategies()
    {
    }

    /**
     * A new idle strategy; each thread needs its own.
     *
     * @param name {@code responsive}, {@code backoff}, {@code sleeping}, {@code yielding}, {@code busy-spin} or
     *             {@code noop}.
     * @return the strategy.
     * @throws io.wirespeed.transport.TransportException if no strategy has that name.
     */
    public static IdleStrategy of(final String name)
    {
        return IdleStrategyKind.byPropertyName(name, "idle").newIdleStrategy();
    }
}
