package io.wirespeed.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;
import io.wirespeed.transport.ArchiveConfig;

/**
 * The driver process as an operator meets it when things go wrong: a fatal error at start ends it with status 1
 * and the reason instead of leaving it up half started and deaf to SIGTERM, its directory is its user's alone, and
 * one killed (SIGKILL) starts again at once on the same directories, without waiting out the dead one's heartbeat.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class DriverProcessHardeningTest
{
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** A free-space threshold no disk meets, so that the archive refuses to start. */
    private static final String UNMEETABLE_THRESHOLD = Long.toString(Long.MAX_VALUE / 4);

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    @Test
    void anArchiveThatRefusesToStartEndsTheProcessWithStatusOneAndTheReason() throws Exception
    {
        final ChildJvm driver = jvms.start("media driver", MediaDriverProcess.command(
            MediaDriverProcess.newDirectory(jvms), Map.of(
                ArchiveConfig.ENABLED_PROP, "true",
                ArchiveConfig.DIR_PROP, temp.resolve("archive").toString(),
                ArchiveConfig.MIN_FREE_PROP, UNMEETABLE_THRESHOLD)));

        final boolean exited = driver.waitFor(TIMEOUT);
        if (!exited)
        {
            driver.terminate();
            assertTrue(driver.waitFor(TIMEOUT), "still running after SIGTERM too: " + driver.output());
        }

        assertTrue(exited, "still running " + TIMEOUT + " after the archive refused to start: " + driver.output());
        assertEquals(WirespeedMediaDriver.EXIT_FATAL_ERROR, driver.exitValue(), driver.output());
        assertTrue(driver.output().contains("wirespeed-driver: "), driver.output());
        assertTrue(driver.output().contains("too little free space"), driver.output());
    }

    @Test
    void aDriverKilledWithItsArchiveStartsAgainAtOnceOnTheSameDirectories() throws Exception
    {
        final Map<String, String> settings = Map.of(
            MediaDriverProcess.DIR_PROP, MediaDriverProcess.newDirectory(jvms).toString(),
            ArchiveConfig.ENABLED_PROP, "true",
            ArchiveConfig.DIR_PROP, temp.resolve("archive").toString());
        final MediaDriverProcess first = MediaDriverProcess.start(jvms, settings);
        first.process().killForcibly(TIMEOUT);

        // the dead driver's CnC file and its archive's mark file look alive for the driver timeout (10 s by
        // default): they are recognised as a dead process's by their pid, and the start goes on at once
        final long start = System.nanoTime();
        final MediaDriverProcess second = MediaDriverProcess.start(jvms, settings);
        final long startedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        final String output = second.process().output();
        assertTrue(output.contains("the media driver of process " + first.process().pid() + " "), output);
        assertTrue(output.contains("the archive of process " + first.process().pid() + " "), output);
        assertTrue(startedMs < 9_000, "started after " + startedMs + " ms: " + output);
        second.stopCleanly();
    }

    @Test
    void itsDirectoryIsItsOwnersAlone() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(jvms);

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(driver.directory())));
        assertEquals("rw-------",
            PosixFilePermissions.toString(Files.getPosixFilePermissions(driver.directory().resolve("cnc.dat"))));
        driver.stopCleanly();
    }
}
