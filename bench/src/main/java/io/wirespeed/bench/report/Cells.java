package io.wirespeed.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

import io.wirespeed.bench.rig.Points;

/** Selecting points and formatting numbers for report tables. */
final class Cells
{
    private Cells()
    {
    }

    static List<Map<String, Object>> select(
        final List<Map<String, Object>> points, final String scenario, final Predicate<Map<String, Object>> filter)
    {
        final List<Map<String, Object>> selected = new ArrayList<>();
        for (final Map<String, Object> point : points)
        {
            if (scenario.equals(point.get("scenario")) && filter.test(point))
            {
                selected.add(point);
            }
        }
        return selected;
    }

    static List<String> peers(final List<Map<String, Object>> points)
    {
        final List<String> peers = new ArrayList<>();
        for (final Map<String, Object> point : points)
        {
            final String peer = String.valueOf(point.get("peer"));
            if (!peers.contains(peer))
            {
                peers.add(peer);
            }
        }
        return peers;
    }

    static String micros(final Map<String, Object> point, final String summary, final String key)
    {
        return number(Points.number(point, summary, key));
    }

    static String number(final double value)
    {
        if (Double.isNaN(value))
        {
            return "–";
        }
        if (Math.abs(value) >= 1000)
        {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (Math.abs(value) >= 100)
        {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
    }

    static String count(final Map<String, Object> point, final String key)
    {
        final double value = Points.number(point, key);
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%,.0f", value);
    }

    static String flag(final Map<String, Object> point, final String key)
    {
        final Object value = point.get(key);
        return value == null ? "–" : Boolean.TRUE.equals(value) ? "yes" : "no";
    }

    static String text(final Map<String, Object> point, final String key)
    {
        final Object value = point.get(key);
        return value == null ? "–" : String.valueOf(value);
    }

    static double[] xy(final double x, final double y)
    {
        return new double[]{x, y};
    }

    @SuppressWarnings("unchecked")
    static List<double[]> published(final Map<String, Object> series)
    {
        final List<double[]> points = new ArrayList<>();
        for (final Object item : (List<Object>)series.get("points"))
        {
            final List<Object> pair = (List<Object>)item;
            points.add(xy(((Number)pair.get(0)).doubleValue(), ((Number)pair.get(1)).doubleValue()));
        }
        return points;
    }

    static void addNumberByPeer(
        final SvgChart chart, final List<Map<String, Object>> points, final String xKey, final String yKey)
    {
        for (final String peer : peers(points))
        {
            final List<double[]> series = new ArrayList<>();
            for (final Map<String, Object> p : points)
            {
                if (peer.equals(p.get("peer")))
                {
                    series.add(xy(Points.number(p, xKey), Points.number(p, yKey)));
                }
            }
            chart.add(peer, series, false);
        }
    }
}
