package io.wirespeed.bench.rig;

import java.lang.management.ManagementFactory;

/**
 * Bytes allocated by a thread, from the JVM's per-thread allocation counters
 * ({@code com.sun.management.ThreadMXBean}); -1 where the JVM does not count.
 */
public final class Allocations
{
    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private Allocations()
    {
    }

    /**
     * Bytes the calling thread has allocated so far.
     *
     * @return the count, or -1 where unsupported.
     */
    public static long currentThread()
    {
        return THREADS == null ? -1 : THREADS.getCurrentThreadAllocatedBytes();
    }

    /**
     * Bytes a thread has allocated so far.
     *
     * @param threadId the thread's id.
     * @return the count, or -1 where unsupported or the thread is gone.
     */
    public static long thread(final long threadId)
    {
        return THREADS == null || threadId < 0 ? -1 : THREADS.getThreadAllocatedBytes(threadId);
    }

    private static com.sun.management.ThreadMXBean threads()
    {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean &&
            bean.isThreadAllocatedMemorySupported())
        {
            bean.setThreadAllocatedMemoryEnabled(true);
            return bean;
        }
        return null;
    }
}
