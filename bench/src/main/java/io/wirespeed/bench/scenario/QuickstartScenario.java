package io.wirespeed.bench.scenario;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.wirespeed.bench.rig.Points;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.examples.Quickstart;

/**
 * QS: the quickstart of module {@code examples}, run as its README runs it (a JVM of its own, the Aeron flags and
 * nothing else, {@code jndi.properties}: {@code wirespeed:ipc} with no option), its printed percentiles recorded as
 * a point. Short mode runs it without arguments (150,000 messages of 45 bytes at 50,000 msg/s measured after its
 * warm-up, which lasts until the JIT compiler has been quiet for a second); long mode measures for the run's measured
 * duration at the same rate.
 */
public final class QuickstartScenario
{
    /** The scenario's id. */
    public static final String ID = "QS";

    /** The quickstart's rate when run without arguments. */
    public static final int RATE = 50_000;

    private static final Pattern SENT = Pattern.compile("sent ([\\d,]+), received ([\\d,]+)( \\(INCOMPLETE\\))?");
    private static final Pattern PERCENTILES = Pattern.compile(
        "p50 ([\\d.]+)\\s+p90 ([\\d.]+)\\s+p99 ([\\d.]+)\\s+p99\\.9 ([\\d.]+)\\s+max ([\\d.]+)");
    private static final Pattern MEASURED = Pattern.compile("after ([\\d,]+) warm-up messages, ([\\d,]+) measured");

    private QuickstartScenario()
    {
    }

    /**
     * Runs the quickstart and records what it printed.
     *
     * @param peer    {@code wirespeed-ipc}: the quickstart's own configuration.
     * @param profile the run's profile (long mode sends for its durations).
     * @param sink    takes the point.
     * @throws Exception if the quickstart cannot be started.
     */
    public static void run(final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        final JvmCommand command = JvmCommand.of(Quickstart.class);
        if (profile.longRun())
        {
            command.args(String.valueOf((long)(RATE * profile.measureSeconds())), String.valueOf(RATE));
        }
        final Map<String, Object> point = Points.of(ID, peer, settings(command), profile);
        point.put("messageSize", 45);
        point.put("targetRate", RATE);
        final long limitSeconds = profile.longRun() ? 3_600 : 120;
        try (ChildJvm quickstart = ChildJvm.start("quickstart", command))
        {
            final boolean exited = quickstart.waitFor(Duration.ofSeconds(limitSeconds));
            final String output = quickstart.output();
            for (final String line : output.split("\n"))
            {
                System.out.println("  [QS] | " + line);
            }
            point.putAll(parse(output));
            if (!exited)
            {
                point.put("error", "killed after " + limitSeconds + " s");
            }
            else if (quickstart.exitValue() != 0)
            {
                point.put("error", "exit status " + quickstart.exitValue());
            }
        }
        point.put("saturated", !Boolean.TRUE.equals(point.get("complete")));
        Progress.print(point, "quickstart 45 B @ 50,000/s");
        sink.accept(point);
    }

    /**
     * The figures in the quickstart's output: sent, received, complete, measured count and one-way latency (µs).
     *
     * @param output what the quickstart printed.
     * @return the figures found; {@code complete} is false unless a complete "sent" line was found.
     */
    static Map<String, Object> parse(final String output)
    {
        final Map<String, Object> figures = new LinkedHashMap<>();
        final Matcher sent = SENT.matcher(output);
        final boolean foundSent = sent.find();
        if (foundSent)
        {
            figures.put("sent", count(sent.group(1)));
            figures.put("received", count(sent.group(2)));
        }
        figures.put("complete", foundSent && null == sent.group(3));
        final Matcher measured = MEASURED.matcher(output);
        if (measured.find())
        {
            figures.put("warmupMessages", count(measured.group(1)));
            figures.put("measuredMessages", count(measured.group(2)));
        }
        final Matcher percentiles = PERCENTILES.matcher(output);
        if (percentiles.find())
        {
            final Map<String, Object> latency = new LinkedHashMap<>();
            latency.put("p50", Double.parseDouble(percentiles.group(1)));
            latency.put("p90", Double.parseDouble(percentiles.group(2)));
            latency.put("p99", Double.parseDouble(percentiles.group(3)));
            latency.put("p99.9", Double.parseDouble(percentiles.group(4)));
            latency.put("max", Double.parseDouble(percentiles.group(5)));
            figures.put("latency", latency);
        }
        return figures;
    }

    private static long count(final String digits)
    {
        return Long.parseLong(digits.replace(",", ""));
    }

    private static Map<String, Object> settings(final JvmCommand command)
    {
        final Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("api", "JMS (Wirespeed), through JNDI");
        settings.put("transport", "ipc");
        settings.put("threading", "provider default");
        settings.put("idle", "provider default");
        settings.put("uri", "wirespeed:ipc (examples/src/main/resources/jndi.properties)");
        settings.put("shape", "one connection: a producer session on the main thread, a listener session; " +
            "one-way latency from the intended send time");
        settings.put("command", command.toString());
        return settings;
    }
}
