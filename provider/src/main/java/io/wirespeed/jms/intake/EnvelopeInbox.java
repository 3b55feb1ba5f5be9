package io.wirespeed.jms.intake;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

import io.wirespeed.transport.MessageHandler;

/**
 * The envelopes a {@link TopicStream} has read for one consumer and that the consumer has not taken yet, in
 * arrival order. Two buffers: whoever polls the stream appends to the pending one under the stream's lock; the
 * consumer's own thread swaps the two under that lock when it has read everything it took before, then reads
 * without the lock, so that no listener or decoding runs while the stream is held. Grows only while the consumer
 * lags; allocates nothing once its buffers are large enough.
 */
final class EnvelopeInbox
{
    private static final int INITIAL_CAPACITY = 4096;

    private ExpandableArrayBuffer pending = new ExpandableArrayBuffer(INITIAL_CAPACITY);
    private ExpandableArrayBuffer reading = new ExpandableArrayBuffer(INITIAL_CAPACITY);
    private volatile int pendingLength;
    private int readPosition;
    private int readLimit;

    /**
     * Appends a copy of an envelope; under the stream's lock.
     *
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     * @return the bytes now pending, to compare against the stream's limit.
     */
    int append(final DirectBuffer buffer, final int offset, final int length)
    {
        final int at = pendingLength;
        pending.putInt(at, length, ByteOrder.LITTLE_ENDIAN);
        pending.putBytes(at + Integer.BYTES, buffer, offset, length);
        final int next = at + Integer.BYTES + length;
        pendingLength = next;
        return next;
    }

    /** @return the bytes appended and not yet taken; under the stream's lock. */
    int pendingBytes()
    {
        return pendingLength;
    }

    /** @return whether envelopes wait, taken or not; any thread may ask. */
    boolean hasEnvelopes()
    {
        return readPosition < readLimit || 0 != pendingLength;
    }

    /** @return whether the consumer has read every envelope it took; its own thread only. */
    boolean isTakenEmpty()
    {
        return readPosition >= readLimit;
    }

    /**
     * Takes what is pending for reading, once everything taken before has been read; under the stream's lock.
     *
     * @return the bytes that were pending and are taken now, 0 when none were or the last take is unread.
     */
    int take()
    {
        final int length = pendingLength;
        if (readPosition < readLimit || 0 == length)
        {
            return 0;
        }
        final ExpandableArrayBuffer taken = pending;
        pending = reading;
        reading = taken;
        readPosition = 0;
        readLimit = length;
        pendingLength = 0;
        return length;
    }

    /**
     * Hands taken envelopes to a handler, in order; the consumer's own thread, without the stream's lock.
     *
     * @param handler the consumer's handler.
     * @param limit   the most envelopes to hand over.
     * @return how many were handed over.
     */
    int drain(final MessageHandler handler, final int limit)
    {
        int count = 0;
        while (count < limit && readPosition < readLimit)
        {
            final int length = reading.getInt(readPosition, ByteOrder.LITTLE_ENDIAN);
            final int offset = readPosition + Integer.BYTES;
            readPosition = offset + length;
            count++;
            handler.onMessage(reading, offset, length);
        }
        return count;
    }

    /** Forgets every envelope; under the stream's lock, when the consumer goes. */
    void clear()
    {
        pendingLength = 0;
        readPosition = 0;
        readLimit = 0;
    }
}
