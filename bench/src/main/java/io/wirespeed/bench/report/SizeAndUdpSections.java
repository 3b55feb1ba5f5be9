package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.wirespeed.bench.rig.Points;

/** The report's S4 (latency vs message size) and S9 (UDP half-RTT percentiles at 70 bytes, rate achieved) sections. */
final class SizeAndUdpSections
{
    private static final List<String> S9_HEADERS = List.of("min", "p50", "mean", "p95", "p99", "p99.9", "max");

    private SizeAndUdpSections()
    {
    }

    static void s4(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> s4 = Cells.select(points, "S4", p -> true);
        if (s4.isEmpty())
        {
            return;
        }
        doc.heading(2, "S4 — latency vs message size");
        doc.paragraph("Ping-pong (one message in flight) over the S1 reflector at 001's sizes from 32 bytes (32 to " +
            "2048) and on to 64 KiB; half-RTT µs. Raw Aeron offers messages longer than a frame (fragmented) and " +
            "reassembles them; the kernel's UDP stops at its largest datagram (65,507 bytes). The short suite " +
            "measures each size briefly (0.2 s warm-up, 0.8 s measured), so the tails are rough.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : s4)
        {
            rows.add(LatencySections.latencyRow(p,
                List.of(Cells.text(p, "peer"), Cells.text(p, "transport"), Cells.count(p, "messageSize")), "halfRtt",
                List.of(Ratios.toFloor(p, points, LatencySections.PING_PONG, "halfRtt", "p50"),
                    Ratios.toFloor(p, points, LatencySections.PING_PONG, "halfRtt", "p99"),
                    Cells.count(p, "measuredMessages"))));
        }
        doc.table(LatencySections.concat(List.of("peer", "transport", "bytes"), LatencySections.PERCENTILE_HEADERS,
            List.of("p50 ÷ floor", "p99 ÷ floor", "round trips")), rows);
        final SvgChart chart = new SvgChart("S4: median half-RTT vs message size", "message size (bytes)",
            "half-RTT p50 (µs)", true, true);
        LatencySections.addByPeer(chart, s4, "messageSize", "halfRtt", "p50");
        for (final Map<String, Object> series : PublishedFigures.of("S4", "UDP unicast half-RTT µs"))
        {
            chart.add(series.get("system") + " (published)", Cells.published(series), true);
        }
        doc.chart("s4-p50-vs-size", chart);
        doc.paragraph("Published (001, sockperf between two hosts, back to back): UDP unicast VMA 1.95 µs (12 B) … " +
            "6.24 µs (2048 B), OpenOnload 4.42 … 10.71 µs; multicast about the same; TCP VMA 2.29 … 7.43 µs, " +
            "OpenOnload 4.56 … 7.82 µs.");
    }

    static void s9(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> pingPong = Cells.select(points, "S9", p -> "pingpong".equals(p.get("mode")));
        final List<Map<String, Object>> rated = Cells.select(points, "S9", p -> "rate".equals(p.get("mode")));
        if (pingPong.isEmpty() && rated.isEmpty())
        {
            return;
        }
        doc.heading(2, "S9 — UDP half-RTT percentiles at 70 bytes, and the rate achieved");
        doc.paragraph("Ping-pong (one message in flight) of 70-byte messages over UDP on loopback, half-RTT µs, " +
            "reported as 004 reports it (min, median, mean, p95, p99), beside the published back-to-back figures; " +
            "warmed up as S1's ping-pong.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : pingPong)
        {
            final List<String> row = new ArrayList<>(List.of(Cells.text(p, "peer")));
            for (final String key : S9_HEADERS)
            {
                row.add(Cells.micros(p, "halfRtt", key));
            }
            row.add(Ratios.toFloor(p, points, LatencySections.PING_PONG, "halfRtt", "p50"));
            row.add(Ratios.toFloor(p, points, LatencySections.PING_PONG, "halfRtt", "p99"));
            rows.add(row);
        }
        for (final Map<String, Object> series : PublishedFigures.of("S9", "half-RTT µs"))
        {
            final List<String> row = new ArrayList<>(List.of(series.get("system") + " (published)"));
            for (final String key : S9_HEADERS)
            {
                row.add(Cells.number(PublishedFigures.at(series, key)));
            }
            row.add("–");
            row.add("–");
            rows.add(row);
        }
        doc.table(LatencySections.concat(List.of("peer"), S9_HEADERS, List.of("p50 ÷ floor", "p99 ÷ floor")), rows);
        doc.chart("s9-percentiles", LatencySections.percentileChart("S9 ping-pong (70 B): half-RTT by percentile",
            pingPong));

        doc.paragraph("Rate achieved: the sender sends 70-byte messages on a schedule at each target rate and the " +
            "reflector returns every one (004 returned a small proportion); achieved is what came back per second. " +
            "Half-RTT from the intended send time.");
        final List<List<String>> rateRows = new ArrayList<>();
        for (final Map<String, Object> p : rated)
        {
            rateRows.add(List.of(Cells.text(p, "peer"), Cells.count(p, "targetRate"), Cells.count(p, "achievedRate"),
                Ratios.format(Points.number(p, "achievedRate") / Points.number(p, "targetRate")),
                Cells.micros(p, "halfRtt", "p50"), Cells.micros(p, "halfRtt", "p99"), Cells.count(p, "lost"),
                Cells.flag(p, "saturated"), Ratios.toFloor(p, points, LatencySections.AT_RATE, null, "achievedRate")));
        }
        doc.table(List.of("peer", "target msg/s", "achieved msg/s", "achieved ÷ target", "p50", "p99", "lost",
            "saturated", "achieved ÷ floor"), rateRows);
        final SvgChart achieved = new SvgChart("S9: rate achieved vs target (70 B)", "target rate (msg/s)",
            "achieved (msg/s)", true, true);
        Cells.addNumberByPeer(achieved, rated, "targetRate", "achievedRate");
        final TreeSet<Double> targets = new TreeSet<>();
        for (final Map<String, Object> p : rated)
        {
            targets.add(Points.number(p, "targetRate"));
        }
        final List<double[]> ideal = new ArrayList<>();
        for (final double target : targets)
        {
            ideal.add(Cells.xy(target, target));
        }
        achieved.add("target", ideal, true);
        doc.chart("s9-achieved", achieved);
        doc.paragraph("Published (004, Solarflare adapters with OpenOnload, two hosts back to back, udprtt): " +
            "half-RTT min 5.52, median 5.70, mean 5.88, p95 6.40, p99 6.50 µs; the kernel stack on the same " +
            "adapters 9.80, 10.07, 10.19, 10.68, 12.08 µs. With Onload the achieved rate followed the target up to " +
            "3M msg/s; the kernel's fell behind.");
    }
}
