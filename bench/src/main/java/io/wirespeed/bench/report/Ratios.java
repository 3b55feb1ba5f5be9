package io.wirespeed.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.wirespeed.bench.peer.Peers;
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.Points;

/**
 * Every figure of the report beside its peer's: the ratio of a point's figure to the same figure of the
 * counterpart point (same scenario, the peer compared with, the same size, rate, topic count...) in the same run.
 */
final class Ratios
{
    private Ratios()
    {
    }

    /**
     * The floor a peer's figures are divided by: raw Aeron on the same transport for Wirespeed and Artemis (in-VM
     * against IPC, TCP against UDP), the kernel's UDP for raw Aeron UDP; a peer between hosts is divided by its
     * floor's twin between hosts ({@link Placement}).
     *
     * @param peer the peer's name.
     * @return the floor's name, or null for a floor itself.
     */
    static String floor(final String peer)
    {
        if (Placement.acrossHosts(peer))
        {
            final String floor = floor(peer.substring(0, peer.length() - Placement.SUFFIX.length()));
            return null == floor ? null : Placement.twin(floor);
        }
        return switch (peer)
        {
            case Peers.WIRESPEED_IPC, Peers.ARTEMIS_INVM -> Peers.AERON_IPC;
            case Peers.WIRESPEED_UDP, Peers.ARTEMIS_TCP -> Peers.AERON_UDP;
            case Peers.AERON_UDP -> Peers.KERNEL_UDP;
            default -> null;
        };
    }

    /**
     * A point's figure over its floor's, e.g. {@code 1.57× aeron-ipc}.
     *
     * @param point   the point.
     * @param points  the run's points.
     * @param same    the fields the counterpart must share with the point (its scenario always).
     * @param summary the nested summary ({@code "rtt"}), or null for a top-level field.
     * @param key     the figure.
     * @return the ratio and the peer it is to, or "–" where there is none.
     */
    static String toFloor(
        final Map<String, Object> point,
        final List<Map<String, Object>> points,
        final List<String> same,
        final String summary,
        final String key)
    {
        final String floor = floor(String.valueOf(point.get("peer")));
        return null == floor ? "–" : toPeer(point, points, floor, same, summary, key);
    }

    /**
     * A point's figure over a given peer's, e.g. {@code 0.04× artemis-invm}.
     *
     * @param point   the point.
     * @param points  the run's points.
     * @param peer    the peer compared with.
     * @param same    the fields the counterpart must share with the point (its scenario always).
     * @param summary the nested summary, or null for a top-level field.
     * @param key     the figure.
     * @return the ratio and the peer, "1" for the peer's own point, or "–" where either figure is missing.
     */
    static String toPeer(
        final Map<String, Object> point,
        final List<Map<String, Object>> points,
        final String peer,
        final List<String> same,
        final String summary,
        final String key)
    {
        if (peer.equals(point.get("peer")))
        {
            return "1";
        }
        final Map<String, Object> counterpart = counterpart(point, points, peer, same);
        final double ratio = null == counterpart ? Double.NaN : value(point, summary, key) /
            value(counterpart, summary, key);
        return Double.isNaN(ratio) || Double.isInfinite(ratio) ? "–" : format(ratio) + " " + peer;
    }

    /**
     * A point's figure over the same peer's figure at another value of one field, e.g. at N = 0 topics.
     *
     * @param point   the point.
     * @param points  the run's points.
     * @param field   the field that differs.
     * @param at      its value for the reference point.
     * @param same    the other fields the reference must share.
     * @param summary the nested summary, or null.
     * @param key     the figure.
     * @return the ratio, or "–".
     */
    static String toOwn(
        final Map<String, Object> point,
        final List<Map<String, Object>> points,
        final String field,
        final Object at,
        final List<String> same,
        final String summary,
        final String key)
    {
        for (final Map<String, Object> candidate : points)
        {
            if (point.get("scenario").equals(candidate.get("scenario")) &&
                point.get("peer").equals(candidate.get("peer")) && same(candidate.get(field), at) &&
                sharesAll(point, candidate, same))
            {
                final double ratio = value(point, summary, key) / value(candidate, summary, key);
                return Double.isNaN(ratio) || Double.isInfinite(ratio) ? "–" : format(ratio);
            }
        }
        return "–";
    }

    /**
     * A ratio as the report writes it.
     *
     * @param ratio the ratio.
     * @return e.g. {@code 1.57×}, {@code 0.043×}, {@code 73×}.
     */
    static String format(final double ratio)
    {
        if (Double.isNaN(ratio))
        {
            return "–";
        }
        final double size = Math.abs(ratio);
        final String pattern = size >= 100 ? "%,.0f×" : size >= 10 ? "%.1f×" : size >= 0.1 ? "%.2f×" : "%.3f×";
        return String.format(Locale.ROOT, pattern, ratio);
    }

    private static Map<String, Object> counterpart(
        final Map<String, Object> point, final List<Map<String, Object>> points, final String peer,
        final List<String> same)
    {
        for (final Map<String, Object> candidate : points)
        {
            if (point.get("scenario").equals(candidate.get("scenario")) && peer.equals(candidate.get("peer")) &&
                sharesAll(point, candidate, same))
            {
                return candidate;
            }
        }
        return null;
    }

    private static boolean sharesAll(
        final Map<String, Object> point, final Map<String, Object> candidate, final List<String> same)
    {
        for (final String key : same)
        {
            if (!same(point.get(key), candidate.get(key)))
            {
                return false;
            }
        }
        return true;
    }

    private static double value(final Map<String, Object> point, final String summary, final String key)
    {
        return null == summary ? Points.number(point, key) : Points.number(point, summary, key);
    }

    private static boolean same(final Object a, final Object b)
    {
        if (a instanceof Number x && b instanceof Number y)
        {
            return x.doubleValue() == y.doubleValue();
        }
        return a == null ? b == null : a.equals(b);
    }
}
