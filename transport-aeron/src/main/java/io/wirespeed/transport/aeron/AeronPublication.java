package io.wirespeed.transport.aeron;

import java.io.File;

import io.aeron.CommonContext;
import io.aeron.ExclusivePublication;
import io.aeron.LogBuffers;
import io.aeron.Publication;
import io.aeron.logbuffer.LogBufferDescriptor;
import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.TransportPublication;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * A {@link TransportPublication} over an Aeron {@link ExclusivePublication}: one writer thread,
 * no contention on the log. Aeron's status codes equal the SPI's, so results pass through unchanged.
 * <p>
 * {@link #closeAfterDelivery(long)} relies on Aeron's end of stream: once the publication is closed, the driver
 * sends what is left and marks the stream's end; each receiving driver answers with an end-of-stream status
 * message only when its image holds everything up to that end (every loss repaired), and the driver clears the
 * log's connected flag when the last receiver has answered. Reading that flag needs the log's metadata after the
 * client has let go of it, so this class maps the log file itself for the wait.
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

    private static final String PUBLICATIONS_DIRECTORY = "publications";
    private static final String LOG_FILE_SUFFIX = ".logbuffer";

    private final ExclusivePublication publication;
    private final String aeronDirectory;

    AeronPublication(final ExclusivePublication publication, final String aeronDirectory)
    {
        this.publication = publication;
        this.aeronDirectory = aeronDirectory;
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

    /**
     * {@inheritDoc}
     * <p>
     * IPC closes at once: its subscribers read the log in shared memory, and the driver keeps the log until they
     * have drained it. A network publication is closed and then waited on until every receiver has confirmed the
     * end of the stream, which a receiving driver does only once its image has all of it.
     */
    @Override
    public boolean closeAfterDelivery(final long deadlineNs)
    {
        if (publication.isClosed())
        {
            return true;
        }
        if (!publication.isConnected() || publication.channel().startsWith(CommonContext.IPC_CHANNEL))
        {
            publication.close();
            return true;
        }
        final LogBuffers log = mapLog();
        if (null == log)
        {
            publication.close();
            return false;
        }
        try
        {
            publication.close();
            final IdleStrategy idle = new SleepingMillisIdleStrategy(1);
            while (LogBufferDescriptor.isConnected(log.metaDataBuffer()))
            {
                if (System.nanoTime() - deadlineNs >= 0)
                {
                    return false;
                }
                idle.idle();
            }
            return true;
        }
        finally
        {
            log.close();
        }
    }

    private LogBuffers mapLog()
    {
        final File file = new File(new File(aeronDirectory, PUBLICATIONS_DIRECTORY),
            publication.registrationId() + LOG_FILE_SUFFIX);
        try
        {
            return file.isFile() ? new LogBuffers(file.getPath()) : null;
        }
        catch (final RuntimeException ex)
        {
            return null;
        }
    }
}
