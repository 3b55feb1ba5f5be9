package io.wirespeed.bench.rig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * How a suite run is configured: short or long durations, and the idle strategy and threading
 * mode given to Wirespeed and to raw Aeron alike. Passed to child JVMs as {@code key=value}
 * arguments.
 *
 * @param longRun        true for the published reports' full durations, false for the short suite.
 * @param idle           idle strategy name: yielding (the short suite's default), busy-spin, backoff.
 * @param threading      media driver threading: shared or dedicated.
 * @param warmupSeconds  seconds of warm-up before each measurement.
 * @param measureSeconds seconds each measurement lasts.
 * @param s3Topics       the loaded topic counts S3 measures, or empty for the profile's own.
 * @param s10ArtemisPairs the producer/consumer counts (1, 2) S10 measures Artemis's replicated pair at, or empty for
 *                        all (a test's shorter run; the suite measures all).
 */
public record RunProfile(
    boolean longRun, String idle, String threading, double warmupSeconds, double measureSeconds,
    List<Integer> s3Topics, List<Integer> s10ArtemisPairs)
{
    /** Short suite: warm-up seconds. */
    public static final double SHORT_WARMUP = 0.5;
    /** Short suite: measured seconds. */
    public static final double SHORT_MEASURE = 1.5;
    /** Long suite: warm-up seconds. */
    public static final double LONG_WARMUP = 10;
    /** Long suite: measured seconds, the published reports' five minutes. */
    public static final double LONG_MEASURE = 300;

    /**
     * Parses {@code long}, {@code idle=...}, {@code threading=...}, {@code warmup=<s>}, {@code measure=<s>},
     * {@code s3topics=<n>,<n>...} and {@code s10artemis=<n>,...}; a leading {@code --} is allowed. Nothing else: a
     * command that takes more arguments mixes {@link Options} into its own command line.
     *
     * @param args command-line arguments.
     * @return the profile.
     * @throws CommandLine.ParameterException naming the argument, if one is unknown or not a number.
     */
    public static RunProfile parse(final String[] args)
    {
        final Options options = new Options();
        new CommandLine(options).parseArgs(args);
        return options.profile();
    }

    /**
     * The profile's options on a command line (picocli), each by its bare name and with {@code --}: {@code long},
     * {@code idle=}, {@code threading=}, {@code warmup=}, {@code measure=}, {@code s3topics=}, {@code s10artemis=}.
     */
    public static final class Options
    {
        @Option(names = {"long", "--long"}, description = "the published reports' full durations (hours)")
        boolean longRun;

        @Option(names = {"idle", "--idle"}, paramLabel = "yielding|busy-spin|backoff",
            description = "idle strategy of Wirespeed and raw Aeron alike (${DEFAULT-VALUE})")
        String idle = "yielding";

        @Option(names = {"threading", "--threading"}, paramLabel = "shared|dedicated",
            description = "media driver threading of Wirespeed and raw Aeron alike (${DEFAULT-VALUE})")
        String threading = "shared";

        @Option(names = {"warmup", "--warmup"}, paramLabel = "seconds",
            description = "warm-up before each measured point (short: 0.5, long: 10)")
        Double warmup;

        @Option(names = {"measure", "--measure"}, paramLabel = "seconds",
            description = "measured seconds per point (short: 1.5, long: 300)")
        Double measure;

        @Option(names = {"s3topics", "--s3topics"}, split = ",", paramLabel = "n",
            description = "S3's loaded topic counts instead of the profile's")
        List<Integer> s3Topics = new ArrayList<>();

        @Option(names = {"s10artemis", "--s10artemis"}, split = ",", paramLabel = "pairs",
            description = "S10: measure Artemis's replicated pair only 1->1 (1) or 2->2 (2) instead of both")
        List<Integer> s10ArtemisPairs = new ArrayList<>();

        /** @return the profile these options give. */
        public RunProfile profile()
        {
            return new RunProfile(longRun, idle, threading,
                null == warmup ? (longRun ? LONG_WARMUP : SHORT_WARMUP) : warmup,
                null == measure ? (longRun ? LONG_MEASURE : SHORT_MEASURE) : measure, List.copyOf(s3Topics),
                List.copyOf(s10ArtemisPairs));
        }
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
        return new RunProfile(longRun, idle, threading, warmup, measure, s3Topics, s10ArtemisPairs);
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
        if (!s10ArtemisPairs.isEmpty())
        {
            args.add("s10artemis=" + s10ArtemisPairs.stream().map(String::valueOf).collect(Collectors.joining(",")));
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
        if (!s10ArtemisPairs.isEmpty())
        {
            map.put("s10ArtemisPairs", s10ArtemisPairs);
        }
        return map;
    }
}
