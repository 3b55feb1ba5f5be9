package io.wirespeed.bench.scenario;

import java.util.Map;

import io.wirespeed.bench.rig.Points;

/** The one line per measured point the suite prints while it runs. */
public final class Progress
{
    private Progress()
    {
    }

    /**
     * Prints a point's headline figures.
     *
     * @param point the point.
     * @param what  what was measured, e.g. {@code "45 B @ 100,000/s"}.
     */
    public static void print(final Map<String, Object> point, final String what)
    {
        final StringBuilder line = new StringBuilder();
        line.append(String.format("  [%s] %-13s %-28s", point.get("scenario"), point.get("peer"), what));
        if (point.containsKey("halfRtt"))
        {
            line.append(String.format(" half-RTT µs p50 %s p99 %s p99.9 %s max %s",
                f(Points.number(point, "halfRtt", "p50")), f(Points.number(point, "halfRtt", "p99")),
                f(Points.number(point, "halfRtt", "p99.9")), f(Points.number(point, "halfRtt", "max"))));
        }
        if (point.containsKey("latency"))
        {
            line.append(String.format(" µs mean %s p50 %s p99.9 %s max %s",
                f(Points.number(point, "latency", "mean")), f(Points.number(point, "latency", "p50")),
                f(Points.number(point, "latency", "p99.9")), f(Points.number(point, "latency", "max"))));
        }
        if (point.containsKey("cycle"))
        {
            line.append(String.format(" cycle µs p50 %s p99 %s max %s, %,.0f cycles/s, out of order %,.0f",
                f(Points.number(point, "cycle", "p50")), f(Points.number(point, "cycle", "p99")),
                f(Points.number(point, "cycle", "max")), Points.number(point, "cyclesPerSec"),
                Points.number(point, "outOfOrder")));
        }
        if (point.containsKey("firstMessage"))
        {
            line.append(String.format("; first message µs p50 %s p99 %s, long-lived p50 %s p99 %s",
                f(Points.number(point, "firstMessage", "p50")), f(Points.number(point, "firstMessage", "p99")),
                f(Points.number(point, "longLived", "p50")), f(Points.number(point, "longLived", "p99"))));
        }
        if (point.containsKey("msgPerSec"))
        {
            line.append(String.format(" %,.0f msg/s", Points.number(point, "msgPerSec")));
        }
        if (point.containsKey("gbitPerSec"))
        {
            line.append(String.format(" %.3f Gbit/s", Points.number(point, "gbitPerSec")));
        }
        if (point.containsKey("deliveredPerSec"))
        {
            line.append(String.format(" delivered %,.0f/s", Points.number(point, "deliveredPerSec")));
        }
        if (Points.number(point, "loadTargetRate") > 0)
        {
            line.append(String.format(" load sent %,.0f/s delivered %,.0f/s",
                Points.number(point, "loadSentPerSec"), Points.number(point, "loadDeliveredPerSec")));
        }
        if (Boolean.FALSE.equals(point.get("loadKept")))
        {
            line.append(" SATURATED (load not kept)");
        }
        else if (Boolean.TRUE.equals(point.get("saturated")))
        {
            line.append(point.containsKey("achievedRate") ?
                String.format(" SATURATED (achieved %,.0f/s)", Points.number(point, "achievedRate")) : " SATURATED");
        }
        if (Boolean.FALSE.equals(point.get("lossless")))
        {
            line.append(" NOT LOSSLESS");
        }
        final double lost = Points.number(point, "lost");
        if (lost > 0)
        {
            line.append(String.format(" lost %,.0f", lost));
        }
        System.out.println(line);
        System.out.flush();
    }

    private static String f(final double value)
    {
        return Double.isNaN(value) ? "-" : value >= 100 ? String.format("%,.0f", value) : String.format("%.1f", value);
    }
}
