package io.wirespeed.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.wirespeed.bench.json.JsonWriter;
import io.wirespeed.bench.report.PublishedFigures;
import io.wirespeed.bench.report.ReportWriter;
import io.wirespeed.bench.report.Targets;
import io.wirespeed.bench.rig.MachineInfo;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.rig.SourceInfo;
import io.wirespeed.netns.NamespaceNetwork;

/**
 * The benchmark suite: runs every scenario for every peer planned for it, each in a JVM of its
 * own, then the JMH benchmarks, and writes {@code results.json}, {@code report.md} and
 * {@code report.html} (charts as inline SVG) under {@code bench/results/<timestamp>/}.
 * <p>
 * Arguments, all optional: {@code long} (the papers' durations), {@code idle=yielding|busy-spin|backoff},
 * {@code threading=shared|dedicated}, {@code only=S1,S2,...,S9,DEF,QS,WC,JMH}, {@code peers=wirespeed-ipc,aeron-ipc},
 * {@code hosts=loopback|netns} (netns: the network peers of S1, S2, S3, S4, S5, S8 and S9 also between network
 * namespaces, as {@code <peer>-netns}; needs root), {@code jmh=<jar>|skip}, {@code out=<directory>},
 * {@code warmup=<s>}, {@code measure=<s>}, {@code s3topics=<n>,<n>...} (S3's loaded topic counts instead of its
 * profile's).
 */
public final class Suite
{
    private Suite()
    {
    }

    /**
     * Runs the suite.
     *
     * @param args the options above.
     * @throws Exception if the results cannot be written.
     */
    public static void main(final String[] args) throws Exception
    {
        final long started = System.nanoTime();
        final RunProfile profile = RunProfile.parse(args);
        final Set<String> only = listOption(args, "only");
        Plan.checkScenarioIds(only);
        final Set<String> peers = listOption(args, "peers");
        final String hosts = option(args, "hosts", "loopback");
        if (!"loopback".equals(hosts) && !"netns".equals(hosts))
        {
            throw new IllegalArgumentException("hosts=loopback (every side in one network stack) or hosts=netns " +
                "(the network peers of " + Plan.ACROSS_HOSTS + " also between network namespaces), not " + hosts);
        }
        final String jmhJar = option(args, "jmh", "jmh/target/benchmarks.jar");
        final Path out = Path.of(option(args, "out",
            "bench/results/" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))));
        Files.createDirectories(out);
        final Path steps = Files.createDirectories(out.resolve("steps"));

        final Map<String, Object> machine = MachineInfo.describe();
        System.out.printf("Wirespeed benchmark suite (%s): %s cores, %s, %s%n", profile.describe().get("mode"),
            machine.get("cores"), machine.get("cpuModel"), machine.get("jvm"));
        System.out.printf("idle=%s threading=%s warm-up %.1f s, measured %.1f s per point; results in %s%n",
            profile.idle(), profile.threading(), profile.warmupSeconds(), profile.measureSeconds(), out);

        if ("netns".equals(hosts))
        {
            System.out.println("hosts=netns: " + NamespaceNetwork.unavailableReason(false).map(
                reason -> "this machine cannot make network namespaces, so those steps fail: " + reason).orElse(
                "the network peers also run between network namespaces (near, far, broker) on one switch"));
        }
        final List<Plan.Step> plan = Plan.steps(profile, only, peers, "netns".equals(hosts));
        final List<Map<String, Object>> points = new ArrayList<>();
        final List<Map<String, Object>> errors = new ArrayList<>();
        int index = 0;
        for (final Plan.Step step : plan)
        {
            index++;
            final long stepStart = System.nanoTime();
            System.out.printf("[%d/%d] %s %s: %s%n", index, plan.size(), step.scenario(), step.peer(),
                Plan.SCENARIOS.get(step.scenario()));
            final StepJvm.Outcome outcome = StepJvm.run(step, profile, steps, profile.longRun() ? 4 * 3600 : 240);
            points.addAll(outcome.points());
            if (outcome.error() != null)
            {
                final Map<String, Object> error = new LinkedHashMap<>();
                error.put("scenario", step.scenario());
                error.put("peer", step.peer());
                error.put("error", outcome.error());
                errors.add(error);
                System.out.printf("  [%s] %s FAILED: %s%n", step.scenario(), step.peer(), outcome.error());
            }
            System.out.printf("  (%.1f s, %.0f s elapsed)%n",
                (System.nanoTime() - stepStart) / 1e9, (System.nanoTime() - started) / 1e9);
        }

        final Map<String, Object> jmh = "skip".equals(jmhJar) || !only.isEmpty() && !only.contains("JMH") ?
            Map.of("status", "skipped", "results", List.of()) :
            JmhRunner.run(Path.of(jmhJar), out, profile, profile.longRun() ? 3 * 3600 : 330);
        System.out.printf("  [JMH] %s (%.0f s elapsed)%n", jmh.get("status"), (System.nanoTime() - started) / 1e9);

        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("suite", "wirespeed-bench");
        results.put("startedAt", ZonedDateTime.now().minusNanos(System.nanoTime() - started).toString());
        results.put("command", "bench/bin/run-suite " + String.join(" ", args));
        results.put("durationSeconds", Math.round((System.nanoTime() - started) / 1e9));
        results.put("machine", machine);
        results.putAll(SourceInfo.describe(Path.of("").toAbsolutePath()));
        results.put("childJvmOptions", StepJvm.jvmOptions());
        results.put("profile", profile.describe());
        results.put("hosts", hosts);
        results.put("scenarios", Plan.SCENARIOS);
        results.put("targets", Targets.evaluate(points));
        results.put("published", PublishedFigures.all());
        results.put("points", points);
        results.put("jmh", jmh);
        results.put("errors", errors);
        Files.writeString(out.resolve("results.json"), JsonWriter.write(results));
        ReportWriter.write(results, out);

        System.out.println("Targets:");
        for (final Map<String, Object> target : Targets.evaluate(points))
        {
            System.out.printf("  %-8s %s (%s)%n", target.get("status"), target.get("target"), target.get("detail"));
        }
        System.out.printf("Done in %.0f s: %s, %s, %s%n", (System.nanoTime() - started) / 1e9,
            out.resolve("results.json"), out.resolve("report.md"), out.resolve("report.html"));
        System.exit(0);
    }

    private static String option(final String[] args, final String name, final String fallback)
    {
        for (final String arg : args)
        {
            final String a = arg.startsWith("--") ? arg.substring(2) : arg;
            if (a.startsWith(name + "="))
            {
                return a.substring(name.length() + 1);
            }
        }
        return fallback;
    }

    private static Set<String> listOption(final String[] args, final String name)
    {
        final String value = option(args, name, "");
        final Set<String> set = new HashSet<>();
        for (final String item : value.split(","))
        {
            if (!item.isBlank())
            {
                set.add(item.trim());
            }
        }
        return set;
    }
}
