package io.wirespeed.jms.delivery;

import java.util.ArrayDeque;

import io.wirespeed.jms.message.JmsMessage;

/**
 * The messages a consumer's session recovered or rolled back, to be delivered again ahead of anything newer, most
 * recently recovered first. Filled by the session's thread, taken by the thread that delivers; thread safe.
 */
public final class RedeliveryQueue
{
    private final ArrayDeque<JmsMessage> messages = new ArrayDeque<>();
    private volatile int size;

    /**
     * Puts a message at the head.
     *
     * @param message the message, already marked redelivered.
     */
    public void addFirst(final JmsMessage message)
    {
        synchronized (messages)
        {
            messages.addFirst(message);
            size = messages.size();
        }
    }

    /** @return the head message, or null when none waits (without taking the lock: the delivery path asks often). */
    public JmsMessage poll()
    {
        if (0 == size)
        {
            return null;
        }
        synchronized (messages)
        {
            final JmsMessage head = messages.pollFirst();
            size = messages.size();
            return head;
        }
    }

    /** @return whether no message waits. */
    public boolean isEmpty()
    {
        return 0 == size;
    }
}
