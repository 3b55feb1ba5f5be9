package io.wirespeed.childjvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A child JVM runs the given main class with the Aeron flags and system properties, its lines are awaited with
 * deadlines, and signals end it without losing what it printed.
 */
class ChildJvmTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void runsTheMainClassWithItsSystemPropertiesAndReturnsTheLinesItPrintsAndItsExitStatus() throws Exception
    {
        try (ChildJvm child = ChildJvm.start("scripted", command().systemProperty("child.greeting", "hello")))
        {
            assertEquals("READY greeting=hello", child.awaitLine("READY", TIMEOUT));
            child.sendLine("say SENT count=3");
            child.sendLine("exit 3");

            assertEquals("SENT count=3", child.awaitLine("SENT ", TIMEOUT));
            assertEquals(3, child.awaitExit(TIMEOUT));
            assertEquals("READY greeting=hello\nSENT count=3", child.output());
        }
    }

    @Test
    void aLineThatNeverComesFailsAtOnceWhenTheChildEndsNamingThePrefixAndShowingItsOutput() throws Exception
    {
        try (ChildJvm child = ChildJvm.start("scripted", command()))
        {
            child.awaitLine("READY", TIMEOUT);
            child.closeInput();

            final IllegalStateException ex =
                assertThrows(IllegalStateException.class, () -> child.awaitLine("VERIFIED", TIMEOUT));
            assertTrue(ex.getMessage().startsWith("scripted printed no line starting 'VERIFIED' before its output " +
                "ended"), ex.getMessage());
            assertTrue(ex.getMessage().contains("\nBYE"), ex.getMessage());
            assertEquals(0, child.awaitExit(TIMEOUT));
        }
    }

    @Test
    void aLineThatNeverComesFromARunningChildFailsAfterTheTimeout() throws Exception
    {
        try (ChildJvm child = ChildJvm.start("scripted", command()))
        {
            final IllegalStateException ex =
                assertThrows(IllegalStateException.class, () -> child.awaitLine("NEVER", Duration.ofMillis(50)));
            assertTrue(ex.getMessage().startsWith("scripted printed no line starting 'NEVER' within PT0.05S"),
                ex.getMessage());
        }
    }

    @Test
    void sigkillEndsTheChildWithoutItsShutdownHookAndKeepsWhatItPrintedBefore() throws Exception
    {
        try (ChildJvm child = ChildJvm.start("scripted", command()))
        {
            child.sendLine("say last words");
            child.sendLine("hang");
            child.awaitLine("HANGING", TIMEOUT);
            final long pid = child.pid();

            assertEquals(137, child.killForcibly(TIMEOUT));
            assertTrue(ProcessHandle.of(pid).isEmpty() || !ProcessHandle.of(pid).get().isAlive(), "pid " + pid);
            assertEquals(List.of("last words", "HANGING"), List.of(child.output().split("\n")).subList(1, 3));
            assertTrue(!child.output().contains("HOOK"), child.output());
        }
    }

    @Test
    void sigtermRunsTheChildsShutdownHooks() throws Exception
    {
        try (ChildJvm child = ChildJvm.start("scripted", command()))
        {
            child.sendLine("hang");
            child.awaitLine("HANGING", TIMEOUT);

            child.terminate();

            assertEquals(143, child.awaitExit(TIMEOUT));
            assertEquals("HOOK", child.awaitLine("HOOK", TIMEOUT));
        }
    }

    @Test
    void theCommandLineCarriesTheAeronFlagsBeforeTheOptionsClassPathAndMainClass()
    {
        final List<String> command = JvmCommand.of("a.Main")
            .launcher(List.of("ip", "netns", "exec", "ns1"))
            .jvmOption("-Xmx64m")
            .classpath("x.jar")
            .args("one", "two")
            .toList();

        final List<String> flags = JvmCommand.aeronFlags();
        assertTrue(flags.contains("--add-opens"), "the build passes the Aeron flags: " + flags);
        assertEquals(List.of("ip", "netns", "exec", "ns1", JvmCommand.javaExecutable()), command.subList(0, 5));
        assertEquals(flags, command.subList(5, 5 + flags.size()));
        assertEquals(List.of("-Xmx64m", "-cp", "x.jar", "a.Main", "one", "two"),
            command.subList(5 + flags.size(), command.size()));
    }

    private static JvmCommand command()
    {
        return JvmCommand.small(ScriptedChildMain.class);
    }
}
