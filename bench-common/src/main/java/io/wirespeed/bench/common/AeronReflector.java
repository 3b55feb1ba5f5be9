package io.wirespeed.bench.common;

import java.util.function.IntSupplier;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;

import io.aeron.Publication;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;

/**
 * The echo side of a raw Aeron ping-pong: copies every message it is handed, unchanged, into a claim on the pong
 * publication, or offers it (which fragments it) when it is longer than one frame
 * ({@link Publication#maxPayloadLength()}); behind a {@link io.aeron.FragmentAssembler} it reflects messages of any
 * size. Back-pressure is waited out on the polling thread with an idle strategy, doing the given duty while it waits
 * (a reflector that also reads the pongs must keep reading them, or the back-pressure never clears).
 */
public final class AeronReflector implements FragmentHandler
{
    /** A duty that does nothing, for a reflector whose thread has nothing else to do. */
    public static final IntSupplier NO_DUTY = () -> 0;

    private final Publication publication;
    private final IdleStrategy backPressureIdle;
    private final IntSupplier whileBackPressured;
    private final BufferClaim claim = new BufferClaim();

    /**
     * A reflector onto a publication.
     *
     * @param publication        where the pongs go.
     * @param backPressureIdle   how to wait while the publication is back-pressured.
     * @param whileBackPressured work done on each wait, returning how much it did; {@link #NO_DUTY} for none.
     */
    public AeronReflector(
        final Publication publication, final IdleStrategy backPressureIdle, final IntSupplier whileBackPressured)
    {
        this.publication = publication;
        this.backPressureIdle = backPressureIdle;
        this.whileBackPressured = whileBackPressured;
    }

    /**
     * Sends the message back on the pong publication, waiting out back-pressure.
     *
     * @throws IllegalStateException if the publication is closed or has reached its maximum position.
     */
    @Override
    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        final IdleStrategy idle = backPressureIdle;
        idle.reset();
        final boolean oneFrame = length <= publication.maxPayloadLength();
        long result;
        while ((result = oneFrame ?
            publication.tryClaim(length, claim) : publication.offer(buffer, offset, length)) < 0)
        {
            if (Publication.CLOSED == result || Publication.MAX_POSITION_EXCEEDED == result)
            {
                throw new IllegalStateException("pong publication failed: " + Publication.errorString(result));
            }
            idle.idle(whileBackPressured.getAsInt());
        }
        if (oneFrame)
        {
            claim.buffer().putBytes(claim.offset(), buffer, offset, length);
            claim.commit();
        }
    }
}
