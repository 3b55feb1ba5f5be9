package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.rig.Points;

/**
 * The report's latency sections: S1 (reflector) and S5 (latency vs rate), and what the other latency sections share.
 * Every row carries its ratio to its floor ({@link Ratios#floor}) at the same size and rate.
 */
final class LatencySections
{
    /** The percentiles and moments every latency table shows. */
    static final List<String> PERCENTILE_HEADERS =
        List.of("p50", "p90", "p99", "p99.9", "p99.99", "max", "mean", "stddev");

    /** What a ping-pong point shares with its floor's: the message size and the mode. */
    static final List<String> PING_PONG = List.of("messageSize", "mode");

    /** What a point at a rate shares with its floor's: the message size, the mode and the target rate. */
    static final List<String> AT_RATE = List.of("messageSize", "mode", "targetRate");

    private LatencySections()
    {
    }

    static void s1(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> pingPong = Cells.select(points, "S1", p -> "pingpong".equals(p.get("mode")));
        final List<Map<String, Object>> rated = Cells.select(points, "S1", p -> "rate".equals(p.get("mode")));
        if (pingPong.isEmpty() && rated.isEmpty())
        {
            return;
        }
        doc.heading(2, "S1 — reflector, 45-byte messages");
        doc.paragraph("A sends, B reflects on another topic, A measures the round trip; half-RTT as the paper " +
            "reports it. Ping-pong: one message in flight (the unloaded round trip, which the targets use), " +
            "measured once the JIT compiler has been quiet for a second (at least the run's warm-up, at most ten " +
            "times it; each point's `warmupSeconds` in results.json). " +
            "At a rate: sends follow a fixed schedule and each round trip is measured from the intended send " +
            "time, so a stall is charged to every message it delayed.");
        doc.heading(3, "Ping-pong, half-RTT µs");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : pingPong)
        {
            rows.add(latencyRow(p, List.of(Cells.text(p, "peer"), Cells.text(p, "transport")), "halfRtt",
                List.of(Cells.micros(p, "rtt", "p50"), Cells.count(p, "measuredMessages"),
                    Ratios.toFloor(p, points, PING_PONG, "rtt", "p50"),
                    Ratios.toFloor(p, points, PING_PONG, "rtt", "p99.9"))));
        }
        doc.table(concat(List.of("peer", "transport"), PERCENTILE_HEADERS,
            List.of("RTT p50", "round trips", "p50 ÷ floor", "p99.9 ÷ floor")), rows);
        doc.chart("s1-pingpong-percentiles", percentileChart("S1 ping-pong: half-RTT by percentile", pingPong));

