package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.rig.Points;

/** The report's JMH section: each benchmark's score and its bytes allocated per operation. */
final class JmhSection
{
    private JmhSection()
    {
    }

    @SuppressWarnings("unchecked")
    static void write(final Document doc, final Map<String, Object> jmh)
    {
        doc.heading(2, "JMH — per-operation costs");
        doc.paragraph("Status: " + jmh.get("status") + (jmh.containsKey("command") ?
            ". Command: `" + jmh.get("command") + "`" : "") + ". Short settings: few, short iterations; the error " +
            "column is wide on a shared 2-core machine.");
        final List<Map<String, Object>> results = (List<Map<String, Object>>)jmh.getOrDefault("results", List.of());
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> result : results)
        {
            final Map<String, Object> primary = (Map<String, Object>)result.getOrDefault("primaryMetric", Map.of());
            final String name = String.valueOf(result.get("benchmark")).replace("io.wirespeed.jmh.", "");
            final Object params = result.get("params");
            rows.add(List.of(name, params == null ? "" : params.toString(), String.valueOf(result.get("mode")),
                Cells.number(Points.number(primary, "score")), Cells.number(Points.number(primary, "scoreError")),
                String.valueOf(primary.get("scoreUnit")), allocation(result), toRawAeron(result, results)));
        }
        doc.table(List.of("benchmark", "params", "mode", "score", "± error", "unit", "alloc B/op", "÷ raw Aeron"),
            rows);
    }

    /**
     * A JMS benchmark's score over its raw Aeron counterpart's with the same parameters (the ping-pong's round trip,
     * the throughput's sends per second).
     */
    @SuppressWarnings("unchecked")
    private static String toRawAeron(final Map<String, Object> result, final List<Map<String, Object>> results)
    {
        final String name = String.valueOf(result.get("benchmark"));
        final String counterpart = name.replace("JmsPingPongBenchmark", "AeronPingPongBenchmark")
            .replace("ThroughputBenchmark.jms", "ThroughputBenchmark.aeron");
        if (counterpart.equals(name))
        {
            return "–";
        }
        final Map<String, Object> params = (Map<String, Object>)result.getOrDefault("params", Map.of());
        for (final Map<String, Object> other : results)
        {
            final Map<String, Object> otherParams = (Map<String, Object>)other.getOrDefault("params", Map.of());
            if (counterpart.equals(other.get("benchmark")) && params.entrySet().containsAll(otherParams.entrySet()))
            {
                final double ours = Points.number((Map<String, Object>)result.get("primaryMetric"), "score");
                final double theirs = Points.number((Map<String, Object>)other.get("primaryMetric"), "score");
                return Ratios.format(ours / theirs);
            }
        }
        return "–";
    }

    @SuppressWarnings("unchecked")
    static String allocation(final Map<String, Object> result)
    {
        final Object secondary = result.get("secondaryMetrics");
        if (secondary instanceof Map<?, ?> metrics)
        {
            for (final Map.Entry<?, ?> entry : metrics.entrySet())
            {
                if (String.valueOf(entry.getKey()).endsWith("gc.alloc.rate.norm"))
                {
                    return Cells.number(Points.number((Map<String, Object>)entry.getValue(), "score"));
                }
            }
        }
        return "–";
    }
}
