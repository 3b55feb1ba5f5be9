package io.wirespeed.bench.rig;

import java.nio.ByteBuffer;
import java.nio.file.Path;

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
        return new SequenceCheck(SharedMemory.map(file, LENGTH));
    }

    /**
     * A new file for counts that two processes share: under {@code /dev/shm} (memory) where there is one.
     *
     * @return the path, not yet created.
     */
    public static Path newFile()
    {
        return SharedMemory.newFile("check");
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
