package io.wirespeed.jms.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersReader;

import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.CounterTypes;
import io.wirespeed.transport.DriverStatus;
import io.wirespeed.transport.LocalCounterRegistry;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;

/**
 * One connection's figures, or a runtime's: per destination messages and bytes sent and received, sends that waited
 * on back-pressure, sends that failed and bytes topic consumers lost under the {@code drop} slow-consumer policy. A
 * runtime's ({@link #openRuntime}) are counters of its transport's {@link CounterRegistry} (for Aeron: in the media
 * driver's CnC file, where {@code wirespeed-stat} reads them), the sums of its connections' figures; a connection's
 * ({@link #open}) are plain values in this JVM's memory, with no key or label (readers reach them through this
 * object), which cost no round trip to the driver and next to nothing to make, each adding to its runtime's as it
 * counts. The first {@value #MAX_DESTINATIONS}
 * destinations a connection uses get counters of their own; the rest, and every temporary destination, are counted
 * together under {@link CounterTypes#OTHER_DESTINATIONS} and {@value #TEMPORARY}, so what a reader shows stays bounded.
 * Open from the connection's creation to its close, listed meanwhile by {@link WirespeedMetrics} and registered as
 * MBeans ({@link WirespeedMBeans}: domain {@code io.wirespeed}) from {@value WirespeedMBeans#REGISTER_AFTER_MS} ms
 * after it opened. Thread safe.
 */
public final class ConnectionMetrics implements AutoCloseable
{
    /** The most destinations of one connection with counters of their own. */
    public static final int MAX_DESTINATIONS = 64;
    /** The name under which temporary destinations are counted together. */
    public static final String TEMPORARY = "(temporary)";

    /** Destinations of groups whose lookup is remembered: beyond, a send to one looks its group up anew. */
    private static final int MAX_REMEMBERED = 1024;
    private static final AtomicLong NUMBERS = new AtomicLong();
    private static final long PID = ProcessHandle.current().pid();

    private final long number = NUMBERS.incrementAndGet();
    private final String connectionId;
    private final Transport transport;
    private final CounterRegistry registry;
    private final UnsafeBuffer key;
    private final Map<JmsDestination, DestinationCounters> byDestination = new ConcurrentHashMap<>();
    private final Map<String, DestinationCounters> byName = new ConcurrentHashMap<>();
    private final AtomicCounter backPressure;
    private final AtomicCounter sendFailures;
    private final AtomicCounter consumerLoss;
    private final boolean archiveRequired;
    private final QueueHostFigures queueHost;
    private final ConnectionMetrics runtime;
    private final String kind;
    private boolean registered;
    private boolean closed;

    /** Whether a connection reaches the queue host that serves its queues. */
    public enum QueueHostState
    {
        /** The connection has used no queue, temporary queue or durable subscription yet. */
        UNUSED,
        /** The queue host takes the connection's requests. */
        REACHABLE,
        /** The connection used the queue host, which no longer takes its requests. */
        UNREACHABLE
    }

    private ConnectionMetrics(
        final String connectionId, final Transport transport, final boolean archiveRequired,
        final QueueHostFigures queueHost, final ConnectionMetrics runtime)
    {
        this.connectionId = connectionId;
        this.transport = transport;
        this.archiveRequired = archiveRequired;
        this.queueHost = queueHost;
        this.runtime = runtime;
        this.kind = null == runtime ? "runtime" : "connection";
        this.registry = null != runtime ? null :
            transport.capability(CounterRegistry.class).orElseGet(() -> Fallback.REGISTRY);
        this.key = null != runtime ? null :
            new UnsafeBuffer(new byte[CounterTypes.NAME_OFFSET + CounterTypes.MAX_NAME_BYTES]);
        this.backPressure = allocate(CounterTypes.SEND_BACK_PRESSURE, "");
        this.sendFailures = allocate(CounterTypes.SEND_FAILURES, "");
        this.consumerLoss = allocate(CounterTypes.CONSUMER_LOSS_BYTES, "");
    }

    /**
     * Allocates a runtime's counters in its transport's registry (the driver's): the sums of its connections'.
     *
     * @param name      the runtime's name, for labels.
     * @param transport the runtime's home transport, whose registry holds the counters.
     * @return the runtime's figures, until {@link #close()}.
     */
    public static ConnectionMetrics openRuntime(final String name, final Transport transport)
    {
        return new ConnectionMetrics(name, transport, false, QueueHostFigures.UNUSED, null);
    }

