package io.wirespeed.bench.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class IntendedScheduleTest
{
    @Test
    void intendedTimesFollowTheRateFromTheStartWhateverHappenedBefore()
    {
        final IntendedSchedule schedule = new IntendedSchedule(1_000, 100_000);

        assertEquals(1_000, schedule.intendedNanos(0));
        assertEquals(11_000, schedule.intendedNanos(1));
        assertEquals(1_000 + 10_000L * 1_000_000, schedule.intendedNanos(1_000_000));
    }

    @Test
    void fractionalIntervalsDoNotDriftOverManyMessages()
    {
        final IntendedSchedule schedule = new IntendedSchedule(0, 3_000_000);

        assertEquals(1_000_000_000L, schedule.intendedNanos(3_000_000));
    }

    @Test
    void countsTheMessagesDueByATime()
    {
        final IntendedSchedule schedule = new IntendedSchedule(1_000, 1_000_000);

        assertEquals(0, schedule.dueBy(999));
        assertEquals(1, schedule.dueBy(1_000));
        assertEquals(2, schedule.dueBy(2_000));
        assertEquals(1_001, schedule.dueBy(1_001_000));
    }

    @Test
    void refusesARateThatIsNotPositive()
    {
        assertThrows(IllegalArgumentException.class, () -> new IntendedSchedule(0, 0));
    }
}
