package io.wirespeed.jms.runtime;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import javax.jms.JMSException;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import io.wirespeed.jms.config.ArchiveMode;
import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.ConnectionUri;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.topic.TopicResolution;
import io.wirespeed.jms.transport.SharedTransports;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.jms.transport.TransportLink;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;

/**
 * What every connection of a JVM to one media driver shares: the Aeron client (and the embedded media driver, the
 * queue host and the archive beside it, when the driver is embedded), the link to the queue host, topic resolution,
 * the publications closed sessions gave back, the counters in the driver, and one thread that serves them. A
 * connection is a light view on a runtime: opening one makes nothing in the driver, and what it needs of its own (a
 * delivery thread for listeners, consumers' subscriptions) is made when first used.
 * <p>
 * A runtime owns what it starts. With the embedded driver its {@link TransportLink} holds a share of the driver
 * (through its transports) and a share of the queue host and archive beside it (started on first need); closing the
 * runtime gives both back, and the last runtime of the JVM on a driver directory closes the host, the archive and
 * the driver, whose directory goes with it. Two runtimes on one directory share the one driver, host and archive
 * until the last of them closes (the shares are counted, by directory, by the transport's driver and by the host
 * module's host: the only registries below the runtime, keyed by the directory's path as a record).
 * <p>
 * An application may hold a runtime itself, as it holds Aeron's {@code MediaDriver}: {@link #start(String)} it,
 * make connection factories on it ({@link #connectionFactory()}), and {@link #close()} it when done, which closes
 * the connections still open on it. Otherwise the first connection of a factory starts the default runtime for its
 * driver settings ({@link #shared}), which lives until {@link #closeShared()} or the JVM's exit. The JVM's exit
 * lets go of every runtime still open, default or not, in the one shutdown hook this class adds (with the first
 * runtime): each gives back what it holds as {@link #close()} does, without closing its connections (an
 * application's own hook may still be closing them, and a listener may still run), so that no embedded driver,
 * host or archive outlives the JVM and the driver's directory is deleted. Thread safe.
 */
public final class WirespeedRuntime implements AutoCloseable
{
    private static final System.Logger LOGGER = System.getLogger(WirespeedRuntime.class.getName());
    private static final AtomicLong NUMBERS = new AtomicLong();
    private static final Map<DriverSettings, WirespeedRuntime> SHARED = new HashMap<>();
    private static final Set<WirespeedRuntime> OPEN = ConcurrentHashMap.newKeySet();
    private static boolean exitHookAdded;

    /** How long a publication a closed session gave back stays open for the next session. */
    static final long IDLE_PUBLICATION_NS = TimeUnit.SECONDS.toNanos(2);
    /** The longest park of the runtime's thread while it only keeps house ({@link ConductorIdle}). */
    static final long HOUSEKEEPING_PARK_NS = TimeUnit.MILLISECONDS.toNanos(16);

    private final long number = NUMBERS.incrementAndGet();
    private final AtomicLong sessionIds = new AtomicLong();
    private final ConnectionId senderId = ConnectionId.next();
    private final ConnectionConfig config;
    private final DriverSettings settings;
    private final boolean shared;
    private final TransportLink link;
    private final PublicationPool publications = new PublicationPool(IDLE_PUBLICATION_NS);
    private final SubscriptionPool subscriptions = new SubscriptionPool(IDLE_PUBLICATION_NS);
    private final Map<ResolutionKey, TopicResolution> resolutions = new HashMap<>();
    private final Set<AutoCloseable> connections = ConcurrentHashMap.newKeySet();
    private final CopyOnWriteArrayList<Consumer<JMSException>> faultListeners = new CopyOnWriteArrayList<>();
    private final Set<HostSettings> hostsEnsured = ConcurrentHashMap.newKeySet();
    private final ConnectionMetrics metrics;
    private final AgentRunner runner;
    private volatile QueueClient queueClient;
    private volatile boolean closed;

    private WirespeedRuntime(final ConnectionConfig config, final boolean shared)
    {
        this.config = config;
        this.settings = DriverSettings.of(config);
        this.shared = shared;
        this.link = SharedTransports.connect(config, this::onTransportError);
        // started at once: its thread runs the transport clients' housekeeping (TransportLink.doClientWork), which
        // must not wait while the queue host starts
        this.runner = new AgentRunner(new ConductorIdle(config.idle().newIdleStrategy()),
            (error) -> onFault(JmsExceptions.wrap("the Wirespeed runtime's thread failed: " + error.getMessage(),
            error)), null, new Conductor());
        // a daemon: the runtime outlives connections, and must not keep a JVM alive whose application has ended
        AgentRunner.startOnThread(runner, (task) ->
        {
            final Thread thread = new Thread(task);
            thread.setDaemon(true);
            return thread;
        });
        try
        {
            if (config.embeddedDriver() && link.startsHostWithDriver(config))
            {
                ensureQueueHost(config);
            }
            this.metrics = ConnectionMetrics.openRuntime("runtime-" + number, link.transport());
        }
        catch (final RuntimeException ex)
        {
            runner.close();
            link.close();
            throw ex;
        }
        addExitHookOnce();
        OPEN.add(this);
    }

