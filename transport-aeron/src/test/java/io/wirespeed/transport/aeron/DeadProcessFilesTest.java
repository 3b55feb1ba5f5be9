package io.wirespeed.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.agrona.IoUtil;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.cluster.codecs.mark.ClusterComponentType;
import io.aeron.cluster.codecs.mark.MarkFileHeaderEncoder;
import io.aeron.cluster.codecs.mark.MessageHeaderEncoder;
import io.aeron.cluster.service.ClusterMarkFile;

/**
 * When a file's recorded pid and start time are a dead process's: no process has the pid, or the one that has it
 * started after the file's process did (a reused pid). A cluster member's mark files are removed only when their
 * process has gone.
 */
class DeadProcessFilesTest
{
    @TempDir
    Path temp;

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

    @Test
    void anotherLiveProcesssClusterMarkFilesAreLeftAndItsPidNamed() throws Exception
    {
        final Process live = new ProcessBuilder("sleep", "60").start();
        try
        {
            final File clusterDir = temp.toFile();
            final File consensusMark = new File(clusterDir, ClusterMarkFile.FILENAME);
            writeMarkFile(consensusMark, live.pid());

            assertEquals(live.pid(), DeadProcessFiles.removeDeadClusterMembersFiles(
                temp.resolve("driver").toFile(), temp.resolve("archive").toFile(), clusterDir));
            assertTrue(consensusMark.exists());
        }
        finally
        {
            live.destroyForcibly();
        }
    }

    @Test
    void thisProcesssOwnClusterMarkFilesAreLeftToAeronsCheck()
    {
        final File clusterDir = temp.toFile();
        final File consensusMark = new File(clusterDir, ClusterMarkFile.FILENAME);
        writeMarkFile(consensusMark, ProcessHandle.current().pid());

        assertEquals(-1, DeadProcessFiles.removeDeadClusterMembersFiles(
            temp.resolve("driver").toFile(), temp.resolve("archive").toFile(), clusterDir));
        assertTrue(consensusMark.exists());
    }

    @Test
    void aDeadProcesssClusterMarkFilesAreRemovedAndTheRestStays() throws Exception
    {
        final Process ended = new ProcessBuilder("true").start();
        assertTrue(ended.waitFor(30, TimeUnit.SECONDS));
        final File clusterDir = temp.toFile();
        final File consensusMark = new File(clusterDir, ClusterMarkFile.FILENAME);
        final File serviceMark = new File(clusterDir, ClusterMarkFile.SERVICE_FILENAME_PREFIX + "0" +
            ClusterMarkFile.FILE_EXTENSION);
        final File recordingLog = new File(clusterDir, "recording.log");
        assertTrue(recordingLog.createNewFile());
        writeMarkFile(consensusMark, ended.pid());
        writeMarkFile(serviceMark, ended.pid());

        assertEquals(-1, DeadProcessFiles.removeDeadClusterMembersFiles(
            temp.resolve("driver").toFile(), temp.resolve("archive").toFile(), clusterDir));
        assertFalse(consensusMark.exists());
        assertFalse(serviceMark.exists());
        assertTrue(recordingLog.exists());
    }

    /** A cluster mark file as Aeron writes it, now, but recording the given pid. */
    private static void writeMarkFile(final File file, final long pid)
    {
        new ClusterMarkFile(file, ClusterComponentType.CONSENSUS_MODULE, ClusterMarkFile.ERROR_BUFFER_MIN_LENGTH,
            SystemEpochClock.INSTANCE, 0, 4096).close();
        final MappedByteBuffer mapped = IoUtil.mapExistingFile(file, "mark file");
        try
        {
            new MarkFileHeaderEncoder().wrap(new UnsafeBuffer(mapped), MessageHeaderEncoder.ENCODED_LENGTH).pid(pid);
        }
        finally
        {
            IoUtil.unmap(mapped);
        }
    }
}
