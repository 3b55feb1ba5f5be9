package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.scenario.SelectorScenario;

/**
 * The report's throughput sections: S2 (lossless throughput vs size), S7 (fan-out, non-matching subscriptions) and
 * SEL (selectors at scale).
 */
final class ThroughputSections
{
    private static final List<String> SAME_SIZE = List.of("messageSize");
    private static final List<String> S7_SAME = List.of("variant", "consumers", "nonMatching");
    private static final List<String> SEL_SAME = List.of("variant", "consumers");

    private ThroughputSections()
    {
    }

    static void s2(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> s2 = Cells.select(points, "S2", p -> true);
        if (s2.isEmpty())
        {
            return;
        }
        doc.heading(2, "S2 — maximum lossless throughput, one publisher → one subscriber");
        doc.paragraph("The publisher sends as fast as the peer accepts (waiting out back-pressure); the " +
            "subscriber checks every sequence number arrives once, in order. Application payload only. Allocation: " +
            "bytes the sending and the receiving thread allocated per message while measuring (JVM per-thread " +
            "counters). The JMS peers receive with a listener; Wirespeed over IPC also at 32 bytes with a thread " +
            "blocking in receive() (receive = sync, reuse mode): its receive B/msg is the synchronous-receive " +
            "allocation. The kernel UDP sender is held to a 256-datagram credit window (UDP has no flow control).");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : s2)
        {
            rows.add(List.of(Cells.text(p, "peer"), Cells.text(p, "transport"), Cells.count(p, "messageSize"),
                Cells.text(p, "receive"), Cells.count(p, "msgPerSec"), Cells.number(Points.number(p, "gbitPerSec")),
                Cells.flag(p, "lossless"), Cells.number(Points.number(p, "sendAllocBytesPerMsg")),
                Cells.number(Points.number(p, "receiveAllocBytesPerMsg")), Cells.count(p, "measuredMessages"),
                Ratios.toFloor(p, points, SAME_SIZE, null, "msgPerSec")));
        }
        doc.table(List.of("peer", "transport", "bytes", "receive", "msg/s", "Gbit/s", "lossless", "send B/msg",
            "receive B/msg", "measured msgs", "msg/s ÷ floor"), rows);
        final SvgChart msgs = new SvgChart("S2: lossless throughput vs message size", "message size (bytes)", "msg/s",
            true, true);
        Cells.addNumberByPeer(msgs, s2, "messageSize", "msgPerSec");
        for (final Map<String, Object> series : PublishedFigures.of("S2", "msg/s"))
        {
            msgs.add(series.get("system") + " (published)", Cells.published(series), true);
        }
        doc.chart("s2-msgs", msgs);
        final SvgChart gbit = new SvgChart("S2: application Gbit/s vs message size", "message size (bytes)", "Gbit/s",
            true, true);
        Cells.addNumberByPeer(gbit, s2, "messageSize", "gbitPerSec");
        for (final Map<String, Object> series : PublishedFigures.of("S2", "Gbit/s"))
        {
            gbit.add(series.get("system") + " (published)", Cells.published(series), true);
        }
        doc.chart("s2-gbit", gbit);
        doc.paragraph("Published (000, Table 2, LLM over UDP, 10GbE between two hosts): 8.40, 8.20, 8.46 Gbit/s " +
            "at 45, 100, 1000 bytes (about 23.3M, 10.3M and 1.06M msg/s).");
    }

    static void s7(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> fanOut = Cells.select(points, "S7", p -> "fan-out".equals(p.get("variant")));
        final List<Map<String, Object>> nonMatching =
            Cells.select(points, "S7", p -> String.valueOf(p.get("variant")).startsWith("non-matching"));
        if (fanOut.isEmpty() && nonMatching.isEmpty())
        {
            return;
        }
        doc.heading(2, "S7 — fan-out and non-matching subscriptions (100-byte messages)");
        doc.paragraph("Fan-out: one publisher, N consumers of one topic, each in a session of its own on one " +
            "connection. Non-matching: one matching consumer beside N consumers that must receive nothing — " +
            "consumers of other topics, and (where the provider has selectors) consumers of the same topic whose " +
            "selector never matches.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : fanOut)
        {
            rows.add(List.of(Cells.text(p, "peer"), Cells.count(p, "consumers"), Cells.count(p, "msgPerSec"),
                Cells.count(p, "deliveredPerSec"), Cells.flag(p, "lossless"),
                Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, S7_SAME, null, "deliveredPerSec")));
        }
        doc.table(List.of("peer", "consumers", "published msg/s", "delivered msg/s", "lossless",
            "delivered ÷ artemis-invm"), rows);
        final SvgChart chart = new SvgChart("S7: fan-out, deliveries per second", "consumers", "delivered msg/s",
            true, true);
        Cells.addNumberByPeer(chart, fanOut, "consumers", "deliveredPerSec");
        doc.chart("s7-fanout", chart);

        final List<List<String>> otherRows = new ArrayList<>();
        for (final Map<String, Object> p : nonMatching)
        {
            otherRows.add(List.of(Cells.text(p, "peer"), Cells.text(p, "variant"), Cells.count(p, "nonMatching"),
                Cells.count(p, "deliveredPerSec"), Cells.count(p, "strayDeliveries"), Cells.flag(p, "lossless"),
                Cells.flag(p, "selectorsAvailable"),
                Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, S7_SAME, null, "deliveredPerSec")));
        }
        doc.table(List.of("peer", "variant", "non-matching", "delivered msg/s", "stray deliveries", "lossless",
            "provider has selectors", "delivered ÷ artemis-invm"), otherRows);
        final SvgChart others = new SvgChart("S7: throughput vs non-matching subscriptions",
            "non-matching subscriptions", "delivered msg/s", true, true);
        for (final String variant : List.of("non-matching-topics", "non-matching-selectors"))
        {
            for (final String peer : Cells.peers(nonMatching))
            {
                final List<double[]> series = new ArrayList<>();
                for (final Map<String, Object> p : nonMatching)
                {
                    if (peer.equals(p.get("peer")) && variant.equals(p.get("variant")))
                    {
                        series.add(Cells.xy(Points.number(p, "nonMatching"), Points.number(p, "deliveredPerSec")));
                    }
                }
                others.add(peer + (variant.endsWith("selectors") ? " (selectors)" : " (other topics)"), series, false);
            }
        }
        doc.chart("s7-nonmatching", others);
        doc.paragraph("Published (003, Apache Qpid over IPoIB): about 350 MB/s direct exchange single publisher → " +
            "single consumer; the message rate falls as consumers and binding keys grow.");
    }

    static void sel(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> sel = Cells.select(points, SelectorScenario.ID, p -> true);
        if (sel.isEmpty())
        {
            return;
        }
        doc.heading(2, "SEL — selectors at scale (100-byte messages)");
        doc.paragraph("One consumer whose selector (sym = 'HIT') selects every message beside consumers - 1 others " +
            "of the same topic, on one connection, whose selectors select none: equal (all price > 1000), " +
            "distinct-equality (each sym = 'S<i>' or sym IN ('S<i>', 'T<i>')), general (each price > 1000 + i). " +
            "The publisher sends as fast as the peer accepts; the figure is the matching consumer's received rate.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : sel)
        {
            rows.add(List.of(Cells.text(p, "peer"), Cells.text(p, "variant"), Cells.count(p, "consumers"),
                Cells.count(p, "msgPerSec"), Cells.count(p, "receivedPerSec"), Cells.count(p, "strayDeliveries"),
                Cells.flag(p, "lossless"),
                Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, SEL_SAME, null, "receivedPerSec")));
        }
        doc.table(List.of("peer", "selectors", "consumers", "published msg/s", "matching consumer msg/s",
            "stray deliveries", "lossless", "received ÷ artemis-invm"), rows);
        final SvgChart chart = new SvgChart("SEL: the matching consumer's rate vs consumers", "consumers",
            "received msg/s", true, true);
        for (final String variant : SelectorScenario.KINDS)
        {
            for (final String peer : Cells.peers(sel))
            {
                final List<double[]> series = new ArrayList<>();
                for (final Map<String, Object> p : sel)
                {
                    if (peer.equals(p.get("peer")) && variant.equals(p.get("variant")))
                    {
                        series.add(Cells.xy(Points.number(p, "consumers"), Points.number(p, "receivedPerSec")));
                    }
                }
                chart.add(peer + " (" + variant + ")", series, false);
            }
        }
        doc.chart("sel-consumers", chart);
    }
}
