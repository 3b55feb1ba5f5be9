package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.scenario.ChurnScenario;
import io.wirespeed.bench.scenario.FailoverScenario;
import io.wirespeed.bench.scenario.SelectorScenario;

/**
 * The project's performance goals (issue 10's among them), judged from one run's points: met, not met, or not
 * measured. Goals, not assertions: a 2-core machine shared with other work says little about absolute latency, so
 * every goal but the quickstart's, connection churn's and failover's is a ratio to a peer, or to another point,
 * measured in the same run.
 */
public final class Targets
{
    /** The quickstart's p99 goal, µs. */
    public static final double QUICKSTART_P99_MICROS = 200;

    /** The rate the quickstart's goal is set at, msg/s. */
    public static final int QUICKSTART_RATE = 50_000;

    private static final double CHURN_P50_MICROS = ChurnScenario.TARGET_P50_MICROS;
    private static final double CHURN_P99_MICROS = ChurnScenario.TARGET_P99_MICROS;
    private static final double FIRST_MESSAGE_RATIO = ChurnScenario.TARGET_FIRST_MESSAGE_RATIO;

    private Targets()
    {
    }

    /**
     * Evaluates every target.
     *
     * @param points the run's points.
     * @return one row per target: target, goal, ours, reference, ratio, status, detail.
     */
    public static List<Map<String, Object>> evaluate(final List<Map<String, Object>> points)
    {
        final List<Map<String, Object>> rows = new ArrayList<>();
        final Map<String, Object> ipc = pingPong(points, "wirespeed-ipc");
        final Map<String, Object> aeronIpc = pingPong(points, "aeron-ipc");
        final Map<String, Object> udp = pingPong(points, "wirespeed-udp");
        final Map<String, Object> kernel = pingPong(points, "kernel-udp");
        final Map<String, Object> artemisVm = pingPong(points, "artemis-invm");
        final Map<String, Object> artemisTcp = pingPong(points, "artemis-tcp");

        rows.add(atMost("JMS ping-pong over IPC: p50 RTT ≤ 1.25 × raw Aeron IPC",
            rtt(ipc, "p50"), rtt(aeronIpc, "p50"), 1.25, "µs"));
        rows.add(atMost("JMS ping-pong over IPC: p99.9 RTT ≤ 2 × raw Aeron IPC",
            rtt(ipc, "p99.9"), rtt(aeronIpc, "p99.9"), 2, "µs"));
        rows.add(atMost("UDP loopback ping-pong: p50 RTT ≤ 1.3 × kernel UDP ping-pong",
            rtt(udp, "p50"), rtt(kernel, "p50"), 1.3, "µs"));
        rows.add(lowerBy("vs Artemis in-VM: p50 RTT ≥ 20 × lower (Wirespeed IPC)",
            rtt(ipc, "p50"), rtt(artemisVm, "p50"), 20));
        rows.add(lowerBy("vs Artemis TCP: p50 RTT ≥ 50 × lower (Wirespeed UDP loopback)",
            rtt(udp, "p50"), rtt(artemisTcp, "p50"), 50));
        rows.add(lowerBy("vs Artemis in-VM: p99.9 RTT ≥ 50 × lower (Wirespeed IPC)",
            rtt(ipc, "p99.9"), rtt(artemisVm, "p99.9"), 50));
        rows.add(lowerBy("vs Artemis TCP: p99.9 RTT ≥ 50 × lower (Wirespeed UDP loopback)",
            rtt(udp, "p99.9"), rtt(artemisTcp, "p99.9"), 50));

        final Map<String, Object> defaults = find(points, "DEF", "wirespeed-ipc", "mode", "pingpong");
        final Map<String, Object> artemisDefaults = find(points, "DEF", "artemis-invm", "mode", "pingpong");
        rows.add(atMost("Default configuration (wirespeed:ipc, no option), blocking-receive ping-pong: p90 RTT ≤ 2 × " +
            "its p50", rtt(defaults, "p90"), rtt(defaults, "p50"), 2, "µs"));
        rows.add(lowerBy("Default configuration vs Artemis in-VM: p50 RTT ≥ 20 × lower",
            rtt(defaults, "p50"), rtt(artemisDefaults, "p50"), 20));
        rows.add(lowerBy("Default configuration vs Artemis in-VM: p99.9 RTT ≥ 50 × lower",
            rtt(defaults, "p99.9"), rtt(artemisDefaults, "p99.9"), 50));
        rows.add(quickstart(find(points, "QS", "wirespeed-ipc", "targetRate", QUICKSTART_RATE)));

        final Map<String, Object> ours32 = wirespeedIpc32(points, false);
        final Map<String, Object> aeron32 = find(points, "S2", "aeron-ipc", "messageSize", 32);
        rows.add(atLeast("IPC throughput, 32-byte BytesMessage 1→1: ≥ 50% of raw Aeron msg/s",
            number(ours32, "msgPerSec"), number(aeron32, "msgPerSec"), 0.5));
        final Map<String, Object> sync32 = wirespeedIpc32(points, true);
        rows.add(zeroAllocation("0 B allocated per message on send (IPC, reused BytesMessage)",
            ours32, "sendAllocBytesPerMsg", "the sending thread, S2 IPC 32 B"));
        rows.add(zeroAllocation("0 B allocated per message on listener delivery (reuse mode)",
            ours32, "receiveAllocBytesPerMsg", "the delivery thread, S2 IPC 32 B"));
        rows.add(zeroAllocation("0 B allocated per message on synchronous receive (reuse mode)",
            sync32, "receiveAllocBytesPerMsg", "the thread in receive(), S2 IPC 32 B"));

        for (final String peer : List.of("wirespeed-ipc", "wirespeed-udp"))
        {
            for (final int topics : new int[]{1_000, 10_000})
            {
                rows.add(topicScaling(points, peer, topics));
            }
        }
        rows.add(atLeast("Fan-out (wirespeed-ipc, S7): the publish rate to 32 consumers ≥ 50% of the rate to one",
            number(variantPoint(points, "S7", "fan-out", 32), "msgPerSec"),
            number(variantPoint(points, "S7", "fan-out", 1), "msgPerSec"), 0.5));
        rows.add(selectors(points));
        for (final String destination : List.of("queue", "topic"))
        {
            for (final String variant : List.of("connection", "context"))
            {
                rows.add(churn(points, destination, variant));
            }
            rows.add(firstMessage(points, destination));
        }
        for (final String signal : FailoverScenario.SIGNALS)
        {
            rows.add(failover(points, signal));
        }
        rows.add(atLeast("Cost of consensus (S10): the cluster's synchronous PERSISTENT queue sends 1→1 ≥ 50% of the " +
            "single host's (UDP, archive on) msg/s",
            number(syncConsensus(points, "cluster"), "msgPerSec"),
            number(syncConsensus(points, "single"), "msgPerSec"),
            FailoverScenario.TARGET_CONSENSUS_RATIO));
        rows.add(above("Cost of consensus vs Artemis (S10): the cluster's synchronous PERSISTENT queue sends 1→1 " +
            "above ActiveMQ Artemis's replicated primary/backup pair's (journal sync on, the backup in sync) msg/s",
            syncConsensus(points, "cluster"), syncConsensus(points, FailoverScenario.ARTEMIS_PAIR)));
        rows.add(stability(points));
        return rows;
    }

