package io.wirespeed.transport.rdma;

import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.HeaderWriter;
import io.aeron.logbuffer.LogBufferDescriptor;
import io.aeron.protocol.DataHeaderFlyweight;
import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.TransportPublication;
import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The publishing end of an RDMA stream: messages are appended as Aeron frames to the
 * publisher's log (fragmented above the MTU) and the transport's conductor RDMA-writes them into
 * every connected subscriber's replica. Offers beyond the slowest subscriber's consumed position
 * plus half a term return {@link #BACK_PRESSURED}; no subscriber gives {@link #NOT_CONNECTED}.
 * One writer thread at a time.
 */
public final class RdmaPublication implements TransportPublication
{
    private final String channel;
    private final int streamId;
    private final int sessionId;
    private final LogBuffer log;
    private final int termLength;
    private final int positionBitsToShift;
    private final int initialTermId;
    private final int maxPayload;
    private final int maxMessageLength;
    private final HeaderWriter headerWriter;
    private final Runnable onClose;

    final AtomicLong publishedTail = new AtomicLong();
    final AtomicLong limit = new AtomicLong();
    volatile boolean connected;
    volatile int subscriberCount;
    private volatile boolean closed;

    private int termId;
    private int termOffset;
    private int partitionIndex;

    RdmaPublication(
        final RdmaChannel rdmaChannel, final String channel, final int streamId, final LogBuffer log,
        final int sessionId, final int initialTermId, final Runnable onClose)
    {
        this.channel = channel;
        this.streamId = streamId;
        this.sessionId = sessionId;
        this.log = log;
        this.termLength = rdmaChannel.termLength();
        this.positionBitsToShift = Integer.numberOfTrailingZeros(termLength);
        this.initialTermId = initialTermId;
        this.termId = initialTermId;
        this.maxPayload = rdmaChannel.mtu() - DataHeaderFlyweight.HEADER_LENGTH;
        this.maxMessageLength = FrameDescriptor.computeMaxMessageLength(termLength);
        this.headerWriter = HeaderWriter.newInstance(
            DataHeaderFlyweight.createDefaultHeader(sessionId, streamId, initialTermId));
        this.onClose = onClose;
        LogBufferDescriptor.initialTermId(log.metadata(), initialTermId);
        LogBufferDescriptor.mtuLength(log.metadata(), rdmaChannel.mtu());
    }

    /** {@inheritDoc} */
    public long offer(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < 0 || length > maxMessageLength)
        {
            throw new IllegalArgumentException("message length " + length + " outside 0.." + maxMessageLength);
        }
        final long status = admit();
        if (status < 0)
        {
            return status;
        }
        if (length <= maxPayload)
        {
            final int frameOffset = reserve(length);
            final UnsafeBuffer term = log.term(partitionIndex);
            term.putBytes(frameOffset + DataHeaderFlyweight.HEADER_LENGTH, buffer, offset, length);
            finish(term, frameOffset, length + DataHeaderFlyweight.HEADER_LENGTH, FrameDescriptor.UNFRAGMENTED);
        }
        else
        {
            int remaining = length;
            byte flags = FrameDescriptor.BEGIN_FRAG_FLAG;
            while (remaining > 0)
            {
                final int chunk = Math.min(remaining, maxPayload);
                if (chunk == remaining)
                {
                    flags |= FrameDescriptor.END_FRAG_FLAG;
                }
                final int frameOffset = reserve(chunk);
                final UnsafeBuffer term = log.term(partitionIndex);
                term.putBytes(
                    frameOffset + DataHeaderFlyweight.HEADER_LENGTH, buffer, offset + length - remaining, chunk);
                finish(term, frameOffset, chunk + DataHeaderFlyweight.HEADER_LENGTH, flags);
                remaining -= chunk;
                flags = 0;
            }
        }
        return publish();
    }

    /**
     * {@inheritDoc}
     *
     * @param claim an {@link RdmaClaim} from {@link #newClaim()}; other {@link ClaimedSpace} types cannot be filled.
     */
    public long tryClaim(final int length, final ClaimedSpace claim)
    {
        if (!(claim instanceof RdmaClaim))
        {
            throw new IllegalArgumentException("tryClaim on an RDMA publication needs an RdmaClaim, not " +
                (claim == null ? "null" : claim.getClass().getName()));
        }
        if (length < 0 || length > maxPayload)
        {
            throw new IllegalArgumentException("claim length " + length + " outside 0.." + maxPayload);
        }
        final long status = admit();
        if (status < 0)
        {
            return status;
        }
        final int frameOffset = reserve(length);
        ((RdmaClaim)claim).wrap(this, log.term(partitionIndex), frameOffset, length);
        return LogBufferDescriptor.computePosition(termId, termOffset, positionBitsToShift, initialTermId);
    }

    /** {@inheritDoc} */
    public ClaimedSpace newClaim()
    {
        return new RdmaClaim();
    }

    /** {@inheritDoc} */
    public int maxClaimLength()
    {
        return maxPayload;
    }

    /** {@inheritDoc} */
    public int maxMessageLength()
    {
        return maxMessageLength;
    }

    /** {@inheritDoc} */
    public boolean isConnected()
    {
        return connected && !closed;
    }

    /** The number of subscribers currently connected. */
    public int subscriberCount()
    {
        return subscriberCount;
    }

    /** The position up to which messages have been appended and may be sent. */
    public long position()
    {
        return publishedTail.get();
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
    @Override
    public int sessionId()
    {
        return sessionId;
    }

    /**
     * How far past the slowest subscriber's consumed position the sender lets this publication append.
     *
     * @param termLength the log's term length.
     * @return the window in bytes: half a term.
     */
    static long senderWindow(final int termLength)
    {
        return termLength / 2;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Waits until every connected subscriber has returned a consumed position at or past what was appended (the
     * limit, which the sender keeps one window past the slowest of them, shows it), then closes.
     */
    @Override
    public boolean closeAfterDelivery(final long deadlineNs)
    {
        final long end = publishedTail.get();
        final long window = senderWindow(termLength);
        while (isConnected() && limit.get() - window < end)
        {
            if (System.nanoTime() - deadlineNs >= 0)
            {
                close();
                return false;
            }
            LockSupport.parkNanos(1_000_000);
        }
        close();
        return true;
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

    int initialTermId()
    {
        return initialTermId;
    }

    void commitClaim(final UnsafeBuffer term, final int frameOffset, final int length, final boolean abort)
    {
        if (abort)
        {
            FrameDescriptor.frameType(term, frameOffset, FrameDescriptor.PADDING_FRAME_TYPE);
        }
        finish(term, frameOffset, length + DataHeaderFlyweight.HEADER_LENGTH, FrameDescriptor.UNFRAGMENTED);
        publish();
    }

    private long admit()
    {
        if (closed)
        {
            return CLOSED;
        }
        if (!connected)
        {
            return NOT_CONNECTED;
        }
        final long position =
            LogBufferDescriptor.computePosition(termId, termOffset, positionBitsToShift, initialTermId);
        if (position >= limit.get())
        {
            return BACK_PRESSURED;
        }
        return position;
    }

    /** Finds room for one frame, padding out the term and rotating when it does not fit. */
    private int reserve(final int payloadLength)
    {
        final int alignedLength = BitUtil.align(payloadLength + DataHeaderFlyweight.HEADER_LENGTH,
            FrameDescriptor.FRAME_ALIGNMENT);
        if (termOffset + alignedLength > termLength)
        {
            final UnsafeBuffer term = log.term(partitionIndex);
            final int padding = termLength - termOffset;
            if (padding > 0)
            {
                headerWriter.write(term, termOffset, padding, termId);
                FrameDescriptor.frameType(term, termOffset, FrameDescriptor.PADDING_FRAME_TYPE);
                FrameDescriptor.frameLengthOrdered(term, termOffset, padding);
            }
            termId++;
            termOffset = 0;
            partitionIndex = LogBufferDescriptor.nextPartitionIndex(partitionIndex);
            LogBufferDescriptor.activeTermCountOrdered(log.metadata(), termId - initialTermId);
        }
        final int frameOffset = termOffset;
        headerWriter.write(log.term(partitionIndex), frameOffset, payloadLength + DataHeaderFlyweight.HEADER_LENGTH,
            termId);
        termOffset += alignedLength;
        return frameOffset;
    }

    private static void finish(final UnsafeBuffer term, final int frameOffset, final int frameLength, final byte flags)
    {
        FrameDescriptor.frameFlags(term, frameOffset, flags);
        FrameDescriptor.frameLengthOrdered(term, frameOffset, frameLength);
    }

    private long publish()
    {
        final long position =
            LogBufferDescriptor.computePosition(termId, termOffset, positionBitsToShift, initialTermId);
        publishedTail.lazySet(position);
        return position;
    }
}
