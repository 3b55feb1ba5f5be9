package io.wirespeed.bench.peer;

import java.nio.ByteBuffer;
import java.nio.file.Path;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.bench.rig.SharedMemory;

/**
 * What a {@link TopicLoad} counts: messages sent at the rate, and messages its listeners received. Kept in a small
 * buffer that another thread reads: in this process's memory, or in a file that the load's JVM on another host writes
 * and the step's JVM reads ({@link SharedMemory}).
 */
public final class LoadCounts
{
    private static final int SENT = 0;
    private static final int DELIVERED = 8;
    private static final int LENGTH = 64;

    private final AtomicBuffer counts;

    private LoadCounts(final AtomicBuffer counts)
    {
        this.counts = counts;
    }

    /**
     * Counts kept in this process.
     *
     * @return counts at zero.
     */
    public static LoadCounts inMemory()
    {
        return new LoadCounts(new UnsafeBuffer(ByteBuffer.allocateDirect(LENGTH)));
    }

    /**
     * Counts kept in a file that two processes map.
     *
     * @param file the file, created (zeroed) if absent.
     * @return the counts over it.
     */
    public static LoadCounts mapped(final Path file)
    {
        return new LoadCounts(SharedMemory.map(file, LENGTH));
    }

    /** Counts a message sent; called by the sending thread only. */
    void onSent()
    {
        counts.putLongOrdered(SENT, counts.getLong(SENT) + 1);
    }

    /** Counts a message delivered; called by the delivery threads of every subscribed connection. */
    void onDelivered()
    {
        counts.getAndAddLong(DELIVERED, 1);
    }

    /**
     * Messages sent at the rate (a load's first round excluded).
     *
     * @return the count.
     */
    public long sent()
    {
        return counts.getLongVolatile(SENT);
    }

    /**
     * Messages the listeners received.
     *
     * @return the count.
     */
    public long delivered()
    {
        return counts.getLongVolatile(DELIVERED);
    }
}
