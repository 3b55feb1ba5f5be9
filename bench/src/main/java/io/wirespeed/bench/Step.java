package io.wirespeed.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.wirespeed.bench.json.Json;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.bench.scenario.ChurnScenario;
import io.wirespeed.bench.scenario.DefaultConfigScenario;
import io.wirespeed.bench.scenario.FailoverScenario;
import io.wirespeed.bench.scenario.FanOutScenario;
import io.wirespeed.bench.scenario.ManyToManyScenario;
import io.wirespeed.bench.scenario.QuickstartScenario;
import io.wirespeed.bench.scenario.ReflectorScenario;
import io.wirespeed.bench.scenario.SelectorScenario;
import io.wirespeed.bench.scenario.StockExchangeScenario;
import io.wirespeed.bench.scenario.ThroughputScenario;
import io.wirespeed.bench.scenario.TopicLoadScenario;
import io.wirespeed.bench.scenario.WildcardScenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * One step of the suite in a JVM of its own: one scenario for one peer. The suite starts a fresh
 * JVM per step, so that no peer's threads, heap or JIT state colour another's figures.
 * <p>
 * Arguments: {@code <scenario> <peer> [long] [idle=...] [threading=...] out=<file.json>}. Writes
 * the measured points as a JSON array, each point as soon as it is measured.
 */
public final class Step
{
    private Step()
    {
    }

    /** The step's command line, parsed by picocli. */
    @Command(name = "step")
    static final class Arguments
    {
        @Parameters(index = "0", paramLabel = "scenario")
        String scenario;

        @Parameters(index = "1", paramLabel = "peer")
        String peer;

        @Mixin
        RunProfile.Options profileOptions = new RunProfile.Options();

        @Option(names = {"out", "--out"}, paramLabel = "file.json", description = "where the points go")
        Path out;
    }

    /**
     * Runs one step.
     *
     * @param args scenario, peer, profile options and the output file.
     * @throws Exception if the step fails; points measured before the failure are already written.
     */
    public static void main(final String[] args) throws Exception
    {
        final Arguments arguments = new Arguments();
        final CommandLine command = new CommandLine(arguments);
        try
        {
            command.parseArgs(args);
        }
        catch (final CommandLine.ParameterException ex)
        {
            command.getErr().println(ex.getMessage());
            command.usage(command.getErr());
            System.exit(2);
        }
        final String scenario = arguments.scenario;
        final String peer = arguments.peer;
        final RunProfile profile = arguments.profileOptions.profile();
        final Path out = arguments.out;
        final List<Map<String, Object>> points = new ArrayList<>();
        final Path file = out;
        final Consumer<Map<String, Object>> sink = point ->
        {
            points.add(point);
            if (file != null)
            {
                try
                {
                    Files.writeString(file, Json.write(points));
                }
                catch (final java.io.IOException ex)
                {
                    throw new java.io.UncheckedIOException(ex);
                }
            }
        };
        run(scenario, peer, profile, sink);
        System.exit(0);
    }

    static void run(
        final String scenario, final String peer, final RunProfile profile, final Consumer<Map<String, Object>> sink)
        throws Exception
    {
        switch (scenario)
        {
            case "S1" -> ReflectorScenario.s1(peer, profile, sink);
            case "S2" -> ThroughputScenario.s2(peer, profile, sink);
            case "S3" -> TopicLoadScenario.s3(peer, profile, sink);
            case "S4" -> ReflectorScenario.s4(peer, profile, sink);
            case "S5" -> ReflectorScenario.s5(peer, profile, sink);
            case "S6" -> ManyToManyScenario.s6(peer, profile, sink);
            case "S7" -> FanOutScenario.s7(peer, profile, sink);
            case "S8" -> StockExchangeScenario.s8(peer, profile, sink);
            case "S9" -> ReflectorScenario.s9(peer, profile, sink);
            case DefaultConfigScenario.ID -> DefaultConfigScenario.run(peer, profile, sink);
            case QuickstartScenario.ID -> QuickstartScenario.run(peer, profile, sink);
            case WildcardScenario.ID -> WildcardScenario.run(peer, profile, sink);
            case ChurnScenario.ID -> ChurnScenario.run(peer, profile, sink);
            case SelectorScenario.ID -> SelectorScenario.run(peer, profile, sink);
            case FailoverScenario.ID -> FailoverScenario.run(peer, profile, sink);
            default -> throw new IllegalArgumentException("unknown scenario: " + scenario);
        }
    }
}
