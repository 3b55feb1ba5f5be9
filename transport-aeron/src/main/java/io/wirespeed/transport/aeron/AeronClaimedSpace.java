package io.wirespeed.transport.aeron;

import io.aeron.logbuffer.BufferClaim;
import io.wirespeed.transport.ClaimedSpace;
import org.agrona.MutableDirectBuffer;

/**
 * A {@link ClaimedSpace} over an Aeron {@link BufferClaim}: the claimed region lies in the
 * publication's log buffer, so a message written here is sent without a copy.
 */
final class AeronClaimedSpace implements ClaimedSpace
{
    private final BufferClaim bufferClaim = new BufferClaim();

    BufferClaim bufferClaim()
    {
        return bufferClaim;
    }

    /** {@inheritDoc} */
    @Override
    public MutableDirectBuffer buffer()
    {
        return bufferClaim.buffer();
    }

    /** {@inheritDoc} */
    @Override
    public int offset()
    {
        return bufferClaim.offset();
    }

    /** {@inheritDoc} */
    @Override
    public int length()
    {
        return bufferClaim.length();
    }

    /** {@inheritDoc} */
    @Override
    public void commit()
    {
        bufferClaim.commit();
    }

    /** {@inheritDoc} */
    @Override
    public void abort()
    {
        bufferClaim.abort();
    }
}
