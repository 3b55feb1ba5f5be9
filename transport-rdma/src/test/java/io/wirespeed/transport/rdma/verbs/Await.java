package io.wirespeed.transport.rdma.verbs;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition with a deadline, yielding between checks; fails with a description.
 */
public final class Await
{
    private Await()
    {
    }

    /**
     * @param condition   what must become true.
     * @param timeout     how long to wait at most.
     * @param description what was awaited, for the failure message.
     */
    public static void until(final BooleanSupplier condition, final Duration timeout, final String description)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("timed out after " + timeout + " waiting for " + description);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
