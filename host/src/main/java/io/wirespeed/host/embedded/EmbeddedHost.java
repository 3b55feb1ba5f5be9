package io.wirespeed.host.embedded;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.AeronTransportFactory;
import io.wirespeed.transport.aeron.ArchiveHost;
import io.wirespeed.transport.aeron.DaemonThreadFactory;
import io.wirespeed.transport.aeron.EmbeddedDriverExit;

/**
 * What runs inside this JVM beside an embedded media driver: the queue host and, when needed, the archive. One per
 * driver directory, started by the first connection that needs it, with an Aeron client and a share of the driver of
 * its own, so that it lives on when every connection has closed: queues and durable subscriptions belong to the
 * host, not to the connections that use it. It ends with the JVM (before the embedded driver stops,
 * {@link EmbeddedDriverExit}) or with
 * {@link EmbeddedHosts#closeAll()}.
 */
final class EmbeddedHost
{
    private static final System.Logger LOGGER = System.getLogger(EmbeddedHost.class.getName());
    private static final Map<String, EmbeddedHost> HOSTS = new HashMap<>();
    private static boolean shutdownHookAdded;

    private final AeronTransport transport;
    private QueueHost queueHost;
    private ArchiveHost archive;
    private DurableStorage durableStorage;
    private boolean durableQueues;
    private boolean closed;

    private EmbeddedHost(final AeronTransport transport)
    {
        this.transport = transport;
    }

    /**
     * The host beside the embedded driver a connection's settings name, created (not yet started) on first call,
     * with an Aeron client of its own on that driver.
     *
     * @param settings the settings of the connection that needs it.
     * @return the host.
     */
    static EmbeddedHost of(final EmbeddedHostSettings settings)
    {
        final AeronTransportContext context = AeronTransportFactory.context(settings.transport().errorHandler(
            (error) -> LOGGER.log(System.Logger.Level.WARNING, "embedded queue host: " + error.getMessage(), error)))
            .conclude();
        final String key = Path.of(context.directory()).toAbsolutePath().normalize().toString();
        synchronized (HOSTS)
        {
            EmbeddedHost host = HOSTS.get(key);
            if (host == null)
            {
                host = new EmbeddedHost(AeronTransport.connect(context, DaemonThreadFactory.INSTANCE));
                HOSTS.put(key, host);
                if (!shutdownHookAdded)
                {
                    EmbeddedDriverExit.beforeDriversStop(EmbeddedHost::closeAll);
                    shutdownHookAdded = true;
                }
            }
            return host;
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

    /** Closes every host of this JVM: the JVM's shutdown, or an application that must stop them before. */
    static void closeAll()
    {
        final List<EmbeddedHost> hosts;
        synchronized (HOSTS)
        {
            hosts = new ArrayList<>(HOSTS.values());
            HOSTS.clear();
        }
        for (final EmbeddedHost host : hosts)
        {
            host.close();
        }
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
            queueHost = new QueueHost(transport, QueueSelectors::compile, durableStorage, archiveOn)
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
        archive = ArchiveHost.launch(transport.context().directory(), config.archiveConfig(),
            config.transport().idleStrategy(), DaemonThreadFactory.INSTANCE);
        try
        {
            durableStorage = DurableStorage.open(transport, config.archiveConfig(), archive);
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

    private void checkOpen()
    {
        if (closed)
        {
            throw new TransportException("the embedded queue host of this JVM is closed " +
                "(the JVM is shutting down, or SharedTransports.closeEmbeddedHosts() was called)");
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
        CloseHelper.quietCloseAll(durableStorage, archive);
        transport.close();
    }
}
