package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.rig.Points;

/** The report's whole-system sections: S6 (10 × 10 × 10) and S8 (stock exchange). */
final class SystemSections
{
    private static final List<String> HEADERS = List.of("mean", "p50", "p99", "p99.9", "max");
    private static final List<String> SAME_RATE = List.of("targetRate");

    private SystemSections()
    {
    }

    static void s6(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> s6 = Cells.select(points, "S6", p -> true);
        if (s6.isEmpty())
        {
            return;
        }
        doc.heading(2, "S6 — 10 publishers × 10 topics × 10 subscribers, 100 bytes");
        doc.paragraph("Publisher i (a session and producer of its own) publishes to topic i (12-byte names); each " +
            "of 10 subscribers (sessions on a second connection) consumes all ten topics, so every message is " +
            "delivered ten times. One sending thread drives the publishers in turn at the aggregate rate; one-way " +
            "latency in µs from the intended send time.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : s6)
        {
            final List<String> row = new ArrayList<>(List.of(Cells.text(p, "peer"), Cells.count(p, "targetRate"),
                Cells.count(p, "delivered")));
            for (final String key : HEADERS)
            {
                row.add(Cells.micros(p, "latency", key));
            }
            row.add(Cells.count(p, "lost"));
            row.add(Cells.flag(p, "saturated"));
            row.add(Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, SAME_RATE, "latency", "p50"));
            row.add(Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, SAME_RATE, "latency", "p99.9"));
            rows.add(row);
        }
        doc.table(LatencySections.concat(List.of("peer", "published msg/s", "deliveries"), HEADERS,
            List.of("lost", "saturated", "p50 ÷ artemis-invm", "p99.9 ÷ artemis-invm")), rows);
        doc.paragraph("Published (002, Solace appliance, separate hosts): average 28 µs / p99.9 32 µs at 1M msg/s; " +
            "39 / 48 µs at 5M msg/s. A 2-core machine cannot offer those rates; the short suite runs 10k and 50k " +
            "published msg/s (100k and 500k deliveries/s).");
    }

    static void s8(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> s8 = Cells.select(points, "S8", p -> true);
        if (s8.isEmpty())
        {
            return;
        }
        doc.heading(2, "S8 — stock exchange simulation");
        doc.paragraph("A gateway sends random buy and sell orders (16 symbols, 29-byte orders) at the target rate; " +
            "a matching engine on its own connection matches them against price-level books and publishes a trade " +
            "or order confirmation for each order, and a quote when a best bid or ask moves. Order completion " +
            "time: from the order's intended send time until its confirmation reaches the gateway, µs.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : s8)
        {
            final List<String> row = new ArrayList<>(List.of(Cells.text(p, "peer"), Cells.count(p, "targetRate"),
                Cells.count(p, "received"), Cells.count(p, "quotesSent")));
            for (final String key : HEADERS)
            {
                row.add(Cells.micros(p, "latency", key));
            }
            row.add(Cells.count(p, "lost"));
            row.add(Cells.flag(p, "saturated"));
            row.add(Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, SAME_RATE, "latency", "mean"));
            row.add(Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, SAME_RATE, "latency", "p50"));
            rows.add(row);
        }
        doc.table(LatencySections.concat(List.of("peer", "orders/s", "completed", "quotes"), HEADERS,
            List.of("lost", "saturated", "mean ÷ artemis-invm", "p50 ÷ artemis-invm")), rows);
        s8Layouts(doc, s8);
        final SvgChart chart = new SvgChart("S8: order completion time vs order rate", "orders/s",
            "completion time (µs)", true, true);
        for (final String peer : Cells.peers(s8))
        {
            final List<double[]> mean = new ArrayList<>();
            final List<double[]> p99 = new ArrayList<>();
            for (final Map<String, Object> p : s8)
            {
                if (peer.equals(p.get("peer")))
                {
                    mean.add(Cells.xy(Points.number(p, "targetRate"), Points.number(p, "latency", "mean")));
                    p99.add(Cells.xy(Points.number(p, "targetRate"), Points.number(p, "latency", "p99")));
                }
            }
            chart.add(peer + " mean", mean, false);
            chart.add(peer + " p99", p99, false);
        }
        for (final Map<String, Object> series : PublishedFigures.of("S8", "average order completion µs"))
        {
            chart.add("Qpid average (published)", Cells.published(series), true);
        }
        doc.chart("s8-completion", chart);
        doc.paragraph("Published (003 §5, Apache Qpid broker on its own host, IPoIB): about 7,000–9,300 µs " +
            "average completion at 8,000 orders/s; the application failed beyond 8,000 orders/s.");
    }

    /** Where the parts of S8's peers between hosts ran: the engine's host, the queue server's, a cluster's members. */
    private static void s8Layouts(final Document doc, final List<Map<String, Object>> s8)
    {
        final List<List<String>> rows = new ArrayList<>();
        for (final String peer : Cells.peers(s8))
        {
            final Map<String, Object> p = Cells.select(s8, "S8", point -> peer.equals(point.get("peer"))).get(0);
            if (p.containsKey("hosts"))
            {
                final Object members = p.get("memberHosts");
                rows.add(List.of(peer, Cells.text(p, "transport"), Cells.text(p, "queueHost"),
                    members instanceof List<?> list ? String.join("; ", list.stream().map(String::valueOf).toList()) :
                    "–", Cells.text(p, "hosts")));
            }
        }
        if (!rows.isEmpty())
        {
            doc.paragraph("Between hosts the gateway runs on the near host and the engine on the far host; orders go " +
                "through a queue on a queue server of its own: Artemis's broker, Wirespeed's single queue host " +
                "(a driver process) or a clustered queue host of three members on hosts of their own, each order " +
                "in the cluster's replicated log before the engine receives it.");
            doc.table(List.of("peer", "transport", "queue server", "cluster members", "hosts"), rows);
        }
    }
}
