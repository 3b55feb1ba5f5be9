package io.wirespeed.host;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * One queue at the host: waiting messages by priority (highest first, in arrival order within a
 * priority), the consumers it dispatches to in turn, closed consumers still holding deliveries, and
 * whether it is a temporary queue owned by a client.
 */
final class HostedQueue
{
    private static final int PRIORITIES = 10;
    private static final Comparator<StoredMessage> DELIVERY_ORDER = Comparator
        .comparingInt((StoredMessage message) -> -clamp(message.priority))
        .thenComparingLong(message -> message.sequence);

    final String name;
    final HostSession temporaryOwner;
    /** What it holds and keeps for producers, against the host's limits. */
    final QueueRoom room;
    /** Whether it was made by a producer's or consumer's first use of its name, and goes when unused. */
    boolean autoCreated;
    /** Its counters where tools outside read them, or null when it has none. */
    HostCounters.QueueCounters counters;
    /** Since when (the host's {@link HostContext#nowNs}) it has been unused, or 0 while in use. */
    long unusedSinceNs;
    final List<HostedConsumer> consumers = new ArrayList<>();
    /** Closed consumers whose session still holds deliveries: no more dispatch, their messages still in flight. */
    final List<HostedConsumer> detached = new ArrayList<>();
    private final ArrayList<StoredMessage> scratch = new ArrayList<>();
    @SuppressWarnings("unchecked")
    private final ArrayDeque<StoredMessage>[] waiting = new ArrayDeque[PRIORITIES];
    private int size;
    private int nextConsumer;
    /** How many messages were put back so far: a put-back one may lie anywhere in its priority. */
    private long putBacks;
    /** The highest arrival sequence added. */
    private long lastSequence;

    HostedQueue(final String name, final HostSession temporaryOwner)
    {
        this(name, temporaryOwner, null);
    }

    /**
     * @param name           the queue's name.
     * @param temporaryOwner the client owning a temporary queue, or null.
     * @param admission      the host's accounts it counts in, or null for none (a durable subscription's queue).
     */
    HostedQueue(final String name, final HostSession temporaryOwner, final Admission admission)
    {
        this.name = name;
        this.temporaryOwner = temporaryOwner;
        this.room = new QueueRoom(admission);
        for (int i = 0; i < PRIORITIES; i++)
        {
            waiting[i] = new ArrayDeque<>();
        }
    }

    int size()
    {
        return size;
    }

    void add(final StoredMessage message)
    {
        room.hold(message);
        waiting[clamp(message.priority)].addLast(message);
        lastSequence = Math.max(lastSequence, message.sequence);
        size++;
    }

    /**
     * Puts a message that was taken from this queue back where the queue had it: ahead of every
     * message that came after it, behind those that came before (by arrival sequence, within its
     * priority), so that messages returned one by one keep their order whatever order they return in.
     *
     * @param message the message.
     */
    void putBack(final StoredMessage message)
    {
        putBacks++;
        final ArrayDeque<StoredMessage> priority = waiting[clamp(message.priority)];
        int ahead = 0;
        for (final StoredMessage queued : priority)
        {
            if (queued.sequence > message.sequence)
            {
                break;
            }
            ahead++;
        }
        if (ahead == priority.size())
        {
            priority.addLast(message);
        }
        else
        {
            for (int i = 0; i < ahead; i++)
            {
                scratch.add(priority.pollFirst());
            }
            priority.addFirst(message);
            for (int i = ahead - 1; i >= 0; i--)
            {
                priority.addFirst(scratch.get(i));
            }
            scratch.clear();
        }
        size++;
    }

    /**
     * A consumer closed while its session still holds deliveries of it: it is sent nothing more, and its
     * deliveries stay in flight until acknowledged or put back.
     *
     * @param consumer the consumer.
     */
    void detach(final HostedConsumer consumer)
    {
        consumer.credit = 0;
        consumers.remove(consumer);
        detached.add(consumer);
    }

    /**
     * Forgets a detached consumer once none of its deliveries is in flight any more.
     *
     * @param consumer the consumer.
     * @return true if it was detached and is now forgotten.
     */
    boolean forgetIfSettled(final HostedConsumer consumer)
    {
        return consumer.inFlight.isEmpty() && detached.remove(consumer);
    }