    private static Map<String, Object> stability(final List<Map<String, Object>> points)
    {
        final Map<String, Object> row = row("No election unasked (S10, long suite): the cluster carries its top rate " +
            "(asynchronous PERSISTENT sends) for 10 minutes");
        row.put("goal", "0 elections, nothing confirmed lost");
        final List<Map<String, Object>> found = Cells.select(points, FailoverScenario.ID,
            (p) -> FailoverScenario.STABILITY.equals(p.get("mode")));
        if (found.isEmpty())
        {
            return notMeasured(row);
        }
        if (found.get(0).containsKey("error"))
        {
            row.put("status", "NOT MET");
            row.put("detail", String.valueOf(found.get(0).get("error")));
            return row;
        }
        final Map<String, Object> ours = found.get(0);
        final double elections = Points.number(ours, "elections");
        row.put("ours", elections);
        row.put("status", 0 == elections && 0 == Points.number(ours, "lost") ? "MET" : "NOT MET");
        row.put("detail", String.format("%,.0f election(s) in %,.0f s at %,.0f msg/s; %,.0f confirmed, lost %,.0f",
            elections, Points.number(ours, "measureSeconds"), Points.number(ours, "msgPerSec"),
            Points.number(ours, "confirmed"), Points.number(ours, "lost")));
        return row;
    }

