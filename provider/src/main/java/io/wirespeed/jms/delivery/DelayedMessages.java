package io.wirespeed.jms.delivery;

import java.util.ArrayList;

import org.agrona.concurrent.EpochClock;

import io.wirespeed.jms.message.JmsMessage;

/**
 * The messages a topic consumer received before their JMSDeliveryTime, held in delivery-time order until due.
 * Filled by whichever thread reads the consumer's envelopes, taken by the thread that delivers; thread safe, and
 * free to ask when empty (one volatile read).
 */
public final class DelayedMessages
{
    private final ArrayList<JmsMessage> held = new ArrayList<>();
    private volatile boolean empty = true;

    /**
     * Holds a message until its delivery time; after the messages due at the same time or before it.
     *
     * @param message the message.
     */
    public void hold(final JmsMessage message)
    {
        synchronized (held)
        {
            int i = held.size();
            while (i > 0 && held.get(i - 1).getJMSDeliveryTime() > message.getJMSDeliveryTime())
            {
                i--;
            }
            held.add(i, message);
            empty = false;
        }
    }

    /**
     * Takes the first message that is due.
     *
     * @param clock the clock message times are read on.
     * @return the message, or null when none is due.
     */
    public JmsMessage takeDue(final EpochClock clock)
    {
        if (empty)
        {
            return null;
        }
        synchronized (held)
        {
            empty = held.isEmpty();
            if (!empty && held.get(0).getJMSDeliveryTime() <= clock.time())
            {
                final JmsMessage due = held.remove(0);
                empty = held.isEmpty();
                return due;
            }
            return null;
        }
    }

    /** @return whether messages are held, due or not. */
    public boolean isEmpty()
    {
        return empty;
    }
}