    /**
     * A consumer is gone (closed, or its client dead): every delivery it has not acknowledged goes back,
     * marked redelivered, where the queue had it.
     *
     * @param consumer the consumer.
     */
    void release(final HostedConsumer consumer)
    {
        consumers.remove(consumer);
        detached.remove(consumer);
        for (final StoredMessage message : consumer.inFlight.values())
        {
            putBack(message);
        }
        consumer.inFlight.clear();
    }

    /**
     * Takes the first waiting message (highest priority first) that is due and that the consumer
     * accepts, dropping expired ones on the way. Once a search found nothing the consumer takes, later searches
     * test only the messages that arrived since (until a message is put back, or one not due then falls due), so
     * that a selector matching nothing of a deep queue does not cost the whole queue on every duty cycle.
     *
     * @param consumer the consumer to deliver to.
     * @param nowMs    the time now.
     * @return the message, or null if none fits.
     */
    StoredMessage take(final HostedConsumer consumer, final long nowMs)
    {
        final boolean sinceIdle = consumer.idlePutBacks == putBacks && nowMs < consumer.idleUntilMs;
        if (sinceIdle && consumer.idleSequence == lastSequence)
        {
            return null;
        }
        final long after = sinceIdle ? consumer.idleSequence : Long.MIN_VALUE;
        long dueNext = sinceIdle ? consumer.idleUntilMs : Long.MAX_VALUE;
        for (int p = PRIORITIES - 1; p >= 0; p--)
        {
            final StoredMessage found = sinceIdle ? takeArrived(waiting[p], consumer, after, nowMs) :
                takeFirst(waiting[p], consumer, nowMs);
            if (found != null)
            {
                size--;
                return found;
            }
            dueNext = Math.min(dueNext, notDueUntil);
        }
        consumer.idlePutBacks = putBacks;
        consumer.idleSequence = lastSequence;
        consumer.idleUntilMs = dueNext;
        return null;
    }

    /** The earliest delivery time of a message not yet due met by the last search of one priority. */
    private long notDueUntil;

    private StoredMessage takeFirst(final ArrayDeque<StoredMessage> priority, final HostedConsumer consumer,
        final long nowMs)
    {
        notDueUntil = Long.MAX_VALUE;
        final Iterator<StoredMessage> it = priority.iterator();
        while (it.hasNext())
        {
            final StoredMessage message = it.next();
            if (message.isExpired(nowMs))
            {
                it.remove();
                size--;
                message.done();
                continue;
            }
            if (!message.isDue(nowMs))
            {
                notDueUntil = Math.min(notDueUntil, message.deliveryTime);
            }
            else if (consumer.accepts(message))
            {
                it.remove();
                return message;
            }
        }
        return null;
    }

    /** The oldest message of a priority that arrived after a sequence, is due, and the consumer takes. */
    private StoredMessage takeArrived(final ArrayDeque<StoredMessage> priority, final HostedConsumer consumer,
        final long after, final long nowMs)
    {
        notDueUntil = Long.MAX_VALUE;
        StoredMessage oldest = null;
        final Iterator<StoredMessage> it = priority.descendingIterator();
        while (it.hasNext())
        {
            final StoredMessage message = it.next();
            if (message.sequence <= after)
            {
                break;
            }
            if (!message.isDue(nowMs))
            {
                notDueUntil = Math.min(notDueUntil, message.deliveryTime);
            }
            else if (!message.isExpired(nowMs) && consumer.accepts(message))
            {
                oldest = message;
            }
        }
        if (oldest != null)
        {
            priority.removeLastOccurrence(oldest);
        }
        return oldest;
    }

    /**
     * The messages still on this queue, in delivery order (priority, then arrival): those waiting and those in
     * flight to consumers, not yet acknowledged. Each priority's waiting messages are in arrival order already; only
     * those in flight (as many as consumers' credit) are sorted and merged in.
     *
     * @return the messages (references to them).
     */
    StoredMessage[] browseOrder()
    {
        final List<StoredMessage> inFlight = new ArrayList<>();
        for (final HostedConsumer consumer : consumers)
        {
            inFlight.addAll(consumer.inFlight.values());
        }
        for (final HostedConsumer consumer : detached)
        {
            inFlight.addAll(consumer.inFlight.values());
        }
        inFlight.sort(DELIVERY_ORDER);
        final StoredMessage[] order = new StoredMessage[size + inFlight.size()];
        int filled = 0;
        int flying = 0;
        for (int p = PRIORITIES - 1; p >= 0; p--)
        {
            for (final StoredMessage message : waiting[p])
            {
                while (flying < inFlight.size() && DELIVERY_ORDER.compare(inFlight.get(flying), message) < 0)
                {
                    order[filled++] = inFlight.get(flying++);
                }
                order[filled++] = message;
            }
        }
        while (flying < inFlight.size())
        {
            order[filled++] = inFlight.get(flying++);
        }
        return order;
    }

