package io.wirespeed.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.wirespeed.bench.json.JsonParser;
import io.wirespeed.bench.rig.RunProfile;

/**
 * Runs one {@link Plan.Step} in a fresh JVM with this JVM's classpath and {@code --add-opens}
 * flags, its output passed through, and reads back the points it wrote.
 */
final class ChildJvm
{
    /** Heap of each child JVM. */
    static final String HEAP = "-Xmx1g";

    private ChildJvm()
    {
    }

    /**
     * The JVM options a child gets: the module flags this JVM was started with, and the heap.
     *
     * @return the options.
     */
    static List<String> jvmOptions()
    {
        final List<String> options = new ArrayList<>();
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports"))
            {
                options.add(arg);
            }
        }
        options.add(HEAP);
        return options;
    }

    /**
     * Runs a step and waits for it, up to a time limit.
     *
     * @param step      the step.
     * @param profile   the run's profile.
     * @param directory where the step writes its points.
     * @param limitSeconds the most the step may take before it is killed.
     * @return the points it measured (possibly fewer than planned if it failed), and its exit status.
     * @throws IOException if the JVM cannot be started.
     * @throws InterruptedException if interrupted while waiting.
     */
    @SuppressWarnings("unchecked")
    static Outcome run(final Plan.Step step, final RunProfile profile, final Path directory, final long limitSeconds)
        throws IOException, InterruptedException
    {
        final Path out = directory.resolve(step.scenario() + "-" + step.peer() + ".json");
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Step.class.getName());
        command.add(step.scenario());
        command.add(step.peer());
        command.addAll(profile.toArgs());
        command.add("out=" + out);
        final Process process = new ProcessBuilder(command).inheritIO().start();
        final boolean finished = process.waitFor(limitSeconds, TimeUnit.SECONDS);
        if (!finished)
        {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        final List<Map<String, Object>> points = Files.exists(out) ?
            (List<Map<String, Object>>)JsonParser.parse(Files.readString(out)) : List.of();
        final String error = !finished ? "killed after " + limitSeconds + " s" :
            process.exitValue() != 0 ? "exit status " + process.exitValue() : null;
        return new Outcome(points, error);
    }

    /**
     * What a step left behind.
     *
     * @param points the points it measured.
     * @param error  why it ended badly, or null.
     */
    record Outcome(List<Map<String, Object>> points, String error)
    {
    }
}
