package io.wirespeed.transport.rdma;

import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.LogBufferDescriptor;
import io.aeron.protocol.DataHeaderFlyweight;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.BitUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The receiving end of an RDMA stream: reads Aeron frames from its replica of the publisher's
 * log, never past the limit the last receive completion's immediate value allowed (the bytes
 * of an RDMA write are not ordered, so the frame bytes themselves are never trusted as a
 * signal). Polling publishes the consumed position, which the conductor returns to the
 * publisher as credit. One polling thread at a time.
 */
public final class RdmaSubscription implements TransportSubscription
{
    private final String channel;
    private final int streamId;
    private final LogBuffer replica;
    private final int termLength;
    private final int positionBitsToShift;
    private final MessageReassembler reassembler = new MessageReassembler();
    private final Runnable onClose;

    /** Seqlock over (start, limit) across a reconnection: odd while the conductor changes session. */
    final AtomicLong generation = new AtomicLong();
    final AtomicLong limit = new AtomicLong();
    final AtomicLong consumed = new AtomicLong();
    volatile long startPosition;
    volatile boolean connected;
    private volatile boolean closed;

    private long position;
    private long seenGeneration = -1;

    RdmaSubscription(final RdmaChannel rdmaChannel, final String channel, final int streamId, final LogBuffer replica,
        final Runnable onClose)
    {
        this.channel = channel;
        this.streamId = streamId;
        this.replica = replica;
        this.termLength = rdmaChannel.termLength();
        this.positionBitsToShift = Integer.numberOfTrailingZeros(termLength);
        this.onClose = onClose;
    }

    /** {@inheritDoc} */
    public int poll(final MessageHandler handler, final int fragmentLimit)
    {
        final long g1 = generation.get();
        if ((g1 & 1) != 0 || closed)
        {
            return 0;
        }
        final long start = startPosition;
        final long available = limit.get();
        if (generation.get() != g1 || g1 == 0)
        {
            return 0;
        }
        if (g1 != seenGeneration)
        {
            seenGeneration = g1;
            position = start;
            reassembler.reset();
        }
        int fragments = 0;
        long current = position;
        while (fragments < fragmentLimit && current < available)
        {
            final UnsafeBuffer term = replica.term(LogBufferDescriptor.indexByPosition(current, positionBitsToShift));
            final int termOffset = (int)current & (termLength - 1);
            final int frameLength = term.getInt(termOffset);
            if (frameLength < DataHeaderFlyweight.HEADER_LENGTH || termOffset + frameLength > termLength)
            {
                throw new IllegalStateException("corrupt frame length " + frameLength + " at position " + current +
                    " of " + channel + " stream " + streamId);
            }
            current += BitUtil.align(frameLength, FrameDescriptor.FRAME_ALIGNMENT);
            if (!FrameDescriptor.isPaddingFrame(term, termOffset))
            {
                fragments++;
                reassembler.onFragment(handler, term, termOffset + DataHeaderFlyweight.HEADER_LENGTH,
                    frameLength - DataHeaderFlyweight.HEADER_LENGTH, FrameDescriptor.frameFlags(term, termOffset));
            }
            position = current;
        }
        consumed.lazySet(current);
        return fragments;
    }

    /** {@inheritDoc} */
    public boolean isConnected()
    {
        return connected && !closed;
    }

    /** The position this subscription has read up to. */
    public long position()
    {
        return position;
    }

    /** {@inheritDoc} */
    public String channel()
    {
        return channel;
    }

    /** {@inheritDoc} */
    public int streamId()
    {
        return streamId;
    }

    /** {@inheritDoc} */
    public void close()
    {
        if (!closed)
        {
            closed = true;
            onClose.run();
        }
    }

    boolean isClosed()
    {
        return closed;
    }
}
