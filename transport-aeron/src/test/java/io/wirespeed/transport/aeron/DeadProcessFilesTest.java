package io.wirespeed.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * When a file's recorded pid and start time are a dead process's: no process has the pid, or the one that has it
 * started after the file's process did (a reused pid).
 */
class DeadProcessFilesTest
{
    @Test
    void aProcessThatEndedHasGone() throws Exception
    {
        final Process ended = new ProcessBuilder("true").start();
        assertTrue(ended.waitFor(30, TimeUnit.SECONDS));

        assertTrue(DeadProcessFiles.hasGone(ended.pid(), System.currentTimeMillis()));
    }

    @Test
    void aLiveProcessThatStartedBeforeTheFileHasNotGone()
    {
        assertFalse(DeadProcessFiles.hasGone(ProcessHandle.current().pid(), System.currentTimeMillis()));
    }

    @Test
    void aPidNowHeldByAProcessStartedAfterTheFileIsADeadProcesssPid()
    {
        // the file's process started long before this one, which has its pid now
        assertTrue(DeadProcessFiles.hasGone(ProcessHandle.current().pid(), 1_000L));
    }

    @Test
    void noPidSaysNothing()
    {
        assertFalse(DeadProcessFiles.hasGone(0, 1_000L));
    }
}
