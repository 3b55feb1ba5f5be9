package io.wirespeed.jms;

import java.util.ArrayList;

import io.wirespeed.jms.message.JmsMessage;

/**
 * The messages a session delivered that are not yet acknowledged, in delivery order, each with the
 * consumer that delivered it, whether or not that consumer has closed since: acknowledgement applies
 * to every message the session consumed. Acknowledging forgets them; recovering hands each back to
 * its consumer, marked redelivered, to be delivered again before anything newer (or, from a closed
 * consumer, to the queue). Reuses its storage:
 * recording a delivery allocates nothing once warm.
 */
final class Deliveries
{
    private final ArrayList<JmsMessageConsumer> consumers = new ArrayList<>();
    private final ArrayList<JmsMessage> messages = new ArrayList<>();

    /**
     * Records a delivery.
     *
     * @param consumer the consumer that delivered the message.
     * @param message  the message.
     */
    synchronized void delivered(final JmsMessageConsumer consumer, final JmsMessage message)
    {
        consumers.add(consumer);
        messages.add(message);
    }

    /** Acknowledges every recorded delivery, telling each consumer, and forgets them. */
    synchronized void acknowledgeAll()
    {
        for (int i = 0, size = messages.size(); i < size; i++)
        {
            consumers.get(i).onAcknowledged(messages.get(i));
        }
        clear();
    }

    private void clear()
    {
        consumers.clear();
        messages.clear();
    }

    /**
     * Whether a message is still waiting for acknowledgement.
     *
     * @param message the message.
     * @return true if it was delivered and not yet acknowledged or recovered.
     */
    synchronized boolean isPending(final JmsMessage message)
    {
        for (int i = messages.size() - 1; i >= 0; i--)
        {
            if (messages.get(i) == message)
            {
                return true;
            }
        }
        return false;
    }

    /** Hands every recorded delivery back to its consumer for redelivery, oldest first. */
    synchronized void recover()
    {
        for (int i = messages.size() - 1; i >= 0; i--)
        {
            final JmsMessage message = messages.get(i);
            message.setJMSRedelivered(true);
            message.setDeliveryCount(message.deliveryCount() + 1);
            consumers.get(i).onRecovered(message);
        }
        clear();
    }

    /**
     * Whether a consumer delivered any of the messages waiting here, so that closing it must leave them
     * to this session's acknowledgement, commit, recover or rollback.
     *
     * @param consumer the consumer.
     * @return true if it did.
     */
    synchronized boolean holds(final JmsMessageConsumer consumer)
    {
        return consumers.contains(consumer);
    }
}
