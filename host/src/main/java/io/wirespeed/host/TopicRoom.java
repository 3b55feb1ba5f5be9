package io.wirespeed.host;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * Room on a clustered host's topic, for the messages a publisher forwards into the log ({@code TopicCredit}): a
 * forwarded message goes to every shared and durable subscription on its topic that takes it, so the room is kept on
 * each of their queues at once ({@link Admission#grantOnAll}), as a queue keeps room for its producers. The grant
 * comes when every subscription has room; when one is full the request is refused at once (the topic's policy is
 * fail) or waits here, in arrival order, until all have drained (block), so that publishers slow down to the pace of
 * the slowest subscription's consumers instead of filling it. What a subscription's selector leaves out gives its room
 * back ({@link Admission#unreserve}). The waiting requests are state of the log: in the snapshot. Used on the host's
 * thread only.
 */
final class TopicRoom
{
    /** A request for room on a topic that waits for its subscriptions to drain. */
    record Waiting(HostSession client, long correlationId, String topic, int messages, long bytes)
    {
    }

    private final HostContext context;
    private final Function<String, List<HostedQueue>> queuesOf;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();

    /**
     * @param context  what the host's parts share.
     * @param queuesOf the queues of a topic's subscriptions, in key order.
     */
    TopicRoom(final HostContext context, final Function<String, List<HostedQueue>> queuesOf)
    {
        this.context = context;
        this.queuesOf = queuesOf;
    }

    /**
     * A publisher's client asks room on a topic's subscriptions: granted now, refused now, or (block policy) later.
     *
     * @param client        the client.
     * @param correlationId the request's id.
     * @param topic         the topic.
     * @param messages      the fewest messages to keep room for.
     * @param bytes         the fewest envelope bytes to keep room for.
     */
    void request(
        final HostSession client, final long correlationId, final String topic, final int messages, final long bytes)
    {
        final int wanted = Math.max(1, messages);
        final long wantedBytes = Math.max(0, bytes);
        final Admission admission = context.admission;
        if (!isWaiting(topic) &&
            admission.grantOnAll(context.proxy, client, correlationId, topic, queuesOf.apply(topic), wanted,
            wantedBytes))
        {
            return;
        }
        if (admission.neverFits(wanted, wantedBytes))
        {
            context.proxy.refuse(client, correlationId, ErrorCode.RESOURCE_LIMIT,
                admission.neverFit(wanted, wantedBytes, "the subscriptions of topic '" + topic + "'"));
            return;
        }
        final FullPolicy policy = admission.limits().policyOf(topic);
        if (policy == FullPolicy.FAIL)
        {
            context.proxy.refuse(client, correlationId, ErrorCode.RESOURCE_LIMIT, "a subscription of topic '" + topic +
                "' is full: it holds its limit (wirespeed.host.maxQueueMessages or maxQueueBytes, or the host's " +
                "maxHostBytes), and the topic's policy is " + policy.settingName() + " (wirespeed.host.fullPolicy): " +
                "consume from it, or raise the limit");
            return;
        }
        waiting.removeIf(w -> w.client() == client && w.topic().equals(topic));
        waiting.addLast(new Waiting(client, correlationId, topic, wanted, wantedBytes));
    }

    /**
     * Grants the waiting requests whose topics' subscriptions have room now, each topic's in order.
     *
     * @return how many were granted.
     */
    int grantWaiting()
    {
        if (waiting.isEmpty())
        {
            return 0;
        }
        int granted = 0;
        Set<String> blocked = null;
        for (final Iterator<Waiting> it = waiting.iterator(); it.hasNext(); )
        {
            final Waiting next = it.next();
            if (null != blocked && blocked.contains(next.topic()))
            {
                continue;
            }
            if (context.admission.grantOnAll(context.proxy, next.client(), next.correlationId(), next.topic(),
                queuesOf.apply(next.topic()), next.messages(), next.bytes()))
            {
                it.remove();
                granted++;
            }
            else
            {
                if (null == blocked)
                {
                    blocked = new HashSet<>();
                }
                blocked.add(next.topic());
            }
        }
        return granted;
    }

    /**
     * A client has gone: its waiting requests go (the room kept for it went with the queues' {@link
     * HostedQueues#forget}).
     *
     * @param client the client.
     */
    void forget(final HostSession client)
    {
        waiting.removeIf(w -> w.client() == client);
    }

    /** @return the waiting requests, in arrival order (a snapshot's). */
    Iterable<Waiting> waiting()
    {
        return waiting;
    }

    /**
     * Restores a waiting request from a snapshot.
     *
     * @param request the request.
     */
    void restore(final Waiting request)
    {
        waiting.addLast(request);
    }

    /**
     * Adds the waiting requests to a digest, in order.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("topic room").add(waiting.size());
        for (final Waiting request : waiting)
        {
            digest.add(request.client().id).add(request.correlationId()).add(request.topic())
                .add(request.messages()).add(request.bytes());
        }
    }

    private boolean isWaiting(final String topic)
    {
        for (final Waiting request : waiting)
        {
            if (request.topic().equals(topic))
            {
                return true;
            }
        }
        return false;
    }
}