    /**
     * Makes a connection's counters, in this JVM's memory, and lists them with {@link WirespeedMetrics} (and its
     * MBeans).
     *
     * @param connectionId    the connection's id, for labels.
     * @param runtime         the runtime's figures, which the connection's add to.
     * @param archiveRequired whether the connection was configured {@code archive=on}.
     * @param queueHost       says whether the connection reaches its queue host, for health checks, and a
     *                        clustered host's failovers.
     * @return the connection's figures, until {@link #close()}.
     */
    public static ConnectionMetrics open(
        final String connectionId, final ConnectionMetrics runtime, final boolean archiveRequired,
        final QueueHostFigures queueHost)
    {
        final ConnectionMetrics metrics =
            new ConnectionMetrics(connectionId, runtime.transport, archiveRequired, queueHost, runtime);
        WirespeedMBeans.registerSoon(metrics::registerMBeans);
        WirespeedMetrics.opened(metrics);
        return metrics;
    }

    /**
     * Registers the connection's MBeans and its destinations', unless it closed meanwhile: called a moment after it
     * opened ({@link WirespeedMBeans#registerSoon}), so that a connection that lives for one send costs its runtime
     * no MBean registration (its figures are in its runtime's all the same).
     */
    private synchronized void registerMBeans()
    {
        if (closed || registered)
        {
            return;
        }
        registered = true;
        WirespeedMBeans.register(this);
        for (final DestinationCounters counters : byName.values())
        {
            WirespeedMBeans.register(this, counters);
        }
    }

    /** @return the runtime's figures this connection's add to, or null for a runtime's own. */
    public ConnectionMetrics runtime()
    {
        return runtime;
    }

    /**
     * The counters of a destination, allocated on its first use: a lookup for producers and consumers to make once.
     *
     * @param destination the destination.
     * @return its counters, or the shared ones of its group.
     */
    public DestinationCounters destination(final JmsDestination destination)
    {
        final DestinationCounters counters = byDestination.get(destination);
        return counters != null ? counters : newDestination(destination);
    }

    /** Counts a send that met back-pressure and waited. */
    public void onBackPressure()
    {
        CounterValues.add(backPressure, 1);
        if (null != runtime)
        {
            runtime.onBackPressure();
        }
    }

    /** Counts a send that failed. */
    public void onSendFailure()
    {
        CounterValues.add(sendFailures, 1);
        if (null != runtime)
        {
            runtime.onSendFailure();
        }
    }

    /**
     * Counts bytes the connection's topic consumers lost, left behind under the {@code drop} slow-consumer policy.
     *
     * @param bytes the bytes lost.
     */
    public void onConsumerLoss(final long bytes)
    {
        CounterValues.add(consumerLoss, bytes);
        if (null != runtime)
        {
            runtime.onConsumerLoss(bytes);
        }
    }

    /** @return bytes the connection's topic consumers lost under the {@code drop} slow-consumer policy. */
    public long consumerLossBytes()
    {
        return CounterValues.read(consumerLoss);
    }

    /** @return sends that waited on back-pressure. */
    public long backPressureWaits()
    {
        return CounterValues.read(backPressure);
    }

    /** @return sends that failed. */
    public long sendFailures()
    {
        return CounterValues.read(sendFailures);
    }

    /** @return how many times a clustered queue host's new leader took over while this connection used it. */
    public long queueHostFailovers()
    {
        return queueHost.failovers();
    }

    /** @return how long those failovers lasted in all, as this connection saw each ({@link QueueHostFigures}). */
    public long queueHostFailoverNanos()
    {
        return queueHost.failoverNanos();
    }

    /** @return the connection's number in this process, as counter keys hold it. */
    public long number()
    {
        return number;
    }

    /** @return the connection's id. */
    public String connectionId()
    {
        return connectionId;
    }

    /** @return the counters of each destination used so far, groups included. */
    public List<DestinationCounters> destinations()
    {
        return new ArrayList<>(byName.values());
    }

    /** @return the driver's liveness, where the connection's transport has a driver. */
    public Optional<DriverStatus> driverStatus()
    {
        return transport.capability(DriverStatus.class);
    }

    /**
     * The consumer lag of the connection's transport: how far its slowest subscription image is behind what was
     * published or received on its stream (the bytes not yet read by this JVM). Allocates: for readers.
     *
     * @return bytes; 0 where the transport has no driver to ask.
     */
    public long consumerLagBytes()
    {
        return driverStatus().map((status) ->
            status.subscriberLags().values().stream().mapToLong(Long::longValue).max().orElse(0L)).orElse(0L);
    }

