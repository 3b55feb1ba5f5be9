package io.wirespeed.jms.metrics;

import org.agrona.concurrent.status.AtomicCounter;

/**
 * Reads and adds to counters that may live in a media driver's CnC file: once the transport's client has closed
 * them (its driver stopped, or the JVM is exiting and its embedded driver went first) their memory may be unmapped,
 * so a closed counter is neither read (it reads as zero) nor counted on, instead of crashing the JVM.
 */
final class CounterValues
{
    private CounterValues()
    {
    }

    static long read(final AtomicCounter counter)
    {
        return counter.isClosed() ? 0 : counter.get();
    }

    static void add(final AtomicCounter counter, final long delta)
    {
        if (!counter.isClosed())
        {
            counter.getAndAdd(delta);
        }
    }
}
