package io.wirespeed.bench.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest
{
    @Test
    void recordsFromTheIntendedTimeSoALateSendIsChargedItsWait()
    {
        final LatencyRecorder recorder = new LatencyRecorder(0);
        final long intendedLongAgo = System.nanoTime() - 5_000_000;

        recorder.record(intendedLongAgo, 0);

        assertTrue(recorder.histogram().getMaxValue() >= 5_000_000);
    }

    @Test
    void skipsWarmUpMessagesButCountsThemAndNotesGaps()
    {
        final LatencyRecorder recorder = new LatencyRecorder(2);
        final long now = System.nanoTime();

        recorder.record(now, 0);
        recorder.record(now, 1);
        recorder.record(now, 2);
        recorder.record(now, 4);

        assertEquals(4, recorder.received());
        assertEquals(2, recorder.histogram().getTotalCount());
        assertEquals(1, recorder.outOfOrder());
    }

    @Test
    void summaryGivesPercentilesInMicrosecondsAndHalvesForHalfRoundTrips()
    {
        final Histogram histogram = new Histogram(60_000_000_000L, 3);
        for (int i = 1; i <= 100; i++)
        {
            histogram.recordValue(i * 1_000L);
        }

        final Map<String, Object> rtt = LatencySummary.of(histogram, 1);
        final Map<String, Object> half = LatencySummary.of(histogram, 2);

        assertEquals(100L, rtt.get("count"));
        assertEquals(50.0, (double)rtt.get("p50"), 0.1);
        assertEquals(99.0, (double)rtt.get("p99"), 0.1);
        assertEquals(100.0, (double)rtt.get("max"), 0.1);
        assertEquals(25.0, (double)half.get("p50"), 0.1);
        assertEquals(LatencySummary.CURVE.length, ((List<?>)rtt.get("curve")).size());
    }
}
