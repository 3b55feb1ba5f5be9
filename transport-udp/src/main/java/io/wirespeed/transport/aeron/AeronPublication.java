package io.wirespeed.transport.aeron;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.TransportPublication;
import org.agrona.DirectBuffer;

/**
 * A {@link TransportPublication} over an Aeron {@link ExclusivePublication}: one writer thread,
 * no contention on the log. Aeron's status codes equal the SPI's, so results pass through unchanged.
 */
final class AeronPublication implements TransportPublication
{
    static
    {
        if (Publication.NOT_CONNECTED != NOT_CONNECTED || Publication.BACK_PRESSURED != BACK_PRESSURED ||
            Publication.ADMIN_ACTION != ADMIN_ACTION || Publication.CLOSED != CLOSED ||
            Publication.MAX_POSITION_EXCEEDED != MAX_POSITION_EXCEEDED)
        {
            throw new ExceptionInInitializerError("Aeron's publication status codes no longer match the SPI's");
        }
    }

    private final ExclusivePublication publication;

    AeronPublication(final ExclusivePublication publication)
    {
        this.publication = publication;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if {@code length} exceeds {@link #maxMessageLength()}.
     */
    @Override
    public long offer(final DirectBuffer buffer, final int offset, final int length)
    {
        return publication.offer(buffer, offset, length);
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if {@code length} exceeds {@link #maxClaimLength()} or the claim was
     *                                  not made by {@link #newClaim()} of an Aeron publication.
     */
    @Override
    public long tryClaim(final int length, final ClaimedSpace claim)
    {
        if (!(claim instanceof AeronClaimedSpace))
        {
            throw new IllegalArgumentException("the claim must come from newClaim() of an Aeron publication");
        }
        return publication.tryClaim(length, ((AeronClaimedSpace)claim).bufferClaim());
    }

    /** {@inheritDoc} */
    @Override
    public ClaimedSpace newClaim()
    {
        return new AeronClaimedSpace();
    }

    /** {@inheritDoc} */
    @Override
    public int maxClaimLength()
    {
        return publication.maxPayloadLength();
    }

    /** {@inheritDoc} */
    @Override
    public int maxMessageLength()
    {
        return publication.maxMessageLength();
    }

    /** {@inheritDoc} */
    @Override
    public boolean isConnected()
    {
        return publication.isConnected();
    }

    /** {@inheritDoc} */
    @Override
    public String channel()
    {
        return publication.channel();
    }

    /** {@inheritDoc} */
    @Override
    public int streamId()
    {
        return publication.streamId();
    }

    /** {@inheritDoc} */
    @Override
    public int sessionId()
    {
        return publication.sessionId();
    }

    /** {@inheritDoc} */
    @Override
    public void close()
    {
        publication.close();
    }
}
