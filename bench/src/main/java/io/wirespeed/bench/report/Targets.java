package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.rig.Points;

/**
 * The project's performance goals, judged from one run's points: met, not met, or not measured.
 * Goals, not assertions: a 2-core machine shared with other work says little about absolute
 * latency, so every goal is a ratio to a peer measured in the same run.
 */
public final class Targets
{
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

        final Map<String, Object> ours32 = find(points, "S2", "wirespeed-ipc", "messageSize", 32);
        final Map<String, Object> aeron32 = find(points, "S2", "aeron-ipc", "messageSize", 32);
        rows.add(atLeast("IPC throughput, 32-byte BytesMessage 1→1: ≥ 50% of raw Aeron msg/s",
            number(ours32, "msgPerSec"), number(aeron32, "msgPerSec"), 0.5));
        rows.add(zeroAllocation(ours32));

        final Map<String, Object> oneTopic = find(points, "S3", "wirespeed-ipc", "loadedTopics", 1);
        final Map<String, Object> thousand = find(points, "S3", "wirespeed-ipc", "loadedTopics", 1000);
        rows.add(atMost("S3: p50 with 1,000 loaded topics ≤ 1.2 × p50 with one",
            Points.number(orEmpty(thousand), "halfRtt", "p50"), Points.number(orEmpty(oneTopic), "halfRtt", "p50"),
            1.2, "µs"));
        return rows;
    }

    private static Map<String, Object> zeroAllocation(final Map<String, Object> point)
    {
        final double send = number(point, "sendAllocBytesPerMsg");
        final double receive = number(point, "receiveAllocBytesPerMsg");
        final Map<String, Object> row = row("0 bytes allocated per message: send and listener delivery with reuse");
        row.put("goal", "0 B/msg");
        if (Double.isNaN(send) || Double.isNaN(receive) || send < 0 || receive < 0)
        {
            return notMeasured(row);
        }
        row.put("ours", send + " B/msg send, " + receive + " B/msg delivery");
        final boolean met = send < 0.01 && receive < 0.01;
        row.put("status", met ? "MET" : "NOT MET");
        row.put("detail", String.format("send %.3f B/msg, delivery %.3f B/msg (S2 IPC 32 B, per-thread counters)",
            send, receive));
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
        row.put("ours", ours);
        row.put("reference", reference);
        row.put("ratio", round(ratio));
        row.put("status", ratio <= factor ? "MET" : "NOT MET");
        row.put("detail", String.format("%.2f %s vs %.2f %s: %.2f×", ours, unit, reference, unit, ratio));
        return row;
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
        row.put("ours", ours);
        row.put("reference", reference);
        row.put("ratio", round(ratio));
        row.put("status", ratio >= fraction ? "MET" : "NOT MET");
        row.put("detail", String.format("%,.0f vs %,.0f msg/s: %.0f%%", ours, reference, ratio * 100));
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

    private static Map<String, Object> orEmpty(final Map<String, Object> point)
    {
        return point == null ? Map.of() : point;
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