    /** A host's cost-of-consensus point of synchronous PERSISTENT sends (a run from before the kinds has only it). */
    private static Map<String, Object> syncConsensus(final List<Map<String, Object>> points, final String host)
    {
        for (final Map<String, Object> point : Cells.select(points, FailoverScenario.ID, (p) ->
            FailoverScenario.CONSENSUS.equals(p.get("mode")) && host.equals(p.get("host")) &&
            (null == p.get("sendKind") || "SYNC".equals(p.get("sendKind"))) &&
            !FailoverScenario.DURABLE_TOPIC.equals(p.get("destination")) &&
            (null == p.get("pairs") || "1->1".equals(p.get("pairs")))))
        {
            return point;
        }
        return null;
    }

    private static Map<String, Object> failover(final List<Map<String, Object>> points, final String signal)
    {
        final boolean kill = "SIGKILL".equals(signal);
        final double target = kill ? FailoverScenario.TARGET_SIGKILL_P99_MS : FailoverScenario.TARGET_SIGTERM_P99_MS;
        final Map<String, Object> row = row(String.format(
            "Failover (S10, %s), %s of the leader: the end of the sends' stall and its delivery p99 ≤ %,.0f ms, " +
            "nothing confirmed lost", FailoverScenario.PEER, signal, target));
        row.put("goal", String.format("p99 ≤ %,.0f ms (send and delivery), lost 0", target));
        final Map<String, Object> ours = find(points, FailoverScenario.ID, FailoverScenario.PEER, "signal", signal);
        if (null != ours && ours.containsKey("error"))
        {
            row.put("status", "NOT MET");
            row.put("detail", String.valueOf(ours.get("error")));
            return row;
        }
        final double send = null == ours ? Double.NaN : Points.number(ours, "failoverSendMs", "p99");
        final double delivery = null == ours ? Double.NaN : Points.number(ours, "failoverDeliveryMs", "p99");
        if (Double.isNaN(send) || Double.isNaN(delivery))
        {
            return notMeasured(row);
        }
        final double worst = Math.max(send, delivery);
        final double lost = Points.number(ours, "lost");
        final double unmarked = Points.number(ours, "duplicatesUnmarked");
        row.put("ours", worst);
        row.put("reference", target);
        row.put("ratio", round(worst / target));
        row.put("status", worst <= target && 0 == lost && 0 == unmarked && Boolean.TRUE.equals(ours.get("complete")) ?
            "MET" : "NOT MET");
        row.put("detail", String.format("over %,.0f kills: send p50 %,.0f ms, p99 %,.0f ms, max %,.0f ms; delivery " +
            "p50 %,.0f ms, p99 %,.0f ms; %,.0f confirmed, lost %,.0f, unmarked duplicates %,.0f; member settings %s",
            Points.number(ours, "failoverSendMs", "count"), Points.number(ours, "failoverSendMs", "p50"), send,
            Points.number(ours, "failoverSendMs", "max"), Points.number(ours, "failoverDeliveryMs", "p50"), delivery,
            Points.number(ours, "confirmed"), lost, unmarked, ours.get("memberSettings")));
        return row;
    }

    private static Map<String, Object> selectors(final List<Map<String, Object>> points)
    {
        final Map<String, Object> one = variantPoint(points, SelectorScenario.ID, "distinct-equality", 1);
        final Map<String, Object> many = variantPoint(points, SelectorScenario.ID, "distinct-equality", 1024);
        final Map<String, Object> row = atLeast("Selectors (wirespeed-ipc, SEL): the matching consumer's rate beside " +
            "1,023 consumers with distinct equality selectors ≥ 50% of its rate alone",
            number(many, "receivedPerSec"), number(one, "receivedPerSec"), 0.5);
        if (null != many && !"NOT MEASURED".equals(row.get("status")))
        {
            row.put("detail", row.get("detail") + "; lossless " + many.get("lossless") + ", stray deliveries " +
                many.get("strayDeliveries"));
        }
        return row;
    }

    /** Wirespeed over IPC's point of a scenario's variant at a number of consumers (S7, SEL), or null. */
    private static Map<String, Object> variantPoint(
        final List<Map<String, Object>> points, final String scenario, final String variant, final int consumers)
    {
        for (final Map<String, Object> point : points)
        {
            if (scenario.equals(point.get("scenario")) && "wirespeed-ipc".equals(point.get("peer")) &&
                variant.equals(point.get("variant")) && same(point.get("consumers"), consumers))
            {
                return point;
            }
        }
        return null;
    }

