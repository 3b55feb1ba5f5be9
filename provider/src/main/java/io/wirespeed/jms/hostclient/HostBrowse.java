package io.wirespeed.jms.hostclient;

import java.util.ArrayList;
import java.util.List;

import javax.jms.JMSException;

/**
 * A {@link QueueClient}'s browses: asks the host for a queue's waiting messages and gathers the answer it streams
 * back (an item per message, then an end) under the browse's request id ({@link HostRequests}).
 * <p>
 * Threads: a browse is asked for and waited on by the browsing session's thread; its items and end are routed by
 * whoever polls the reply stream, one at a time under the client's poll lock. The items are read once the end's
 * volatile write marked the browse done.
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
        final long requestId = requests.nextId();
        final Browse request = requests.register(requestId, new Browse());
        try
        {
            host.browse(requestId, queueName, selector);
            requests.await(request, "queue '" + queueName + "'");
        }
        finally
        {
            requests.forget(requestId);
        }
        HostRequests.throwIfRefused(request);
        return request.items;
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
            browse.items.add(envelope);
        }
    }

    /**
     * The end of a browse.
     *
     * @param correlationId the browse's id.
     */
    void onEnd(final long correlationId)
    {
        requests.onAccepted(correlationId);
    }

    /** A browse under way: the envelopes streamed so far. */
    private static final class Browse extends HostRequests.Request
    {
        final List<byte[]> items = new ArrayList<>();
    }
}
