package io.wirespeed.jms.intake;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.transport.MessageHandler;

/**
 * A topic consumer's one inbox: the envelopes its {@link TopicStream}s have read for it and that it has not taken
 * yet, in arrival order. The consumer's source creates and owns it; a consumer of one topic has it filled by one
 * stream, a wildcard consumer by every stream its pattern's topics may travel on (each topic travels on one stream,
 * so each topic's envelopes keep their order in it). Two buffers: whoever polls a stream appends to the pending one
 * under that stream's lock, and, where several streams fill the inbox, under the inbox's own monitor too; the
 * consumer's own thread swaps the two under the same locks when it has read everything it took before, then reads
 * without them, so that no listener or decoding runs while a stream is held. Each envelope carries whether its
 * stream validated it ({@link #isValidated()}), so that the consumer's decoder validates only what nobody has.
 * A consumer of one topic reads its stream's {@link EnvelopeLog}: its inbox then holds positions there, not copies,
 * and says how far its thread has read ({@link #released()}), so that the log keeps what it has not.
 * Grows only while the consumer lags; allocates nothing once its buffers are large enough.
 */
public final class EnvelopeInbox
{
    private static final int INITIAL_CAPACITY = 4096;
    /** Set in an envelope's length word when its stream could not validate it. */
    private static final int NOT_VALIDATED = 0x8000_0000;
    /** Set in an entry's length word when the entry is the envelope's position in the stream's log. */
    private static final int IN_LOG = 0x4000_0000;
    private static final int REFERENCE_LENGTH = Integer.BYTES + Long.BYTES;
    private static final VarHandle RELEASED;

    static
    {
        try
        {
            RELEASED = MethodHandles.lookup().findVarHandle(EnvelopeInbox.class, "released", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final boolean sharedByStreams;
    private ExpandableArrayBuffer pending = new ExpandableArrayBuffer(INITIAL_CAPACITY);
    private ExpandableArrayBuffer reading = new ExpandableArrayBuffer(INITIAL_CAPACITY);
    private volatile int pendingLength;
    private int readPosition;
    private int readLimit;
    private boolean validated;
    private EnvelopeLog log;
    private UnsafeBuffer readingRing;
    private int readingMask;
    private long appendedThrough;
    private long heldSince;
    private volatile long released;

    /**
     * An empty inbox.
     *
     * @param sharedByStreams whether more than one stream may fill it (a wildcard consumer's): then appends, takes
     *                        and clears also hold the inbox's monitor, as the streams' locks are not one.
     */
    public EnvelopeInbox(final boolean sharedByStreams)
    {
        this.sharedByStreams = sharedByStreams;
    }

    /**
     * Appends a copy of an envelope; under the stream's lock.
     *
     * @param buffer    holding the envelope.
     * @param offset    where it starts.
     * @param length    its length.
     * @param validated whether the stream validated it (an {@link io.wirespeed.codec.EnvelopeReader#wrap} of these
     *                  bytes succeeded), so that the consumer may read the copy without validating it again.
     * @return the bytes now pending, to compare against the stream's limit.
     */
    int append(final DirectBuffer buffer, final int offset, final int length, final boolean validated)
    {
        final int lengthWord = validated ? length : length | NOT_VALIDATED;
        if (sharedByStreams)
        {
            synchronized (this)
            {
                return appendExclusive(buffer, offset, length, lengthWord);
            }
        }
        return appendExclusive(buffer, offset, length, lengthWord);
    }

    /**
     * Makes this inbox take positions in a stream's log rather than copies; a consumer of one topic's, as its source
     * joins the stream, under the stream's lock.
     *
     * @param log the stream's log.
     */
    void readFrom(final EnvelopeLog log)
    {
        this.log = log;
        log.add(this);
    }

    /** @return the log this inbox takes positions in, or null when it takes copies. */
    EnvelopeLog log()
    {
        return log;
    }

    /**
     * Appends the position of a validated envelope in the stream's log; under the stream's lock.
     *
     * @param position where the log holds it.
     * @param length   its length.
     */
    void appendPosition(final long position, final int length)
    {
        if (released >= appendedThrough)
        {
            heldSince = position;
        }
        final int at = pendingLength;
        pending.putInt(at, length | IN_LOG, ByteOrder.LITTLE_ENDIAN);
        pending.putLong(at + Integer.BYTES, position, ByteOrder.LITTLE_ENDIAN);
        appendedThrough = position + length;
        pendingLength = at + REFERENCE_LENGTH;
    }

    /**
     * The oldest log position this inbox may still read; under the stream's lock.
     *
     * @return the position, {@link Long#MAX_VALUE} when its thread has read everything it was given.
     */
    long heldFrom()
    {
        final long released = this.released;
        return released >= appendedThrough ? Long.MAX_VALUE : Math.max(released, heldSince);
    }

    /** @return the log position up to which the consumer's thread has read what it was given. */
    long released()
    {
        return released;
    }

    /**
     * Appends a copy of an envelope; under the stream's lock and, if several streams fill it, the inbox's monitor.
     *
     * @param buffer     holding the envelope.
     * @param offset     where it starts.
     * @param length     its length.
     * @param lengthWord its length, with {@link #NOT_VALIDATED} when the stream could not validate it.
     * @return the bytes now pending, to compare against the stream's limit.
     */
    private int appendExclusive(final DirectBuffer buffer, final int offset, final int length, final int lengthWord)
    {
        final int at = pendingLength;
        pending.putInt(at, lengthWord, ByteOrder.LITTLE_ENDIAN);
        pending.putBytes(at + Integer.BYTES, buffer, offset, length);
        final int next = at + Integer.BYTES + length;
        pendingLength = next;
        return next;
    }

    /** @return the bytes appended and not yet taken; any thread (a stream compares them with its limit). */
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
        if (sharedByStreams)
        {
            synchronized (this)
            {
                return takeExclusive();
            }
        }
        return takeExclusive();
    }

    private int takeExclusive()
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
        if (null != log)
        {
            readingRing = log.ring();
            readingMask = log.mask();
        }
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
            final int lengthWord = reading.getInt(readPosition, ByteOrder.LITTLE_ENDIAN);
            if (0 != (lengthWord & IN_LOG))
            {
                final int length = lengthWord & ~IN_LOG;
                final long position = reading.getLong(readPosition + Integer.BYTES, ByteOrder.LITTLE_ENDIAN);
                validated = true;
                readPosition += REFERENCE_LENGTH;
                count++;
                handler.onMessage(readingRing, (int)(position & readingMask), length);
                RELEASED.setRelease(this, position + length);
                continue;
            }
            final int length = lengthWord & ~NOT_VALIDATED;
            validated = lengthWord == length;
            final int offset = readPosition + Integer.BYTES;
            readPosition = offset + length;
            count++;
            handler.onMessage(reading, offset, length);
        }
        return count;
    }

    /**
     * Whether the envelope being handed to the handler of {@link #drain} was validated by the stream that read it;
     * the consumer's own thread, from that handler.
     *
     * @return true when the stream validated it, false when the consumer must (the stream found it malformed).
     */
    boolean isValidated()
    {
        return validated;
    }

    /** Forgets every envelope; under the stream's lock, when the consumer goes. */
    void clear()
    {
        if (sharedByStreams)
        {
            synchronized (this)
            {
                clearExclusive();
            }
        }
        else
        {
            clearExclusive();
        }
    }

    private void clearExclusive()
    {
        RELEASED.setRelease(this, appendedThrough);
        pendingLength = 0;
        readPosition = 0;
        readLimit = 0;
    }
}
