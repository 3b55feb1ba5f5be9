package io.wirespeed.host;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;

import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.CounterTypes;
import io.wirespeed.transport.TransportException;

/**
 * The host's figures where tools outside read them ({@code wirespeed-stat}, the Spring meters, AeronStat): per queue
 * its depth ({@link CounterTypes#QUEUE_DEPTH}), messages in flight ({@link CounterTypes#QUEUE_IN_FLIGHT}) and
 * consumers ({@link CounterTypes#QUEUE_CONSUMERS}), and per durable subscription its lag in bytes
 * ({@link CounterTypes#DURABLE_SUBSCRIPTION_LAG}), through the transport's {@link CounterRegistry}, keyed by the
 * destination's name with connection 0. Allocating is a round trip to the driver, done when a queue is made; at most
 * {@link #MAX_COUNTED_QUEUES} queues are counted, so that a stream of new names neither fills the driver's counters
 * nor holds the host's thread. Used on the host's thread only.
 */
final class HostCounters
{
    /** The most queues with counters at once. */
    static final int MAX_COUNTED_QUEUES = 512;
    private static final long PID = ProcessHandle.current().pid();
    private static final System.Logger LOGGER = System.getLogger(HostCounters.class.getName());

    private final CounterRegistry registry;
    private final UnsafeBuffer key = new UnsafeBuffer(new byte[CounterTypes.NAME_OFFSET + CounterTypes.MAX_NAME_BYTES]);
    private int counted;
    private boolean warned;

    /**
     * @param registry where counters go, or null for none.
     */
    HostCounters(final CounterRegistry registry)
    {
        this.registry = registry;
    }

    /** One queue's counters. */
    static final class QueueCounters
    {
        private final AtomicCounter depth;
        private final AtomicCounter inFlight;
        private final AtomicCounter consumers;
        private final AtomicCounter lag;

        private QueueCounters(
            final AtomicCounter depth, final AtomicCounter inFlight, final AtomicCounter consumers,
            final AtomicCounter lag)
        {
            this.depth = depth;
            this.inFlight = inFlight;
            this.consumers = consumers;
            this.lag = lag;
        }

        /**
         * Shows a queue's figures now.
         *
         * @param queue the queue.
         */
        void update(final HostedQueue queue)
        {
            final long waiting = queue.size();
            depth.setOrdered(waiting);
            inFlight.setOrdered(Math.max(0, queue.room.messages - waiting));
            consumers.setOrdered(queue.consumers.size());
        }

        /**
         * Shows a durable subscription's lag.
         *
         * @param bytes how far its acknowledged position is behind what is recorded, or negative if unknown.
         */
        void lag(final long bytes)
        {
            if (lag != null && bytes >= 0)
            {
                lag.setOrdered(bytes);
            }
        }

        /** @return whether it counts a durable subscription's lag. */
        boolean hasLag()
        {
            return lag != null;
        }

        private void close()
        {
            depth.close();
            inFlight.close();
            consumers.close();
            if (lag != null)
            {
                lag.close();
            }
        }
    }

    /**
     * Makes a queue's counters, unless there is no registry or the most queues are counted already.
     *
     * @param name    the destination's name, the counters' key and label.
     * @param durable whether it is a durable subscription's, with a lag counter.
     * @return the counters, or null.
     */
    QueueCounters register(final String name, final boolean durable)
    {
        if (registry == null)
        {
            return null;
        }
        if (counted >= MAX_COUNTED_QUEUES)
        {
            if (!warned)
            {
                warned = true;
                LOGGER.log(System.Logger.Level.WARNING, "queue host counts the first " + MAX_COUNTED_QUEUES +
                    " queues only; queue '" + name + "' and later ones have no counters");
            }
            return null;
        }
        try
        {
            final QueueCounters counters = new QueueCounters(allocate(CounterTypes.QUEUE_DEPTH, name),
                allocate(CounterTypes.QUEUE_IN_FLIGHT, name), allocate(CounterTypes.QUEUE_CONSUMERS, name),
                durable ? allocate(CounterTypes.DURABLE_SUBSCRIPTION_LAG, name) : null);
            counted++;
            return counters;
        }
        catch (final TransportException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host has no counters for '" + name + "': " +
                ex.getMessage());
            return null;
        }
    }

    /**
     * Gives back a queue's counters: the queue is gone.
     *
     * @param counters the counters, or null.
     */
    void remove(final QueueCounters counters)
    {
        if (counters != null)
        {
            counters.close();
            counted--;
        }
    }

    private AtomicCounter allocate(final int typeId, final String name)
    {
        final int keyLength = CounterTypes.encodeKey(key, PID, 0, name);
        return registry.allocate(typeId, key, 0, keyLength, "wirespeed " + CounterTypes.metricName(typeId) + ": " +
            name + " queue host pid=" + PID);
    }
}
