package io.wirespeed.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.wirespeed.bench.json.Json;
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.netns.NamespaceNetwork;
import io.wirespeed.netns.NamespacesUnavailableException;

/**
 * Runs one {@link Plan.Step} in a fresh JVM (module {@code child-jvm}: this JVM's classpath and the flags Aeron
 * needs) with its output passed through, and reads back the points it wrote. A step of a peer that spans hosts runs
 * on the near host of a network of namespaces made for it ({@link Placement}).
 */
final class StepJvm
{
    /** Heap of each child JVM. */
    static final String HEAP = "-Xmx1g";

    private StepJvm()
    {
    }

    /**
     * The JVM options a child gets: the flags Aeron needs, and the heap.
     *
     * @return the options.
     */
    static List<String> jvmOptions()
    {
        final List<String> options = new ArrayList<>(JvmCommand.aeronFlags());
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
        final List<String> args = new ArrayList<>();
        args.add(step.scenario());
        args.add(step.peer());
        args.addAll(profile.toArgs());
        args.add("out=" + out);
        final JvmCommand command = JvmCommand.of(Step.class).jvmOption(HEAP).args(args.toArray(new String[0]));
        final String error;
        if (Placement.acrossHosts(step.peer()))
        {
            error = runOnHosts(step, command, limitSeconds);
        }
        else
        {
            error = run(step, command, limitSeconds);
        }
        final List<Map<String, Object>> points = Files.exists(out) ?
            (List<Map<String, Object>>)Json.parse(Files.readString(out)) : List.of();
        return new Outcome(points, error);
    }

    private static String run(final Plan.Step step, final JvmCommand command, final long limitSeconds)
        throws IOException, InterruptedException
    {
        try (ChildJvm child = ChildJvm.startPassingOutputThrough(step.scenario() + " " + step.peer(), command))
        {
            final boolean finished = child.waitFor(Duration.ofSeconds(limitSeconds));
            return !finished ? "killed after " + limitSeconds + " s" :
                child.exitValue() != 0 ? "exit status " + child.exitValue() : null;
        }
    }

    /** The step's JVM on the near host of a network made for it ({@link Placement}), removed afterwards. */
    private static String runOnHosts(final Plan.Step step, final JvmCommand command, final long limitSeconds)
        throws IOException, InterruptedException
    {
        final NamespaceNetwork network;
        try
        {
            network = Placement.network(step.peer());
        }
        catch (final NamespacesUnavailableException ex)
        {
            return "needs network namespaces, which this machine cannot make: " + ex.getMessage();
        }
        try (network)
        {
            return run(step, command.launcher(network.host(Placement.NEAR).launcher())
                .systemProperty(Placement.HOSTS_PROPERTY, Placement.describe(network)), limitSeconds);
        }
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
