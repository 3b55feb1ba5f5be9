package io.wirespeed.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import io.wirespeed.bench.json.Json;
import io.wirespeed.bench.report.PublishedFigures;
import io.wirespeed.bench.report.ReportWriter;
import io.wirespeed.bench.report.Targets;
import io.wirespeed.bench.rig.MachineInfo;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.rig.SourceInfo;
import io.wirespeed.netns.NamespaceNetwork;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The benchmark suite: runs every scenario for every peer planned for it, each in a JVM of its
 * own, then the JMH benchmarks, and writes {@code results.json}, {@code report.md} and
 * {@code report.html} (charts as inline SVG) under {@code bench/results/<timestamp>/}.
 * <p>
 * Arguments (picocli; {@code --help} lists them), all optional, each by its bare name or with {@code --}:
 * {@code long} (the published reports' durations), {@code idle=yielding|busy-spin|backoff},
 * {@code threading=shared|dedicated}, {@code only=S1,S2,...,S9,DEF,QS,WC,CH,SEL,S10,JMH},
 * {@code peers=wirespeed-ipc,aeron-ipc}, {@code hosts=loopback|netns} (netns: the network peers of S1, S2, S3,
 * S4, S5, S8 and S9 also between network namespaces, as {@code <peer>-netns}, and S8 also with a three-member
 * clustered queue host, {@code wirespeed-cluster-netns}; needs root), {@code jmh=<jar>|skip},
 * {@code out=<directory>}, {@code warmup=<s>}, {@code measure=<s>}, {@code s3topics=<n>,<n>...} (S3's loaded topic
 * counts instead of its profile's), {@code s10artemis=<n>,...} (S10: Artemis's replicated pair measured only with
 * these producer/consumer counts).
 */
@Command(name = "bench/bin/run-suite", mixinStandardHelpOptions = true, version = "wirespeed-bench",
    description = Suite.DESCRIPTION, footer = Suite.FOOTER)
public final class Suite implements Callable<Integer>
{
    static final String DESCRIPTION = "Runs every scenario for every peer planned for it, each in a JVM of its " +
        "own, then the JMH benchmarks, and writes results.json, report.md and report.html.";
    static final String FOOTER = "Options take their bare name or --name, e.g. idle=busy-spin or " +
        "--idle=busy-spin. Exit status 2 for bad usage.";

    @Mixin
    private RunProfile.Options profileOptions = new RunProfile.Options();

    @Option(names = {"only", "--only"}, split = ",", paramLabel = "S1,...,S9,DEF,QS,WC,CH,SEL,S10,JMH",
        description = "run these scenarios only")
    private Set<String> only = new LinkedHashSet<>();

    @Option(names = {"peers", "--peers"}, split = ",", paramLabel = "peer",
        description = "run these peers only, e.g. wirespeed-ipc,aeron-ipc")
    private Set<String> peers = new LinkedHashSet<>();

    @Option(names = {"hosts", "--hosts"}, paramLabel = "loopback|netns",
        description = "netns: the network peers also between network namespaces (root) (${DEFAULT-VALUE})")
    private String hosts = "loopback";

    @Option(names = {"jmh", "--jmh"}, paramLabel = "jar|skip",
        description = "the JMH jar, or skip (${DEFAULT-VALUE})")
    private String jmhJar = "jmh/target/benchmarks.jar";

    @Option(names = {"out", "--out"}, paramLabel = "directory",
        description = "where the results go (bench/results/<timestamp>)")
    private String outDirectory;

    @Spec
    private CommandSpec spec;

    private final String[] args;

    private Suite(final String[] args)
    {
        this.args = args.clone();
    }

    /**
     * Runs the suite; exits with 2 and the usage for bad usage, with 0 once the results are written.
     *
     * @param args the options above.
     */
    public static void main(final String[] args)
    {
        System.exit(commandLine(args).execute(args));
    }

    /**
     * The suite's command line for arguments, not yet run.
     *
     * @param args the arguments, recorded in the results as the command.
     * @return the command line.
     */
    static CommandLine commandLine(final String[] args)
    {
        return new CommandLine(new Suite(args));
    }

    /**
     * Runs the suite with the parsed options.
     *
     * @return 0.
     * @throws Exception if the results cannot be written.
     */
    @Override
    public Integer call() throws Exception
    {
        final long started = System.nanoTime();
        final RunProfile profile = profileOptions.profile();
        try
        {
            Plan.checkScenarioIds(only);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new CommandLine.ParameterException(spec.commandLine(), ex.getMessage());
        }
        if (!"loopback".equals(hosts) && !"netns".equals(hosts))
        {
            throw new CommandLine.ParameterException(spec.commandLine(), "hosts=loopback (every side in one " +
                "network stack) or hosts=netns (the network peers of " + Plan.ACROSS_HOSTS + " also between network " +
                "namespaces), not " + hosts);
        }
        final Path out = Path.of(null != outDirectory ? outDirectory :
            "bench/results/" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
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
                "the network peers also run between network namespaces (near, far, broker; a cluster's members on " +
                "member0..2) on one switch"));
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
            JmhRunner.run(Path.of(jmhJar), out, profile,
                profile.longRun() ? 3 * 3600 : JmhRunner.SHORT_LIMIT_SECONDS);
        System.out.printf("  [JMH] %s (%.0f s elapsed)%n", jmh.get("status"), (System.nanoTime() - started) / 1e9);

        final Map<String, Object> results = new LinkedHashMap<>();
        results.put("suite", "wirespeed-bench");
        results.put("startedAt", ZonedDateTime.now().minusNanos(System.nanoTime() - started).toString());
        results.put("command", "bench/bin/run-suite " + String.join(" ", args));
        results.put("durationSeconds", Math.round((System.nanoTime() - started) / 1e9));
        machine.put("loadAverageAtEnd", MachineInfo.loadAverage());
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
        Files.writeString(out.resolve("results.json"), Json.write(results));
        ReportWriter.write(results, out);

        System.out.println("Targets:");
        for (final Map<String, Object> target : Targets.evaluate(points))
        {
            System.out.printf("  %-8s %s (%s)%n", target.get("status"), target.get("target"), target.get("detail"));
        }
        System.out.printf("Done in %.0f s: %s, %s, %s%n", (System.nanoTime() - started) / 1e9,
            out.resolve("results.json"), out.resolve("report.md"), out.resolve("report.html"));
        return 0;
    }
}
