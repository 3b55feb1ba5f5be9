package io.wirespeed.transport.aeron;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.agrona.concurrent.UnsafeBuffer;

import io.aeron.CncFileDescriptor;
import io.aeron.archive.ArchiveMarkFile;
import io.aeron.archive.codecs.mark.MarkFileHeaderDecoder;
import io.aeron.archive.codecs.mark.MessageHeaderDecoder;
import io.aeron.cluster.service.ClusterMarkFile;

/**
 * Recognises the files that a media driver or an archive killed without closing (SIGKILL, a crash) left behind, by
 * the pid and start time they record: Aeron takes a driver's CnC file, or an archive's mark file, for a live one's
 * until its heartbeat is older than the driver timeout, so a supervisor's restart at once would be refused. A file
 * is a dead process's when no process has its pid now, or the process that has it started after the file was made
 * (the pid was reused, as pid 1 is by a restarted container). A file whose process may be alive is left alone.
 * <p>
 * A cluster member's process holds four such files (its media driver's CnC file, its archive's mark file, its
 * consensus module's and its service container's mark files): {@link #removeDeadClusterMembersFiles} clears all of
 * them for a restart, or names the live process that holds them. Pids are this machine's (this pid namespace's): a
 * directory shared with another machine or container is not told apart.
 */
public final class DeadProcessFiles
{
    private static final System.Logger LOGGER = System.getLogger(DeadProcessFiles.class.getName());
    private static final String MEDIA_DRIVER = "media driver";
    private static final String ARCHIVE = "archive";

    private DeadProcessFiles()
    {
    }

