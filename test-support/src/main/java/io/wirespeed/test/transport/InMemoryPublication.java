package io.wirespeed.test.transport;

import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.TransportPublication;
import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;

/**
 * A {@link TransportPublication} of an {@link InMemoryTransport}: each message is copied whole into the buffer of
 * every subscriber of its stream, or, when one of them is full, into none ({@link #BACK_PRESSURED}). One writer
 * thread at a time; nothing allocated per message.
 */
final class InMemoryPublication implements TransportPublication
{
    private final InMemoryTransport transport;
    private final InMemoryStream stream;
    private final String channel;
    private final int streamId;
    private final int sessionId;
    private final int maxMessageLength;
    private final InMemoryClaim offerClaim = new InMemoryClaim();
    private long position;
    private volatile boolean closed;

    InMemoryPublication(
        final InMemoryTransport transport,
        final InMemoryStream stream,
        final String channel,
        final int streamId,
        final int sessionId,
        final int maxMessageLength)
    {
        this.transport = transport;
        this.stream = stream;
        this.channel = channel;
        this.streamId = streamId;
        this.sessionId = sessionId;
        this.maxMessageLength = maxMessageLength;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if, when it would be sent, {@code length} exceeds {@link #maxMessageLength()}.
     */
    @Override
    public long offer(final DirectBuffer buffer, final int offset, final int length)
    {
        final long result = tryClaim(length, offerClaim);
        if (result > 0)
        {
            offerClaim.buffer().putBytes(offerClaim.offset(), buffer, offset, length);
            offerClaim.commit();
        }
        return result;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if the claim was not made by {@link #newClaim()} of an in-memory publication,
     *                                  or, when it would be sent, {@code length} exceeds {@link #maxClaimLength()}.
     */
    @Override
    public long tryClaim(final int length, final ClaimedSpace claim)
    {
        if (!(claim instanceof InMemoryClaim))
        {
            throw new IllegalArgumentException("the claim must come from newClaim() of an in-memory publication");
        }
        if (closed)
        {
            return CLOSED;
        }
        if (!stream.hasSubscribers())
        {
            return NOT_CONNECTED;
        }
        if (length < 0 || length > maxMessageLength)
        {
            throw new IllegalArgumentException(
                "a message of " + length + " bytes does not fit: the most is " + maxMessageLength);
        }
        final long status = stream.claim(length, (InMemoryClaim)claim);
        if (status < 0)
        {
            return status;
        }
        position += BitUtil.align(length + RecordDescriptor.HEADER_LENGTH, RecordDescriptor.ALIGNMENT);
        return position;
    }

    /** {@inheritDoc} */
    @Override
    public ClaimedSpace newClaim()
    {
        return new InMemoryClaim();
    }

    /** {@inheritDoc} */
    @Override
    public int maxClaimLength()
    {
        return maxMessageLength;
    }

    /** {@inheritDoc} */
    @Override
    public int maxMessageLength()
    {
        return maxMessageLength;
    }

    /** {@inheritDoc} */
    @Override
    public boolean isConnected()
    {
        return !closed && stream.hasSubscribers();
    }

    /** {@inheritDoc} */
    @Override
    public String channel()
    {
        return channel;
    }

    /** {@inheritDoc} */
    @Override
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
     * {@inheritDoc}
     * <p>
     * What was offered is already in the subscribers' buffers, which outlive the publication: nothing is lost.
     */
    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            stream.removePublication();
            transport.forget(this);
        }
    }

    /**
     * {@inheritDoc}
     * <p>
     * Closes at once, as an IPC publication does: everything offered is already in the subscribers' buffers.
     */
    @Override
    public boolean closeAfterDelivery(final long deadlineNs)
    {
        close();
        return true;
    }
}
