package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The published figures the report puts beside ours (from docs in {@code /work/shared/seeds} as
 * summarised by BENCHMARKS.md). Their hardware was two or more hosts on 10GbE or InfiniBand with
 * kernel-bypass NICs; ours is one machine. Each series: scenario, system, source, the x variable,
 * the metric, and points.
 */
public final class PublishedFigures
{
    private PublishedFigures()
    {
    }

    /**
     * Every published series.
     *
     * @return the series.
     */
    public static List<Map<String, Object>> all()
    {
        final List<Map<String, Object>> all = new ArrayList<>();
        final double[] s1Rates = {10_000, 50_000, 100_000, 250_000, 500_000, 1_000_000};
        all.add(series("S1", "IBM LLM over RoCE (2 hosts, 10GbE switch)", "000 Table 1", "rate", "median half-RTT µs",
            s1Rates, new double[]{4.0, 4.0, 4.0, 4.5, 4.5, 6.0}));
        all.add(series("S1", "IBM LLM over RoCE (2 hosts, 10GbE switch)", "000 Table 1", "rate", "average half-RTT µs",
            s1Rates, new double[]{4.5, 4.5, 4.5, 5.0, 6.0, 7.5}));
        all.add(series("S1", "IBM LLM over RoCE (2 hosts, 10GbE switch)", "000 Table 1", "rate", "max half-RTT µs",
            s1Rates, new double[]{15.5, 26, 41, 88, 180, 140}));
        all.add(series("S1", "IBM LLM over RoCE (2 hosts, 10GbE switch)", "000 Table 1", "rate", "stddev µs",
            s1Rates, new double[]{0.9, 1.1, 2.1, 7.3, 23.3, 18.1}));
        final double[] s2Sizes = {45, 100, 1000};
        final double[] s2Gbit = {8.40, 8.20, 8.46};
        all.add(series("S2", "IBM LLM over UDP 10GbE (2 hosts)", "000 Table 2", "size", "Gbit/s", s2Sizes, s2Gbit));
        final double[] s2Msgs = new double[s2Sizes.length];
        for (int i = 0; i < s2Sizes.length; i++)
        {
            s2Msgs[i] = Math.round(s2Gbit[i] * 1e9 / 8 / s2Sizes[i]);
        }
        all.add(series("S2", "IBM LLM over UDP 10GbE (2 hosts)", "000 Table 2 (derived)", "size", "msg/s",
            s2Sizes, s2Msgs));
        all.add(series("S3", "IBM LLM over UDP (4 hosts, multicast groups)", "000 Table 3", "topics",
            "median half-RTT µs", new double[]{1, 16, 64, 256, 512, 1000},
            new double[]{13.5, 12.5, 13.0, 13.0, 12.5, 12.5}));
        final double[] s5Rates = {10_000, 125_000, 250_000, 500_000, 1_000_000};
        all.add(series("S5", "Mellanox VMA unicast 64 B", "001", "rate", "half-RTT µs (64 B)",
            s5Rates, new double[]{2.607, 2.448, 2.399, 2.375, 2.327}));
        all.add(series("S5", "Solarflare OpenOnload unicast 64 B", "001", "rate", "half-RTT µs (64 B)",
            s5Rates, new double[]{7.337, 7.758, 4.9, 5.224, 5.291}));
        all.add(series("S5", "Mellanox VMA unicast 800 B", "001", "rate", "half-RTT µs (800 B)",
            s5Rates, new double[]{4.835, 4.843, 4.662, 4.714, 4.994}));
        all.add(series("S5", "Solarflare OpenOnload unicast 800 B", "001", "rate", "half-RTT µs (800 B)",
            s5Rates, new double[]{7.802, 8.382, 6.229, 6.605, 18.104}));
        all.add(series("S6", "Solace appliance (Cisco/Solarflare)", "002", "rate", "average one-way µs",
            new double[]{1_000_000, 5_000_000}, new double[]{28, 39}));
        all.add(series("S6", "Solace appliance (Cisco/Solarflare)", "002", "rate", "p99.9 one-way µs",
            new double[]{1_000_000, 5_000_000}, new double[]{32, 48}));
        all.add(series("S7", "Apache Qpid over IPoIB, DE-SPSC", "003", "consumers", "MB/s (large messages)",
            new double[]{1}, new double[]{350}));
        all.add(series("S8", "Apache Qpid over IPoIB (broker on its own host)", "003 §5", "rate",
            "average order completion µs", new double[]{8_000}, new double[]{8_150}));
        final double[] s4Sizes = {12, 32, 64, 128, 256, 400, 800, 1024, 1472, 2048};
        all.add(series("S4", "Mellanox VMA", "001", "size", "UDP unicast half-RTT µs", s4Sizes,
            new double[]{1.951, 1.975, 2.08, 2.246, 3.012, 3.323, 4.207, 4.645, 5.347, 6.235}));
        all.add(series("S4", "Solarflare OpenOnload", "001", "size", "UDP unicast half-RTT µs", s4Sizes,
            new double[]{4.418, 4.435, 4.532, 4.62, 4.719, 4.931, 5.54, 5.804, 6.401, 10.714}));
        all.add(series("S4", "Mellanox VMA", "001", "size", "UDP multicast half-RTT µs", s4Sizes,
            new double[]{1.935, 1.981, 2.084, 2.243, 3.022, 3.333, 4.25, 4.643, 5.334, 6.334}));
        all.add(series("S4", "Solarflare OpenOnload", "001", "size", "UDP multicast half-RTT µs", s4Sizes,
            new double[]{4.434, 4.445, 4.545, 4.61, 4.724, 4.925, 5.531, 5.819, 6.412, 10.751}));
        all.add(series("S4", "Mellanox VMA", "001", "size", "TCP half-RTT µs", s4Sizes,
            new double[]{2.29, 2.304, 2.393, 2.584, 3.335, 3.699, 4.554, 4.915, 7.246, 7.431}));
        all.add(series("S4", "Solarflare OpenOnload", "001", "size", "TCP half-RTT µs", s4Sizes,
            new double[]{4.555, 4.572, 4.723, 4.769, 4.903, 5.139, 5.74, 6.033, 7.53, 7.815}));
        all.add(percentiles("Solarflare OpenOnload, back to back", new double[]{5.517, 5.697, 5.884, 6.399, 6.498}));
        all.add(percentiles("Solarflare OpenOnload, through a switch",
            new double[]{6.122, 6.327, 6.514, 7.030, 7.123}));
        all.add(percentiles("Kernel stack, back to back", new double[]{9.801, 10.074, 10.185, 10.683, 12.075}));
        all.add(percentiles("Kernel stack, through a switch", new double[]{10.233, 10.563, 10.745, 11.374, 12.704}));
        all.add(series("Artemis", "ActiveMQ Artemis docs, localhost TCP, 1 KiB", "BENCHMARKS.md", "percentile",
            "end-to-end µs", new double[]{50, 99}, new double[]{97, 449}));
        return all;
    }