    /**
     * Whether the process that recorded a pid and start time in a file has gone.
     *
     * @param pid       the pid the file records.
     * @param startedMs when the file's process started its work, epoch ms, as the file records it.
     * @return true if no process with that pid runs now, or the one that does started after the file's.
     */
    static boolean hasGone(final long pid, final long startedMs)
    {
        if (pid <= 0)
        {
            return false;
        }
        final Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive())
        {
            return true;
        }
        final Optional<Instant> started = process.get().info().startInstant();
        return started.isPresent() && started.get().isAfter(Instant.ofEpochMilli(startedMs));
    }

    /**
     * Removes the CnC file of a media driver that was killed in a directory, so that a driver starts there now
     * instead of waiting for the dead one's heartbeat to time out.
     *
     * @param directory the driver's directory.
     * @return the dead driver's pid, or -1 if there was no CnC file or its driver may be alive.
     */
    static long removeDeadDriversCnc(final File directory)
    {
        final File cnc = new File(directory, CncFileDescriptor.CNC_FILE);
        return removeIfGone(cnc, driversPidAndStart(cnc), MEDIA_DRIVER);
    }

    /**
     * Removes the mark file of an archive that was killed in a directory, so that an archive starts there now instead
     * of waiting for the dead one's mark to time out. Its recordings and catalog stay.
     *
     * @param directory the archive's directory (where its mark file lies).
     * @return the dead archive's pid, or -1 if there was no mark file or its archive may be alive.
     */
    static long removeDeadArchivesMarkFile(final File directory)
    {
        final File mark = new File(directory, ArchiveMarkFile.FILENAME);
        return removeIfGone(mark, archivesPidAndStart(mark), ARCHIVE);
    }

    /**
     * Clears the way for a cluster member to start again at once in its directories after its process was killed:
     * removes its media driver's CnC file, its archive's mark file, its consensus module's mark file and its service
     * containers' mark files, each if the process that wrote it has gone. Without that Aeron refuses the start
     * ("Active media driver detected", "active Mark file detected") until each file's heartbeat is older than its
     * timeout (10 s by default). Its log, snapshots, recordings and recording log stay. If a live process holds any
     * of the files, nothing is removed. Files that this process wrote (a member closed and started again in one JVM)
     * are neither removed nor reported: Aeron's own heartbeat check decides for them.
     *
     * @param driverDir          the member's media driver's directory.
     * @param archiveMarkFileDir where the member's archive keeps its mark file (its directory unless Aeron's
     *                           {@code aeron.archive.mark.file.dir} says otherwise).
     * @param clusterMarkFileDir where the member's consensus module and service containers keep their mark files
     *                           (the cluster directory unless {@code aeron.cluster.mark.file.dir} says otherwise).
     * @return the pid of another live process that holds one of the files (a member runs there), or -1 if none does.
     */
    public static long removeDeadClusterMembersFiles(
        final File driverDir, final File archiveMarkFileDir, final File clusterMarkFileDir)
    {
        final List<Owned> files = new ArrayList<>();
        final File cnc = new File(driverDir, CncFileDescriptor.CNC_FILE);
        files.add(new Owned(cnc, driversPidAndStart(cnc), MEDIA_DRIVER));
        final File archiveMark = new File(archiveMarkFileDir, ArchiveMarkFile.FILENAME);
        files.add(new Owned(archiveMark, archivesPidAndStart(archiveMark), ARCHIVE));
        final File[] clusterMarks = clusterMarkFileDir.listFiles((dir, name) ->
            name.equals(ClusterMarkFile.FILENAME) || (name.startsWith(ClusterMarkFile.SERVICE_FILENAME_PREFIX) &&
            name.endsWith(ClusterMarkFile.FILE_EXTENSION)));
        for (final File mark : null == clusterMarks ? new File[0] : clusterMarks)
        {
            files.add(new Owned(mark, clusterComponentsPidAndStart(mark),
                mark.getName().equals(ClusterMarkFile.FILENAME) ? "consensus module" : "clustered service"));
        }
        final long self = ProcessHandle.current().pid();
        for (final Owned file : files)
        {
            final long pid = null == file.pidAndStart() ? -1 : file.pidAndStart()[0];
            if (pid > 0 && pid != self && !hasGone(pid, file.pidAndStart()[1]))
            {
                return pid;
            }
        }
        for (final Owned file : files)
        {
            // this process's own files (a member closed and started again in one JVM, or one that runs here) are
            // left to Aeron's heartbeat check: their pid cannot tell which
            if (null != file.pidAndStart() && file.pidAndStart()[0] != self)
            {
                removeIfGone(file.file(), file.pidAndStart(), file.what());
            }
        }
        return -1;
    }

    private static long[] driversPidAndStart(final File cnc)
    {
        return read(cnc, CncFileDescriptor.META_DATA_LENGTH, (buffer) ->
        {
            final UnsafeBuffer meta = CncFileDescriptor.createMetaDataBuffer(buffer);
            if (meta.getInt(CncFileDescriptor.cncVersionOffset(0)) != CncFileDescriptor.CNC_VERSION)
            {
                return null;
            }
            return new long[]{ CncFileDescriptor.pid(meta), CncFileDescriptor.startTimestampMs(meta) };
        });
    }

    private static long[] archivesPidAndStart(final File mark)
    {
        return read(mark, MessageHeaderDecoder.ENCODED_LENGTH + MarkFileHeaderDecoder.BLOCK_LENGTH, (buffer) ->
        {
            // as Aeron writes it: a message header, then the mark file's header (a wrong template throws)
            final MessageHeaderDecoder messageHeader = new MessageHeaderDecoder();
            final MarkFileHeaderDecoder header = new MarkFileHeaderDecoder().wrapAndApplyHeader(
                new UnsafeBuffer(buffer), 0, messageHeader);
            if (messageHeader.schemaId() != MarkFileHeaderDecoder.SCHEMA_ID)
            {
                return null;
            }
            return new long[]{ header.pid(), header.startTimestamp() };
        });
    }

    private static long[] clusterComponentsPidAndStart(final File mark)
    {
        return read(mark, io.aeron.cluster.codecs.mark.MessageHeaderDecoder.ENCODED_LENGTH +
            io.aeron.cluster.codecs.mark.MarkFileHeaderDecoder.BLOCK_LENGTH, DeadProcessFiles::clusterMarkHeader);
    }

    private static long[] clusterMarkHeader(final MappedByteBuffer buffer)
    {
        // as Aeron 1.51 writes a cluster mark file: a message header, then the mark file's header
        final io.aeron.cluster.codecs.mark.MessageHeaderDecoder messageHeader =
            new io.aeron.cluster.codecs.mark.MessageHeaderDecoder();
        final io.aeron.cluster.codecs.mark.MarkFileHeaderDecoder header =
            new io.aeron.cluster.codecs.mark.MarkFileHeaderDecoder();
        header.wrapAndApplyHeader(new UnsafeBuffer(buffer), 0, messageHeader);
        if (messageHeader.schemaId() != io.aeron.cluster.codecs.mark.MarkFileHeaderDecoder.SCHEMA_ID)
        {
            return null;
        }
        return new long[]{ header.pid(), header.startTimestamp() };
    }

    private static long removeIfGone(final File file, final long[] pidAndStart, final String what)
    {
        if (null == pidAndStart || !hasGone(pidAndStart[0], pidAndStart[1]))
        {
            return -1;
        }
        try
        {
            Files.deleteIfExists(file.toPath());
        }
        catch (final IOException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "could not remove " + file + ", left by the " + what + " of " +
                "process " + pidAndStart[0] + " which has gone: " + ex);
            return -1;
        }
        LOGGER.log(System.Logger.Level.INFO, "removed " + file + ": the " + what + " of process " + pidAndStart[0] +
            " (started " + Instant.ofEpochMilli(pidAndStart[1]) + ") has ended (killed, or stopped: Aeron leaves the " +
            "file behind either way)");
        return pidAndStart[0];
    }

    private static long[] read(final File file, final int length, final Reader reader)
    {
        if (!file.isFile() || file.length() < length)
        {
            return null;
        }
        try (RandomAccessFile raf = new RandomAccessFile(file, "r"); FileChannel channel = raf.getChannel())
        {
            final MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, length);
            return reader.read(buffer);
        }
        catch (final IOException | RuntimeException ex)
        {
            return null;
        }
    }

    /** A file, the pid and start time it records (null if it records none) and what kind of process wrote it. */
    private record Owned(File file, long[] pidAndStart, String what)
    {
    }

    /** Reads the pid and start time from a mapped file's start. */
    @FunctionalInterface
    private interface Reader
    {
        long[] read(MappedByteBuffer buffer);
    }
}
