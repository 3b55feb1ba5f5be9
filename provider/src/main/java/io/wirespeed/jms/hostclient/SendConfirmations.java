package io.wirespeed.jms.hostclient;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the queue host's archive has recorded of this client's PERSISTENT queue messages over UDP: per sending
 * producer (session and producer number), the highest sequence the host confirmed ({@code Recorded}); a producer's
 * messages are recorded in the order it sent them, so a confirmed sequence confirms its earlier messages too. Also
 * whether the host confirms at all: one that keeps its queues in the archive says so when the session opens
 * ({@code RecordsQueues}). Written by whoever polls the reply stream, read by sending threads.
 */
final class SendConfirmations
{
    private final Map<Long, AtomicLong> recorded = new ConcurrentHashMap<>();
    private volatile boolean hostRecords;

    /** A Connect goes: the host that answers says again whether it records. */
    void connecting()
    {
        hostRecords = false;
    }

    /** The host keeps its queues in the archive and confirms what it recorded. */
    void onRecordsQueues()
    {
        hostRecords = true;
    }

    /** @return whether the host confirms PERSISTENT queue messages once recorded. */
    boolean hostRecords()
    {
        return hostRecords;
    }

    /**
     * The host's archive recorded a producer's messages up to a sequence.
     *
     * @param sessionId  the producer's session.
     * @param producerId the producer.
     * @param sequence   its sequence.
     */
    void onRecorded(final int sessionId, final int producerId, final long sequence)
    {
        recorded.computeIfAbsent(key(sessionId, producerId), (k) -> new AtomicLong(Long.MIN_VALUE))
            .accumulateAndGet(sequence, Math::max);
    }

    /**
     * @param sessionId  the producer's session.
     * @param producerId the producer.
     * @param sequence   the message's sequence.
     * @return whether the host confirmed the message recorded.
     */
    boolean isRecorded(final int sessionId, final int producerId, final long sequence)
    {
        final AtomicLong last = recorded.get(key(sessionId, producerId));
        return null != last && last.get() >= sequence;
    }

    private static long key(final int sessionId, final int producerId)
    {
        return ((long)sessionId << 32) | (producerId & 0xFFFF_FFFFL);
    }
}
