package io.wirespeed.jms.intake;

import io.wirespeed.transport.MessageHandler;

/**
 * A wildcard consumer's feed: one {@link TopicSource} on every partition stream of every channel its pattern may
 * route to, read in turn from a rotating start so that no stream starves the others. Each topic travels on one
 * stream, so the messages of each topic keep their order.
 */
public final class PatternSource implements TopicFeed
{
    private final TopicSource[] sources;
    private int next;
    private volatile boolean closed;

    /**
     * @param sources one source on each stream the pattern's topics may travel on.
     */
    public PatternSource(final TopicSource[] sources)
    {
        this.sources = sources;
    }

    @Override
    public int poll(final MessageHandler handler, final int limit)
    {
        if (closed)
        {
            return 0;
        }
        int read = 0;
        final int count = sources.length;
        for (int i = 0; i < count && read < limit; i++)
        {
            final int index = next;
            next = index + 1 == count ? 0 : index + 1;
            read += sources[index].poll(handler, limit - read);
        }
        return read;
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
}