    private static Map<String, Object> churn(
        final List<Map<String, Object>> points, final String destination, final String variant)
    {
        final Map<String, Object> row = row(String.format(
            "Connection churn (wirespeed:ipc, CH), %s, %s: one cycle p50 ≤ %.0f µs and p99 ≤ %,.0f µs",
            destination, "context".equals(variant) ? "createContext() per send" : "a connection per send",
            CHURN_P50_MICROS, CHURN_P99_MICROS));
        row.put("goal", String.format("p50 ≤ %.0f µs, p99 ≤ %,.0f µs, none lost or out of order",
            CHURN_P50_MICROS, CHURN_P99_MICROS));
        final Map<String, Object> ours = churnPoint(points, "wirespeed-ipc", destination, variant);
        if (null != ours && ours.containsKey("error"))
        {
            row.put("status", "NOT MET");
            row.put("detail", String.valueOf(ours.get("error")));
            return row;
        }
        final double p50 = null == ours ? Double.NaN : Points.number(ours, "cycle", "p50");
        final double p99 = null == ours ? Double.NaN : Points.number(ours, "cycle", "p99");
        if (Double.isNaN(p50) || Double.isNaN(p99))
        {
            return notMeasured(row);
        }
        final double lost = Points.number(ours, "lost");
        final double outOfOrder = Points.number(ours, "outOfOrder");
        row.put("ours", p50);
        row.put("reference", CHURN_P50_MICROS);
        row.put("ratio", round(p50 / CHURN_P50_MICROS));
        row.put("status", p50 <= CHURN_P50_MICROS && p99 <= CHURN_P99_MICROS && 0 == lost && 0 == outOfOrder &&
            Boolean.TRUE.equals(ours.get("complete")) ? "MET" : "NOT MET");
        final StringBuilder detail = new StringBuilder(String.format(
            "p50 %.1f µs, p99 %.1f µs over %,.0f cycles; lost %,.0f, out of order %,.0f", p50, p99,
            Points.number(ours, "cycles"), lost, outOfOrder));
        for (final String peer : List.of("artemis-invm", "artemis-tcp"))
        {
            final Map<String, Object> theirs = churnPoint(points, peer, destination, variant);
            if (null != theirs && !theirs.containsKey("error"))
            {
                detail.append(String.format("; %s p50 %.1f µs, p99 %.1f µs", peer,
                    Points.number(theirs, "cycle", "p50"), Points.number(theirs, "cycle", "p99")));
            }
        }
        row.put("detail", detail.toString());
        return row;
    }

    private static Map<String, Object> firstMessage(final List<Map<String, Object>> points, final String destination)
    {
        final Map<String, Object> row = row(String.format(
            "Connection churn (wirespeed:ipc, CH), %s, a consumer per message: the first message's p50 ≤ %.1f × a " +
            "long-lived consumer's", destination, FIRST_MESSAGE_RATIO));
        row.put("goal", String.format("first message p50 ≤ %.1f × long-lived p50, none lost", FIRST_MESSAGE_RATIO));
        final Map<String, Object> ours = churnPoint(points, "wirespeed-ipc", destination, "consumer");
        if (null != ours && ours.containsKey("error"))
        {
            row.put("status", "NOT MET");
            row.put("detail", String.valueOf(ours.get("error")));
            return row;
        }
        final double first = null == ours ? Double.NaN : Points.number(ours, "firstMessage", "p50");
        final double lasting = null == ours ? Double.NaN : Points.number(ours, "longLived", "p50");
        if (Double.isNaN(first) || Double.isNaN(lasting) || lasting <= 0)
        {
            return notMeasured(row);
        }
        final double lost = Points.number(ours, "lost");
        row.put("ours", first);
        row.put("reference", lasting);
        row.put("ratio", round(first / lasting));
        row.put("status", first <= FIRST_MESSAGE_RATIO * lasting && 0 == lost ? "MET" : "NOT MET");
        row.put("detail", String.format("first message p50 %.1f µs, long-lived p50 %.1f µs; the whole cycle p50 %.1f " +
            "µs; lost %,.0f", first, lasting, Points.number(ours, "cycle", "p50"), lost));
        return row;
    }