    /**
     * Starts a runtime of the application's own for a URI's driver settings: its connections share nothing with the
     * default runtime's, unless both use one embedded driver directory (then they share the driver, and its queue
     * host and archive).
     *
     * @param uri a Wirespeed URI, as {@link io.wirespeed.jms.JmsConnectionFactory} takes.
     * @return the runtime, to be closed by the application.
     * @throws JMSException if the transport cannot be connected (the driver cannot start or be reached).
     */
    public static WirespeedRuntime start(final String uri) throws JMSException
    {
        return start(ConnectionUri.parse(uri));
    }

    /**
     * Starts a runtime of the application's own for a configuration's driver settings.
     *
     * @param config the configuration.
     * @return the runtime, to be closed by the application.
     * @throws JMSException if the transport cannot be connected.
     */
    public static WirespeedRuntime start(final ConnectionConfig config) throws JMSException
    {
        try
        {
            return new WirespeedRuntime(config, false);
        }
        catch (final TransportException ex)
        {
            throw JmsExceptions.wrap("cannot connect with '" + config.shownUri() + "': " + ex.getMessage(), ex);
        }
    }

    /**
     * The default runtime of a configuration's driver settings (embedded or external driver, directory, threading,
     * idle strategy, term length, MTU, timeout), started by the first connection that needs it; it lives until the
     * JVM exits or {@link #closeShared()}.
     *
     * @param config the connection's configuration.
     * @return the runtime.
     * @throws JMSException if the transport cannot be connected.
     */
    public static WirespeedRuntime shared(final ConnectionConfig config) throws JMSException
    {
        final DriverSettings key = DriverSettings.of(config);
        synchronized (SHARED)
        {
            WirespeedRuntime runtime = SHARED.get(key);
            if (null == runtime || runtime.closed)
            {
                try
                {
                    runtime = new WirespeedRuntime(config, true);
                }
                catch (final TransportException ex)
                {
                    throw JmsExceptions.wrap("cannot connect with '" + config.shownUri() + "': " + ex.getMessage(),
                        ex);
                }
                SHARED.put(key, runtime);
            }
            return runtime;
        }
    }

    /**
     * Closes every default runtime of this JVM, with the connections open on them, and so the queue hosts, archives
     * and embedded media drivers they alone held (as the JVM's exit does): what those queues held in memory is
     * dropped; with the archive, PERSISTENT messages of durable queues ({@code archive=on}) and durable subscriptions
     * stay in it for the next start. A runtime the application started and holds keeps its driver directory's driver,
     * host and archive running. The next connection starts a fresh runtime. For tests, and for containers that
     * undeploy an application without ending the JVM.
     */
    public static void closeShared()
    {
        final WirespeedRuntime[] running;
        synchronized (SHARED)
        {
            running = SHARED.values().toArray(new WirespeedRuntime[0]);
            SHARED.clear();
        }
        for (final WirespeedRuntime runtime : running)
        {
            runtime.close();
        }
    }

    /**
     * A connection factory whose connections are views on this runtime, configured by its URI.
     *
     * @return the factory.
     */
    public io.wirespeed.jms.JmsConnectionFactory connectionFactory()
    {
        return connectionFactory(config.uri());
    }

    /**
     * A connection factory whose connections are views on this runtime, configured by a URI whose driver settings
     * must be this runtime's (its destinations' routes, timeouts and other options may differ).
     *
     * @param uri the factory's URI.
     * @return the factory.
     * @throws IllegalArgumentException if the URI names other driver settings.
     */
    public io.wirespeed.jms.JmsConnectionFactory connectionFactory(final String uri)
    {
        return new io.wirespeed.jms.JmsConnectionFactory(this, uri);
    }

