package io.wirespeed.transport.aeron;

import java.time.Duration;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Waiting for a condition with a deadline, backing off between checks, never sleeping blindly.
 */
final class Conditions
{
    private Conditions()
    {
    }

    /**
     * Waits until the condition holds.
     *
     * @param condition   what to wait for.
     * @param timeout     how long to wait at most.
     * @param description what was awaited, for the failure message.
     */
    static void await(final BooleanSupplier condition, final Duration timeout, final String description)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        long pauseMs = 1;
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                fail("timed out after " + timeout + " waiting for " + description);
            }
            try
            {
                Thread.sleep(pauseMs);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                fail("interrupted waiting for " + description);
            }
            pauseMs = Math.min(pauseMs * 2, 20);
        }
    }
}