    private static Map<String, Object> churnPoint(
        final List<Map<String, Object>> points, final String peer, final String destination, final String variant)
    {
        for (final Map<String, Object> point : points)
        {
            if (ChurnScenario.ID.equals(point.get("scenario")) && peer.equals(point.get("peer")) &&
                destination.equals(point.get("destination")) && variant.equals(point.get("variant")))
            {
                return point;
            }
        }
        return null;
    }

    private static Map<String, Object> wirespeedIpc32(final List<Map<String, Object>> points, final boolean sync)
    {
        for (final Map<String, Object> point : points)
        {
            if ("S2".equals(point.get("scenario")) && "wirespeed-ipc".equals(point.get("peer")) &&
                same(point.get("messageSize"), 32) && "sync".equals(point.get("receive")) == sync)
            {
                return point;
            }
        }
        return null;
    }

    private static Map<String, Object> topicScaling(
        final List<Map<String, Object>> points, final String peer, final int topics)
    {
        final Map<String, Object> none = find(points, "S3", peer, "loadedTopics", 0);
        final Map<String, Object> loaded = find(points, "S3", peer, "loadedTopics", topics);
        final Map<String, Object> row = atMost(String.format(
            "S3 (%s): p50 RTT with %,d loaded topics ≤ 1.2 × with none", peer, topics),
            rtt(loaded, "p50"), rtt(none, "p50"), 1.2, "µs");
        if (null == loaded || null == none)
        {
            return row;
        }
        if (loaded.containsKey("error"))
        {
            row.put("status", "NOT MET");
            row.put("detail", String.valueOf(loaded.get("error")));
        }
        else if (Points.number(loaded, "measuredMessages") == 0)
        {
            row.put("status", "NOT MET");
            row.put("detail", "no round trip completed under the load (each waits 5 s for its pong)");
        }
        else if (Boolean.FALSE.equals(loaded.get("loadKept")))
        {
            row.put("status", "NOT MET");
            row.put("detail", row.get("detail") + String.format("; the load was not kept (saturated): %,.0f msg/s " +
                "sent of %,.0f, %,.0f delivered", Points.number(loaded, "loadSentPerSec"),
                Points.number(loaded, "loadTargetRate"), Points.number(loaded, "loadDeliveredPerSec")));
        }
        return row;
    }

    private static Map<String, Object> quickstart(final Map<String, Object> point)
    {
        final Map<String, Object> row = row("Quickstart (examples, as its README runs it): p99 ≤ 200 µs at 50k msg/s");
        row.put("goal", "p99 ≤ 200 µs");
        final double p99 = null == point ? Double.NaN : Points.number(point, "latency", "p99");
        if (Double.isNaN(p99))
        {
            return notMeasured(row);
        }
        final boolean complete = Boolean.TRUE.equals(point.get("complete"));
        row.put("ours", p99);
        row.put("reference", QUICKSTART_P99_MICROS);
        row.put("ratio", round(p99 / QUICKSTART_P99_MICROS));
        row.put("status", p99 <= QUICKSTART_P99_MICROS && complete ? "MET" : "NOT MET");
        row.put("detail", String.format("p99 %.1f µs one-way: %.2f× the 200 µs goal%s", p99,
            p99 / QUICKSTART_P99_MICROS, complete ? "" : "; it did not receive everything it sent"));
        return row;
    }

    private static Map<String, Object> zeroAllocation(
        final String name, final Map<String, Object> point, final String key, final String where)
    {
        final double bytes = number(point, key);
        final Map<String, Object> row = row(name);
        row.put("goal", "0 B/msg");
        if (Double.isNaN(bytes) || bytes < 0)
        {
            return notMeasured(row);
        }
        row.put("ours", bytes);
        row.put("status", bytes < 0.01 ? "MET" : "NOT MET");
        row.put("detail", String.format("%.3f B/msg (%s, per-thread counters)", bytes, where));
        return row;
    }

    private static Map<String, Object> atMost(
        final String name, final double ours, final double reference, final double factor, final String unit)
    {
        final Map<String, Object> row = row(name);
        row.put("goal", "ratio ≤ " + factor);
        if (Double.isNaN(ours) || Double.isNaN(reference) || reference <= 0)
        {
            return notMeasured(row);
        }
        final double ratio = ours / reference;
        return judged(row, ours, reference, ratio <= factor,
            String.format("%.2f %s vs %.2f %s: %.2f×", ours, unit, reference, unit, ratio));
    }

