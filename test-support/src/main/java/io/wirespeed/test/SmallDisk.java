package io.wirespeed.test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.wirespeed.transport.ArchiveConfig;
import org.junit.jupiter.api.Assumptions;

/**
 * A small disk of a test's own: a tmpfs mounted on a directory (which needs root; where it cannot be mounted
 * the test is skipped, not failed), filled on demand to leave a given free space, unmounted on close.
 */
public final class SmallDisk implements AutoCloseable
{
    private static final int CHUNK = 1024 * 1024;

    private final Path directory;

    private SmallDisk(final Path directory)
    {
        this.directory = directory;
    }

    /**
     * Mounts a tmpfs on a new directory, or skips the test where that is not allowed.
     *
     * @param directory the mount point to create.
     * @param size      its size as mount takes it, e.g. {@code 64m}.
     * @return the mounted disk.
     * @throws Exception if the directory cannot be created or mount does not end.
     */
    public static SmallDisk mount(final Path directory, final String size) throws Exception
    {
        Files.createDirectories(directory);
        final Process mounting = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs",
            directory.toString()).redirectErrorStream(true).start();
        final String output = new String(mounting.getInputStream().readAllBytes());
        Assumptions.assumeTrue(mounting.waitFor(10, TimeUnit.SECONDS) && mounting.exitValue() == 0,
            "this test mounts a " + size + " tmpfs, which needs root: " + output);
        return new SmallDisk(directory);
    }

    /** @return the mount point. */
    public Path directory()
    {
        return directory;
    }

    /**
     * The settings of a driver process whose archive lives on this disk, with 1 MiB segments.
     *
     * @param minFree its {@link ArchiveConfig#MIN_FREE_PROP}, e.g. {@code 16m}.
     * @return the {@code wirespeed.archive.*} settings.
     */
    public Map<String, String> archiveSettings(final String minFree)
    {
        return Map.of(
            ArchiveConfig.ENABLED_PROP, "true",
            ArchiveConfig.DIR_PROP, directory.resolve("archive").toString(),
            ArchiveConfig.SEGMENT_LENGTH_PROP, "1m",
            ArchiveConfig.MIN_FREE_PROP, minFree);
    }

    /** @return the bytes free on the disk now. */
    public long free() throws IOException
    {
        return Files.getFileStore(directory).getUsableSpace();
    }

    /**
     * Writes a file that leaves about {@code leave} bytes free (within a MiB).
     *
     * @param leave the free space to leave.
     * @return the file, to delete when space should return.
     * @throws IOException if writing fails.
     */
    public Path fill(final long leave) throws IOException
    {
        final Path filler = Files.createTempFile(directory, "filler", ".bin");
        final ByteBuffer zeros = ByteBuffer.allocate(CHUNK);
        try (FileChannel channel = FileChannel.open(filler, StandardOpenOption.WRITE))
        {
            while (free() > leave + CHUNK)
            {
                zeros.clear();
                channel.write(zeros);
            }
        }
        return filler;
    }

    /**
     * Unmounts the disk, throwing away what is on it; where a file on it is still open (a process killed while
     * writing), detaches it now and lets the kernel free it when the last file closes.
     */
    @Override
    public void close() throws Exception
    {
        final Process umount = new ProcessBuilder("umount", directory.toString()).redirectErrorStream(true).start();
        umount.getInputStream().readAllBytes();
        if (!umount.waitFor(10, TimeUnit.SECONDS) || umount.exitValue() != 0)
        {
            new ProcessBuilder("umount", "-l", directory.toString()).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
