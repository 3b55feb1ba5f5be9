package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.scenario.FailoverScenario;

/** The report's section on failover (S10): the clustered queue host's leader killed, as the client sees it. */
final class FailoverSection
{
    private static final List<String> FIGURES = List.of("p50", "p99", "max");

    private FailoverSection()
    {
    }

    @SuppressWarnings("unchecked")
    static void write(final Document doc, final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> failovers =
            Cells.select(points, FailoverScenario.ID, p -> p.containsKey("signal"));
        final List<Map<String, Object>> consensus =
            Cells.select(points, FailoverScenario.ID, p -> FailoverScenario.CONSENSUS.equals(p.get("mode")));
        if (failovers.isEmpty() && consensus.isEmpty() && Cells.select(points, FailoverScenario.ID,
            (point) -> FailoverScenario.STABILITY.equals(point.get("mode"))).isEmpty())
        {
            return;
        }
        doc.heading(2, "Failover — the clustered queue host's leader killed");
        doc.paragraph("S10: three `wirespeed-driver` processes on loopback as the members of a clustered queue host " +
            "(`" + FailoverScenario.PEER + "`: the project's failure detection, `" +
            FailoverScenario.PEER_AERON_DEFAULTS + "`: Aeron Cluster's defaults, for scale), and one client JVM " +
            "naming them " +
            "(`host=A:P,B:P,C:P`): a synchronous PERSISTENT producer at a steady rate and a consumer on a queue. " +
            "Once the cluster has settled and the load has run a while, the leader's process gets the signal and is " +
            "started again at once in its directories (the cluster stays three). Failover as the client sees it, " +
            "ms: from the signal to the end of the producer's longest stall after it (the send that returned " +
            "longest after the one before it: a stopping leader may still commit the first sends after its " +
            "signal), and to that message's delivery; p50 / p99 / max over the kills (nearest rank: with 20 " +
            "kills p99 is the max). Lost: confirmed sends never consumed. Targets (issue 24): p99 ≤ 2 s after " +
            "SIGKILL, ≤ 1 s after SIGTERM, nothing confirmed lost.");
        final List<List<String>> rows = new ArrayList<>();
        for (final Map<String, Object> p : failovers)
        {
            final List<String> row = new ArrayList<>(List.of(Cells.text(p, "peer"), Cells.text(p, "memberSettings"),
                Cells.text(p, "signal"), ms(p, "failoverSendMs", "count")));
            for (final String key : FIGURES)
            {
                row.add(ms(p, "failoverSendMs", key));
            }
            for (final String key : FIGURES)
            {
                row.add(ms(p, "failoverDeliveryMs", key));
            }
            row.add(whole(Points.number(p, "targetP99Ms")));
            row.add(Cells.count(p, "targetRate") + " / " + Cells.count(p, "achievedRate"));
            row.add(Cells.count(p, "confirmed"));
            row.add(Cells.count(p, "lost"));
            row.add(Cells.count(p, "duplicatesUnmarked"));
            row.add(Cells.count(p, "unaskedLeaderChanges"));
            row.add(p.containsKey("error") ? String.valueOf(p.get("error")) : "");
            rows.add(row);
        }
        doc.table(LatencySections.concat(List.of("peer", "member settings", "signal", "kills"),
            List.of("send p50", "send p99", "send max", "delivery p50", "delivery p99", "delivery max"),
            List.of("target p99", "rate msg/s (target / achieved)", "confirmed", "lost", "unmarked duplicates",
                "unasked leader changes", "error")),
            rows);
        final List<List<String>> kills = new ArrayList<>();
        for (final Map<String, Object> p : failovers)
        {
            final Object list = p.get("kills");
            if (!(list instanceof List<?>))
            {
                continue;
            }
            int n = 0;
            for (final Object item : (List<Object>)list)
            {
                final Map<String, Object> kill = (Map<String, Object>)item;
                n++;
                kills.add(List.of(Cells.text(p, "peer"), Cells.text(p, "signal"), Integer.toString(n),
                    Cells.text(kill, "leader"),
                    Cells.text(kill, "newLeader"), ms(kill, "sendMs"), ms(kill, "deliveryMs"), ms(kill, "exitMs"),
                    ms(kill, "restartedMs")));
            }
        }
        if (!kills.isEmpty())
        {
            doc.paragraph("Each kill: the member that led, the one that led after, failover times (ms), how long the " +
                "signalled process took to be gone, and how long its restart took to run again.");
            doc.table(List.of("peer", "signal", "#", "leader", "new leader", "send ms", "delivery ms", "gone after ms",
                "restarted in ms"), kills);
        }
        if (!consensus.isEmpty())
        {
            doc.paragraph("Cost of consensus: queue sends 1→1 and 2→2 (each producer on a connection of its own, as " +
                "many consumers), and PERSISTENT sends 1→1 to a topic whose consumer is a shared durable " +
                "subscription of the cluster (each send forwarded into the cluster's log), against the cluster and " +
                "against the " +
                "single queue host over UDP with its archive (its PERSISTENT send returns once the archive recorded " +
                "it), and against ActiveMQ Artemis's replicated primary/backup pair (`" +
                FailoverScenario.ARTEMIS_PAIR + "`: two broker processes on loopback TCP, the client on the " +
                "primary with `ha=true`; a durable send returns once the backup has it replicated): synchronous " +
                "PERSISTENT sends in a closed loop (each as soon as the last returned), " +
                "asynchronous PERSISTENT sends (CompletionListener, a window of sends not yet completed) and " +
                "NON_PERSISTENT sends; send time µs from call to return (to completion for the asynchronous). Goals " +
                "(issue 24): the cluster's synchronous PERSISTENT rate ≥ 50 % of the single host's, and above the " +
                "Artemis pair's (see the goals' table)." + pairBroker(consensus));
            final List<List<String>> costRows = new ArrayList<>();
            for (final Map<String, Object> p : consensus)
            {
                costRows.add(List.of(Cells.text(p, "host"),
                    p.containsKey("destination") ? Cells.text(p, "destination") : "queue",
                    Cells.text(p, "deliveryMode"), Cells.text(p, "pairs"),
                    Cells.count(p, "msgPerSec"),
                    Cells.micros(p, "send", "p50"), Cells.micros(p, "send", "p99"), Cells.micros(p, "send", "max"),
                    Cells.count(p, "measuredSends"), Cells.count(p, "lost"),
                    p.containsKey("error") ? String.valueOf(p.get("error")) : ""));
            }
            doc.table(List.of("host", "to", "sends", "pairs", "msg/s", "send p50 µs", "send p99 µs", "send max µs",
                "sends measured", "lost", "error"), costRows);
        }
        for (final Map<String, Object> p : Cells.select(points, FailoverScenario.ID,
            (point) -> FailoverScenario.STABILITY.equals(point.get("mode"))))
        {
            doc.paragraph("Stability (long suite): the cluster carried its top rate, asynchronous PERSISTENT sends, " +
                "for " + whole(Points.number(p, "measureSeconds")) + " s at " + Cells.count(p, "msgPerSec") +
                " msg/s: " + Cells.count(p, "elections") + " election(s) (the members' leadership term; target 0), " +
                Cells.count(p, "confirmed") + " confirmed, " + Cells.count(p, "lost") + " lost" +
                (p.containsKey("error") ? "; error: " + p.get("error") : "") + ".");
        }
    }

    /** What the run's Artemis pair was, from its first point that says, or nothing. */
    private static String pairBroker(final List<Map<String, Object>> consensus)
    {
        for (final Map<String, Object> p : consensus)
        {
            if (FailoverScenario.ARTEMIS_PAIR.equals(p.get("host")) && p.containsKey("broker"))
            {
                return " The Artemis pair: " + Cells.text(p, "api") + ", " + Cells.text(p, "broker") + "; " +
                    Cells.text(p, "jvm") + "; `" + Cells.text(p, "uri") + "`.";
            }
        }
        return "";
    }

    private static String ms(final Map<String, Object> kill, final String key)
    {
        return whole(Points.number(kill, key));
    }

    private static String ms(final Map<String, Object> point, final String summary, final String key)
    {
        return whole(Points.number(point, summary, key));
    }

    private static String whole(final double value)
    {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%,.0f", value);
    }
}
