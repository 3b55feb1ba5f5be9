package io.wirespeed.transport.aeron;

import io.aeron.CommonContext;
import org.agrona.IoUtil;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds and removes the per-process directories ({@code <aeron dir>-wirespeed-<pid>}) that embedded drivers of
 * processes now gone left behind, killed before they could delete them: a directory is stale when no driver
 * heartbeats in it and its process is gone (or its pid now belongs to a process started after the directory).
 */
final class StaleDriverDirectories
{
    /** What a per-process embedded directory's name carries before the pid. */
    static final String PER_PROCESS_MARK = "-wirespeed-";

    private static final System.Logger LOGGER = System.getLogger(StaleDriverDirectories.class.getName());

    private StaleDriverDirectories()
    {
    }

    /**
     * Removes the stale siblings of a per-process embedded directory; does nothing for a directory of another name.
     *
     * @param directory         the directory a driver of this process is about to start in.
     * @param driverTimeoutMs   how long without a heartbeat means no driver is alive in a directory.
     * @return the directories removed.
     */
    static List<Path> removeBeside(final String directory, final long driverTimeoutMs)
    {
        final List<Path> removed = new ArrayList<>();
        final Path dir = Paths.get(directory).toAbsolutePath().normalize();
        final String name = null == dir.getFileName() ? "" : dir.getFileName().toString();
        final int mark = name.lastIndexOf(PER_PROCESS_MARK);
        final Path parent = dir.getParent();
        if (mark < 0 || null == parent || pidOf(name, mark + PER_PROCESS_MARK.length()) < 0)
        {
            return removed;
        }
        final String prefix = name.substring(0, mark + PER_PROCESS_MARK.length());
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(parent, prefix + "*"))
        {
            for (final Path sibling : siblings)
            {
                final long pid = pidOf(sibling.getFileName().toString(), prefix.length());
                if (pid >= 0 && !sibling.equals(dir) && isStale(sibling, pid, driverTimeoutMs))
                {
                    IoUtil.delete(sibling.toFile(), true);
                    if (!Files.exists(sibling))
                    {
                        removed.add(sibling);
                        LOGGER.log(System.Logger.Level.INFO, "removed " + sibling + ", the media driver directory " +
                            "of process " + pid + " which ended without removing it");
                    }
                }
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "could not look for stale media driver directories in " +
                parent + ": " + ex);
        }
        return removed;
    }

    private static boolean isStale(final Path directory, final long pid, final long driverTimeoutMs)
        throws IOException
    {
        if (!Files.isDirectory(directory) || !Files.isWritable(directory))
        {
            return false;
        }
        final Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isPresent() && process.get().isAlive())
        {
            final Optional<Instant> started = process.get().info().startInstant();
            final Instant modified = Files.getLastModifiedTime(directory).toInstant();
            if (started.isEmpty() || !started.get().isAfter(modified))
            {
                return false;
            }
        }
        return !CommonContext.isDriverActive(new File(directory.toString()), driverTimeoutMs, (message) -> {});
    }

    private static long pidOf(final String name, final int from)
    {
        if (from >= name.length() || name.length() - from > 19)
        {
            return -1;
        }
        for (int i = from; i < name.length(); i++)
        {
            if (!Character.isDigit(name.charAt(i)))
            {
                return -1;
            }
        }
        return Long.parseLong(name.substring(from));
    }
}
