package io.wirespeed.jms.runtime;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.test.SlowTest;

/**
 * The default runtime outlives connections but never keeps a JVM alive: once an application's {@code main} has
 * closed its connections and returned (or thrown), the JVM ends, as it did when each connection owned its threads.
 * The runtime's thread and its Aeron client's conductor are daemon threads; an open connection's delivery thread
 * is not. The runtime's shutdown hook then lets go of the default runtime, and so of the embedded driver and the
 * queue host beside it: the driver's directory is gone with the JVM.
 */
@SlowTest
class JvmExitTest
{
    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"return", "throw"})
    void aJvmWhoseMainUsedTheDefaultRuntimeEndsWhenMainEnds(final String how) throws Exception
    {
        final File output = temp.resolve("output.txt").toFile();
        final Process process = new ProcessBuilder(JvmCommand.small(JvmExitMain.class)
            .args("wirespeed:ipc?aeronDir=" + temp.resolve("driver") + "&archiveDir=" + temp.resolve("archive"), how)
            .toList()).redirectErrorStream(true).redirectOutput(output).start();
        try
        {
            final boolean ended = process.waitFor(45, TimeUnit.SECONDS);
            final String printed = Files.readString(output.toPath(), StandardCharsets.UTF_8);
            assertTrue(printed.contains("main returns"), printed);
            assertTrue(ended, "the JVM is still running 45 s after its main ended (" + how + "): " + printed);
            assertFalse(Files.exists(temp.resolve("driver")), "the JVM's exit left the embedded driver's " +
                "directory: " + printed);
        }
        finally
        {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
