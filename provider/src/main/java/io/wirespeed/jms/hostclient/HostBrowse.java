package io.wirespeed.jms.hostclient;

import java.util.ArrayList;
import java.util.List;

import javax.jms.JMSException;

/**
 * A {@link QueueClient}'s browses: asks the host for a queue's waiting messages and gathers the answer it streams
 * back (an item per message, then an end) under the browse's request id ({@link HostRequests}). To a clustered host
 * a browse under way at a failover goes again from the start, under a new id: it neither repeats nor skips.
 * <p>
 * Threads: a browse is asked for, asked for again, and waited on by the browsing session's thread; its items and end
 * are routed by whoever polls the reply stream, one at a time under the client's poll lock, under the browse's monitor
 * as the browsing thread replaces its attempt. The items are read once the end's volatile write marked it done.
 */
final class HostBrowse
{
    private final HostProxy host;
    private final HostRequests requests;

    /**
     * @param host     sends the requests.
     * @param requests the client's requests, which the browses are among.
     */
    HostBrowse(final HostProxy host, final HostRequests requests)
    {
        this.host = host;
        this.requests = requests;
    }

    /**
     * Asks the host for a queue's waiting messages, in delivery order, and waits for all of them.
     *
     * @param queueName the queue.
     * @param selector  the selector, or empty.
     * @return the envelopes.
     * @throws JMSException if the host refuses or cannot be reached.
     */
    List<byte[]> browse(final String queueName, final String selector) throws JMSException
    {
        final Browse request = new Browse();
        try
        {
            requests.send(request, () ->
            {
                // to a cluster a browse goes again after a failover, from the start under a new id: what came of the
                // lost leader's is dropped, and what the host still sends under the old id is not taken
                final long requestId;
                synchronized (request)
                {
                    if (request.done)
                    {
                        // it ended meanwhile: nothing to browse again
                        return;
                    }
                    final Attempt previous = request.attempt;
                    if (null != previous)
                    {
                        requests.forget(previous.requestId);
                    }
                    requestId = requests.nextId();
                    request.attempt = new Attempt(requestId, new ArrayList<>());
                    requests.register(requestId, request);
                }
                host.browse(requestId, queueName, selector);
            });
            requests.await(request, "queue '" + queueName + "'");
        }
        finally
        {
            final Attempt last = request.attempt;
            if (null != last)
            {
                requests.forget(last.requestId);
            }
        }
        HostRequests.throwIfRefused(request);
        return request.attempt.items;
    }

    /**
     * One message of a browse.
     *
     * @param correlationId the browse's id.
     * @param envelope      the envelope.
     */
    void onItem(final long correlationId, final byte[] envelope)
    {
        if (requests.get(correlationId) instanceof Browse browse)
        {
            synchronized (browse)
            {
                final Attempt attempt = browse.attempt;
                if (null != attempt && attempt.requestId == correlationId)
                {
                    attempt.items.add(envelope);
                }
            }
        }
    }

    /**
     * The end of a browse.
     *
     * @param correlationId the browse's id.
     */
    void onEnd(final long correlationId)
    {
        if (requests.get(correlationId) instanceof Browse browse)
        {
            synchronized (browse)
            {
                final Attempt attempt = browse.attempt;
                if (null != attempt && attempt.requestId == correlationId)
                {
                    requests.onAccepted(correlationId);
                }
            }
        }
    }

    /**
     * A browse under way: its attempt now, replaced by the browsing thread when the browse goes again; its monitor
     * keeps an item or the end of an attempt replaced from being taken as the new one's.
     */
    private static final class Browse extends HostRequests.Request
    {
        volatile Attempt attempt;
    }

    /**
     * One sending of a browse: its id and the envelopes streamed under it so far (added by the poller, read by the
     * browsing thread once the browse is done).
     *
     * @param requestId the id it went under.
     * @param items     the envelopes.
     */
    private record Attempt(long requestId, List<byte[]> items)
    {
    }
}
