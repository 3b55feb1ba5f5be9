package io.wirespeed.jms.connection;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.JmsTemporaryQueue;
import io.wirespeed.jms.destination.JmsTemporaryTopic;
import io.wirespeed.jms.destination.TemporaryOwner;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.wire.ConnectionId;

/**
 * The temporary queues and topics one connection created: their names, the consumers open on each (a
 * destination in use cannot be deleted), who may consume from them (only their connection), and their deletion,
 * on the queue host for temporary queues. The connection checks it is open before it asks.
 */
public final class TemporaryDestinations
{
    /** Names of temporary topics start with this. */
    public static final String TEMPORARY_TOPIC_PREFIX = "temp-topic:";

    private final Map<JmsDestination, Integer> consumerCounts = new ConcurrentHashMap<>();
    private final AtomicLong temporaryIds = new AtomicLong();
    private final ConnectionId id;
    private final TemporaryOwner owner;
    private final QueueHostLink queueHost;

    /**
     * @param id        the connection's id, which the destinations' names carry.
     * @param owner     the connection, which alone may consume from them.
     * @param queueHost the connection's link to the queue host, which keeps temporary queues.
     */
    public TemporaryDestinations(final ConnectionId id, final TemporaryOwner owner, final QueueHostLink queueHost)
    {
        this.id = id;
        this.owner = owner;
        this.queueHost = queueHost;
    }

    /**
     * Creates a temporary queue (on the queue host) or topic.
     *
     * @param queue true for a queue, false for a topic.
     * @return the destination.
     * @throws JMSException if the queue host cannot be reached.
     */
    public JmsDestination create(final boolean queue) throws JMSException
    {
        final long n = temporaryIds.incrementAndGet();
        final JmsDestination destination;
        if (queue)
        {
            destination = new JmsTemporaryQueue(QueueStreams.TEMPORARY_QUEUE_PREFIX + id + ":" + n, owner);
            queueHost.queueClient().temporaryQueue(destination.name(), true);
        }
        else
        {
            destination = new JmsTemporaryTopic(TEMPORARY_TOPIC_PREFIX + id + ":" + n, owner);
        }
        consumerCounts.put(destination, 0);
        return destination;
    }

    /**
     * Refuses consuming from another connection's temporary destinations, or deleted ones.
     *
     * @param destination the destination.
     * @throws JMSException InvalidDestinationException if it is another's or deleted.
     */
    public void checkMayConsume(final JmsDestination destination) throws JMSException
    {
        if (destination.isTemporary() && !consumerCounts.containsKey(destination))
        {
            throw new InvalidDestinationException("temporary destination '" + destination + "' was created by " +
                "another connection or deleted: only the connection that created it can consume from it");
        }
    }

    /**
     * Counts a consumer opening or closing on a destination; other than this connection's temporary destinations
     * are not counted.
     *
     * @param destination the destination.
     * @param delta       +1 on open, -1 on close.
     */
    public void countConsumer(final JmsDestination destination, final int delta)
    {
        consumerCounts.computeIfPresent(destination, (key, count) -> count + delta);
    }

    /**
     * Deletes a temporary destination of this connection; one already deleted, or another's, is ignored.
     *
     * @param destination the destination.
     * @throws JMSException IllegalStateException if consumers still use it, or the queue host's refusal.
     */
    public void delete(final JmsDestination destination) throws JMSException
    {
        final Integer consumers = consumerCounts.get(destination);
        if (consumers == null)
        {
            return;
        }
        if (consumers > 0)
        {
            throw new IllegalStateException("temporary destination '" + destination + "' still has " +
                consumers + " consumer(s): close them before deleting it");
        }
        consumerCounts.remove(destination);
        if (destination instanceof JmsTemporaryQueue)
        {
            queueHost.queueClient().temporaryQueue(destination.name(), false);
        }
    }

    /**
     * Deletes every temporary destination as the connection closes, each even when another fails; temporary
     * queues are deleted on the queue host only when the connection opened its queue client.
     *
     * @return the first failure, or null.
     */
    public JMSException deleteAll()
    {
        JMSException failure = null;
        final QueueClient queueClient = queueHost.queueClientIfOpen();
        for (final JmsDestination temporary : consumerCounts.keySet())
        {
            if (temporary instanceof JmsTemporaryQueue && queueClient != null)
            {
                try
                {
                    queueClient.temporaryQueue(temporary.name(), false);
                }
                catch (final JMSException ex)
                {
                    failure = failure == null ? ex : failure;
                }
            }
        }
        consumerCounts.clear();
        return failure;
    }
}
