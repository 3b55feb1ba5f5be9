package io.wirespeed.transport.aeron;

import io.aeron.FragmentAssembler;
import io.aeron.Image;
import io.aeron.Subscription;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;

/**
 * One recording being replayed from the archive, from a position on, following the recording while
 * it is active: whole messages with the position each one ends at (the recording's, which is the
 * publisher's stream position). Polled by one thread.
 */
public final class RecordedStream implements AutoCloseable
{
    private final StreamArchive archive;
    private final long recordingId;
    private final Subscription subscription;
    private final long replaySessionId;
    private final FragmentAssembler assembler = new FragmentAssembler(this::onMessage);
    private Handler handler;
    private boolean sawImage;
    private boolean closed;

    RecordedStream(
        final StreamArchive archive, final long recordingId, final Subscription subscription,
        final long replaySessionId)
    {
        this.archive = archive;
        this.recordingId = recordingId;
        this.subscription = subscription;
        this.replaySessionId = replaySessionId;
    }

    /** Receives one whole replayed message. */
    @FunctionalInterface
    public interface Handler
    {
        /**
         * @param buffer      holds the message, valid during the call only.
         * @param offset      where it starts.
         * @param length      its length.
         * @param endPosition the stream position just after it.
         */
        void onMessage(DirectBuffer buffer, int offset, int length, long endPosition);
    }

    /** @return the recording replayed. */
    public long recordingId()
    {
        return recordingId;
    }

    /**
     * Hands waiting messages to the handler.
     *
     * @param handler       receives each whole message.
     * @param fragmentLimit the most fragments to read.
     * @return the fragments read.
     */
    public int poll(final Handler handler, final int fragmentLimit)
    {
        this.handler = handler;
        try
        {
            return subscription.poll(assembler, fragmentLimit);
        }
        finally
        {
            this.handler = null;
        }
    }

    /**
     * Whether the replay has ended: its image came and went (the recording stopped and was read to its
     * end, or the replay failed).
     *
     * @return true when no more messages will come.
     */
    public boolean isEnded()
    {
        if (subscription.imageCount() > 0)
        {
            sawImage = true;
            final Image image = subscription.imageAtIndex(0);
            return image.isEndOfStream() || image.isClosed();
        }
        return sawImage || subscription.isClosed();
    }

    /** Stops the replay and closes its subscription. Idempotent. */
    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            archive.stopReplayQuietly(replaySessionId);
            subscription.close();
        }
    }

    private void onMessage(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        handler.onMessage(buffer, offset, length, header.position());
    }
}
