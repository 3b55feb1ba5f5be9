package io.wirespeed.transport.rdma;

import io.wirespeed.transport.ClaimedSpace;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The claim object {@link RdmaPublication#tryClaim} fills: a frame reserved in the publisher's
 * term buffer, written in place and then committed (sent) or aborted (sent as padding).
 * Create one per publishing thread and reuse it.
 */
public final class RdmaClaim implements ClaimedSpace
{
    private RdmaPublication publication;
    private UnsafeBuffer buffer;
    private int frameOffset;
    private int length;

    void wrap(final RdmaPublication publication, final UnsafeBuffer buffer, final int frameOffset, final int length)
    {
        this.publication = publication;
        this.buffer = buffer;
        this.frameOffset = frameOffset;
        this.length = length;
    }

    /** {@inheritDoc} */
    public MutableDirectBuffer buffer()
    {
        return buffer;
    }

    /** {@inheritDoc} */
    public int offset()
    {
        return frameOffset + io.aeron.protocol.DataHeaderFlyweight.HEADER_LENGTH;
    }

    /** {@inheritDoc} */
    public int length()
    {
        return length;
    }

    /** {@inheritDoc} */
    public void commit()
    {
        final RdmaPublication p = release();
        p.commitClaim(buffer, frameOffset, length, false);
    }

    /** {@inheritDoc} */
    public void abort()
    {
        final RdmaPublication p = release();
        p.commitClaim(buffer, frameOffset, length, true);
    }

    private RdmaPublication release()
    {
        final RdmaPublication p = publication;
        if (p == null)
        {
            throw new IllegalStateException("no claim is held: call tryClaim first");
        }
        publication = null;
        return p;
    }
}
