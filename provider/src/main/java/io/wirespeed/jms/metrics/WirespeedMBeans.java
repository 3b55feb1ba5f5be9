package io.wirespeed.jms.metrics;

import java.lang.management.ManagementFactory;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;

import io.wirespeed.transport.DriverStatus;

/**
 * Registers the figures of each open connection with the platform MBean server, under the domain
 * {@value #DOMAIN}: {@code io.wirespeed:type=Connection,connection=<number>} ({@link ConnectionMXBean}) from the
 * connection's creation to its close, and {@code io.wirespeed:type=Destination,connection=<number>,name="<name>"}
 * ({@link DestinationMXBean}) for each destination it counts. A JVM whose MBean server refuses them keeps
 * messaging: the refusal is logged once.
 */
final class WirespeedMBeans
{
    /** The ObjectName domain of Wirespeed's MBeans. */
    static final String DOMAIN = "io.wirespeed";

    /** How long after a connection opens its MBeans are registered. */
    static final long REGISTER_AFTER_MS = 100;
    private static final long REGISTER_DELAY_NS = TimeUnit.MILLISECONDS.toNanos(REGISTER_AFTER_MS);
    private static final long BATCH_NS = TimeUnit.MILLISECONDS.toNanos(10);

    private static final System.Logger LOGGER = System.getLogger(WirespeedMBeans.class.getName());
    private static volatile boolean refusalLogged;

    private WirespeedMBeans()
    {
    }

