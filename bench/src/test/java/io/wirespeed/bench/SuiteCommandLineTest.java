package io.wirespeed.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.wirespeed.bench.rig.RunProfile;
import picocli.CommandLine;

/**
 * The suite's command line: every option by its bare name and with {@code --}, {@code --help}, and bad usage ending
 * with exit status 2, the usage and, for a mistyped option, what it may have meant, never a stack trace.
 */
class SuiteCommandLineTest
{
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(final String... args)
    {
        return Suite.commandLine(args).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
            .execute(args);
    }

    @Test
    void helpListsEveryOption()
    {
        assertEquals(0, run("--help"));
        for (final String option : List.of("long", "idle", "threading", "warmup", "measure", "s3topics", "only",
            "peers", "hosts", "jmh", "out"))
        {
            assertTrue(out.toString().contains("--" + option), option + ": " + out);
        }
    }

    @Test
    void aMistypedOptionEndsWithStatusTwoAndWhatItMayHaveMeant()
    {
        assertEquals(2, run("--idel=busy-spin"));
        assertTrue(err.toString().contains("--idle"), err.toString());
        assertTrue(!err.toString().contains("\tat "), err.toString());
    }

    @Test
    void aBadNumberOrScenarioEndsWithStatusTwoNamingIt()
    {
        assertEquals(2, run("warmup=soon"));
        assertTrue(err.toString().contains("soon") && !err.toString().contains("\tat "), err.toString());
        assertEquals(2, run("only=S1,S99"));
        assertTrue(err.toString().contains("S99") && !err.toString().contains("\tat "), err.toString());
    }

    @Test
    void theProfileTakesBareNamesAndDashedOnes()
    {
        final RunProfile bare = RunProfile.parse(new String[]{"long", "idle=busy-spin", "threading=dedicated",
            "warmup=2", "measure=5", "s3topics=0,1000"});
        assertEquals(new RunProfile(true, "busy-spin", "dedicated", 2, 5, List.of(0, 1000), List.of()), bare);
        assertEquals(bare, RunProfile.parse(new String[]{"--long", "--idle=busy-spin", "--threading=dedicated",
            "--warmup=2", "--measure=5", "--s3topics=0,1000"}));
        assertEquals(bare, RunProfile.parse(bare.toArgs().toArray(new String[0])));
        assertThrows(CommandLine.ParameterException.class, () -> RunProfile.parse(new String[]{"idle=x", "bogus"}));
    }
}
