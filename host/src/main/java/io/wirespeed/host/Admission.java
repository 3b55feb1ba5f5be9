package io.wirespeed.host;

import java.util.List;

import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * The host's accounts of what its queues hold, and its decisions on room ({@link QueueLimits}): a producer asks room
 * for the messages it is about to send ({@link #request}); the host keeps it for that client when the queue and the
 * host have it, refuses at once under the fail policy, or answers later, when room comes, under the block policy.
 * A message that arrives with room kept for its sender always fits; one that arrives without (a client that did not
 * ask, a host that restarted) is taken if it fits and refused otherwise, and its sender is told
 * ({@link ClientProxy#sendRefused}). Every message is counted with {@link QueueLimits#MESSAGE_OVERHEAD} bytes on top
 * of its envelope against the host's limit. Used on the host's thread only.
 */
final class Admission
{
    /** The most messages one grant covers: a client asks again after that many sends. */
    static final int WINDOW_MESSAGES = 1024;
    /** The most envelope bytes one grant covers beyond what was asked. */
    static final long WINDOW_BYTES = 1024 * 1024;

    private final QueueLimits limits;
    private long hostBytes;
    private long refused;

    /**
     * @param limits the limits.
     */
    Admission(final QueueLimits limits)
    {
        this.limits = limits;
    }

    /** @return the limits. */
    QueueLimits limits()
    {
        return limits;
    }

    /** @return the bytes all queues hold and keep for producers, envelopes and overhead. */
    long hostBytes()
    {
        return hostBytes;
    }

    /** @return how many arriving messages were refused for want of room. */
    long refusedCount()
    {
        return refused;
    }

    void onHeld(final int length)
    {
        hostBytes += length + QueueLimits.MESSAGE_OVERHEAD;
    }

    void onSettled(final int length)
    {
        hostBytes -= length + QueueLimits.MESSAGE_OVERHEAD;
    }

    boolean isFull(final QueueRoom room)
    {
        return !fits(room, 1, 0, false);
    }

    /**
     * A producer's client asks room on a queue: granted now, refused now, or (block policy) later.
     *
     * @param proxy         answers the client.
     * @param client        the client.
     * @param correlationId the request's id.
     * @param queue         the queue.
     * @param messages      the fewest messages to keep room for.
     * @param bytes         the fewest envelope bytes to keep room for.
     */
    void request(
        final ClientProxy proxy, final HostSession client, final long correlationId, final HostedQueue queue,
        final int messages, final long bytes)
    {
        final int wanted = Math.max(1, messages);
        final long wantedBytes = Math.max(0, bytes);
        final QueueRoom room = queue.room;
        if (room.waiting.isEmpty() && grant(proxy, queue, client, correlationId, wanted, wantedBytes))
        {
            return;
        }
        if (neverFits(wanted, wantedBytes))
        {
            proxy.refuse(client, correlationId, ErrorCode.RESOURCE_LIMIT,
                neverFit(wanted, wantedBytes, "queue '" + queue.name + "'"));
            return;
        }
        final FullPolicy policy = limits.policyOf(queue.name);
        if (policy == FullPolicy.FAIL)
        {
            refused++;
            proxy.refuse(client, correlationId, ErrorCode.RESOURCE_LIMIT, full(queue, policy, wanted, wantedBytes));
            return;
        }
        room.waiting.removeIf(w -> w.client() == client);
        room.waiting.addLast(new QueueRoom.Waiting(client, correlationId, wanted, wantedBytes));
    }

    /**
     * Grants the requests waiting on a queue, in order, as far as room has come.
     *
     * @param proxy answers the clients.
     * @param queue the queue.
     * @return how many were granted.
     */
    int grantWaiting(final ClientProxy proxy, final HostedQueue queue)
    {
        int granted = 0;
        QueueRoom.Waiting next;
        while ((next = queue.room.waiting.peekFirst()) != null &&
            grant(proxy, queue, next.client(), next.correlationId(), next.messages(), next.bytes()))
        {
            queue.room.waiting.pollFirst();
            granted++;
        }
        return granted;
    }

    /**
     * A message arrives on the inbound stream: it uses the room kept for its sender, or is taken if it fits.
     *
     * @param queue  the queue.
     * @param sender the client that sent it, or null when the host does not know it.
     * @param length the envelope's length.
     * @return true if the queue takes it; false if it is refused and must be dropped (its sender is to be told).
     */
    boolean admit(final HostedQueue queue, final HostSession sender, final int length)
    {
        final long freed = queue.room.useReserved(sender, length);
        if (freed >= 0)
        {
            hostBytes -= freed;
            return true;
        }
        if (fits(queue.room, 1, length, true))
        {
            return true;
        }
        refused++;
        return false;
    }

    /**
     * Why a queue has no room now for so much.
     *
     * @param queue    the queue.
     * @param policy   its policy.
     * @param messages how many messages were asked for.
     * @param bytes    how many envelope bytes were asked for.
     * @return the message for the producer.
     */
    String full(final HostedQueue queue, final FullPolicy policy, final int messages, final long bytes)
    {
        final QueueRoom room = queue.room;
        final String why;
        if (room.messages + room.reservedMessages + messages > limits.maxQueueMessages())
        {
            why = "it holds its limit of " + limits.maxQueueMessages() + " messages (wirespeed.host.maxQueueMessages)";
        }
        else if (room.bytes + room.reservedBytes + bytes > limits.maxQueueBytes())
        {
            why = "it holds its limit of " + limits.maxQueueBytes() + " bytes (wirespeed.host.maxQueueBytes)";
        }
        else
        {
            why = "the queue host holds its limit of " + limits.maxHostBytes() + " bytes in all its queues " +
                "(wirespeed.host.maxHostBytes)";
        }
        return "queue '" + queue.name + "' is full: " + why + ", and its policy is " + policy.settingName() +
            " (wirespeed.host.fullPolicy): consume from it, or raise the limit";
    }

    private boolean grant(
        final ClientProxy proxy, final HostedQueue queue, final HostSession client, final long correlationId,
        final int messages, final long bytes)
    {
        return grantOnAll(proxy, client, correlationId, queue.name, List.of(queue), messages, bytes);
    }

    /**
     * Keeps room for a client on each of some queues at once, if each has it: the one grant, named by the
     * destination the client asked room on, covers a message on each of them.
     *
     * @param proxy         answers the client.
     * @param client        the client.
     * @param correlationId the request's id.
     * @param name          the destination the client asked room on: a queue, or a topic whose subscriptions' queues
     *                      these are (none: the grant keeps nothing).
     * @param queues        the queues.
     * @param messages      the fewest messages to keep room for.
     * @param bytes         the fewest envelope bytes to keep room for.
     * @return true if granted; false if a queue or the host has not the room.
     */
    boolean grantOnAll(
        final ClientProxy proxy, final HostSession client, final long correlationId, final String name,
        final List<HostedQueue> queues, final int messages, final long bytes)
    {
        final int count = queues.size();
        for (int i = 0; i < count; i++)
        {
            if (!fits(queues.get(i).room, messages, bytes, true))
            {
                return false;
            }
        }
        if (hostBytes + count * cost(messages, bytes) > limits.maxHostBytes())
        {
            return false;
        }
        // what is asked fits; the window beyond it takes at most half of what is left on each queue, in messages (each
        // costs its overhead on the host's bytes too) and in bytes, so that a grant never takes the host past its limit
        final long hostRoom = (limits.maxHostBytes() - hostBytes) / Math.max(1, count) - cost(messages, bytes);
        int extraMessages = (int)Math.max(0, Math.min(WINDOW_MESSAGES - messages,
            hostRoom / QueueLimits.MESSAGE_OVERHEAD / 2));
        for (int i = 0; i < count; i++)
        {
            final QueueRoom room = queues.get(i).room;
            final long free = limits.maxQueueMessages() - room.messages - room.reservedMessages - messages;
            extraMessages = (int)Math.max(0, Math.min(extraMessages, free / 2));
        }
        long extraBytes = Math.max(0, Math.min(WINDOW_BYTES,
            (hostRoom - (long)extraMessages * QueueLimits.MESSAGE_OVERHEAD) / 2));
        for (int i = 0; i < count; i++)
        {
            final QueueRoom room = queues.get(i).room;
            extraBytes = Math.max(0, Math.min(extraBytes,
                (limits.maxQueueBytes() - room.bytes - room.reservedBytes - bytes) / 2));
        }
        final int grantedMessages = messages + extraMessages;
        final long grantedBytes = bytes + extraBytes;
        for (int i = 0; i < count; i++)
        {
            queues.get(i).room.reserve(client, grantedMessages, grantedBytes);
        }
        hostBytes += count * cost(grantedMessages, grantedBytes);
        proxy.sendGrant(client, correlationId, name, grantedMessages, grantedBytes);
        return true;
    }

    /**
     * A message a client kept room for on a queue did not go to it (a topic message that a subscription's selector
     * left out): that room is given back as if the message had come and gone.
     *
     * @param queue  the queue.
     * @param client the sending client, or null when unknown.
     * @param length the envelope's length.
     */
    void unreserve(final HostedQueue queue, final HostSession client, final int length)
    {
        final long freed = queue.room.useReserved(client, length);
        if (freed > 0)
        {
            hostBytes -= freed;
        }
    }

    /**
     * Whether some messages can never fit a queue, however it drains: more than its limits, or the host's.
     *
     * @param messages how many messages.
     * @param bytes    their envelope bytes.
     * @return true if they never can.
     */
    boolean neverFits(final int messages, final long bytes)
    {
        return messages > limits.maxQueueMessages() || bytes > limits.maxQueueBytes() ||
            cost(messages, bytes) > limits.maxHostBytes();
    }

    /**
     * Why some messages can never fit a destination ({@link #neverFits}).
     *
     * @param messages how many messages.
     * @param bytes    their envelope bytes.
     * @param what     the destination, as the producer knows it ("queue 'orders'").
     * @return the message for the producer.
     */
    String neverFit(final int messages, final long bytes, final String what)
    {
        return messages + " messages of " + bytes + " bytes can never fit " + what + ": a queue takes " +
            limits.maxQueueMessages() + " messages (wirespeed.host.maxQueueMessages) and " + limits.maxQueueBytes() +
            " bytes (wirespeed.host.maxQueueBytes), the host " + limits.maxHostBytes() + " bytes " +
            "(wirespeed.host.maxHostBytes); send fewer or smaller messages per transaction, or raise the limits";
    }

    private boolean fits(final QueueRoom room, final int messages, final long bytes, final boolean countReserved)
    {
        final long reservedMessages = countReserved ? room.reservedMessages : 0;
        final long reservedBytes = countReserved ? room.reservedBytes : 0;
        return room.messages + reservedMessages + messages <= limits.maxQueueMessages() &&
            room.bytes + reservedBytes + bytes <= limits.maxQueueBytes() &&
            hostBytes + cost(messages, bytes) <= limits.maxHostBytes();
    }

    /**
     * Gives back what a queue kept for a client that has gone.
     *
     * @param queue  the queue.
     * @param client the client.
     */
    void release(final HostedQueue queue, final HostSession client)
    {
        hostBytes -= queue.room.release(client);
    }

    /**
     * Restores the host's accounts from a snapshot.
     *
     * @param hostBytes the bytes held and kept for producers, with their overhead.
     * @param refused   how many arriving messages were refused for want of room.
     */
    void restore(final long hostBytes, final long refused)
    {
        this.hostBytes = hostBytes;
        this.refused = refused;
    }

    /**
     * Adds the host's accounts to a digest.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("admission").add(hostBytes).add(refused);
    }

    private static long cost(final long messages, final long bytes)
    {
        return bytes + messages * QueueLimits.MESSAGE_OVERHEAD;
    }
}
