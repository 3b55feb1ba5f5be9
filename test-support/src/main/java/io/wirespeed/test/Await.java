package io.wirespeed.test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.junit.jupiter.api.Assertions;

/**
 * Waiting on a condition with a deadline, never on a bare sleep: the condition is checked at once and then again
 * after pauses that grow from a spin to a millisecond, so a test neither burns a core of a small machine nor waits
 * longer than it must. A condition that does not hold by the deadline fails the test with what was awaited.
 * <p>
 * A condition may do work (poll a subscription, drive a client) as well as test: it is called from the waiting
 * thread only.
 */
public final class Await
{
    /** How long {@link #until(String, BooleanSupplier)} waits: long enough for a loaded 2-core CI machine. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private static final int SPINS = 10;
    private static final int YIELDS = 100;
    private static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(10);
    private static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private Await()
    {
    }

    /**
     * Waits, up to {@link #DEFAULT_TIMEOUT}, until the condition holds.
     *
     * @param what      what is awaited, for the failure message ("the publication to connect").
     * @param condition the condition.
     */
    public static void until(final String what, final BooleanSupplier condition)
    {
        until(what, DEFAULT_TIMEOUT, condition);
    }

    /**
     * Waits until the condition holds.
     *
     * @param what      what is awaited, for the failure message ("the publication to connect").
     * @param timeout   how long to wait at most.
     * @param condition the condition.
     */
    public static void until(final String what, final Duration timeout, final BooleanSupplier condition)
    {
        value(what, timeout, () -> condition.getAsBoolean() ? Boolean.TRUE : null);
    }

    /**
     * Checks that a condition holds throughout a period: at once, then again after the same growing pauses as
     * {@link #until}, until the period is over. For what must not happen (a duplicate, a message that was rolled
     * back): the period is how long the test watches for it.
     *
     * @param what      what must keep holding, for the failure message ("no more deliveries than messages").
     * @param period    how long it must hold.
     * @param condition the condition.
     */
    public static void during(final String what, final Duration period, final BooleanSupplier condition)
    {
        final long start = System.nanoTime();
        final long periodNs = period.toNanos();
        long parkNs = MIN_PARK_NS;
        do
        {
            if (!condition.getAsBoolean())
            {
                Assertions.fail("stopped holding after " + Duration.ofNanos(System.nanoTime() - start) + " of " +
                    period + ": " + what);
            }
            LockSupport.parkNanos(parkNs);
            parkNs = Math.min(parkNs * 2, MAX_PARK_NS);
        }
        while (System.nanoTime() - start < periodNs);
        if (!condition.getAsBoolean())
        {
            Assertions.fail("stopped holding at the end of " + period + ": " + what);
        }
    }

    /**
     * Waits, up to {@link #DEFAULT_TIMEOUT}, until the supplier returns something other than null, and returns it.
     *
     * @param what     what is awaited, for the failure message ("a message on the reply queue").
     * @param supplier the supplier.
     * @param <T>      the type of the value.
     * @return the first value that is not null.
     */
    public static <T> T value(final String what, final Supplier<T> supplier)
    {
        return value(what, DEFAULT_TIMEOUT, supplier);
    }

    /**
     * Waits until the supplier returns something other than null, and returns it.
     *
     * @param what     what is awaited, for the failure message ("a message on the reply queue").
     * @param timeout  how long to wait at most.
     * @param supplier the supplier.
     * @param <T>      the type of the value.
     * @return the first value that is not null.
     */
    public static <T> T value(final String what, final Duration timeout, final Supplier<T> supplier)
    {
        final long start = System.nanoTime();
        final long timeoutNs = timeout.toNanos();
        long checks = 0;
        long parkNs = MIN_PARK_NS;
        while (true)
        {
            final T value = supplier.get();
            if (null != value)
            {
                return value;
            }
            if (System.nanoTime() - start > timeoutNs)
            {
                return Assertions.fail("timed out after " + timeout + " waiting for " + what);
            }
            if (Thread.currentThread().isInterrupted())
            {
                return Assertions.fail("interrupted while waiting for " + what);
            }
            checks++;
            if (checks <= SPINS)
            {
                Thread.onSpinWait();
            }
            else if (checks <= SPINS + YIELDS)
            {
                Thread.yield();
            }
            else
            {
                LockSupport.parkNanos(parkNs);
                parkNs = Math.min(parkNs * 2, MAX_PARK_NS);
            }
        }
    }
}
