package io.wirespeed.bench.common;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * Bytes allocated by threads, from the JVM's per-thread allocation counters
 * ({@code com.sun.management.ThreadMXBean}); -1 or nothing where the JVM does not count.
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

    /**
     * Bytes every live thread has allocated so far, read in one call.
     *
     * @return thread id to bytes; empty where unsupported.
     */
    public static Map<Long, Long> allThreads()
    {
        final Map<Long, Long> byThread = new HashMap<>();
        if (THREADS != null)
        {
            final long[] ids = THREADS.getAllThreadIds();
            final long[] bytes = THREADS.getThreadAllocatedBytes(ids);
            for (int i = 0; i < ids.length; i++)
            {
                if (bytes[i] >= 0)
                {
                    byThread.put(ids[i], bytes[i]);
                }
            }
        }
        return byThread;
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
