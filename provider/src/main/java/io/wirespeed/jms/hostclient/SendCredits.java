package io.wirespeed.jms.hostclient;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;

import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.ResourceAllocationException;

import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * A connection's room on the host's queues: before a queue message goes on the inbound stream, the room for it is
 * taken from what the host granted this connection for that queue, or asked for ({@code SendCredit}) and waited for.
 * A clustered host keeps room on topics too, on each of a topic's shared and durable subscriptions at once, for the
 * messages publishers forward into its log ({@code TopicCredit}, {@link #acquireOnTopic}).
 * The host grants room while the queue and the host have it; when they are full it refuses at once (the fail policy:
 * {@link ResourceAllocationException}) or answers when room comes (the block policy: the send waits, up to its
 * timeout, then fails with a {@link ResourceAllocationException}). It also keeps, per session, what the host said of
 * a queue message it refused on arrival (sent without room: a host that restarted), for that session's next send or
 * commit to throw. Thread safe.
 */
final class SendCredits
{
    private final QueueClient client;
    private final HostProxy host;
    private final Map<String, Credit> byQueue = new HashMap<>();
    private final Map<String, Credit> byTopic = new HashMap<>();
    private final Map<Long, Credit> byRequest = new HashMap<>();
    private final Map<Integer, String> refusals = new ConcurrentHashMap<>();
    private volatile boolean anyRefused;

    /** The room granted on one queue, and the request for more under way. */
    private static final class Credit
    {
        int messages;
        long bytes;
        long pending;
        long pendingLeaderChanges;
        ErrorCode refusalCode;
        String refusal;
    }

    SendCredits(final QueueClient client, final HostProxy host)
    {
        this.client = client;
        this.host = host;
    }

    /**
     * Takes room for messages about to go to a queue, asking the host and waiting for it when this connection has
     * not enough.
     *
     * @param queue        the queue.
     * @param messages     how many messages.
     * @param bytes        their envelopes' bytes.
     * @param timeoutNs    how long to wait for room (the send timeout).
     * @param timeout      the setting that timeout comes from, for the message.
     * @param whileWaiting called between polls while the room is not there; returns the work it did (0: none, so
     *                     the thread yields).
     * @throws JMSException ResourceAllocationException when the queue or the host is full (at once under the fail
     *                      policy, after the timeout under the block policy); InvalidDestinationException when the
     *                      queue does not exist (a deleted temporary queue); a JMSException if the host cannot be
     *                      reached.
     */
    void acquire(
        final String queue, final int messages, final long bytes, final long timeoutNs, final String timeout,
        final IntSupplier whileWaiting)
        throws JMSException
    {
        acquire(queue, false, messages, bytes, timeoutNs, timeout, whileWaiting);
    }

    /**
     * Takes room on a clustered host's topic (on each of its shared and durable subscriptions) for messages about to
     * be forwarded to it, asking the host ({@code TopicCredit}) and waiting for it when this connection has not
     * enough: as {@link #acquire(String, int, long, long, String, IntSupplier)} for a queue.
     *
     * @param topic        the topic.
     * @param messages     how many messages.
     * @param bytes        their envelopes' bytes.
     * @param timeoutNs    how long to wait for room (the send timeout).
     * @param timeout      the setting that timeout comes from, for the message.
     * @param whileWaiting called between polls while the room is not there.
     * @throws JMSException ResourceAllocationException when a subscription is full (at once under the fail policy,
     *                      after the timeout under the block policy); a JMSException if the host cannot be reached.
     */
    void acquireOnTopic(
        final String topic, final int messages, final long bytes, final long timeoutNs, final String timeout,
        final IntSupplier whileWaiting)
        throws JMSException
    {
        acquire(topic, true, messages, bytes, timeoutNs, timeout, whileWaiting);
    }

    private void acquire(
        final String name, final boolean topic, final int messages, final long bytes, final long timeoutNs,
        final String timeout, final IntSupplier whileWaiting)
        throws JMSException
    {
        final long start = System.nanoTime();
        while (true)
        {
            final long requestId;
            synchronized (this)
            {
                final Credit credit = (topic ? byTopic : byQueue).computeIfAbsent(name, q -> new Credit());
                if (credit.refusal != null)
                {
                    final String refusal = credit.refusal;
                    credit.refusal = null;
                    throw credit.refusalCode == ErrorCode.INVALID_DESTINATION ?
                        new InvalidDestinationException(refusal) : new ResourceAllocationException(refusal);
                }
                if (credit.messages >= messages && credit.bytes >= bytes)
                {
                    credit.messages -= messages;
                    credit.bytes = credit.messages == 0 ? 0 : credit.bytes - bytes;
                    return;
                }
                // a request to a cluster's leader that was lost since may be lost with it: it goes again to the new one
                final long leaderChanges = client.leaderChanges();
                requestId = credit.pending == 0 || credit.pendingLeaderChanges != leaderChanges ? client.nextId() : 0;
                if (requestId != 0)
                {
                    // a request to a lost leader stays known: if its grant came after all, it counts for this credit
                    credit.pending = requestId;
                    credit.pendingLeaderChanges = leaderChanges;
                    byRequest.put(requestId, credit);
                }
            }
            if (requestId != 0)
            {
                try
                {
                    if (topic)
                    {
                        host.topicCredit(requestId, name, messages, bytes);
                    }
                    else
                    {
                        host.sendCredit(requestId, name, messages, bytes);
                    }
                }
                catch (final JMSException ex)
                {
                    forget(requestId);
                    throw ex;
                }
            }
            if (client.poll() == 0 && whileWaiting.getAsInt() == 0)
            {
                Thread.yield();
            }
            client.throwIfFailoverFailed("this send");
            final long now = System.nanoTime();
            // while a cluster elects a new leader the wait is failoverTimeout's, not the send timeout's
            if (now - start > timeoutNs && !client.awaitingLeader(now))
            {
                throw new ResourceAllocationException((topic ? "the subscriptions of topic '" : "queue '") + name +
                    "' had no room for " + messages + " message(s) of " + bytes + " bytes within " + timeout + ": " +
                    (topic ? "one of them is" : "it is") + " full (its consumers do not keep up, or it has none) " +
                    "and its policy is block (wirespeed.host.fullPolicy); consume from it, raise " + timeout +
                    ", or raise the host's limits (wirespeed.host.maxQueueMessages, maxQueueBytes, maxHostBytes)");
            }
        }
    }

    private synchronized void forget(final long requestId)
    {
        final Credit credit = byRequest.remove(requestId);
        if (credit != null)
        {
            credit.pending = 0;
        }
    }

    /**
     * The host granted room.
     *
     * @param requestId the request's id.
     * @param queue     the queue.
     * @param messages  how many messages.
     * @param bytes     how many envelope bytes.
     */
    synchronized void onGrant(final long requestId, final String queue, final int messages, final long bytes)
    {
        Credit credit = byRequest.remove(requestId);
        if (credit == null)
        {
            credit = byQueue.computeIfAbsent(queue, q -> new Credit());
        }
        else if (credit.pending == requestId)
        {
            credit.pending = 0;
        }
        credit.messages += Math.max(0, messages);
        credit.bytes += Math.max(0, bytes);
    }

    /**
     * The host refused a request, if it was one for room.
     *
     * @param requestId the request's id.
     * @param code      why.
     * @param message   the host's message.
     * @return true if it was a request for room.
     */
    synchronized boolean onRefused(final long requestId, final ErrorCode code, final String message)
    {
        final Credit credit = byRequest.remove(requestId);
        if (credit == null)
        {
            return false;
        }
        if (credit.pending != requestId)
        {
            // an answer to a request sent again since (to a new leader): the newer one's answer counts
            return true;
        }
        credit.pending = 0;
        credit.refusalCode = code;
        credit.refusal = message;
        return true;
    }

    /**
     * The host refused a queue message of a session on arrival, and dropped it; the room this connection thought it
     * had on that queue is forgotten (the host does not know it: it restarted).
     *
     * @param sessionId the sending session.
     * @param queue     the queue.
     * @param message   the host's message.
     */
    void onSendRefused(final int sessionId, final String queue, final String message)
    {
        synchronized (this)
        {
            final Credit credit = byQueue.get(queue);
            if (credit != null)
            {
                credit.messages = 0;
                credit.bytes = 0;
            }
        }
        refusals.merge(sessionId, message, (first, next) -> first);
        anyRefused = true;
    }

    /**
     * The refusal of a queue message a session sent, once: what its next send or commit throws.
     *
     * @param sessionId the session.
     * @return the exception, or null if none of its messages was refused.
     */
    ResourceAllocationException takeRefusal(final int sessionId)
    {
        if (!anyRefused)
        {
            return null;
        }
        final String message = refusals.remove(sessionId);
        return message == null ? null : new ResourceAllocationException(message);
    }
}