    private static Map<String, Object> atLeast(
        final String name, final double ours, final double reference, final double fraction)
    {
        final Map<String, Object> row = row(name);
        row.put("goal", "ratio ≥ " + fraction);
        if (Double.isNaN(ours) || Double.isNaN(reference) || reference <= 0)
        {
            return notMeasured(row);
        }
        final double ratio = ours / reference;
        return judged(row, ours, reference, ratio >= fraction,
            String.format("%,.0f vs %,.0f msg/s: %.0f%%", ours, reference, ratio * 100));
    }

    private static Map<String, Object> above(
        final String name, final Map<String, Object> ours, final Map<String, Object> theirs)
    {
        final Map<String, Object> row = row(name);
        row.put("goal", "ratio > 1");
        for (final Map<String, Object> point : Arrays.asList(ours, theirs))
        {
            if (null != point && point.containsKey("error"))
            {
                row.put("status", "NOT MEASURED");
                row.put("detail", point.get("host") + ": " + point.get("error"));
                return row;
            }
        }
        final double our = number(ours, "msgPerSec");
        final double their = number(theirs, "msgPerSec");
        if (Double.isNaN(our) || Double.isNaN(their) || their <= 0)
        {
            return notMeasured(row);
        }
        final double ratio = our / their;
        return judged(row, our, their, ratio > 1,
            String.format("%,.0f vs %,.0f msg/s: %.0f%%", our, their, ratio * 100));
    }

    /** Fills a measured row: both figures, their ratio, whether the goal is met and what to show. */
    private static Map<String, Object> judged(
        final Map<String, Object> row, final double ours, final double reference, final boolean met,
        final String detail)
    {
        row.put("ours", ours);
        row.put("reference", reference);
        row.put("ratio", round(ours / reference));
        row.put("status", met ? "MET" : "NOT MET");
        row.put("detail", detail);
        return row;
    }

    private static Map<String, Object> lowerBy(
        final String name, final double ours, final double theirs, final double factor)
    {
        final Map<String, Object> row = row(name);
        row.put("goal", "theirs / ours ≥ " + factor);
        if (Double.isNaN(ours) || Double.isNaN(theirs) || ours <= 0)
        {
            return notMeasured(row);
        }
        final double ratio = theirs / ours;
        row.put("ours", ours);
        row.put("reference", theirs);
        row.put("ratio", round(ratio));
        row.put("status", ratio >= factor ? "MET" : "NOT MET");
        row.put("detail", String.format("%.2f µs vs Artemis %.2f µs: %.1f× lower", ours, theirs, ratio));
        return row;
    }

    private static Map<String, Object> row(final String name)
    {
        final Map<String, Object> row = new LinkedHashMap<>();
        row.put("target", name);
        return row;
    }

    private static Map<String, Object> notMeasured(final Map<String, Object> row)
    {
        row.put("status", "NOT MEASURED");
        row.put("detail", "a point it needs is missing from this run");
        return row;
    }

    private static Map<String, Object> pingPong(final List<Map<String, Object>> points, final String peer)
    {
        return find(points, "S1", peer, "mode", "pingpong");
    }

    private static double rtt(final Map<String, Object> point, final String percentile)
    {
        return point == null ? Double.NaN : Points.number(point, "rtt", percentile);
    }

    private static double number(final Map<String, Object> point, final String key)
    {
        return point == null ? Double.NaN : Points.number(point, key);
    }

    /**
     * The first point of a scenario and peer whose field has a value.
     *
     * @param points   the points.
     * @param scenario the scenario id.
     * @param peer     the peer's name.
     * @param key      the field.
     * @param value    its value (numbers compare by value).
     * @return the point, or null.
     */
    public static Map<String, Object> find(
        final List<Map<String, Object>> points, final String scenario, final String peer, final String key,
        final Object value)
    {
        for (final Map<String, Object> point : points)
        {
            if (scenario.equals(point.get("scenario")) && peer.equals(point.get("peer")) && same(point.get(key), value))
            {
                return point;
            }
        }
        return null;
    }

    private static boolean same(final Object a, final Object b)
    {
        if (a instanceof Number x && b instanceof Number y)
        {
            return x.doubleValue() == y.doubleValue();
        }
        return a != null && a.equals(b);
    }

    private static double round(final double value)
    {
        return Math.round(value * 1000) / 1000.0;
    }
}
