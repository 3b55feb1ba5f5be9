package io.wirespeed.jms.intake;

import org.agrona.DirectBuffer;

import io.wirespeed.transport.MessageHandler;

/**
 * A wildcard consumer's feed: one {@link TopicSource} on every partition stream of every channel its pattern may
 * route to, all filling the consumer's one {@link EnvelopeInbox}. When the consumer has read everything it took,
 * the streams are read in turn from a rotating start, each at most its fragment limit, so that no stream starves
 * the others; then the inbox is read in arrival order. Each topic travels on one stream, so the messages of each
 * topic keep their order.
 */
public final class PatternSource implements TopicFeed
{
    private final TopicSource[] sources;
    private final EnvelopeInbox inbox;
    private final boolean dropsWhenBehind;
    private final MessageHandler deliverAndCatchUp = this::deliverAndCatchUp;
    private MessageHandler delivering;
    private volatile boolean listening;
    private int next;
    private volatile boolean closed;

    /**
     * @param sources one source on each stream the pattern's topics may travel on, each filling {@code inbox}.
     * @param inbox   the consumer's inbox.
     */
    public PatternSource(final TopicSource[] sources, final EnvelopeInbox inbox)
    {
        this.sources = sources;
        this.inbox = inbox;
        this.dropsWhenBehind = 0 != sources.length && sources[0].dropsWhenBehind();
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
            final int count = sources.length;
            final int start = next;
            next = start + 1 >= count ? 0 : start + 1;
            for (int i = 0; i < count; i++)
            {
                final int index = start + i;
                sources[index < count ? index : index - count].fill();
            }
        }
        if (listening && dropsWhenBehind)
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
     * Under the {@code drop} policy (the same for every topic of the pattern) the delivery thread reads the streams
     * again after each message it hands the listener, as a {@link TopicSource} does.
     */
    private void deliverAndCatchUp(final DirectBuffer buffer, final int offset, final int length)
    {
        delivering.onMessage(buffer, offset, length);
        for (final TopicSource source : sources)
        {
            source.catchUp();
        }
    }

    @Override
    public boolean isValidated()
    {
        return inbox.isValidated();
    }

    @Override
    public boolean isConnected()
    {
        for (final TopicSource source : sources)
        {
            if (source.isConnected())
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public String channel()
    {
        return sources[0].channel();
    }

    @Override
    public int streamId()
    {
        return sources[0].streamId();
    }

    @Override
    public void listen(final boolean listening)
    {
        this.listening = listening;
        for (final TopicSource source : sources)
        {
            source.listen(listening);
        }
    }

    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            for (final TopicSource source : sources)
            {
                source.close();
            }
        }
    }

    /** @return how many streams this feed reads; for tests. */
    int streamCount()
    {
        return sources.length;
    }

    /** @return the consumer's one inbox, which every stream of this feed fills; for tests. */
    EnvelopeInbox inbox()
    {
        return inbox;
    }
}
