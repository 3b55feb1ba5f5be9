package io.wirespeed.jms;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.JMSException;

/**
 * Whether a connection delivers messages (started) or holds them back (stopped), and the queue-host consumers
 * whose credit follows that: they get credit while the connection is started and give back what the host sent
 * ahead when it stops, so that consumers of started connections get it.
 */
final class DeliveryGate
{
    private final ConnectionPoller poller;
    private final List<JmsMessageConsumer> queueConsumers = new CopyOnWriteArrayList<>();
    private volatile boolean started;

    DeliveryGate(final ConnectionPoller poller)
    {
        this.poller = poller;
    }

    /** @return whether delivery is started. */
    boolean isStarted()
    {
        return started;
    }

    /**
     * Starts delivery: queue-host consumers get credit and the poller wakes.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    void start() throws JMSException
    {
        synchronized (this)
        {
            started = true;
            for (final JmsMessageConsumer consumer : queueConsumers)
            {
                consumer.resumeQueueDelivery();
            }
        }
        poller.wake();
    }

    /**
     * Stops delivery: waits until no listener runs, then, unless started again meanwhile, takes the queue-host
     * consumers' credit back.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    void stop() throws JMSException
    {
        synchronized (this)
        {
            started = false;
        }
        poller.awaitDeliveryIdle();
        synchronized (this)
        {
            if (!started)
            {
                for (final JmsMessageConsumer consumer : queueConsumers)
                {
                    consumer.pauseQueueDelivery();
                }
            }
        }
    }

    /** Stops delivery as the connection closes, without waiting and without touching the queue host. */
    void close()
    {
        started = false;
    }

    /**
     * Registers a consumer served by the queue host, which it subscribed without credit: it gets credit now if
     * the connection is started, and loses it whenever the connection stops.
     *
     * @param consumer the consumer.
     * @throws JMSException if the queue host cannot be reached.
     */
    void addQueueConsumer(final JmsMessageConsumer consumer) throws JMSException
    {
        synchronized (this)
        {
            queueConsumers.add(consumer);
            if (started)
            {
                consumer.resumeQueueDelivery();
            }
        }
    }

    /**
     * Forgets a closed consumer served by the queue host.
     *
     * @param consumer the consumer.
     */
    void removeQueueConsumer(final JmsMessageConsumer consumer)
    {
        queueConsumers.remove(consumer);
    }
}
