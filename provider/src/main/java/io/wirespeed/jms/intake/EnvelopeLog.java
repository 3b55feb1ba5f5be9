package io.wirespeed.jms.intake;

import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.collections.ArrayUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One copy of each envelope a {@link TopicStream} dispatches to consumers of one topic, shared by all of them: the
 * stream copies the envelope here once and puts only its position in each selected consumer's {@link EnvelopeInbox},
 * so that fan-out to N consumers costs one copy and N positions, and the N consumers read the same bytes, warm in
 * the cache, through their own cursor. A ring over a logical position that only grows: an envelope never straddles
 * the ring's end (the rest of the ring is skipped instead). The stream writes under its lock; a consumer reads
 * without it, on its own thread, what it took under the lock ({@link EnvelopeInbox#take}), and says how far it has
 * read ({@link EnvelopeInbox#released()}); the ring never overwrites what a reader has been given and not released,
 * and grows instead (doubling; the live part is copied into the new ring, the old one is left to the readers that
 * took from it, and no longer written). {@link #isBehind} tells the stream how far its slowest reader lags, so that it
 * stops reading its subscription as it stops for a full inbox.
 */
final class EnvelopeLog
{
    /**
     * The ring's first capacity: small, as a stream (and its log) opens and closes with a consumer that a
     * connection-per-message application makes for one message; the ring doubles as consumers need.
     */
    static final int INITIAL_CAPACITY = 1024;

    private static final EnvelopeInbox[] NO_READERS = new EnvelopeInbox[0];

    private UnsafeBuffer ring;
    private int mask;
    private long writePosition;
    private long floor;
    private EnvelopeInbox[] readers = NO_READERS;
    private long grown;

    EnvelopeLog()
    {
        this(INITIAL_CAPACITY);
    }

    /**
     * @param capacity the ring's first capacity, a power of two.
     */
    EnvelopeLog(final int capacity)
    {
        ring = new UnsafeBuffer(new byte[BitUtil.findNextPositivePowerOfTwo(capacity)]);
        mask = ring.capacity() - 1;
    }

    /**
     * A consumer's inbox now takes positions in this log.
     *
     * @param inbox the inbox.
     */
    void add(final EnvelopeInbox inbox)
    {
        readers = ArrayUtil.add(readers, inbox);
    }

    /**
     * A consumer's inbox goes: what it was given here no longer holds the ring.
     *
     * @param inbox the inbox.
     */
    void remove(final EnvelopeInbox inbox)
    {
        readers = ArrayUtil.remove(readers, inbox);
    }

    /**
     * Copies an envelope into the ring; under the stream's lock.
     *
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     * @return its position in the log.
     */
    long append(final DirectBuffer buffer, final int offset, final int length)
    {
        while (true)
        {
            final int capacity = ring.capacity();
            final int index = (int)(writePosition & mask);
            final long position = index + length > capacity ? writePosition + capacity - index : writePosition;
            final long end = position + length;
            if (end - capacity > floor)
            {
                floor = floor();
                if (end - capacity > floor)
                {
                    grow(end - floor);
                    continue;
                }
            }
            ring.putBytes((int)(position & mask), buffer, offset, length);
            writePosition = end;
            return position;
        }
    }

    /** @return the ring consumers read from, as a take under the stream's lock sees it. */
    UnsafeBuffer ring()
    {
        return ring;
    }

    /** @return the mask that maps a log position into {@link #ring()}. */
    int mask()
    {
        return mask;
    }

    /**
     * Whether the slowest reader lags more than a limit: more bytes than it from the oldest envelope a reader may
     * still read to the end of the log; under the stream's lock. Asks the readers only when the last answer they
     * gave is beyond the limit.
     *
     * @param limit the bytes.
     * @return whether the readers lag beyond it.
     */
    boolean isBehind(final long limit)
    {
        if (writePosition - floor <= limit)
        {
            return false;
        }
        floor = floor();
        return writePosition - floor > limit;
    }

    /** @return the bytes written to the log since it was made, the ring's skipped ends included; for tests. */
    long written()
    {
        return writePosition;
    }

    /** @return how many times the ring grew; for tests. */
    long grown()
    {
        return grown;
    }

    /** @return the ring's capacity; for tests. */
    int capacity()
    {
        return ring.capacity();
    }

    /** The oldest position a reader may still read: the end of the log when none may. */
    private long floor()
    {
        long oldest = writePosition;
        for (final EnvelopeInbox reader : readers)
        {
            oldest = Math.min(oldest, reader.heldFrom());
        }
        return oldest;
    }

    private void grow(final long needed)
    {
        final int capacity = BitUtil.findNextPositivePowerOfTwo(
            (int)Math.min(1L << 30, Math.max(2L * ring.capacity(), 2 * needed)));
        final UnsafeBuffer grownRing = new UnsafeBuffer(new byte[capacity]);
        final int grownMask = capacity - 1;
        for (long position = floor; position < writePosition;)
        {
            final int from = (int)(position & mask);
            final int to = (int)(position & grownMask);
            final int count = (int)Math.min(writePosition - position, Math.min(ring.capacity() - from, capacity - to));
            grownRing.putBytes(to, ring, from, count);
            position += count;
        }
        ring = grownRing;
        mask = grownMask;
        grown++;
    }
}