    /**
     * The archive lag beside the connection's driver: how far the furthest-behind recording is behind its stream.
     * Allocates: for readers.
     *
     * @return bytes; 0 without an archive or recordings.
     */
    public long archiveLagBytes()
    {
        return driverStatus().map(DriverStatus::archiveLag).orElse(0L);
    }

    /** @return whether the connection reaches its queue host, or has not needed it. */
    public QueueHostState queueHost()
    {
        return queueHost.state();
    }

    /** @return whether the connection was configured {@code archive=on}, so that its health includes the archive. */
    public boolean archiveRequired()
    {
        return archiveRequired;
    }

    /**
     * @return a reader of every counter in the driver, where the runtime's are (a connection's own are in this JVM's
     * memory), other processes' too where shared.
     */
    public CountersReader counters()
    {
        return null != runtime ? runtime.counters() : registry.reader();
    }

    /** Gives every counter back and unlists the connection. Idempotent. */
    @Override
    public void close()
    {
        final boolean wasRegistered;
        synchronized (this)
        {
            if (closed)
            {
                return;
            }
            closed = true;
            wasRegistered = registered;
        }
        if (null != runtime)
        {
            WirespeedMetrics.closed(this);
        }
        if (wasRegistered)
        {
            WirespeedMBeans.unregister(this);
        }
        byName.values().forEach(DestinationCounters::close);
        CloseHelper.quietCloseAll(backPressure, sendFailures, consumerLoss);
    }

    private synchronized DestinationCounters newDestination(final JmsDestination destination)
    {
        DestinationCounters counters = byDestination.get(destination);
        if (counters == null)
        {
            final String own = (destination.isTopic() ? "topic:" : "queue:") + destination.name();
            final String name = destination.isTemporary() ? TEMPORARY :
                byName.containsKey(own) || byName.size() < MAX_DESTINATIONS ? own : CounterTypes.OTHER_DESTINATIONS;
            counters = byName.get(name);
            if (counters == null)
            {
                counters = new DestinationCounters(name, allocate(CounterTypes.MESSAGES_SENT, name),
                    allocate(CounterTypes.BYTES_SENT, name), allocate(CounterTypes.MESSAGES_RECEIVED, name),
                    allocate(CounterTypes.BYTES_RECEIVED, name),
                    null == runtime ? null : runtime.destination(destination));
                byName.put(name, counters);
                if (registered)
                {
                    WirespeedMBeans.register(this, counters);
                }
                if (null != runtime)
                {
                    WirespeedMetrics.changed();
                }
            }
            if (name.equals(own) || byDestination.size() < MAX_REMEMBERED)
            {
                byDestination.put(destination, counters);
            }
        }
        return counters;
    }

    private AtomicCounter allocate(final int typeId, final String name)
    {
        if (null != runtime)
        {
            return inMemory();
        }
        final int keyLength = CounterTypes.encodeKey(key, PID, number, name);
        final String label = "wirespeed " + CounterTypes.metricName(typeId) + ": " +
            (name.isEmpty() ? "" : name + " ") + "pid=" + PID + " " + kind + "=" + number + " " + connectionId;
        try
        {
            return registry.allocate(typeId, key, 0, keyLength, label);
        }
        catch (final TransportException ex)
        {
            // a full CnC file (or a full registry in memory) must not stop messaging: the figure is then only this
            // JVM's to read, in a registry of its own when the shared one is full
            try
            {
                return Fallback.REGISTRY.allocate(typeId, key, 0, keyLength, label);
            }
            catch (final TransportException full)
            {
                return new LocalCounterRegistry(1).allocate(typeId, key, 0, keyLength, label);
            }
        }
    }

    /**
     * A connection's counter: a value in this JVM's memory that only its {@link AtomicCounter} reads and adds to (no
     * registry, key or label, so that a connection opened for one send costs no more than its figures), summed into
     * its runtime's counters as it counts. Closing it does nothing.
     */
    private static AtomicCounter inMemory()
    {
        return new AtomicCounter(new UnsafeBuffer(new byte[CountersReader.COUNTER_LENGTH]), 0);
    }

    /** Counters in this JVM's memory, made on first need: for transports without a registry, or a full one. */
    private static final class Fallback
    {
        static final LocalCounterRegistry REGISTRY = new LocalCounterRegistry();
    }
}
