package io.wirespeed.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

/**
 * The adjustable clock stands still until moved, and its nanosecond and millisecond readings move together.
 */
class AdjustableClockTest
{
    @Test
    void standsStillUntilMovedAndThenMovesBothReadingsByTheSameAmount()
    {
        final AdjustableClock clock = new AdjustableClock(Instant.parse("2025-06-01T12:00:00Z"));
        final long nanos = clock.nanoTime();
        final long millis = clock.time();
        assertEquals(Instant.parse("2025-06-01T12:00:00Z").toEpochMilli(), millis);
        assertEquals(nanos, clock.nanoTime());

        clock.advance(Duration.ofMillis(1500)).advanceNanos(999_999).advanceMillis(1);

        assertEquals(nanos + 1_501_999_999L, clock.nanoTime());
        assertEquals(millis + 1501, clock.time());
        assertEquals(Instant.parse("2025-06-01T12:00:01.501999999Z"), clock.instant());
    }

    @Test
    void refusesToGoBack()
    {
        final AdjustableClock clock = new AdjustableClock();

        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> clock.advance(Duration.ofSeconds(-1)));

        assertEquals("a clock goes forward: pass a duration of 0 or more, not -1000000000", ex.getMessage());
        assertEquals(AdjustableClock.DEFAULT_START, clock.instant());
    }
}