        doc.heading(3, "At target rates, half-RTT µs");
        final List<List<String>> rateRows = new ArrayList<>();
        for (final Map<String, Object> p : rated)
        {
            rateRows.add(latencyRow(p,
                List.of(Cells.text(p, "peer"), Cells.count(p, "targetRate"), Cells.count(p, "achievedRate")),
                "halfRtt",
                List.of(Cells.count(p, "lost"), Cells.flag(p, "saturated"),
                    Ratios.toFloor(p, points, AT_RATE, "halfRtt", "p50"))));
        }
        doc.table(concat(List.of("peer", "target msg/s", "achieved"), PERCENTILE_HEADERS,
            List.of("lost", "saturated", "p50 ÷ floor")), rateRows);
        final SvgChart vsRate = new SvgChart("S1: median half-RTT vs rate (45 B)", "target rate (msg/s)",
            "half-RTT p50 (µs)", true, true);
        addByPeer(vsRate, rated, "targetRate", "halfRtt", "p50");
        for (final Map<String, Object> series : PublishedFigures.of("S1", "median half-RTT µs"))
        {
            vsRate.add(series.get("system") + " (published)", Cells.published(series), true);
        }
        doc.chart("s1-p50-vs-rate", vsRate);
        final SvgChart tail = new SvgChart("S1: p99.9 half-RTT vs rate (45 B)", "target rate (msg/s)",
            "half-RTT p99.9 (µs)", true, true);
        addByPeer(tail, rated, "targetRate", "halfRtt", "p99.9");
        for (final Map<String, Object> series : PublishedFigures.of("S1", "max half-RTT µs"))
        {
            tail.add(series.get("system") + " max (published)", Cells.published(series), true);
        }
        doc.chart("s1-p999-vs-rate", tail);
        doc.paragraph("Published (000, Table 1, LLM over RoCE, two hosts): median 4.0 µs at 10k–100k msg/s, " +
            "4.5 at 250k–500k, 6.0 at 1M; max 15.5–180 µs; std dev 0.9–23.3 µs.");
    }

    static void s5(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> s5 = Cells.select(points, "S5", p -> true);
        if (s5.isEmpty())
        {
            return;
        }
        doc.heading(2, "S5 — latency vs rate at 64 and 800 bytes");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : s5)
        {
            rows.add(latencyRow(p, List.of(Cells.text(p, "peer"), Cells.count(p, "messageSize"),
                Cells.count(p, "targetRate"), Cells.count(p, "achievedRate")), "halfRtt",
                List.of(Cells.flag(p, "saturated"), Ratios.toFloor(p, points, AT_RATE, "halfRtt", "p50"))));
        }
        doc.table(concat(List.of("peer", "bytes", "target msg/s", "achieved"), PERCENTILE_HEADERS,
            List.of("saturated", "p50 ÷ floor")), rows);
        for (final int size : new int[]{64, 800})
        {
            final List<Map<String, Object>> bySize =
                Cells.select(s5, "S5", p -> Points.number(p, "messageSize") == size);
            final SvgChart chart = new SvgChart("S5: median half-RTT vs rate, " + size + " B", "target rate (msg/s)",
                "half-RTT p50 (µs)", true, true);
            addByPeer(chart, bySize, "targetRate", "halfRtt", "p50");
            for (final Map<String, Object> series : PublishedFigures.of("S5", "half-RTT µs (" + size + " B)"))
            {
                chart.add(series.get("system") + " (published)", Cells.published(series), true);
            }
            doc.chart("s5-" + size, chart);
        }
        doc.paragraph("Published (001, unicast UDP, two hosts): VMA 64 B 2.3–2.6 µs flat to 1M msg/s; OpenOnload " +
            "64 B 4.9–7.8 µs; VMA 800 B 4.7–4.8 µs; OpenOnload 800 B 6.2–8.4 µs, 18.1 µs at 1M msg/s.");
    }

    static SvgChart percentileChart(final String title, final List<Map<String, Object>> points)
    {
        final SvgChart chart = new SvgChart(title, "percentile", "half-RTT (µs)", false, true)
            .xTicks(new double[]{0.3, 1, 2, 3, 4, 5}, new String[]{"50%", "90%", "99%", "99.9%", "99.99%", "99.999%"});
        for (final Map<String, Object> p : points)
        {
            final List<double[]> curve = new ArrayList<>();
            final Object halfRtt = p.get("halfRtt");
            if (halfRtt instanceof Map<?, ?> summary && summary.get("curve") instanceof List<?> list)
            {
                for (final Object item : list)
                {
                    final List<?> pair = (List<?>)item;
                    final double percentile = ((Number)pair.get(0)).doubleValue();
                    if (percentile >= 50 && percentile < 100)
                    {
                        curve.add(Cells.xy(-Math.log10(1 - percentile / 100), ((Number)pair.get(1)).doubleValue()));
                    }
                }
            }
            chart.add(String.valueOf(p.get("peer")), curve, false);
        }
        return chart;
    }

    static void addByPeer(
        final SvgChart chart, final List<Map<String, Object>> points, final String xKey, final String summary,
        final String key)
    {
        for (final String peer : Cells.peers(points))
        {
            final List<double[]> series = new ArrayList<>();
            for (final Map<String, Object> p : points)
            {
                if (peer.equals(p.get("peer")))
                {
                    series.add(Cells.xy(Points.number(p, xKey), Points.number(p, summary, key)));
                }
            }
            chart.add(peer, series, false);
        }
    }

    static List<String> latencyRow(
        final Map<String, Object> p, final List<String> first, final String summary, final List<String> last)
    {
        final List<String> row = new ArrayList<>(first);
        for (final String key : PERCENTILE_HEADERS)
        {
            row.add(Cells.micros(p, summary, key));
        }
        row.addAll(last);
        return row;
    }

    @SafeVarargs
    static List<String> concat(final List<String>... parts)
    {
        final List<String> all = new ArrayList<>();
        for (final List<String> part : parts)
        {
            all.addAll(part);
        }
        return all;
    }
}