    /**
     * Runs a connection's registration {@value #REGISTER_AFTER_MS} ms from now on the JVM's one registering thread (a
     * daemon, started on first use), so that connections opened and closed within that time (a connection per send)
     * register nothing. Registrations wait in one queue, in the order they were asked for; the thread wakes only when
     * the oldest is due (never while none waits), and takes every one that is due then: a connection opened for one
     * send costs a queue entry, not a task and a wake-up of its own (the thread wakes at most every 10 ms, so a
     * connection's MBeans may come up to 10 ms after the {@value #REGISTER_AFTER_MS} ms).
     *
     * @param registration registers the connection's MBeans unless it closed meanwhile.
     */
    static void registerSoon(final Runnable registration)
    {
        Registrar.PENDING.add(new Pending(registration, System.nanoTime() + REGISTER_DELAY_NS));
        if (Registrar.SCHEDULED.compareAndSet(false, true))
        {
            Registrar.EXECUTOR.schedule(WirespeedMBeans::registerDue, REGISTER_AFTER_MS, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * On the registering thread: runs the registrations that are due, then sleeps until the oldest of the rest is,
     * or until the next {@link #registerSoon} when none is left.
     */
    private static void registerDue()
    {
        while (true)
        {
            final long nowNs = System.nanoTime();
            Pending next;
            while (null != (next = Registrar.PENDING.peek()) && next.dueNs - nowNs <= 0)
            {
                Registrar.PENDING.poll();
                try
                {
                    next.registration.run();
                }
                catch (final RuntimeException ex)
                {
                    logRefusal(ex);
                }
            }
            if (null != next)
            {
                // at least 10 ms apart: under a connection per send the next one is due microseconds from now
                Registrar.EXECUTOR.schedule(WirespeedMBeans::registerDue,
                    Math.max(next.dueNs - nowNs, BATCH_NS), TimeUnit.NANOSECONDS);
                return;
            }
            Registrar.SCHEDULED.set(false);
            // one added between the empty peek and the reset found SCHEDULED still set: take it here
            if (Registrar.PENDING.isEmpty() || !Registrar.SCHEDULED.compareAndSet(false, true))
            {
                return;
            }
        }
    }

    static void register(final ConnectionMetrics connection)
    {
        register(connectionName(connection), new StandardMBean(new ConnectionMXBean()
        {
            public String getConnectionId()
            {
                return connection.connectionId();
            }

            public long getProcessId()
            {
                return ProcessHandle.current().pid();
            }

            public long getSendBackPressureWaits()
            {
                return connection.backPressureWaits();
            }

            public long getSendFailures()
            {
                return connection.sendFailures();
            }

            public long getConsumerLossBytes()
            {
                return connection.consumerLossBytes();
            }

            public long getQueueHostFailovers()
            {
                return connection.queueHostFailovers();
            }

            public long getQueueHostFailoverMillis()
            {
                return connection.queueHostFailoverNanos() / 1_000_000;
            }

            public String getQueueHost()
            {
                return connection.queueHost().name();
            }

            public boolean isDriverAlive()
            {
                return connection.driverStatus().map(DriverStatus::isAlive).orElse(true);
            }

            public long getConsumerLagBytes()
            {
                return connection.consumerLagBytes();
            }

            public long getArchiveLagBytes()
            {
                return connection.archiveLagBytes();
            }
        }, ConnectionMXBean.class, true));
    }

    static void register(final ConnectionMetrics connection, final DestinationCounters counters)
    {
        register(destinationName(connection, counters.name()), new StandardMBean(new DestinationMXBean()
        {
            public String getName()
            {
                return counters.name();
            }

            public long getMessagesSent()
            {
                return counters.messagesSent();
            }

            public long getBytesSent()
            {
                return counters.bytesSent();
            }

            public long getMessagesReceived()
            {
                return counters.messagesReceived();
            }

            public long getBytesReceived()
            {
                return counters.bytesReceived();
            }
        }, DestinationMXBean.class, true));
    }

    static void unregister(final ConnectionMetrics connection)
    {
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try
        {
            for (final DestinationCounters counters : connection.destinations())
            {
                final ObjectName name = destinationName(connection, counters.name());
                if (server.isRegistered(name))
                {
                    server.unregisterMBean(name);
                }
            }
            final ObjectName name = connectionName(connection);
            if (server.isRegistered(name))
            {
                server.unregisterMBean(name);
            }
        }
        catch (final JMException ex)
        {
            logRefusal(ex);
        }
    }

    /**
     * @param connection the connection.
     * @return {@code io.wirespeed:type=Connection,connection=<number>}.
     */
    static ObjectName connectionName(final ConnectionMetrics connection)
    {
        return objectName(DOMAIN + ":type=Connection,connection=" + connection.number());
    }

    /**
     * @param connection  the connection.
     * @param destination the destination as counters name it.
     * @return {@code io.wirespeed:type=Destination,connection=<number>,name="<destination>"}.
     */
    static ObjectName destinationName(final ConnectionMetrics connection, final String destination)
    {
        return objectName(DOMAIN + ":type=Destination,connection=" + connection.number() + ",name=" +
            ObjectName.quote(destination));
    }

    private static ObjectName objectName(final String name)
    {
        try
        {
            return new ObjectName(name);
        }
        catch (final JMException ex)
        {
            throw new IllegalArgumentException("not an ObjectName: " + name, ex);
        }
    }

    private static void register(final ObjectName name, final StandardMBean bean)
    {
        try
        {
            ManagementFactory.getPlatformMBeanServer().registerMBean(bean, name);
        }
        catch (final JMException | SecurityException ex)
        {
            logRefusal(ex);
        }
    }

    private static void logRefusal(final Exception ex)
    {
        if (!refusalLogged)
        {
            refusalLogged = true;
            LOGGER.log(System.Logger.Level.WARNING, "[wirespeed] the platform MBean server refused Wirespeed's " +
                "MBeans (" + ex + "): messaging goes on, its figures are not in JMX", ex);
        }
    }

    /** A registration asked for, and when it is due ({@link System#nanoTime()}). */
    private record Pending(Runnable registration, long dueNs)
    {
    }

    /** The thread that registers connections' MBeans, and the registrations waiting for it. */
    private static final class Registrar
    {
        static final Queue<Pending> PENDING = new ConcurrentLinkedQueue<>();
        static final AtomicBoolean SCHEDULED = new AtomicBoolean();
        static final ScheduledExecutorService EXECUTOR = Executors.newSingleThreadScheduledExecutor((task) ->
        {
            final Thread thread = new Thread(task, "wirespeed-mbeans");
            thread.setDaemon(true);
            return thread;
        });
    }
}
