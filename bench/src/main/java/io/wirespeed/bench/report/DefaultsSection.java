package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.rig.Points;

/** The report's section on what a new user gets: the default configuration's ping-pong (DEF), the quickstart (QS). */
final class DefaultsSection
{
    private static final List<String> RTT = List.of("p50", "p90", "p99", "p99.9", "max");

    private DefaultsSection()
    {
    }

    static void write(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> def = Cells.select(points, "DEF", p -> true);
        final List<Map<String, Object>> quickstart = Cells.select(points, "QS", p -> true);
        if (def.isEmpty() && quickstart.isEmpty())
        {
            return;
        }
        doc.heading(2, "Defaults — what a new user gets");
        doc.paragraph("DEF: Wirespeed as `wirespeed:ipc` with no option at all (whatever the run's idle strategy " +
            "and threading), Artemis in-VM as shipped; a pinger connection blocks in receive(), a ponger " +
            "connection's listener answers; 45 bytes, one message in flight. Round trip µs. Targets: p90 ≤ 2× p50; " +
            "p50 ≥ 20× and p99.9 ≥ 50× below Artemis in-VM.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : def)
        {
            final List<String> row = new ArrayList<>(List.of(Cells.text(p, "peer"), Cells.text(p, "uri")));
            for (final String key : RTT)
            {
                row.add(Cells.micros(p, "rtt", key));
            }
            row.add(Ratios.format(Points.number(p, "rtt", "p90") / Points.number(p, "rtt", "p50")));
            row.add(Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, List.of(), "rtt", "p50"));
            row.add(Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, List.of(), "rtt", "p99.9"));
            row.add(Cells.count(p, "measuredMessages"));
            rows.add(row);
        }
        doc.table(LatencySections.concat(List.of("peer", "uri"), RTT,
            List.of("p90 ÷ p50", "p50 ÷ artemis-invm", "p99.9 ÷ artemis-invm", "round trips")), rows);
        doc.chart("def-percentiles", LatencySections.percentileChart("DEF: half-RTT by percentile", def));

        doc.paragraph("QS: the quickstart of module examples, run as its README runs it (`jndi.properties`: " +
            "`wirespeed:ipc`); one connection publishes 45-byte BytesMessages at 50,000 msg/s and its listener " +
            "records one-way latency from the intended send time. Its own printed percentiles, µs. Target: " +
            "p99 ≤ 200 µs.");
        final List<List<String>> qsRows = new ArrayList<>();
        for (final Map<String, Object> p : quickstart)
        {
            final List<String> row = new ArrayList<>(List.of(Cells.count(p, "sent"), Cells.count(p, "received"),
                Cells.count(p, "targetRate")));
            for (final String key : RTT)
            {
                row.add(Cells.micros(p, "latency", key));
            }
            row.add(Ratios.format(Points.number(p, "latency", "p99") / 200));
            row.add(p.containsKey("error") ? String.valueOf(p.get("error")) : Cells.flag(p, "complete"));
            qsRows.add(row);
        }
        doc.table(LatencySections.concat(List.of("sent", "received", "msg/s"), RTT,
            List.of("p99 ÷ 200 µs", "complete / error")), qsRows);
    }
}
