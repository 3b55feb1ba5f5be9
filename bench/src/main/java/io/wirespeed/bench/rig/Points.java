package io.wirespeed.bench.rig;

import java.util.LinkedHashMap;
import java.util.Map;

/** Builds one measured point of the results: which scenario, which peer, how it was configured. */
public final class Points
{
    private Points()
    {
    }

    /**
     * A new point, to which the measurement adds its own fields.
     *
     * @param scenario the scenario id (S1...S8).
     * @param peer     the peer's name.
     * @param settings the peer's settings (api, transport, threading, idle...).
     * @param profile  the run's profile (mode, warm-up and measured durations).
     * @return an ordered, mutable map.
     */
    public static Map<String, Object> of(
        final String scenario, final String peer, final Map<String, Object> settings, final RunProfile profile)
    {
        final Map<String, Object> point = new LinkedHashMap<>();
        point.put("scenario", scenario);
        point.put("peer", peer);
        point.putAll(settings);
        point.put("profile", profile.describe());
        return point;
    }

    /**
     * A number from a point.
     *
     * @param point the point.
     * @param key   the field.
     * @return its value, or NaN when absent.
     */
    public static double number(final Map<String, Object> point, final String key)
    {
        final Object value = point.get(key);
        return value instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /**
     * A number inside a nested map of a point, e.g. {@code ("halfRtt", "p50")}.
     *
     * @param point the point.
     * @param outer the nested map's field.
     * @param key   the field within it.
     * @return its value, or NaN when absent.
     */
    @SuppressWarnings("unchecked")
    public static double number(final Map<String, Object> point, final String outer, final String key)
    {
        final Object nested = point.get(outer);
        return nested instanceof Map<?, ?> map ? number((Map<String, Object>)map, key) : Double.NaN;
    }
}
