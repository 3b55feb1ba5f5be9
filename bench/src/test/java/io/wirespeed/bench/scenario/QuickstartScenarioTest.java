package io.wirespeed.bench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** The figures QS records are the ones the quickstart printed. */
class QuickstartScenarioTest
{
    private static final String OUTPUT = String.join("\n",
        "Wirespeed quickstart: 200,000 messages of 45 bytes at 50,000 msg/s on examples.quickstart",
        "sent 200,000, received 200,000 in 4.00 s",
        "latency from intended send time, µs (after 50,000 warm-up messages, 150,000 measured):",
        "  p50 972.3  p90 3577.9  p99 10936.3  p99.9 24576.0  max 27394.0",
        "");

    @Test
    void readsCountsAndPercentilesFromTheQuickstartsOutput()
    {
        final Map<String, Object> figures = QuickstartScenario.parse(OUTPUT);

        assertEquals(200_000L, figures.get("sent"));
        assertEquals(200_000L, figures.get("received"));
        assertEquals(true, figures.get("complete"));
        assertEquals(150_000L, figures.get("measuredMessages"));
        assertEquals(Map.of("p50", 972.3, "p90", 3577.9, "p99", 10936.3, "p99.9", 24576.0, "max", 27394.0),
            figures.get("latency"));
    }

    @Test
    void isIncompleteWhenTheQuickstartSaysSoOrPrintedNoCounts()
    {
        assertEquals(false, QuickstartScenario.parse(
            OUTPUT.replace("received 200,000 in", "received 199,000 (INCOMPLETE) in")).get("complete"));
        assertEquals(false, QuickstartScenario.parse("Exception in thread \"main\"").get("complete"));
    }
}
