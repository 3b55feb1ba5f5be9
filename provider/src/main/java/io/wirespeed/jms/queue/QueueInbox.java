package io.wirespeed.jms.queue;

import java.util.ArrayDeque;

import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportSubscription;

/**
 * A queue consumer's local buffer of deliveries from the host, at most its credit deep. The
 * connection's queue client fills it; the consumer polls it like any subscription, and reads the
 * delivery id and count of the message being handed to it.
 */
public final class QueueInbox implements TransportSubscription
{
    private final ArrayDeque<Delivery> deliveries = new ArrayDeque<>();
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
    private final String queueName;
    private long currentDeliveryId;
    private int currentDeliveryCount;

    QueueInbox(final String queueName)
    {
        this.queueName = queueName;
    }

    synchronized void add(final byte[] envelope, final long deliveryId, final int deliveryCount)
    {
        deliveries.addLast(new Delivery(envelope, deliveryId, deliveryCount));
    }

    /** @return how many deliveries wait in the inbox. */
    synchronized int size()
    {
        return deliveries.size();
    }

    @Override
    public int poll(final MessageHandler handler, final int fragmentLimit)
    {
        int polled = 0;
        while (polled < fragmentLimit)
        {
            final Delivery delivery;
            synchronized (this)
            {
                delivery = deliveries.pollFirst();
            }
            if (delivery == null)
            {
                break;
            }
            currentDeliveryId = delivery.deliveryId;
            currentDeliveryCount = delivery.deliveryCount;
            view.wrap(delivery.envelope);
            handler.onMessage(view, 0, delivery.envelope.length);
            polled++;
        }
        return polled;
    }

    /** @return the host's id of the delivery being handed out by {@link #poll}. */
    public long currentDeliveryId()
    {
        return currentDeliveryId;
    }

    /** @return the delivery count of the message being handed out by {@link #poll}. */
    public int currentDeliveryCount()
    {
        return currentDeliveryCount;
    }

    /**
     * Empties the inbox, returning the ids of the deliveries never handed to the application.
     *
     * @return the delivery ids.
     */
    synchronized long[] drain()
    {
        final long[] ids = new long[deliveries.size()];
        int i = 0;
        for (final Delivery delivery : deliveries)
        {
            ids[i++] = delivery.deliveryId;
        }
        deliveries.clear();
        return ids;
    }

    @Override
    public boolean isConnected()
    {
        return true;
    }

    @Override
    public String channel()
    {
        return QueueStreams.CHANNEL;
    }

    @Override
    public int streamId()
    {
        return QueueStreams.INBOUND_STREAM;
    }

    @Override
    public void close()
    {
    }

    @Override
    public String toString()
    {
        return "QueueInbox[" + queueName + "]";
    }

    private record Delivery(byte[] envelope, long deliveryId, int deliveryCount)
    {
    }
}
