package io.wirespeed.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.wirespeed.bench.json.Json;
import io.wirespeed.bench.rig.RunProfile;

/**
 * Runs the JMH benchmarks of module {@code jmh} from their executable jar with short settings
 * (one fork, one warm-up and two measured one-second iterations; long mode: three and five of
 * two seconds), with the GC profiler for bytes allocated per operation, and reads the JSON back.
 * The benchmarks' own {@code @Fork} annotations carry the JVM flags they need.
 */
final class JmhRunner
{
    private JmhRunner()
    {
    }

    /**
     * The short run's consumer counts of {@code SelectorDispatchBenchmark} (its own are 1, 64, 256 and 1,024): its 48
     * parameter sets alone took the short run past its limit, so that the whole run of 2026-11-29 had no JMH figures.
     */
    static final String SHORT_SELECTOR_CONSUMERS = "consumers=1,1024";
    /** The most the short run's JMH may take: about 70 parameter sets of 4.5-5 s each on two cores, and room. */
    static final long SHORT_LIMIT_SECONDS = 450;

    /**
     * Runs the jar if it exists.
     *
     * @param jar       the benchmarks jar.
     * @param directory where jmh.json and jmh.log go.
     * @param profile   short or long.
     * @param limitSeconds the most JMH may take.
     * @return the command, status and the JMH JSON results (empty when skipped or failed).
     * @throws IOException if JMH cannot be started.
     * @throws InterruptedException if interrupted while waiting.
     */
    static Map<String, Object> run(
        final Path jar, final Path directory, final RunProfile profile, final long limitSeconds)
        throws IOException, InterruptedException
    {
        final Map<String, Object> jmh = new LinkedHashMap<>();
        if (!Files.exists(jar))
        {
            jmh.put("status", "skipped: " + jar + " does not exist (build module jmh first)");
            jmh.put("results", List.of());
            return jmh;
        }
        final Path json = directory.resolve("jmh.json");
        final Path log = directory.resolve("jmh.log");
        final List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        command.addAll(profile.longRun() ?
            List.of("-f", "1", "-wi", "3", "-w", "2s", "-i", "5", "-r", "2s") :
            List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "2", "-r", "1s", "-p", SHORT_SELECTOR_CONSUMERS));
        command.addAll(List.of("-prof", "gc", "-rf", "json", "-rff", json.toString()));
        jmh.put("command", String.join(" ", command));
        System.out.println("  [JMH] " + String.join(" ", command) + "  (log: " + log + ")");
        final Process process =
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        final boolean finished = process.waitFor(limitSeconds, TimeUnit.SECONDS);
        if (!finished)
        {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        if (Files.exists(json) && Files.size(json) > 0)
        {
            jmh.put("status", finished && process.exitValue() == 0 ? "ok" : "partial: exit " +
                (finished ? process.exitValue() : "killed after " + limitSeconds + " s"));
            jmh.put("results", Json.parse(Files.readString(json)));
        }
        else
        {
            jmh.put("status", finished ? "failed: exit " + process.exitValue() + ", see jmh.log" :
                "killed after " + limitSeconds + " s, see jmh.log");
            jmh.put("results", List.of());
        }
        return jmh;
    }
}
