package io.wirespeed.jms.metrics;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.wirespeed.transport.CounterTypes;

/**
 * The figures of every open connection of this JVM, for the readers inside it (JMX, Micrometer, health): a
 * connection is listed from its creation to its close. What closed connections counted stays in this JVM's totals,
 * so that totals only grow. Readers hear of new connections and destinations ({@link #addListener}). Thread safe.
 */
public final class WirespeedMetrics
{
    private static final List<ConnectionMetrics> OPEN = new CopyOnWriteArrayList<>();
    private static final List<Runnable> LISTENERS = new CopyOnWriteArrayList<>();
    private static final Map<String, long[]> RETIRED = new HashMap<>();
    private static final long[] RETIRED_CONNECTION_FIGURES = new long[5];

    private WirespeedMetrics()
    {
    }

    /** @return the open connections' figures, in the order they opened; a snapshot. */
    public static List<ConnectionMetrics> connections()
    {
        return List.copyOf(OPEN);
    }

    /**
     * Registers a reader to be told, on the thread that caused it, when a connection opens or closes or a connection
     * first counts a destination; it must return quickly and not open connections.
     *
     * @param listener told of the change.
     */
    public static void addListener(final Runnable listener)
    {
        LISTENERS.add(listener);
    }

    /**
     * Unregisters a reader.
     *
     * @param listener as registered.
     */
    public static void removeListener(final Runnable listener)
    {
        LISTENERS.remove(listener);
    }

    /**
     * This JVM's totals of a destination figure, closed connections' included.
     *
     * @param typeId {@link CounterTypes#MESSAGES_SENT}, {@link CounterTypes#BYTES_SENT},
     *               {@link CounterTypes#MESSAGES_RECEIVED} or {@link CounterTypes#BYTES_RECEIVED}.
     * @return the total by destination name.
     */
    public static synchronized Map<String, Long> destinationTotals(final int typeId)
    {
        final int index = typeId - CounterTypes.MESSAGES_SENT;
        final Map<String, Long> totals = new LinkedHashMap<>();
        RETIRED.forEach((name, figures) -> totals.put(name, figures[index]));
        for (final ConnectionMetrics connection : OPEN)
        {
            for (final DestinationCounters counters : connection.destinations())
            {
                totals.merge(counters.name(), figure(counters, index), Long::sum);
            }
        }
        return totals;
    }

    /** @return this JVM's sends that waited on back-pressure, closed connections' included. */
    public static synchronized long backPressureWaits()
    {
        long total = RETIRED_CONNECTION_FIGURES[0];
        for (final ConnectionMetrics connection : OPEN)
        {
            total += connection.backPressureWaits();
        }
        return total;
    }

    /** @return this JVM's sends that failed, closed connections' included. */
    public static synchronized long sendFailures()
    {
        long total = RETIRED_CONNECTION_FIGURES[1];
        for (final ConnectionMetrics connection : OPEN)
        {
            total += connection.sendFailures();
        }
        return total;
    }

    /** @return bytes this JVM's topic consumers lost under the {@code drop} slow-consumer policy, all told. */
    public static synchronized long consumerLossBytes()
    {
        long total = RETIRED_CONNECTION_FIGURES[2];
        for (final ConnectionMetrics connection : OPEN)
        {
            total += connection.consumerLossBytes();
        }
        return total;
    }

    /** @return how many times a clustered queue host's new leader took over, summed over this JVM's connections. */
    public static synchronized long queueHostFailovers()
    {
        long total = RETIRED_CONNECTION_FIGURES[3];
        for (final ConnectionMetrics connection : OPEN)
        {
            total += connection.queueHostFailovers();
        }
        return total;
    }

    /**
     * @return how long clustered queue hosts' failovers lasted, summed over this JVM's connections, each as its
     *         connection saw it ({@link QueueHostFigures#failoverNanos()}).
     */
    public static synchronized long queueHostFailoverNanos()
    {
        long total = RETIRED_CONNECTION_FIGURES[4];
        for (final ConnectionMetrics connection : OPEN)
        {
            total += connection.queueHostFailoverNanos();
        }
        return total;
    }

    static void opened(final ConnectionMetrics metrics)
    {
        OPEN.add(metrics);
        changed();
    }

    static void closed(final ConnectionMetrics metrics)
    {
        synchronized (WirespeedMetrics.class)
        {
            for (final DestinationCounters counters : metrics.destinations())
            {
                final long[] figures = RETIRED.computeIfAbsent(counters.name(), (name) -> new long[4]);
                for (int i = 0; i < figures.length; i++)
                {
                    figures[i] += figure(counters, i);
                }
            }
            RETIRED_CONNECTION_FIGURES[0] += metrics.backPressureWaits();
            RETIRED_CONNECTION_FIGURES[1] += metrics.sendFailures();
            RETIRED_CONNECTION_FIGURES[2] += metrics.consumerLossBytes();
            RETIRED_CONNECTION_FIGURES[3] += metrics.queueHostFailovers();
            RETIRED_CONNECTION_FIGURES[4] += metrics.queueHostFailoverNanos();
            OPEN.remove(metrics);
        }
        changed();
    }

    static void changed()
    {
        for (final Runnable listener : LISTENERS)
        {
            listener.run();
        }
    }

    private static long figure(final DestinationCounters counters, final int index)
    {
        return switch (index)
        {
            case 0 -> counters.messagesSent();
            case 1 -> counters.bytesSent();
            case 2 -> counters.messagesReceived();
            default -> counters.bytesReceived();
        };
    }
}
