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
        final List<List<String>> rows = new ArrayList<>();
        for (final Object item : (List<Object>)jmh.getOrDefault("results", List.of()))
        {
            final Map<String, Object> result = (Map<String, Object>)item;
            final Map<String, Object> primary = (Map<String, Object>)result.getOrDefault("primaryMetric", Map.of());
            final String name = String.valueOf(result.get("benchmark")).replace("io.wirespeed.jmh.", "");
            final Object params = result.get("params");
            rows.add(List.of(name, params == null ? "" : params.toString(), String.valueOf(result.get("mode")),
                Cells.number(Points.number(primary, "score")), Cells.number(Points.number(primary, "scoreError")),
                String.valueOf(primary.get("scoreUnit")), allocation(result)));
        }
        doc.table(List.of("benchmark", "params", "mode", "score", "± error", "unit", "alloc B/op"), rows);
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
