package io.wirespeed.host.embedded;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.agrona.CloseHelper;

import io.wirespeed.host.QueueHost;
import io.wirespeed.host.QueueSelectors;
import io.wirespeed.host.auth.Authenticator;
import io.wirespeed.host.auth.Authenticators;
import io.wirespeed.host.durable.DurableStorage;
import io.wirespeed.host.durable.SubscriptionStore;
import io.wirespeed.host.spi.ArchiveUse;
import io.wirespeed.host.spi.EmbeddedHostSettings;
import io.wirespeed.host.spi.EmbeddedHostShare;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.AeronTransportFactory;
import io.wirespeed.transport.aeron.ArchiveHost;
import io.wirespeed.transport.aeron.DaemonThreadFactory;
import io.wirespeed.transport.aeron.DriverDirectory;

/**
 * What runs inside this JVM beside an embedded media driver: the queue host and, when needed, the archive. This class
 * is the one owner of the JVM's embedded hosts: one per driver directory ({@link DriverDirectory}), with the count of
 * the shares taken of it ({@link #share}); each of the provider's runtimes on that directory holds one. The host
 * starts when a share first needs it, with an Aeron client and a share of the driver of its own, so that it lives on
 * when every connection has closed: queues and durable subscriptions belong to the host, not to the connections that
 * use it. Closing the last share closes the host, its archive and its Aeron client (whose share of the driver may be
 * the driver's last); the next share starts a fresh one. Nothing else closes it: there is no shutdown hook here, the
 * runtimes that hold the shares are closed at JVM exit by the provider's own hook.
 */
final class EmbeddedHost
{
    private static final System.Logger LOGGER = System.getLogger(EmbeddedHost.class.getName());
    private static final Map<DriverDirectory, EmbeddedHost> HOSTS = new HashMap<>();

    private final DriverDirectory directory;
    private final AeronTransportContext context;
    private int shares;
    private AeronTransport transport;
    private QueueHost queueHost;
    private ArchiveHost archive;
    private DurableStorage durableStorage;
    private boolean durableQueues;
    private boolean closed;

    private EmbeddedHost(final DriverDirectory directory, final AeronTransportContext context)
    {
        this.directory = directory;
        this.context = context;
    }

    /**
     * Takes a share of the host beside the embedded driver the settings name, creating the host (not yet started,
     * no Aeron client yet) if this JVM has none there.
     *
     * @param settings the settings of the runtime that takes the share.
     * @return the share, to be closed by its holder.
     */
    static EmbeddedHostShare share(final EmbeddedHostSettings settings)
    {
        final AeronTransportContext context = AeronTransportFactory.context(settings.transport().errorHandler(
            (error) -> LOGGER.log(System.Logger.Level.WARNING, "embedded queue host: " + error.getMessage(), error)))
            .conclude();
        final DriverDirectory key = DriverDirectory.of(context.directory());
        synchronized (HOSTS)
        {
            EmbeddedHost host = HOSTS.get(key);
            if (null == host)
            {
                host = new EmbeddedHost(key, context);
                HOSTS.put(key, host);
            }
            host.shares++;
            return new Share(host);
        }
    }

    private static void release(final EmbeddedHost host)
    {
        synchronized (HOSTS)
        {
            if (--host.shares == 0)
            {
                HOSTS.remove(host.directory, host);
                // closed under the lock, so that a share taken next finds the old host gone from the driver
                host.close();
            }
        }
    }

    /**
     * Whether the host starts with the first connection rather than on first need: with {@code archive=on},
     * so that its queues come back from the archive; with {@code archive=auto} when the archive's directory
     * holds durable subscriptions, so that their topics are recorded again before anything is published.
     *
     * @param settings the connection's settings.
     * @return true if so.
     */
    static boolean startsWithConnection(final EmbeddedHostSettings settings)
    {
        return settings.archive() == ArchiveUse.ON || settings.archive() == ArchiveUse.AUTO &&
            SubscriptionStore.holdsSubscriptions(settings.archiveConfig().directory());
    }

    /**
     * Starts the queue host, once; with {@code archive=on} the archive first, so that queues are durable,
     * and with {@code archive=auto} also when the archive's directory holds durable subscriptions, so that
     * their topics are recorded again from the start.
     *
     * @param config the settings of the connection that needs it.
     * @throws TransportException if the host cannot start, or it runs with settings this connection contradicts.
     */
    synchronized void ensureQueueHost(final EmbeddedHostSettings config)
    {
        checkOpen();
        final boolean archiveOn = config.archive() == ArchiveUse.ON;
        if (queueHost == null)
        {
            if (archiveOn || durableStorage != null)
            {
                startArchive(config);
            }
            else if (startsWithConnection(config))
            {
                startStoredArchive(config);
            }
            durableQueues = archiveOn;
            queueHost = new QueueHost(transport(), QueueSelectors::compile, durableStorage, archiveOn)
                .authenticator(authenticator()).start(DaemonThreadFactory.INSTANCE);
        }
        else if (archiveOn && !durableQueues)
        {
            throw new TransportException("the queue host of this JVM's embedded driver was started by a connection " +
                "without archive=on and keeps its queues in memory: give every connection of the JVM the same " +
                "archive setting (archive=on), or use another aeronDir for a driver of its own");
        }
        else if (archiveOn)
        {
            checkSameArchive(config);
        }
    }

