package io.wirespeed.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Await returns as soon as its condition holds and otherwise fails after the deadline, saying what it awaited.
 */
class AwaitTest
{
    @Test
    void returnsAsSoonAsTheConditionHoldsCheckingItAgainUntilThen()
    {
        final AtomicInteger checks = new AtomicInteger();

        Await.until("the third check", () -> checks.incrementAndGet() == 3);

        assertEquals(3, checks.get());
    }

    @Test
    void returnsTheFirstValueThatIsNotNull()
    {
        final AtomicInteger checks = new AtomicInteger();

        final String value = Await.value("a value", () -> checks.incrementAndGet() < 5 ? null : "five");

        assertEquals("five", value);
    }

    @Test
    void failsAfterTheDeadlineNamingWhatWasAwaited()
    {
        final long start = System.nanoTime();

        final AssertionFailedError error = assertThrows(AssertionFailedError.class,
            () -> Await.until("the impossible", Duration.ofMillis(20), () -> false));

        assertEquals("timed out after PT0.02S waiting for the impossible", error.getMessage());
        assertTrue(System.nanoTime() - start >= Duration.ofMillis(20).toNanos());
    }

    @Test
    void failsWhenTheWaitingThreadIsInterrupted()
    {
        Thread.currentThread().interrupt();
        try
        {
            final AssertionFailedError error = assertThrows(AssertionFailedError.class,
                () -> Await.until("an interrupted wait", () -> false));
            assertEquals("interrupted while waiting for an interrupted wait", error.getMessage());
        }
        finally
        {
            Thread.interrupted();
        }
    }
}
