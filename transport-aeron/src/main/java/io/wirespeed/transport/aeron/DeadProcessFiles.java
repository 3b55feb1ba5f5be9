package io.wirespeed.transport.aeron;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.time.Instant;
import java.util.Optional;

import org.agrona.concurrent.UnsafeBuffer;

import io.aeron.CncFileDescriptor;
import io.aeron.archive.ArchiveMarkFile;
import io.aeron.archive.codecs.mark.MarkFileHeaderDecoder;
import io.aeron.archive.codecs.mark.MessageHeaderDecoder;

/**
 * Recognises the files that a media driver or an archive killed without closing (SIGKILL, a crash) left behind, by
 * the pid and start time they record: Aeron takes a driver's CnC file, or an archive's mark file, for a live one's
 * until its heartbeat is older than the driver timeout, so a supervisor's restart at once would be refused. A file
 * is a dead process's when no process has its pid now, or the process that has it started after the file was made
 * (the pid was reused, as pid 1 is by a restarted container). A file whose process may be alive is left alone.
 */
final class DeadProcessFiles
{
    private static final System.Logger LOGGER = System.getLogger(DeadProcessFiles.class.getName());

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
        final long[] pidAndStart = read(cnc, CncFileDescriptor.META_DATA_LENGTH, (buffer) ->
        {
            final UnsafeBuffer meta = CncFileDescriptor.createMetaDataBuffer(buffer);
            if (meta.getInt(CncFileDescriptor.cncVersionOffset(0)) != CncFileDescriptor.CNC_VERSION)
            {
                return null;
            }
            return new long[]{ CncFileDescriptor.pid(meta), CncFileDescriptor.startTimestampMs(meta) };
        });
        return removeIfGone(cnc, pidAndStart, "media driver");
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
        final long[] pidAndStart = read(mark, MessageHeaderDecoder.ENCODED_LENGTH + MarkFileHeaderDecoder.BLOCK_LENGTH,
            (buffer) ->
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
        return removeIfGone(mark, pidAndStart, "archive");
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
            " (started " + Instant.ofEpochMilli(pidAndStart[1]) + ") has gone without closing it (killed?)");
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

    /** Reads the pid and start time from a mapped file's start. */
    @FunctionalInterface
    private interface Reader
    {
        long[] read(MappedByteBuffer buffer);
    }
}
