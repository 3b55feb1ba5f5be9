package io.wirespeed.bench.rig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How a suite run is configured: short or long durations, and the idle strategy and threading
 * mode given to Wirespeed and to raw Aeron alike. Passed to child JVMs as {@code key=value}
 * arguments.
 *
 * @param longRun        true for the papers' full durations, false for the short suite.
 * @param idle           idle strategy name: yielding (the short suite's default), busy-spin, backoff.
 * @param threading      media driver threading: shared or dedicated.
 * @param warmupSeconds  seconds of warm-up before each measurement.
 * @param measureSeconds seconds each measurement lasts.
 * @param s3Topics       the loaded topic counts S3 measures, or empty for the profile's own.
 */
public record RunProfile(
    boolean longRun, String idle, String threading, double warmupSeconds, double measureSeconds,
    List<Integer> s3Topics)
{
    /** Short suite: warm-up seconds. */
    public static final double SHORT_WARMUP = 0.5;
    /** Short suite: measured seconds. */
    public static final double SHORT_MEASURE = 1.5;
    /** Long suite: warm-up seconds. */
    public static final double LONG_WARMUP = 10;
    /** Long suite: measured seconds, the papers' five minutes. */
    public static final double LONG_MEASURE = 300;

    /**
     * Parses {@code long}, {@code idle=...}, {@code threading=...}, {@code warmup=<s>}, {@code measure=<s>} and
     * {@code s3topics=<n>,<n>...} among other arguments; a leading {@code --} is allowed.
     *
     * @param args command-line arguments.
     * @return the profile.
     */
    public static RunProfile parse(final String[] args)
    {
        boolean longRun = false;
        String idle = "yielding";
        String threading = "shared";
        double warmup = Double.NaN;
        double measure = Double.NaN;
        final List<Integer> s3Topics = new ArrayList<>();
        for (final String arg : args)
        {
            final String a = arg.startsWith("--") ? arg.substring(2) : arg;
            if (a.equals("long"))
            {
                longRun = true;
            }
            else if (a.startsWith("idle="))
            {
                idle = a.substring(5);
            }
            else if (a.startsWith("threading="))
            {
                threading = a.substring(10);
            }
            else if (a.startsWith("warmup="))
            {
                warmup = Double.parseDouble(a.substring(7));
            }
            else if (a.startsWith("measure="))
            {
                measure = Double.parseDouble(a.substring(8));
            }
            else if (a.startsWith("s3topics="))
            {
                for (final String count : a.substring(9).split(","))
                {
                    s3Topics.add(Integer.parseInt(count.trim()));
                }
            }
        }
        return new RunProfile(longRun, idle, threading,
            Double.isNaN(warmup) ? (longRun ? LONG_WARMUP : SHORT_WARMUP) : warmup,
            Double.isNaN(measure) ? (longRun ? LONG_MEASURE : SHORT_MEASURE) : measure, List.copyOf(s3Topics));
    }

    /**
     * This profile with other warm-up and measured durations, for a scenario that measures many points briefly.
     *
     * @param warmup  seconds of warm-up before each measurement.
     * @param measure seconds each measurement lasts.
     * @return the profile.
     */
    public RunProfile withDurations(final double warmup, final double measure)
    {
        return new RunProfile(longRun, idle, threading, warmup, measure, s3Topics);
    }

    /**
     * The arguments that reproduce this profile in a child JVM.
     *
     * @return the arguments.
     */
    public List<String> toArgs()
    {
        final List<String> args = new ArrayList<>();
        if (longRun)
        {
            args.add("long");
        }
        args.add("idle=" + idle);
        args.add("threading=" + threading);
        args.add("warmup=" + warmupSeconds);
        args.add("measure=" + measureSeconds);
        if (!s3Topics.isEmpty())
        {
            args.add("s3topics=" + s3Topics.stream().map(String::valueOf).collect(Collectors.joining(",")));
        }
        return args;
    }

    /**
     * The profile as a map for results.
     *
     * @return mode, idle, threading, warm-up and measured seconds.
     */
    public Map<String, Object> describe()
    {
        final Map<String, Object> map = new LinkedHashMap<>();
        map.put("mode", longRun ? "long" : "short");
        map.put("idle", idle);
        map.put("threading", threading);
        map.put("warmupSeconds", warmupSeconds);
        map.put("measureSeconds", measureSeconds);
        if (!s3Topics.isEmpty())
        {
            map.put("s3Topics", s3Topics);
        }
        return map;
    }
}
