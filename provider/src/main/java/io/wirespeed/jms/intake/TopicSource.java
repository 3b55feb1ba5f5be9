package io.wirespeed.jms.intake;

import org.agrona.DirectBuffer;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.Utf8String;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TopicPattern;
import io.wirespeed.selector.Selector;
import io.wirespeed.transport.MessageHandler;

/**
 * A topic consumer's place on one {@link TopicStream}: the stream puts the envelopes of the consumer's topic (or of
 * the topics its pattern matches) in the consumer's inbox, which its source owns. As a {@link TopicFeed} it is a
 * one-topic consumer's feed: a consumer without a listener polls the stream itself (for every consumer on it) and
 * then reads what was read for it; a consumer with a listener is served by the delivery thread, which polls the
 * stream and reads for it. A wildcard consumer has one on each of its streams, all filling its one inbox, and reads
 * them through a {@link PatternSource}. It carries the consumer's compiled selector, which the stream evaluates (or
 * finds through an index) before it copies an envelope into the inbox, so that the consumer never evaluates it.
 */
public final class TopicSource implements TopicFeed
{
    private final TopicStreams streams;
    private final TopicStream stream;
    private final JmsDestination destination;
    private final TopicPattern pattern;
    private final Selector selector;
    private final int fragmentLimit;
    private final EnvelopeInbox inbox;
    private final ServedConsumer consumer;
    private volatile boolean listening;
    private boolean lagging;
    private boolean queued;
    private volatile boolean closed;
    private final MessageHandler deliverAndCatchUp = this::deliverAndCatchUp;
    private MessageHandler delivering;

    TopicSource(
        final TopicStreams streams,
        final TopicStream stream,
        final JmsDestination destination,
        final TopicPattern pattern,
        final Selector selector,
        final ServedConsumer consumer,
        final EnvelopeInbox inbox,
        final int fragmentLimit)
    {
        this.inbox = inbox;
        this.streams = streams;
        this.stream = stream;
        this.destination = destination;
        this.pattern = pattern;
        this.selector = selector;
        this.consumer = consumer;
        this.fragmentLimit = fragmentLimit;
    }

    @Override
    public int poll(final MessageHandler handler, final int limit)
    {
        if (closed)
        {
            return 0;
        }
        if (inbox.isTakenEmpty())
        {
            fill();
        }
        if (listening && stream.dropsWhenBehind())
        {
            delivering = handler;
            try
            {
                return inbox.drain(deliverAndCatchUp, limit);
            }
            finally
            {
                delivering = null;
            }
        }
        return inbox.drain(handler, limit);
    }

    /**
     * Takes into the inbox what the stream read for the consumer, reading the stream first unless the delivery
     * thread reads it (a listener's). The inbox must have been read up to what was taken before.
     */
    void fill()
    {
        if (listening)
        {
            stream.take(this);
        }
        else
        {
            stream.poll(this, fragmentLimit, null);
        }
    }

    /** Under the {@code drop} policy: reads the stream on, between two deliveries to a listener. */
    void catchUp()
    {
        stream.poll(null, TopicStream.CATCH_UP_FRAGMENTS, null);
    }

    /** @return whether the stream drops what a consumer beyond its limit would be sent (policy {@code drop}). */
    boolean dropsWhenBehind()
    {
        return stream.dropsWhenBehind();
    }

    /**
     * Under the {@code drop} policy the delivery thread reads the stream again after each message it hands a
     * listener, so that a slow listener falls behind in its inbox (dropping beyond the limit) rather than in the
     * stream, where it would hold the publishers until the driver leaves it behind.
     */
    private void deliverAndCatchUp(final DirectBuffer buffer, final int offset, final int length)
    {
        delivering.onMessage(buffer, offset, length);
        catchUp();
    }

    @Override
    public boolean isValidated()
    {
        return inbox.isValidated();
    }

    @Override
    public boolean isConnected()
    {
        return stream.subscription().isConnected();
    }

    @Override
    public String channel()
    {
        return stream.subscription().channel();
    }

    @Override
    public int streamId()
    {
        return stream.subscription().streamId();
    }

    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            streams.release(stream, this);
        }
    }

    /**
     * Says whether the consumer has a listener, so that the delivery thread reads for it.
     *
     * @param listening whether it has one.
     */
    @Override
    public void listen(final boolean listening)
    {
        if (!closed)
        {
            stream.listening(this, listening);
            streams.listenersChanged();
        }
    }

    /** @return the stream this source reads. */
    public TopicStream stream()
    {
        return stream;
    }

    /** @return the consumer this source serves. */
    public ServedConsumer consumer()
    {
        return consumer;
    }

    /** @return whether the consumer has gone. */
    public boolean isClosed()
    {
        return closed;
    }

    /** @return the consumer's wildcard pattern, or null for a consumer of one topic. */
    TopicPattern pattern()
    {
        return pattern;
    }

    /** @return the consumer's selector, which the stream applies, or null for none. */
    Selector selector()
    {
        return selector;
    }

    int topicHash()
    {
        return destination.topicHash();
    }

    DestinationKind destinationKind()
    {
        return destination.kind();
    }

    Utf8String destinationName()
    {
        return destination.utf8Name();
    }

    EnvelopeInbox inbox()
    {
        return inbox;
    }

    boolean isListening()
    {
        return listening;
    }

    void listening(final boolean listening)
    {
        this.listening = listening;
    }

    boolean isLagging()
    {
        return lagging;
    }

    void lagging(final boolean lagging)
    {
        this.lagging = lagging;
    }

    boolean isQueued()
    {
        return queued;
    }

    void queued(final boolean queued)
    {
        this.queued = queued;
    }
}