    /**
     * Refuses a configuration whose driver settings are not this runtime's.
     *
     * @param other the configuration.
     * @throws IllegalArgumentException naming the difference.
     */
    public void checkSettings(final ConnectionConfig other)
    {
        final DriverSettings wanted = DriverSettings.of(other);
        if (!wanted.equals(settings))
        {
            throw new IllegalArgumentException("'" + other.shownUri() + "' names other driver settings (" + wanted +
                ") than the runtime it was given to (" + settings + "): use the runtime's URI with other options, " +
                "or a runtime of its own");
        }
    }

    /** @return this runtime's number in this process, as its counters' keys hold it. */
    public long number()
    {
        return number;
    }

    /** @return a session number no other session of this runtime has (while fewer than 2^31 were made). */
    public long nextSessionId()
    {
        final long next = sessionIds.incrementAndGet();
        return next > Integer.MAX_VALUE ? 1 + (next % Integer.MAX_VALUE) : next;
    }

    /**
     * The id the messages of connections that use the runtime's queue client carry as their sender's, as the queue
     * host knows that client by it; their session numbers tell those connections apart ({@link #nextSessionId}).
     *
     * @return the id.
     */
    public ConnectionId senderId()
    {
        return senderId;
    }

    /** @return whether this is a default runtime, closed by the JVM's exit rather than by the application. */
    public boolean isShared()
    {
        return shared;
    }

    /** @return whether the runtime is closed. */
    public boolean isClosed()
    {
        return closed;
    }

    /** @return the transport of the queue host's channel and of the default topic channel. */
    public Transport transport()
    {
        return link.transport();
    }

    /**
     * The transport that serves a channel, and the channel as that transport names it (RDMA served by UDP where the
     * host has no RDMA).
     *
     * @param channel the configured channel.
     * @return where its messages travel.
     * @throws TransportException if no transport serves it, or it cannot be connected.
     */
    public TransportChannel resolve(final String channel)
    {
        return link.resolve(channel);
    }

    /** @return the topic streams' subscriptions closed connections gave back. */
    public SubscriptionPool subscriptions()
    {
        return subscriptions;
    }

    /** @return the publications closed sessions gave back. */
    public PublicationPool publications()
    {
        return publications;
    }

    /** @return the runtime's counters in the driver, which every connection's figures add to. */
    public ConnectionMetrics metrics()
    {
        return metrics;
    }

    /**
     * Opens a connection on this runtime: it is told of asynchronous faults from now on, and closed with it.
     *
     * @param connection the connection.
     * @param faults     told of asynchronous faults of the runtime (the transport, topic resolution).
     * @throws javax.jms.IllegalStateException if the runtime is closed.
     */
    public void attach(final AutoCloseable connection, final Consumer<JMSException> faults)
        throws javax.jms.IllegalStateException
    {
        connections.add(connection);
        faultListeners.add(faults);
        if (closed)
        {
            detach(connection, faults);
            throw new javax.jms.IllegalStateException("the Wirespeed runtime for '" + config.shownUri() + "' is " +
                "closed: make connections on a runtime that runs (the default one starts again with the next " +
                "connection of a factory that was not given a closed runtime)");
        }
    }

    /**
     * Forgets a closed connection.
     *
     * @param connection the connection.
     * @param faults     what {@link #attach} was given.
     */
    public void detach(final AutoCloseable connection, final Consumer<JMSException> faults)
    {
        connections.remove(connection);
        faultListeners.remove(faults);
    }

    /** @return how many connections are open on this runtime. */
    public int connectionCount()
    {
        return connections.size();
    }

    /**
     * The topic resolution for a resolution stream, shared by the runtime's connections; its thread starts when a
     * topic is first published or a channel first watched.
     *
     * @param streamId the resolution stream.
     * @param interval how often advertisements are renewed.
     * @return the resolution.
     */
    public TopicResolution resolution(final int streamId, final Duration interval)
    {
        final ResolutionKey key = new ResolutionKey(streamId, interval);
        synchronized (resolutions)
        {
            TopicResolution resolution = resolutions.get(key);
            if (null == resolution)
            {
                resolution = new TopicResolution(streamId, interval, "wirespeed-resolution-" + number, (failure) ->
                    onFault(JmsExceptions.wrap("topic resolution stopped: " + failure.getMessage(), failure)));
                resolutions.put(key, resolution);
            }
            return resolution;
        }
    }

    /**
     * Starts the queue host beside this runtime's embedded driver if it does not run, and checks that it runs with
     * the archive settings a connection names; the check is made once per distinct settings.
     *
     * @param connectionConfig the configuration of the connection that needs it.
     * @throws TransportException if the host cannot start, or runs with settings the connection contradicts.
     */
    public void ensureQueueHost(final ConnectionConfig connectionConfig)
    {
        final HostSettings host = new HostSettings(connectionConfig.archive(), connectionConfig.archiveConfig());
        if (!hostsEnsured.contains(host))
        {
            link.ensureQueueHost(connectionConfig);
            hostsEnsured.add(host);
        }
    }

