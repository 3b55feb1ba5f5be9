package io.wirespeed.jms.queue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;

/**
 * One queue at the host: waiting messages by priority (highest first, FIFO within a priority),
 * the consumers it dispatches to in turn, and whether it is a temporary queue owned by a client.
 */
final class HostedQueue
{
    private static final int PRIORITIES = 10;

    final String name;
    final HostedClient temporaryOwner;
    final List<HostedConsumer> consumers = new ArrayList<>();
    @SuppressWarnings("unchecked")
    private final ArrayDeque<StoredMessage>[] waiting = new ArrayDeque[PRIORITIES];
    private int size;
    private int nextConsumer;

    HostedQueue(final String name, final HostedClient temporaryOwner)
    {
        this.name = name;
        this.temporaryOwner = temporaryOwner;
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
        waiting[clamp(message.priority)].addLast(message);
        size++;
    }

    void returnToHead(final StoredMessage message)
    {
        waiting[clamp(message.priority)].addFirst(message);
        size++;
    }

    /**
     * Takes the first waiting message (highest priority first) that is due and that the consumer
     * accepts, dropping expired ones on the way.
     *
     * @param consumer the consumer to deliver to.
     * @param nowMs    the time now.
     * @return the message, or null if none fits.
     */
    StoredMessage take(final HostedConsumer consumer, final long nowMs)
    {
        for (int p = PRIORITIES - 1; p >= 0; p--)
        {
            final Iterator<StoredMessage> it = waiting[p].iterator();
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
                if (message.isDue(nowMs) && consumer.accepts(message))
                {
                    it.remove();
                    size--;
                    return message;
                }
            }
        }
        return null;
    }

    /**
     * Visits the waiting messages in delivery order, skipping expired ones.
     *
     * @param nowMs   the time now.
     * @param visitor called for each.
     */
    void forEachWaiting(final long nowMs, final Consumer<StoredMessage> visitor)
    {
        for (int p = PRIORITIES - 1; p >= 0; p--)
        {
            for (final StoredMessage message : waiting[p])
            {
                if (!message.isExpired(nowMs))
                {
                    visitor.accept(message);
                }
            }
        }
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

    private static int clamp(final int priority)
    {
        return Math.max(0, Math.min(PRIORITIES - 1, priority));
    }
}
