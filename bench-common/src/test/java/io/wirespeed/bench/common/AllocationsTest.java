package io.wirespeed.bench.common;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class AllocationsTest
{
    private static final int MEGABYTE = 1 << 20;

    private byte[] kept;

    @Test
    void countsWhatTheCallingThreadAllocates()
    {
        final long before = Allocations.currentThread();
        kept = new byte[MEGABYTE];
        final long after = Allocations.currentThread();
        assertTrue(after - before >= MEGABYTE, "counted " + (after - before) + " bytes for a 1 MiB array");
        assertTrue(Allocations.thread(Thread.currentThread().getId()) >= after);
    }

    @Test
    void readsEveryLiveThreadAtOnce()
    {
        kept = new byte[MEGABYTE];
        final Map<Long, Long> byThread = Allocations.allThreads();
        final Long mine = byThread.get(Thread.currentThread().getId());
        assertNotNull(mine, "the calling thread is missing from " + byThread.keySet());
        assertTrue(mine >= MEGABYTE, "the calling thread allocated " + mine + " bytes");
    }
}