    /**
     * Starts the archive beside this runtime's embedded driver, and has the queue host keep durable subscriptions.
     *
     * @param connectionConfig the configuration of the connection that needs it.
     * @throws TransportException if {@code archive=off} or the archive cannot start.
     */
    public void ensureDurable(final ConnectionConfig connectionConfig)
    {
        link.ensureDurable(connectionConfig);
    }

    /**
     * Whether a connection's queue client can be the runtime's: it reaches the queue host beside its embedded driver,
     * over IPC, which checks no credentials, as every such connection of the runtime does alike. A connection to a
     * host named by {@code host=}, or to the host of an external driver, opens a client of its own (the room a client
     * is granted on a queue keeps that queue from being removed as unused while the client lives, and a host of
     * another process outlives this JVM's runtimes).
     *
     * @param connectionConfig the connection's configuration.
     * @return true if it uses {@link #queueClient}.
     */
    public static boolean sharesQueueClient(final ConnectionConfig connectionConfig)
    {
        return connectionConfig.embeddedDriver() && null == connectionConfig.host();
    }

    /**
     * The runtime's client of the queue host beside its embedded driver, opened on first use (starting the host if
     * needed) and polled by the runtime's thread, and by any thread waiting for an answer.
     *
     * @param connectionConfig the configuration of the connection that needs it.
     * @return the client.
     * @throws JMSException if the queue host cannot start or be reached.
     */
    public QueueClient queueClient(final ConnectionConfig connectionConfig) throws JMSException
    {
        QueueClient client = queueClient;
        if (null == client)
        {
            synchronized (this)
            {
                client = queueClient;
                if (null == client)
                {
                    try
                    {
                        ensureQueueHost(connectionConfig);
                        client = new QueueClient(link.transport(), senderId,
                            connectionConfig.queueHostTimeout().toMillis());
                    }
                    catch (final TransportException ex)
                    {
                        throw JmsExceptions.wrap("cannot reach the queue host: " + ex.getMessage(), ex);
                    }
                    queueClient = client;
                }
            }
        }
        else
        {
            try
            {
                ensureQueueHost(connectionConfig);
            }
            catch (final TransportException ex)
            {
                throw JmsExceptions.wrap("cannot reach the queue host: " + ex.getMessage(), ex);
            }
        }
        return client;
    }

    /** @return the runtime's queue client if one is open, else null. */
    public QueueClient queueClientIfOpen()
    {
        return queueClient;
    }

    /**
     * Closes the connections still open on this runtime, its thread, its queue client and topic resolution, the
     * publications kept (each once its network subscribers have everything, until the {@code linger} deadline), its
     * counters and the Aeron client, and gives back its shares of the embedded driver and of the queue host and
     * archive beside it: the last runtime of the JVM on a driver directory closes the host and archive (what their
     * queues held in memory is dropped; with the archive, PERSISTENT messages of durable queues and durable
     * subscriptions stay in it for the next start) and stops the driver, deleting its directory. Idempotent.
     */
    @Override
    public void close()
    {
        shutDown(true);
    }

    private void shutDown(final boolean closeConnections)
    {
        synchronized (this)
        {
            if (closed)
            {
                return;
            }
            closed = true;
        }
        if (shared)
        {
            synchronized (SHARED)
            {
                SHARED.remove(settings, this);
            }
        }
        try
        {
            if (closeConnections)
            {
                closeConnections();
            }
            runner.close();
            final long now = System.nanoTime();
            publications.close(now + Math.min(TimeUnit.NANOSECONDS.convert(config.linger()), Long.MAX_VALUE - now));
            subscriptions.close();
            synchronized (resolutions)
            {
                resolutions.values().forEach(TopicResolution::close);
                resolutions.clear();
            }
            final QueueClient client = queueClient;
            if (null != client)
            {
                client.close();
            }
            metrics.close();
        }
        finally
        {
            try
            {
                link.close();
            }
            finally
            {
                OPEN.remove(this);
            }
        }
    }

    private void closeConnections()
    {
        for (final AutoCloseable connection : connections.toArray(new AutoCloseable[0]))
        {
            try
            {
                connection.close();
            }
            catch (final Exception ex)
            {
                LOGGER.log(System.Logger.Level.WARNING, "closing " + connection + " with its runtime: " + ex, ex);
            }
        }
    }

