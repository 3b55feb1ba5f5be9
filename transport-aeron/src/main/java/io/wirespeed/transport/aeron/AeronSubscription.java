package io.wirespeed.transport.aeron;

import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.Header;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.DirectBuffer;

/**
 * A {@link TransportSubscription} over an Aeron {@link Subscription}, reassembling fragmented
 * messages with a {@link FragmentAssembler} built once at setup; polling allocates nothing.
 */
final class AeronSubscription implements TransportSubscription
{
    private final Subscription subscription;
    private final FragmentAssembler assembler = new FragmentAssembler(this::onMessage);
    private MessageHandler handler;

    AeronSubscription(final Subscription subscription)
    {
        this.subscription = subscription;
    }

    /** {@inheritDoc} */
    @Override
    public int poll(final MessageHandler handler, final int fragmentLimit)
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

    /** {@inheritDoc} */
    @Override
    public boolean isConnected()
    {
        return subscription.isConnected();
    }

    /** {@inheritDoc} */
    @Override
    public String channel()
    {
        return subscription.channel();
    }

    /** {@inheritDoc} */
    @Override
    public int streamId()
    {
        return subscription.streamId();
    }

    /** {@inheritDoc} */
    @Override
    public void close()
    {
        subscription.close();
    }

    private void onMessage(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        handler.onMessage(buffer, offset, length);
    }
}
