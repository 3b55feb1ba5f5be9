package io.wirespeed.transport.aeron;

import java.util.function.Consumer;

import io.aeron.FragmentAssembler;
import io.aeron.Image;
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
    private final ImageGaps gaps;
    private final FragmentAssembler assembler = new FragmentAssembler(this::onMessage);
    private final Consumer<Image> imagePoller = this::pollImage;
    private MessageHandler handler;
    private int remainingFragments;
    private int polledFragments;

    AeronSubscription(final Subscription subscription, final ImageGaps gaps)
    {
        this.subscription = subscription;
        this.gaps = gaps;
    }

    /** {@inheritDoc} Counted from images that left and rejoined further on ({@link ImageGaps}). */
    @Override
    public long lostBytes()
    {
        return gaps.lostBytes();
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

    /**
     * {@inheritDoc} Aeron keeps a subscription's images in the order they joined; they are read in that order, each
     * until it has nothing more waiting, so that a later publication's messages never overtake an earlier one's
     * (Aeron's own poll starts at a rotating image, for fairness).
     */
    @Override
    public int pollOldestFirst(final MessageHandler handler, final int fragmentLimit)
    {
        this.handler = handler;
        this.remainingFragments = fragmentLimit;
        this.polledFragments = 0;
        try
        {
            subscription.forEachImage(imagePoller);
            return polledFragments;
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
    public long registrationId()
    {
        return subscription.registrationId();
    }

    /** {@inheritDoc} */
    @Override
    public long publisherCorrelationId(final int sessionId)
    {
        final Image image = subscription.imageBySessionId(sessionId);
        return image == null ? -1 : image.correlationId();
    }

    /** {@inheritDoc} */
    @Override
    public void close()
    {
        subscription.close();
    }

    private void pollImage(final Image image)
    {
        if (remainingFragments > 0)
        {
            final int fragments = image.poll(assembler, remainingFragments);
            polledFragments += fragments;
            remainingFragments -= fragments;
        }
    }

    private void onMessage(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        handler.onMessage(buffer, offset, length);
    }
}
