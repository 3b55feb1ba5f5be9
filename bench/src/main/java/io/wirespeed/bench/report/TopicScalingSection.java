package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.rig.Points;

/** The report's S3 section: the blocking-receive ping-pong while both connections consume N loaded topics. */
final class TopicScalingSection
{
    private static final List<String> SAME_N = List.of("loadedTopics");

    private TopicScalingSection()
    {
    }

    static void write(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> s3 = Cells.select(points, "S3", p -> true);
        if (s3.isEmpty())
        {
            return;
        }
        doc.heading(2, "S3 — topic scalability");
        doc.paragraph("As issue 10 measures it: a pinger connection sends a 45-byte BytesMessage and blocks in " +
            "receive() for the pong; a ponger connection's listener answers; one message in flight. Both " +
            "connections also hold a listener consumer on each of N other topics, which a third connection " +
            "publishes round-robin at 20,000 msg/s in all (every load message is delivered twice). Round trip " +
            "(RTT) in µs; \"÷ N=0\" is the figure over the same peer's with no loaded topic (target: p50 ≤ 1.2× at " +
            "1,000 and 10,000 topics); \"÷ artemis-invm\" is the figure over Artemis in-VM's at the same N. " +
            "Publications get 64 KiB terms so that a stream per topic fits 10,000 topics in memory. A load the " +
            "sender could not keep (below 95 % of 20,000 msg/s sent, or of twice that delivered) marks the point " +
            "saturated; a set-up (consumers, a first message to every topic) over its time budget ends the " +
            "peer's points with an error. Between hosts (udp-netns) the ponger runs on the far host and each host " +
            "has a load sender of its own at 20,000 msg/s for its connection (a unicast topic reaches one host): " +
            "load sent/s and delivered/s add the two hosts', and each host must keep its own.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : s3)
        {
            final List<String> row = new ArrayList<>(List.of(Cells.text(p, "peer"), Cells.text(p, "transport"),
                Cells.count(p, "loadedTopics"), Cells.count(p, "loadSentPerSec"), Cells.count(p, "loadDeliveredPerSec"),
                Cells.flag(p, "loadKept")));
            for (final String key : List.of("p50", "p90", "p99", "p99.9", "max"))
            {
                row.add(Cells.micros(p, "rtt", key));
            }
            row.add(Ratios.toOwn(p, points, "loadedTopics", 0, List.of(), "rtt", "p50"));
            row.add(Ratios.toOwn(p, points, "loadedTopics", 0, List.of(), "rtt", "p99.9"));
            row.add(Ratios.toPeer(p, points, Peers.ARTEMIS_INVM, SAME_N, "rtt", "p50"));
            row.add(Cells.count(p, "measuredMessages"));
            row.add(Cells.number(Points.number(p, "setupSeconds")));
            row.add(p.containsKey("error") ? String.valueOf(p.get("error")) : Cells.flag(p, "saturated"));
            rows.add(row);
        }
        doc.table(List.of("peer", "transport", "N topics", "load sent/s", "load delivered/s", "load kept",
            "RTT p50", "p90", "p99", "p99.9", "max", "p50 ÷ N=0", "p99.9 ÷ N=0", "p50 ÷ artemis-invm", "round trips",
            "set-up s", "saturated / error"), rows);
        doc.chart("s3-topics", chart(s3));
        doc.paragraph("Published (000, Table 3, LLM over UDP, the reflector pair at 100k msg/s on two hosts while " +
            "two others load 1 to 1,000 multicast groups through the switch): median half-RTT 12.5–13.5 µs, flat. " +
            "Issue 10's first measurement (defaults, IPC): p50 RTT 8.1 µs at N = 0, 591 µs (73×) at N = 1,000; " +
            "Artemis in-VM 125 µs and 221 µs (1.77×).");
    }

    private static SvgChart chart(final List<Map<String, Object>> s3)
    {
        final TreeSet<Double> counts = new TreeSet<>();
        for (final Map<String, Object> p : s3)
        {
            counts.add(Points.number(p, "loadedTopics"));
        }
        final double[] positions = new double[counts.size()];
        final String[] labels = new String[counts.size()];
        int i = 0;
        for (final double count : counts)
        {
            positions[i] = x(count);
            labels[i++] = String.format(Locale.ROOT, "%,.0f", count);
        }
        final SvgChart chart = new SvgChart("S3: round trip vs loaded topics (45 B ping-pong)", "loaded topics N",
            "RTT (µs)", false, true).xTicks(positions, labels);
        for (final String peer : Cells.peers(s3))
        {
            final List<double[]> p50 = new ArrayList<>();
            final List<double[]> p999 = new ArrayList<>();
            for (final Map<String, Object> p : Cells.select(s3, "S3", q -> peer.equals(q.get("peer"))))
            {
                p50.add(Cells.xy(x(Points.number(p, "loadedTopics")), Points.number(p, "rtt", "p50")));
                p999.add(Cells.xy(x(Points.number(p, "loadedTopics")), Points.number(p, "rtt", "p99.9")));
            }
            chart.add(peer + " p50", p50, false);
            chart.add(peer + " p99.9", p999, false);
        }
        return chart;
    }

    private static double x(final double count)
    {
        return Math.log10(count + 1);
    }
}
