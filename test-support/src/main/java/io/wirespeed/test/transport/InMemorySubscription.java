package io.wirespeed.test.transport;

import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * A {@link TransportSubscription} of an {@link InMemoryTransport}: reads whole messages from its own buffer, which
 * the stream's publications fill. One polling thread at a time; nothing allocated per poll.
 */
final class InMemorySubscription implements TransportSubscription
{
    private final InMemoryTransport transport;
    private final InMemoryStream stream;
    private final RingBuffer buffer;
    private final String channel;
    private final int streamId;
    private final org.agrona.concurrent.MessageHandler adapter = this::onMessage;
    private MessageHandler handler;
    private volatile boolean closed;

    InMemorySubscription(
        final InMemoryTransport transport,
        final InMemoryStream stream,
        final RingBuffer buffer,
        final String channel,
        final int streamId)
    {
        this.transport = transport;
        this.stream = stream;
        this.buffer = buffer;
        this.channel = channel;
        this.streamId = streamId;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Each message is one fragment: in memory nothing is split.
     */
    @Override
    public int poll(final MessageHandler handler, final int fragmentLimit)
    {
        if (closed)
        {
            return 0;
        }
        this.handler = handler;
        try
        {
            return buffer.read(adapter, fragmentLimit);
        }
        finally
        {
            this.handler = null;
        }
    }

    /** {@inheritDoc} */
    @Override
    public boolean isConnected()
    {
        return !closed && stream.hasPublications();
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
    public void close()
    {
        if (!closed)
        {
            closed = true;
            stream.removeSubscriber(buffer);
            transport.forget(this);
        }
    }

    private void onMessage(final int messageType, final DirectBuffer source, final int offset, final int length)
    {
        handler.onMessage(source, offset, length);
    }
}
