package io.wirespeed.bench.rig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * What a stream's receiver counts, on its receiving thread: messages received, when the last one came, sequence
 * numbers out of turn, and probes (negative sequence numbers, sent before the measured stream to find out that it
 * flows, and not counted as messages). Kept in a small buffer that another thread reads: in this process's memory, or
 * in a file mapped by two processes (under {@code /dev/shm}) when the receiver runs in a JVM on another host.
 */
public final class SequenceCheck
{
    private static final int RECEIVED = 0;
    private static final int LAST_NANOS = 8;
    private static final int OUT_OF_ORDER = 16;
    private static final int PROBES = 24;
    private static final int LENGTH = 64;

    private static final AtomicInteger FILES = new AtomicInteger();

    private final AtomicBuffer counts;
    private volatile long threadId = -1;
    private long expected;

    private SequenceCheck(final AtomicBuffer counts)
    {
        this.counts = counts;
    }

    /**
     * Counts kept in this process.
     *
     * @return a check with nothing counted.
     */
    public static SequenceCheck inMemory()
    {
        return new SequenceCheck(new UnsafeBuffer(ByteBuffer.allocateDirect(LENGTH)));
    }

    /**
     * Counts kept in a file that the receiving process writes and the sending process reads: both map it.
     *
     * @param file the file, created (zeroed) if absent.
     * @return the check over it.
     */
    public static SequenceCheck mapped(final Path file)
    {
        try (FileChannel channel = FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            final MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, LENGTH);
            return new SequenceCheck(new UnsafeBuffer(buffer));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot map " + file, ex);
        }
    }

    /**
     * A new file for counts that two processes share: under {@code /dev/shm} (memory) where there is one.
     *
     * @return the path, not yet created.
     */
    public static Path newFile()
    {
        final Path shm = Path.of("/dev/shm");
        final Path directory = Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
        return directory.resolve("wirespeed-bench-check-" + ProcessHandle.current().pid() + "-" +
            FILES.incrementAndGet());
    }

    /**
     * Counts one message; called on the receiving thread only.
     *
     * @param sequence its sequence number: from 0 for the measured stream, negative for a probe.
     */
    public void onMessage(final long sequence)
    {
        if (sequence < 0)
        {
            counts.putLongOrdered(PROBES, counts.getLong(PROBES) + 1);
            return;
        }
        if (threadId < 0)
        {
            threadId = Thread.currentThread().getId();
        }
        if (sequence != expected)
        {
            counts.putLongOrdered(OUT_OF_ORDER, counts.getLong(OUT_OF_ORDER) + 1);
        }
        expected = sequence + 1;
        if ((sequence & 63) == 0)
        {
            counts.putLongOrdered(LAST_NANOS, System.nanoTime());
        }
        counts.putLongOrdered(RECEIVED, counts.getLong(RECEIVED) + 1);
    }

    /**
     * Messages received so far.
     *
     * @return the count.
     */
    public long received()
    {
        return counts.getLongVolatile(RECEIVED);
    }

    /**
     * {@link System#nanoTime()} when the receiver last noted the time (every 64th sequence number); comparable across
     * processes of one machine.
     *
     * @return the time.
     */
    public long lastNanos()
    {
        return counts.getLongVolatile(LAST_NANOS);
    }

    /**
     * Messages whose sequence number was not the one after the previous message's.
     *
     * @return the count.
     */
    public long outOfOrder()
    {
        return counts.getLongVolatile(OUT_OF_ORDER);
    }

    /**
     * Probes received so far.
     *
     * @return the count.
     */
    public long probes()
    {
        return counts.getLongVolatile(PROBES);
    }

    /**
     * The receiving thread, whose allocations can be read in this process.
     *
     * @return its id; -1 before the first message, and in a process that only reads counts another one writes.
     */
    public long threadId()
    {
        return threadId;
    }
}
