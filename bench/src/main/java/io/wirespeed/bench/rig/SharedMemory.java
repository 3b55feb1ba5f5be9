package io.wirespeed.bench.rig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Small files that a step's JVM and a JVM on another host ({@link RemoteSide}) both map, for counts that one writes
 * and the other reads: the hosts are network namespaces of one machine, which share its file system.
 */
public final class SharedMemory
{
    private static final AtomicInteger FILES = new AtomicInteger();

    private SharedMemory()
    {
    }

    /**
     * A new file to share: under {@code /dev/shm} (memory) where there is one.
     *
     * @param kind a word for what it holds, part of its name.
     * @return the path, not yet created.
     */
    public static Path newFile(final String kind)
    {
        final Path shm = Path.of("/dev/shm");
        final Path directory = Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
        return directory.resolve("wirespeed-bench-" + kind + "-" + ProcessHandle.current().pid() + "-" +
            FILES.incrementAndGet());
    }

    /**
     * Maps a file, creating it (zeroed) if it does not exist.
     *
     * @param file   the file.
     * @param length the bytes to map.
     * @return a buffer over the mapping.
     * @throws UncheckedIOException if it cannot be mapped.
     */
    public static AtomicBuffer map(final Path file, final int length)
    {
        try (FileChannel channel = FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            final MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, length);
            return new UnsafeBuffer(buffer);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot map " + file, ex);
        }
    }
}