    /** The JVM's {@value Authenticators#USERS_PROP} or {@value Authenticators#AUTHENTICATOR_PROP}, as a driver's. */
    private static Authenticator authenticator()
    {
        try
        {
            return Authenticators.fromProperties(System.getProperties());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new TransportException("the embedded queue host cannot start: " + ex.getMessage(), ex);
        }
    }

    /**
     * Makes sure the archive runs and the queue host keeps durable subscriptions with it.
     *
     * @param config the settings of the connection that needs it.
     * @throws TransportException if {@code archive=off}, if the archive cannot start, or if it runs in
     *                            another directory than this connection names.
     */
    synchronized void ensureDurable(final EmbeddedHostSettings config)
    {
        checkOpen();
        if (durableStorage == null)
        {
            if (config.archive() == ArchiveUse.OFF)
            {
                throw new TransportException("durable subscriptions need the archive, and this connection has " +
                    "archive=off: use archive=auto (the default) or archive=on");
            }
            startArchive(config);
            if (queueHost != null)
            {
                queueHost.attachDurable(durableStorage);
            }
        }
        else
        {
            checkSameArchive(config);
        }
        ensureQueueHost(config);
    }

    private void startArchive(final EmbeddedHostSettings config)
    {
        if (archive != null)
        {
            checkSameArchive(config);
            return;
        }
        final AeronTransport client = transport();
        archive = ArchiveHost.launch(client.context().directory(), config.archiveConfig(),
            config.transport().idleStrategy(), DaemonThreadFactory.INSTANCE);
        try
        {
            durableStorage = DurableStorage.open(client, config.archiveConfig(), archive);
        }
        catch (final RuntimeException ex)
        {
            archive.close();
            archive = null;
            throw ex;
        }
    }

    private void startStoredArchive(final EmbeddedHostSettings config)
    {
        try
        {
            startArchive(config);
        }
        catch (final TransportException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "the durable subscriptions stored in " +
                config.archiveConfig().directory() + " are not being recorded, the archive did not start: " +
                ex.getMessage());
        }
    }

    private void checkSameArchive(final EmbeddedHostSettings config)
    {
        final Path running = archive.config().directory().toAbsolutePath().normalize();
        final Path wanted = config.archiveConfig().directory().toAbsolutePath().normalize();
        if (!running.equals(wanted))
        {
            throw new TransportException("the archive of this JVM's embedded driver runs in " + running + " (started " +
                "by an earlier connection) and this connection names " + wanted + ": one archive serves one media " +
                "driver; use archiveDir=" + running + ", or another aeronDir for a driver of its own");
        }
    }

    /** The host's Aeron client on the driver, connected when the host or its archive first starts. */
    private AeronTransport transport()
    {
        if (null == transport)
        {
            transport = AeronTransport.connect(context, DaemonThreadFactory.INSTANCE);
        }
        return transport;
    }

    private void checkOpen()
    {
        if (closed)
        {
            throw new TransportException("the embedded queue host beside the driver at " + directory + " is " +
                "closed: the last runtime on that directory closed it (the JVM is shutting down, or the application " +
                "closed its runtimes)");
        }
    }

    private synchronized void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        if (queueHost != null)
        {
            queueHost.close();
        }
        CloseHelper.quietCloseAll(durableStorage, archive, transport);
    }

    /** One holder's share of a host: its operations, until it is closed. */
    private static final class Share implements EmbeddedHostShare
    {
        private final EmbeddedHost host;
        private volatile boolean closed;

        private Share(final EmbeddedHost host)
        {
            this.host = host;
        }

        @Override
        public void ensureQueueHost(final EmbeddedHostSettings settings)
        {
            checkShareOpen();
            host.ensureQueueHost(settings);
        }

        @Override
        public void ensureDurable(final EmbeddedHostSettings settings)
        {
            checkShareOpen();
            host.ensureDurable(settings);
        }

        @Override
        public void close()
        {
            synchronized (this)
            {
                if (closed)
                {
                    return;
                }
                closed = true;
            }
            release(host);
        }

        private void checkShareOpen()
        {
            if (closed)
            {
                throw new TransportException("this share of the embedded queue host beside the driver at " +
                    host.directory + " is closed (its runtime closed): use a runtime that runs");
            }
        }

        @Override
        public String toString()
        {
            return "EmbeddedHostShare[" + host.directory + "]";
        }
    }
}
