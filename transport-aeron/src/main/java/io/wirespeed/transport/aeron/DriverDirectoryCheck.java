package io.wirespeed.transport.aeron;

import io.aeron.driver.MediaDriver;
import io.wirespeed.transport.TransportException;
import org.agrona.IoUtil;
import org.agrona.concurrent.status.CountersReader;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Checks, before a media driver starts, that its directory can be created and written and that
 * its filesystem has room for the driver's control files and at least one log buffer. Aeron would
 * otherwise fail later with a bus error or an obscure message.
 */
public final class DriverDirectoryCheck
{
    /** Terms in one log buffer. */
    private static final int TERMS_PER_LOG = 3;
    /** Slack for file headers and page rounding. */
    private static final long SLACK = 1024 * 1024;

    private DriverDirectoryCheck()
    {
    }

    /**
     * The space a driver's control files take: the CnC file (command and broadcast buffers, counter
     * values and metadata, error log) and the loss report, as sized by the driver context.
     *
     * @param context the driver context, concluded or not.
     * @return bytes the control files take, rounded up.
     */
    public static long controlFilesLength(final MediaDriver.Context context)
    {
        final long counterValues = context.counterValuesBufferLength();
        final long counterMetadata = counterValues * (CountersReader.METADATA_LENGTH / CountersReader.COUNTER_LENGTH);
        return (long)context.conductorBufferLength() + context.toClientsBufferLength() + counterValues +
            counterMetadata + context.errorBufferLength() + context.lossReportBufferLength() + SLACK;
    }

    /**
     * The space a driver needs to start and create one publication of the given term length.
     *
     * @param termLength         the configured term length.
     * @param controlFilesLength what {@link #controlFilesLength} returns for the driver's context.
     * @return bytes needed.
     */
    public static long requiredSpace(final int termLength, final long controlFilesLength)
    {
        return TERMS_PER_LOG * (long)termLength + controlFilesLength;
    }

    /**
     * Creates the directory if need be and verifies its free space; on too little space it removes
     * what it created.
     *
     * @param directory          the driver directory.
     * @param termLength         the configured term length.
     * @param controlFilesLength what {@link #controlFilesLength} returns for the driver's context.
     * @throws TransportException naming the setting to change if the directory cannot serve.
     */
    public static void check(final String directory, final int termLength, final long controlFilesLength)
    {
        final Path dir = Paths.get(directory).toAbsolutePath().normalize();
        Path existing = dir;
        while (null != existing && !Files.exists(existing))
        {
            existing = existing.getParent();
        }
        if (null == existing)
        {
            throw unusable(dir, "no part of the path exists");
        }
        if (!Files.isDirectory(existing))
        {
            throw unusable(dir, existing + " is a file, not a directory");
        }
        if (!Files.isWritable(existing))
        {
            throw unusable(dir, existing + " is not writable by this user");
        }

        try
        {
            Files.createDirectories(dir);
        }
        catch (final IOException | SecurityException ex)
        {
            throw unusable(dir, "it cannot be created (" + ex + ")");
        }
        if (!Files.isDirectory(dir) || !Files.isWritable(dir))
        {
            throw unusable(dir, "it is not a writable directory");
        }

        final long usable = usableSpace(dir, dir);
        final long required = requiredSpace(termLength, controlFilesLength);
        if (usable < required)
        {
            if (!existing.equals(dir))
            {
                IoUtil.delete(existing.resolve(existing.relativize(dir).getName(0)).toFile(), true);
            }
            throw new TransportException(
                "the filesystem of driver directory " + dir + " has " + usable + " bytes free but the media driver " +
                "needs at least " + required + " (3 terms of " + AeronTransportConfiguration.TERM_LENGTH_PROP + "=" +
                termLength + " plus " + controlFilesLength + " for its control files): lower " +
                AeronTransportConfiguration.TERM_LENGTH_PROP + ", point " + AeronTransportConfiguration.DIR_PROP +
                " at a larger filesystem, or enlarge it (for /dev/shm: mount -o remount,size=2g /dev/shm, or " +
                "docker run --shm-size=2g)");
        }
    }

    private static long usableSpace(final Path dir, final Path existing)
    {
        try
        {
            final FileStore store = Files.getFileStore(existing);
            return store.getUsableSpace();
        }
        catch (final IOException ex)
        {
            throw unusable(dir, "its filesystem cannot be queried (" + ex + ")");
        }
    }

    private static TransportException unusable(final Path dir, final String reason)
    {
        return new TransportException(
            "driver directory " + dir + " cannot be used: " + reason + "; set " + AeronTransportConfiguration.DIR_PROP +
            " (or aeron.dir) to a writable directory, e.g. /dev/shm/wirespeed");
    }
}
