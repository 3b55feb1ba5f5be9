package io.wirespeed.jms.hostclient;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.jms.config.MediaChannels;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportSubscription;

/**
 * A queue-host consumer's local buffer of deliveries from the host (queues, shared and durable subscriptions), at
 * most its credit deep: the queue-host counterpart of a topic consumer's envelope inbox. The connection's queue
 * client appends each delivery's envelope with its delivery id and count; the consumer polls it like any
 * subscription and reads the delivery id and count of the message being handed to it. Two buffers, as for topics:
 * deliveries are appended to the pending one, and the consumer swaps the two when it has read everything it took
 * before, so that its handler reads bytes nobody writes meanwhile. Allocates nothing once its buffers are large
 * enough; thread safe (appends, reads and {@link #drain()} may come from different threads).
 */
public final class QueueInbox implements TransportSubscription
{
    private static final int INITIAL_CAPACITY = 4096;
    private static final int ID_OFFSET = 0;
    private static final int COUNT_OFFSET = ID_OFFSET + Long.BYTES;
    private static final int LENGTH_OFFSET = COUNT_OFFSET + Integer.BYTES;
    private static final int HEADER_LENGTH = LENGTH_OFFSET + Integer.BYTES;

    private final String queueName;
    private ExpandableArrayBuffer pending = new ExpandableArrayBuffer(INITIAL_CAPACITY);
    private ExpandableArrayBuffer reading = new ExpandableArrayBuffer(INITIAL_CAPACITY);
    private int pendingLength;
    private int pendingCount;
    private int readPosition;
    private int readLimit;
    private int readCount;
    private volatile Runnable onArrival = () -> {};
    private long currentDeliveryId;
    private int currentDeliveryCount;

    /**
     * An empty inbox; its consumer's source creates it and hands it to the queue client, which routes the
     * consumer's deliveries into it while the consumer is open.
     *
     * @param queueName what the consumer consumes, for messages.
     */
    public QueueInbox(final String queueName)
    {
        this.queueName = queueName;
    }

    /**
     * Appends a copy of a delivery's envelope, then tells the consumer.
     *
     * @param buffer        holding the envelope.
     * @param offset        where it starts.
     * @param length        its length.
     * @param deliveryId    the host's id of the delivery.
     * @param deliveryCount JMSXDeliveryCount.
     */
    void add(
        final DirectBuffer buffer, final int offset, final int length, final long deliveryId, final int deliveryCount)
    {
        synchronized (this)
        {
            final int at = pendingLength;
            pending.putLong(at + ID_OFFSET, deliveryId, ByteOrder.LITTLE_ENDIAN);
            pending.putInt(at + COUNT_OFFSET, deliveryCount, ByteOrder.LITTLE_ENDIAN);
            pending.putInt(at + LENGTH_OFFSET, length, ByteOrder.LITTLE_ENDIAN);
            pending.putBytes(at + HEADER_LENGTH, buffer, offset, length);
            pendingLength = at + HEADER_LENGTH + length;
            pendingCount++;
        }
        onArrival.run();
    }

    /**
     * Says whom to tell when a delivery arrives: the consumer, which wakes its connection's delivery thread when it
     * has a listener.
     *
     * @param onArrival called after each delivery is added, on the thread that added it.
     */
    public void onArrival(final Runnable onArrival)
    {
        this.onArrival = onArrival;
    }

    /** @return how many deliveries wait in the inbox. */
    public synchronized int size()
    {
        return pendingCount + readCount;
    }

    @Override
    public int poll(final MessageHandler handler, final int fragmentLimit)
    {
        int polled = 0;
        while (polled < fragmentLimit)
        {
            final ExpandableArrayBuffer buffer;
            final int offset;
            final int length;
            synchronized (this)
            {
                if (readPosition >= readLimit && !swap())
                {
                    break;
                }
                buffer = reading;
                currentDeliveryId = buffer.getLong(readPosition + ID_OFFSET, ByteOrder.LITTLE_ENDIAN);
                currentDeliveryCount = buffer.getInt(readPosition + COUNT_OFFSET, ByteOrder.LITTLE_ENDIAN);
                length = buffer.getInt(readPosition + LENGTH_OFFSET, ByteOrder.LITTLE_ENDIAN);
                offset = readPosition + HEADER_LENGTH;
                readPosition = offset + length;
                readCount--;
            }
            handler.onMessage(buffer, offset, length);
            polled++;
        }
        return polled;
    }

    /** Makes the pending deliveries the ones to read; under this inbox's lock, everything taken before read. */
    private boolean swap()
    {
        if (0 == pendingCount)
        {
            return false;
        }
        final ExpandableArrayBuffer taken = pending;
        pending = reading;
        reading = taken;
        readPosition = 0;
        readLimit = pendingLength;
        readCount = pendingCount;
        pendingLength = 0;
        pendingCount = 0;
        return true;
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
     * Empties the inbox, returning the ids of the deliveries never handed to the application, oldest first.
     *
     * @return the delivery ids.
     */
    synchronized long[] drain()
    {
        final long[] ids = new long[readCount + pendingCount];
        int i = 0;
        for (int at = readPosition; at < readLimit; at += HEADER_LENGTH + reading.getInt(at + LENGTH_OFFSET,
            ByteOrder.LITTLE_ENDIAN))
        {
            ids[i++] = reading.getLong(at + ID_OFFSET, ByteOrder.LITTLE_ENDIAN);
        }
        for (int at = 0; at < pendingLength; at += HEADER_LENGTH + pending.getInt(at + LENGTH_OFFSET,
            ByteOrder.LITTLE_ENDIAN))
        {
            ids[i++] = pending.getLong(at + ID_OFFSET, ByteOrder.LITTLE_ENDIAN);
        }
        readPosition = 0;
        readLimit = 0;
        readCount = 0;
        pendingLength = 0;
        pendingCount = 0;
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
        return MediaChannels.queueHost();
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
}
