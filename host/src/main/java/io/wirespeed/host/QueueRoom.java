package io.wirespeed.host;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one queue holds and has promised: the messages and envelope bytes it holds (waiting and in flight, until
 * settled), the room it keeps for each client's producers ({@link Admission}), and the requests for room that wait
 * for it to drain (the block policy). Used on the host's thread only.
 */
final class QueueRoom
{
    /** Room kept for one client. */
    static final class Reserved
    {
        int messages;
        long bytes;
    }

    /** A request for room that waits (the queue is full and its policy is block). */
    record Waiting(HostSession client, long correlationId, int messages, long bytes)
    {
    }

    private final Admission admission;
    /** Room kept per client, in the order it was first granted (sessions hash by identity: never iterate by it). */
    final Map<HostSession, Reserved> reserved = new LinkedHashMap<>();
    final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    long messages;
    long bytes;
    long reservedMessages;
    long reservedBytes;

    /**
     * @param admission the host's accounts, or null for a queue outside them (a durable subscription's, bounded by
     *                  its feed).
     */
    QueueRoom(final Admission admission)
    {
        this.admission = admission;
    }

    /**
     * Takes the room kept for a client for one message, if it covers it. When it was the last message kept for,
     * the bytes left over are given back, as the client forgets them too.
     *
     * @param client the sending client, or null when unknown.
     * @param length the envelope's length.
     * @return the bytes (envelope and overhead) given back, or -1 if the client had no room for it.
     */
    long useReserved(final HostSession client, final int length)
    {
        final Reserved room = client == null || reserved.isEmpty() ? null : reserved.get(client);
        if (room == null || room.messages < 1 || room.bytes < length)
        {
            return -1;
        }
        room.messages--;
        room.bytes -= length;
        reservedMessages--;
        reservedBytes -= length;
        long freed = length + QueueLimits.MESSAGE_OVERHEAD;
        if (room.messages == 0)
        {
            reservedBytes -= room.bytes;
            freed += room.bytes;
            reserved.remove(client);
        }
        return freed;
    }

    /**
     * Counts a message the queue now holds.
     *
     * @param message the message.
     */
    void hold(final StoredMessage message)
    {
        message.room = this;
        messages++;
        bytes += message.envelope.length;
        if (admission != null)
        {
            admission.onHeld(message.envelope.length);
        }
    }

    /**
     * A message it held is settled (acknowledged, expired, dropped).
     *
     * @param length its envelope's length.
     */
    void settle(final int length)
    {
        messages--;
        bytes -= length;
        if (admission != null)
        {
            admission.onSettled(length);
        }
    }

    /** @return whether the queue holds as many messages or bytes as its limits allow (reserved room not counted). */
    boolean isFull()
    {
        return admission != null && admission.isFull(this);
    }

    /**
     * Keeps room for a client.
     *
     * @param client   the client.
     * @param messages how many messages.
     * @param bytes    how many envelope bytes.
     */
    void reserve(final HostSession client, final int messages, final long bytes)
    {
        final Reserved room = reserved.computeIfAbsent(client, c -> new Reserved());
        room.messages += messages;
        room.bytes += bytes;
        reservedMessages += messages;
        reservedBytes += bytes;
    }

    /**
     * Gives back the room kept for a client, and drops its waiting requests: it has gone.
     *
     * @param client the client.
     * @return the bytes (envelopes and per message overhead) given back.
     */
    long release(final HostSession client)
    {
        waiting.removeIf(w -> w.client() == client);
        final Reserved room = reserved.remove(client);
        if (room == null)
        {
            return 0;
        }
        reservedMessages -= room.messages;
        reservedBytes -= room.bytes;
        return room.bytes + (long)room.messages * QueueLimits.MESSAGE_OVERHEAD;
    }

    /**
     * Adds what the queue holds and promises to a digest: its counts, the room kept per client, the requests waiting.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("room").add(messages).add(bytes).add(reservedMessages).add(reservedBytes).add(reserved.size());
        for (final Map.Entry<HostSession, Reserved> kept : reserved.entrySet())
        {
            digest.add(kept.getKey().id).add(kept.getValue().messages).add(kept.getValue().bytes);
        }
        digest.add(waiting.size());
        for (final Waiting request : waiting)
        {
            digest.add(request.client().id).add(request.correlationId()).add(request.messages()).add(request.bytes());
        }
    }

    /** @return whether it holds and promises nothing, and nobody waits for room on it. */
    boolean isUnused()
    {
        return messages == 0 && reserved.isEmpty() && waiting.isEmpty();
    }
}