    /**
     * The published series of a scenario with a given metric.
     *
     * @param scenario the scenario id.
     * @param metric   the metric, e.g. {@code "median half-RTT µs"}.
     * @return the matching series.
     */
    public static List<Map<String, Object>> of(final String scenario, final String metric)
    {
        final List<Map<String, Object>> matching = new ArrayList<>();
        for (final Map<String, Object> series : all())
        {
            if (scenario.equals(series.get("scenario")) && metric.equals(series.get("metric")))
            {
                matching.add(series);
            }
        }
        return matching;
    }

    /**
     * A figure of a published series by name, for series that carry named values (S9's min, p50, mean, p95, p99).
     *
     * @param series the series.
     * @param key    the name.
     * @return the value, or NaN.
     */
    public static double at(final Map<String, Object> series, final String key)
    {
        final Object values = series.get("values");
        return values instanceof Map<?, ?> map && map.get(key) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    private static Map<String, Object> percentiles(final String system, final double[] minP50MeanP95P99)
    {
        final Map<String, Object> series = series("S9", system + ", UDP 70 B", "004 Exhibit 1", "percentile",
            "half-RTT µs", new double[]{0, 50, 95, 99},
            new double[]{minP50MeanP95P99[0], minP50MeanP95P99[1], minP50MeanP95P99[3], minP50MeanP95P99[4]});
        final Map<String, Object> values = new LinkedHashMap<>();
        final String[] keys = {"min", "p50", "mean", "p95", "p99"};
        for (int i = 0; i < keys.length; i++)
        {
            values.put(keys[i], minP50MeanP95P99[i]);
        }
        series.put("values", values);
        return series;
    }

    private static Map<String, Object> series(
        final String scenario, final String system, final String source, final String x, final String metric,
        final double[] xs, final double[] ys)
    {
        final Map<String, Object> series = new LinkedHashMap<>();
        series.put("scenario", scenario);
        series.put("system", system);
        series.put("source", source);
        series.put("x", x);
        series.put("metric", metric);
        final List<Object> points = new ArrayList<>();
        for (int i = 0; i < xs.length; i++)
        {
            points.add(List.of(xs[i], ys[i]));
        }
        series.put("points", points);
        return series;
    }
}
