package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * The browses under way: a client browses one queue at a time, each browse a {@link BrowseSession} that sends its
 * pages from its own {@code doWork}; at most {@link #MAX_BROWSES} at once, so that browsing clients hold bounded
 * memory. Used on the host's thread only.
 */
final class Browses
{
    /** The most browses under way at once. */
    static final int MAX_BROWSES = 64;

    private final HostContext context;
    private final HostedQueues queues;
    private final List<BrowseSession> browses = new ArrayList<>();

    /**
     * @param context what the host's parts share.
     * @param queues  the host's queues.
     */
    Browses(final HostContext context, final HostedQueues queues)
    {
        this.context = context;
        this.queues = queues;
    }

    /** See {@link ControlListener#onBrowse}. */
    void onBrowse(final HostSession client, final long requestId, final String name, final String selector)
    {
        final Predicate<EnvelopeReader> test;
        try
        {
            test = context.compile(selector);
        }
        catch (final IllegalArgumentException ex)
        {
            context.proxy.refuse(client, requestId, ErrorCode.INVALID_SELECTOR, ex.getMessage());
            return;
        }
        final HostedQueue queue = queues.get(name);
        end(client);
        if (queue == null || queue.size() == 0 && queue.room.messages == 0)
        {
            context.proxy.browseEnd(client, requestId);
            return;
        }
        if (browses.size() >= MAX_BROWSES)
        {
            context.proxy.refuse(client, requestId, ErrorCode.RESOURCE_LIMIT, "the queue host serves " +
                MAX_BROWSES + " browses at once: try again when one has ended");
            return;
        }
        final BrowseSession browse = new BrowseSession(client, requestId, queue.browseOrder(), test);
        client.browse = browse;
        browses.add(browse);
    }

    /** A client's browse under way, if any, ends where it is: a client browses one queue at a time. */
    private void end(final HostSession client)
    {
        final BrowseSession browse = client.browse;
        if (null != browse)
        {
            browse.end(context.proxy);
            browses.remove(browse);
            client.browse = null;
        }
    }

    /**
     * Does the work of each browse under way (its next page); forgets those done.
     *
     * @param nowMs the wall clock now.
     * @return the work done.
     */
    int doWork(final long nowMs)
    {
        if (browses.isEmpty())
        {
            return 0;
        }
        int work = 0;
        for (int i = browses.size() - 1; i >= 0; i--)
        {
            final BrowseSession browse = browses.get(i);
            work += browse.doWork(context.proxy, nowMs);
            if (browse.isDone())
            {
                browses.remove(i);
                browse.client.browse = null;
            }
        }
        return work;
    }

    /**
     * A client has gone: its browse, if any, is abandoned.
     *
     * @param client the client.
     */
    void forget(final HostSession client)
    {
        if (null != client.browse)
        {
            client.browse.abandon();
            browses.remove(client.browse);
            client.browse = null;
        }
    }
}
