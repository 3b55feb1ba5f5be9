package io.wirespeed.bench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;

/**
 * CH for Wirespeed's embedded default, a handful of cycles and a fraction of a second each: one point per destination
 * and variant, cold and warm figures, all arrived.
 */
class ChurnScenarioTest
{
    private static final int WARMUP = 5;
    private static final int CYCLES = 20;
    private static final double WARMUP_SECONDS = 0.3;
    private static final double MEASURE_SECONDS = 0.2;

    @Test
    void measuresEveryDestinationAndVariantAndCountsEveryMessageInOrder() throws Exception
    {
        final List<Map<String, Object>> points = new ArrayList<>();

        ChurnScenario.run("wirespeed-ipc", RunProfile.parse(new String[0]),
            new ChurnScenario.Phases(WARMUP, CYCLES, WARMUP_SECONDS, MEASURE_SECONDS), points::add);

        assertEquals(List.of("queue/connection", "queue/context", "queue/consumer", "topic/connection", "topic/context",
            "topic/consumer"),
            points.stream().map(p -> p.get("destination") + "/" + p.get("variant")).toList());
        for (final Map<String, Object> point : points)
        {
            assertFalse(point.containsKey("error"), point::toString);
            assertEquals("CH", point.get("scenario"));
            assertEquals("wirespeed-ipc", point.get("peer"));
            assertEquals("wirespeed:ipc", point.get("uri"));
            if ("consumer".equals(point.get("variant")))
            {
                assertFirstMessages(point);
                continue;
            }
            final long warmupCycles = (long)point.get("warmupCycles");
            final long cycles = (long)point.get("cycles");
            assertTrue(warmupCycles >= WARMUP + CYCLES && cycles >= CYCLES, point::toString);
            assertTrue(Points.number(point, "totalSeconds") >= MEASURE_SECONDS, point::toString);
            assertEquals((double)cycles, Points.number(point, "cycle", "count"), point::toString);
            assertEquals(CYCLES, point.get("coldCycles"));
            assertEquals((double)CYCLES, Points.number(point, "coldCycle", "count"), point::toString);
            final double p50 = Points.number(point, "cycle", "p50");
            assertTrue(p50 > 0 && p50 <= Points.number(point, "cycle", "p99") &&
                Points.number(point, "cycle", "p99") <= Points.number(point, "cycle", "max"), point::toString);
            assertEquals(warmupCycles + cycles, point.get("sent"));
            assertEquals(warmupCycles + cycles, point.get("received"), point::toString);
            assertEquals(0L, point.get("lost"));
            assertEquals(0L, point.get("duplicates"));
            assertEquals(0L, point.get("outOfOrder"), point::toString);
            assertEquals(true, point.get("complete"));
            assertTrue(Points.number(point, "cyclesPerSec") > 0, point::toString);
            assertEquals(ChurnScenario.TARGET_P50_MICROS, point.get("targetP50Us"));
            assertEquals(ChurnScenario.TARGET_P99_MICROS, point.get("targetP99Us"));
        }
    }

    private static void assertFirstMessages(final Map<String, Object> point)
    {
        final long cycles = (long)point.get("cycles");
        assertTrue(cycles >= CYCLES && (long)point.get("warmupCycles") >= WARMUP + CYCLES, point::toString);
        assertEquals((double)cycles, Points.number(point, "cycle", "count"), point::toString);
        assertEquals((double)cycles, Points.number(point, "firstMessage", "count"), point::toString);
        assertEquals((double)cycles, Points.number(point, "longLived", "count"), point::toString);
        assertTrue(Points.number(point, "firstMessage", "p50") > 0 && Points.number(point, "firstMessageRatio") > 0,
            point::toString);
        assertEquals(point.get("sent"), point.get("received"), point::toString);
        assertEquals(0L, point.get("lost"));
        assertEquals(true, point.get("complete"));
    }
}