    /**
     * @return whether nothing is held, promised or waited for on it, and it has no consumer, closed or open.
     */
    boolean isUnused()
    {
        return consumers.isEmpty() && detached.isEmpty() && room.isUnused();
    }

    /** Drops every waiting message for good, as when the queue is deleted. */
    void dropAll()
    {
        for (final ArrayDeque<StoredMessage> priority : waiting)
        {
            for (final StoredMessage message : priority)
            {
                message.done();
            }
            priority.clear();
        }
        size = 0;
    }

    /**
     * The consumer whose turn it is, among those with credit; advances the turn.
     *
     * @param start how many consumers have been tried this round.
     * @return the consumer, or null when none has credit.
     */
    HostedConsumer nextWithCredit(final int start)
    {
        final int count = consumers.size();
        for (int i = 0; i < count; i++)
        {
            final HostedConsumer consumer = consumers.get((nextConsumer + i) % count);
            if (consumer.credit > 0)
            {
                nextConsumer = (nextConsumer + i + 1) % count;
                return consumer;
            }
        }
        return null;
    }

    /**
     * The waiting messages in delivery order (highest priority first, arrival order within one), for a snapshot.
     *
     * @return a new list of them.
     */
    List<StoredMessage> waitingInOrder()
    {
        final ArrayList<StoredMessage> all = new ArrayList<>(size);
        for (int p = PRIORITIES - 1; p >= 0; p--)
        {
            all.addAll(waiting[p]);
        }
        return all;
    }

    /** @return whose turn it is next among the open consumers. */
    int nextConsumer()
    {
        return nextConsumer;
    }

    /** @return how many messages were put back so far. */
    long putBacks()
    {
        return putBacks;
    }

    /** @return the highest arrival sequence added. */
    long lastSequence()
    {
        return lastSequence;
    }

    /**
     * Restores the queue's turn and marks from a snapshot.
     *
     * @param nextConsumer whose turn it is next.
     * @param putBacks     how many messages were put back so far.
     * @param lastSequence the highest arrival sequence added.
     */
    void restoreMarks(final int nextConsumer, final long putBacks, final long lastSequence)
    {
        this.nextConsumer = nextConsumer;
        this.putBacks = putBacks;
        this.lastSequence = lastSequence;
    }

    /**
     * Restores a waiting message from a snapshot, after those before it in delivery order; its room's counts are
     * restored as they were written, not counted again.
     *
     * @param message the message.
     */
    void restoreWaiting(final StoredMessage message)
    {
        message.room = room;
        waiting[clamp(message.priority)].addLast(message);
        size++;
    }

    /**
     * Adds the queue's state to a digest: its name, owner, room, turn, waiting messages in delivery order, and its
     * consumers (open, then closed ones still holding deliveries) with their credit and deliveries in flight. The
     * consumers' search marks ({@link HostedConsumer#idleSequence}) are left out: they spare work, and change no
     * outcome.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("queue").add(name).add(null == temporaryOwner ? 0 : temporaryOwner.id).add(autoCreated)
            .add(unusedSinceNs).add(size).add(nextConsumer).add(putBacks).add(lastSequence);
        room.digest(digest);
        for (int p = PRIORITIES - 1; p >= 0; p--)
        {
            digest.add(waiting[p].size());
            for (final StoredMessage message : waiting[p])
            {
                message.digest(digest);
            }
        }
        digest.add(consumers.size());
        for (final HostedConsumer consumer : consumers)
        {
            consumer.digest(digest);
        }
        digest.add(detached.size());
        for (final HostedConsumer consumer : detached)
        {
            consumer.digest(digest);
        }
    }

    private static int clamp(final int priority)
    {
        return Math.max(0, Math.min(PRIORITIES - 1, priority));
    }
}
