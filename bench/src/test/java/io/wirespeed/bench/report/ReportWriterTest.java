package io.wirespeed.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest
{
    @TempDir
    Path directory;

    @Test
    void judgesTargetsFromPointsOfTheSameRun()
    {
        final List<Map<String, Object>> points = List.of(
            pingPong("wirespeed-ipc", 2.0, 40), pingPong("aeron-ipc", 1.8, 30),
            pingPong("wirespeed-udp", 30, 400), pingPong("kernel-udp", 20, 300));

        final List<Map<String, Object>> targets = Targets.evaluate(points);

        assertEquals("MET", status(targets, "p50 RTT ≤ 1.25 × raw Aeron IPC"));
        assertEquals("MET", status(targets, "p99.9 RTT ≤ 2 × raw Aeron IPC"));
        assertEquals("NOT MET", status(targets, "p50 RTT ≤ 1.3 × kernel UDP"));
        assertEquals("NOT MEASURED", status(targets, "vs Artemis in-VM: p50"));
    }

    @Test
    void writesMarkdownWithChartFilesAndHtmlWithInlineSvg() throws Exception
    {
        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("machine", Map.of("cores", 2, "cpuModel", "Test CPU"));
        results.put("profile", Map.of("mode", "short"));
        final List<Map<String, Object>> points = new ArrayList<>(List.of(
            pingPong("wirespeed-ipc", 2.0, 40), pingPong("aeron-ipc", 1.8, 30)));
        results.put("points", points);
        results.put("targets", Targets.evaluate(points));

        ReportWriter.write(results, directory);

        final String markdown = Files.readString(directory.resolve("report.md"));
        final String html = Files.readString(directory.resolve("report.html"));
        assertTrue(markdown.contains("# Wirespeed benchmark report — 2 cores, Test CPU"));
        assertTrue(markdown.contains("| wirespeed-ipc | ipc | 1.00 |"), markdown);
        assertTrue(markdown.contains("![s1-pingpong-percentiles](charts/s1-pingpong-percentiles.svg)"));
        assertTrue(Files.readString(directory.resolve("charts/s1-pingpong-percentiles.svg")).startsWith("<svg"));
        assertTrue(html.contains("<svg") && html.contains("class=\"met\""));
        assertTrue(!html.contains("<script"));
    }

    private static String status(final List<Map<String, Object>> targets, final String fragment)
    {
        for (final Map<String, Object> target : targets)
        {
            if (String.valueOf(target.get("target")).contains(fragment))
            {
                return String.valueOf(target.get("status"));
            }
        }
        throw new AssertionError("no target " + fragment);
    }

    private static Map<String, Object> pingPong(final String peer, final double p50, final double p999)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", "S1");
        point.put("peer", peer);
        point.put("transport", peer.endsWith("ipc") ? "ipc" : "udp-loopback");
        point.put("mode", "pingpong");
        point.put("rtt", Map.of("p50", p50, "p99.9", p999));
        point.put("halfRtt", Map.of("p50", p50 / 2, "p99.9", p999 / 2,
            "curve", List.of(List.of(50.0, p50 / 2), List.of(99.0, p999 / 4), List.of(99.9, p999 / 2))));
        return point;
    }
}
