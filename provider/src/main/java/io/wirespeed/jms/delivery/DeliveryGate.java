package io.wirespeed.jms.delivery;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.JMSException;


/**
 * Starting and stopping a connection's delivery, and the consumers whose sources follow it: a queue-host consumer's
 * source gets credit while the connection is started and gives back what the host sent ahead when it stops, so that
 * consumers of started connections get it; a topic consumer's source does nothing on either. The started flag
 * itself is the connection's, which the receive and delivery loops read on every pass without going through this
 * gate.
 */
public final class DeliveryGate
{
    private final DeliveryConnection connection;
    private final ConnectionPoller poller;
    private final List<DeliveredConsumer> consumers = new CopyOnWriteArrayList<>();

    /**
     * @param connection the connection whose delivery this starts and stops.
     * @param poller     the connection's delivery thread.
     */
    public DeliveryGate(final DeliveryConnection connection, final ConnectionPoller poller)
    {
        this.connection = connection;
        this.poller = poller;
    }

    /**
     * Starts delivery: the consumers' sources resume (queue-host consumers get credit) and the poller wakes.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    public void start() throws JMSException
    {
        synchronized (this)
        {
            connection.started(true);
            for (final DeliveredConsumer consumer : consumers)
            {
                consumer.resumeQueueDelivery();
            }
        }
        poller.wake();
    }

    /**
     * Stops delivery: waits until no listener runs, then, unless started again meanwhile, pauses the consumers'
     * sources (takes the queue-host consumers' credit back).
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    public void stop() throws JMSException
    {
        synchronized (this)
        {
            connection.started(false);
        }
        poller.awaitDeliveryIdle();
        synchronized (this)
        {
            if (!connection.isStarted())
            {
                for (final DeliveredConsumer consumer : consumers)
                {
                    consumer.pauseQueueDelivery();
                }
            }
        }
    }

    /** Stops delivery as the connection closes, without waiting and without touching the queue host. */
    public void close()
    {
        connection.started(false);
    }

    /**
     * Registers a consumer, whose source follows the connection's start and stop: one served by the queue host,
     * subscribed without credit, gets credit now if the connection is started, and loses it whenever the
     * connection stops.
     *
     * @param consumer the consumer.
     * @throws JMSException if the queue host cannot be reached.
     */
    public void addConsumer(final DeliveredConsumer consumer) throws JMSException
    {
        synchronized (this)
        {
            consumers.add(consumer);
            if (connection.isStarted())
            {
                consumer.resumeQueueDelivery();
            }
        }
    }

    /**
     * Forgets a closed consumer.
     *
     * @param consumer the consumer.
     */
    public void removeConsumer(final DeliveredConsumer consumer)
    {
        consumers.remove(consumer);
    }
}