    private static synchronized void addExitHookOnce()
    {
        if (!exitHookAdded)
        {
            Runtime.getRuntime().addShutdownHook(new Thread(WirespeedRuntime::atExit, "wirespeed-runtime-exit"));
            exitHookAdded = true;
        }
    }

    /** The JVM's exit: every runtime still open gives back what it holds, leaving its connections be. */
    private static void atExit()
    {
        for (final WirespeedRuntime runtime : OPEN.toArray(new WirespeedRuntime[0]))
        {
            try
            {
                runtime.shutDown(false);
            }
            catch (final RuntimeException ex)
            {
                LOGGER.log(System.Logger.Level.WARNING, "at JVM exit, closing " + runtime + ": " + ex, ex);
            }
        }
    }

    private void onTransportError(final TransportException error)
    {
        onFault(JmsExceptions.wrap("transport fault on '" + config.shownUri() + "': " + error.getMessage(), error));
    }

    private void onFault(final JMSException fault)
    {
        if (faultListeners.isEmpty())
        {
            LOGGER.log(System.Logger.Level.WARNING, "Wirespeed runtime " + number + ": " + fault.getMessage(), fault);
        }
        for (final Consumer<JMSException> listener : faultListeners)
        {
            listener.accept(fault);
        }
    }

    @Override
    public String toString()
    {
        return "WirespeedRuntime[" + number + ", " + settings + "]";
    }

    /**
     * The runtime's thread: runs the transport clients' housekeeping (for Aeron: the client conductor, so that the
     * client has no thread of its own), polls the shared queue client, reads and drops what the kept topic
     * subscriptions receive (closing those kept too long), and closes publications idle too long.
     */
    private final class Conductor implements Agent
    {
        private long nextHousekeepingNs;

        @Override
        public int doWork()
        {
            int work = link.doClientWork();
            final QueueClient client = queueClient;
            if (null != client)
            {
                work += client.poll();
            }
            final long now = System.nanoTime();
            work += subscriptions.skipIdle(now);
            if (now >= nextHousekeepingNs)
            {
                nextHousekeepingNs = now + TimeUnit.MILLISECONDS.toNanos(100);
                work += publications.closeIdle(now, now + TimeUnit.NANOSECONDS.convert(config.linger()));
            }
            return work;
        }

        @Override
        public String roleName()
        {
            return "wirespeed-runtime-" + number;
        }
    }

    /**
     * The runtime thread's idle strategy: the configured one while the thread serves a queue host's client (its
     * answers and deliveries are on a message's path), else one that backs off to parks of up to
     * {@link #HOUSEKEEPING_PARK_NS}, as Aeron's own client conductor sleeps. Without a queue host the thread only keeps
     * house (the Aeron client's conductor, pooled subscriptions, idle publications): spinning or yielding there made
     * it one more runnable thread beside the application's and the driver's, taking a share of a small machine's
     * cores (under {@code idle=yielding}, about a fifth of one) for no message's sake.
     */
    private final class ConductorIdle implements IdleStrategy
    {
        private final IdleStrategy configured;
        private final IdleStrategy housekeeping = new BackoffIdleStrategy(
            10, 10, TimeUnit.MICROSECONDS.toNanos(1), HOUSEKEEPING_PARK_NS);

        ConductorIdle(final IdleStrategy configured)
        {
            this.configured = configured;
        }

        @Override
        public void idle(final int workCount)
        {
            current().idle(workCount);
        }

        @Override
        public void idle()
        {
            current().idle();
        }

        @Override
        public void reset()
        {
            configured.reset();
            housekeeping.reset();
        }

        private IdleStrategy current()
        {
            return null == queueClient ? housekeeping : configured;
        }
    }

    /** The settings that shape a runtime's transport: one runtime per distinct value, by default. */
    private record DriverSettings(
        boolean embedded, String directory, Object threading, Object idle, int termLength, int mtu,
        Duration driverTimeout, Object rdmaVerbs)
    {
        static DriverSettings of(final ConnectionConfig config)
        {
            final String directory = null == config.aeronDir() ? null :
                Path.of(config.aeronDir()).toAbsolutePath().normalize().toString();
            return new DriverSettings(config.embeddedDriver(), directory, config.threading(), config.idle(),
                config.termLength(), config.mtu(), config.driverTimeout(), config.rdmaVerbs());
        }
    }

    private record ResolutionKey(int streamId, Duration interval)
    {
    }

    private record HostSettings(ArchiveMode archive, Object archiveConfig)
    {
    }
}
