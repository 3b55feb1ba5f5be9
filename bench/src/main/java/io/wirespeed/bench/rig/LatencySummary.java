package io.wirespeed.bench.rig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

/**
 * The figures the report shows for one latency histogram recorded in nanoseconds: percentiles,
 * max, mean and standard deviation in microseconds, and a percentile curve for charts.
 */
public final class LatencySummary
{
    /** The percentiles every summary reports. */
    public static final double[] PERCENTILES = {50, 90, 95, 99, 99.9, 99.99};

    /** The points of the percentile curve. */
    public static final double[] CURVE = {0, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.999, 100};

    private LatencySummary()
    {
    }

    /**
     * Summarises a histogram, scaled by a divisor (2 turns a round trip into a half round trip).
     *
     * @param histogram values in nanoseconds.
     * @param divisor   1 for the recorded value, 2 for half of it.
     * @return an ordered map: count, p50, p90, p95, p99, p99.9, p99.99, max, min, mean, stddev (µs) and curve.
     */
    public static Map<String, Object> of(final Histogram histogram, final double divisor)
    {
        final Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", histogram.getTotalCount());
        if (histogram.getTotalCount() == 0)
        {
            return summary;
        }
        for (final double p : PERCENTILES)
        {
            summary.put(key(p), micros(histogram.getValueAtPercentile(p), divisor));
        }
        summary.put("max", micros(histogram.getMaxValue(), divisor));
        summary.put("min", micros(histogram.getMinValue(), divisor));
        summary.put("mean", micros(histogram.getMean(), divisor));
        summary.put("stddev", micros(histogram.getStdDeviation(), divisor));
        final List<Object> curve = new ArrayList<>();
        for (final double p : CURVE)
        {
            curve.add(List.of(p, micros(histogram.getValueAtPercentile(p), divisor)));
        }
        summary.put("curve", curve);
        return summary;
    }

    /**
     * The key a percentile is stored under: {@code p50}, {@code p99.9}.
     *
     * @param percentile the percentile.
     * @return its key.
     */
    public static String key(final double percentile)
    {
        return percentile == Math.rint(percentile) ? "p" + (long)percentile : "p" + percentile;
    }

    private static double micros(final double nanos, final double divisor)
    {
        return Math.round(nanos / divisor / 10.0) / 100.0;
    }
}
