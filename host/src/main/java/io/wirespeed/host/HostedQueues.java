package io.wirespeed.host;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Iterator;
import java.util.Map;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * The queues a host keeps, by name: queues made on first use (up to the host's limit), temporary queues, and the
 * queues of shared and durable subscriptions; each with its counters. Drops a queue with the room it kept and the
 * requests waiting on it, removes auto-created queues left unused for the idle removal time, and gives back what a
 * client that has gone held on them. The queues are kept in the order they were made, and every pass over them
 * (dispatch, removal, a client's forgetting) goes in that order, never in an order of their names' hashes: the
 * host's state machine does the same thing in the same order wherever it runs. Used on the host's thread only.
 */
final class HostedQueues
{
    private final HostContext context;
    private final Map<String, HostedQueue> queues = new LinkedHashMap<>();

    /**
     * @param context what the host's parts share.
     */
    HostedQueues(final HostContext context)
    {
        this.context = context;
    }

    /** @return how many queues the host keeps. */
    int size()
    {
        return queues.size();
    }

    /** @return the queues, in the order they were made; for iteration on the host's thread. */
    Collection<HostedQueue> all()
    {
        return queues.values();
    }

    /**
     * @param name a queue's name.
     * @return the queue, or null if the host keeps none of that name.
     */
    HostedQueue get(final String name)
    {
        return queues.get(name);
    }

    /**
     * The queue of a name, made on first use unless it is a temporary queue's name without its owner, or the host
     * keeps its limit of queues already (a queue restored from the archive is made whatever the limit).
     *
     * @param name           the queue's name.
     * @param temporaryOwner the client whose temporary queue it is, or null.
     * @param limited        whether the host's limit of queues applies.
     * @return the queue, or null if none can be made.
     */
    HostedQueue queue(final String name, final HostSession temporaryOwner, final boolean limited)
    {
        HostedQueue queue = queues.get(name);
        if (queue == null)
        {
            if (isTemporaryName(name) && temporaryOwner == null ||
                limited && queues.size() >= context.admission.limits().maxQueues())
            {
                return null;
            }
            queue = new HostedQueue(name, temporaryOwner, context.admission);
            queue.autoCreated = temporaryOwner == null;
            host(queue, "queue:" + name);
        }
        return queue;
    }

    /**
     * The queue that a queue message or a producer's request names: an existing temporary queue, or the queue of
     * that name made on first use.
     *
     * @param name the queue's name.
     * @return the queue, or null if there is none and none can be made.
     */
    HostedQueue arrivalQueue(final String name)
    {
        return isTemporaryName(name) ? queues.get(name) : queue(name, null, true);
    }

    /**
     * Keeps a queue, with its counters under a destination's name as the provider's counters name it.
     *
     * @param queue       the queue.
     * @param counterName the name its counters show.
     */
    void host(final HostedQueue queue, final String counterName)
    {
        queues.put(queue.name, queue);
        queue.counters = context.counters.register(counterName,
            queue.name.startsWith(DurableTopicFeed.QUEUE_PREFIX));
    }

    /**
     * Forgets a queue and its counters.
     *
     * @param queue the queue.
     */
    void unhost(final HostedQueue queue)
    {
        queues.remove(queue.name);
        context.counters.remove(queue.counters);
        queue.counters = null;
    }

    /**
     * Drops a queue: its messages, the room it kept for producers, and the requests waiting for room on it.
     *
     * @param queue the queue.
     * @param why   what the waiting requests are told happened to it ("was deleted ...").
     */
    void remove(final HostedQueue queue, final String why)
    {
        unhost(queue);
        queue.dropAll();
        for (final QueueRoom.Waiting waiting : queue.room.waiting)
        {
            context.proxy.refuse(waiting.client(), waiting.correlationId(), ErrorCode.INVALID_DESTINATION, "queue '" +
                queue.name + "' " + why);
        }
        queue.room.waiting.clear();
        for (final HostSession client : queue.room.reserved.keySet().toArray(new HostSession[0]))
        {
            context.admission.release(queue, client);
        }
    }

    /**
     * Removes the auto-created queues unused (empty, no consumers, no room kept) for the idle removal time.
     *
     * @param nowNs the host's clock now.
     * @return how many were removed.
     */
    int removeUnused(final long nowNs)
    {
        int removed = 0;
        final long graceNs = context.admission.limits().idleQueueRemovalNs();
        final Iterator<HostedQueue> it = queues.values().iterator();
        while (it.hasNext())
        {
            final HostedQueue queue = it.next();
            if (!queue.autoCreated || !queue.isUnused())
            {
                queue.unusedSinceNs = 0;
            }
            else if (queue.unusedSinceNs == 0)
            {
                queue.unusedSinceNs = nowNs;
            }
            else if (nowNs - queue.unusedSinceNs >= graceNs)
            {
                it.remove();
                context.counters.remove(queue.counters);
                queue.counters = null;
                removed++;
            }
        }
        return removed;
    }

    /** Shows each counted queue's figures. */
    void updateCounters()
    {
        for (final HostedQueue queue : queues.values())
        {
            if (queue.counters != null)
            {
                queue.counters.update(queue);
            }
        }
    }

    /**
     * A client has gone: its temporary queues go, and the room it kept on the others is given back.
     *
     * @param client the client.
     */
    void forget(final HostSession client)
    {
        for (final HostedQueue queue : queues.values().toArray(new HostedQueue[0]))
        {
            if (queue.temporaryOwner == client)
            {
                remove(queue, "was deleted: its connection has gone");
            }
            else
            {
                context.admission.release(queue, client);
            }
        }
    }

    /**
     * Why a queue cannot be had: a temporary queue that does not exist, or the host's limit of queues.
     *
     * @param name the queue's name.
     * @return the reason, for the client.
     */
    String noQueue(final String name)
    {
        return isTemporaryName(name) ? "temporary queue '" + name + "' does not exist (deleted, or its connection " +
            "closed)" : "the queue host keeps its limit of " + context.admission.limits().maxQueues() + " queues " +
            "(wirespeed.host.maxQueues) and cannot make queue '" + name + "'; raise the limit, or use fewer names";
    }

    /**
     * Adds every queue's state to a digest, in the order the queues were made (an order that is state too: dispatch
     * follows it).
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("queues").add(queues.size());
        for (final HostedQueue queue : queues.values())
        {
            queue.digest(digest);
        }
    }

    /** Removes every queue's counters, as the host closes. */
    void close()
    {
        for (final HostedQueue queue : queues.values())
        {
            context.counters.remove(queue.counters);
            queue.counters = null;
        }
    }

    /**
     * @param name a queue's name.
     * @return whether it names a temporary queue.
     */
    static boolean isTemporaryName(final String name)
    {
        return name.startsWith(QueueStreams.TEMPORARY_QUEUE_PREFIX);
    }
}
