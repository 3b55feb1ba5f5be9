package io.wirespeed.jms.transport;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import io.aeron.driver.ThreadingMode;
import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.durable.DurableStorage;
import io.wirespeed.jms.queue.QueueHost;
import io.wirespeed.jms.queue.QueueSelectors;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportConfig;
import io.wirespeed.transport.aeron.ArchiveHost;
import io.wirespeed.transport.aeron.IdleStrategyKind;

/**
 * The JVM's registry of shared transports, keyed by the settings that shape a transport (driver
 * kind and directory, threading, idle strategy). Connections with equal settings share one.
 */
public final class SharedTransports
{
    private static final Map<String, Entry> ENTRIES = new HashMap<>();

    private SharedTransports()
    {
    }

    /**
     * Takes a hold on the transport for a configuration, creating it if no connection holds one.
     *
     * @param config        the connection's configuration.
     * @param errorListener told about asynchronous transport faults while the hold lasts.
     * @return the hold.
     * @throws TransportException if the transport cannot be created.
     */
    public static synchronized SharedTransport acquire(
        final ConnectionConfig config, final Consumer<TransportException> errorListener)
    {
        final String key = key(config);
        Entry entry = ENTRIES.get(key);
        if (entry == null)
        {
            entry = new Entry();
            final Entry created = entry;
            created.transport = AeronTransport.connect(transportConfig(config, created::onError));
            if (config.embeddedDriver() && "on".equals(config.archive()))
            {
                try
                {
                    created.ensureQueueHost(config);
                }
                catch (final RuntimeException ex)
                {
                    closeEntry(created);
                    throw ex;
                }
            }
            ENTRIES.put(key, created);
        }
        entry.listeners.add(errorListener);
        entry.references++;
        return new SharedTransport(entry, errorListener);
    }

    static void release(final SharedTransport hold)
    {
        final Entry toClose;
        synchronized (SharedTransports.class)
        {
            final Entry entry = hold.entry();
            entry.listeners.remove(hold.errorListener());
            if (--entry.references > 0)
            {
                return;
            }
            ENTRIES.values().remove(entry);
            toClose = entry;
        }
        closeEntry(toClose);
    }

    /**
     * The transport configuration a connection configuration implies.
     *
     * @param config       the connection's configuration.
     * @param errorHandler told about asynchronous faults.
     * @return the transport configuration.
     */
    public static AeronTransportConfig transportConfig(
        final ConnectionConfig config, final Consumer<TransportException> errorHandler)
    {
        final AeronTransportConfig.Builder builder = AeronTransportConfig.builder()
            .embedded(config.embeddedDriver())
            .threadingMode(threading(config.threading()))
            .idleStrategy(IdleStrategyKind.byPropertyName(config.idle(), "idle"))
            .timeout(Duration.ofMillis(config.driverTimeoutMs()))
            .errorHandler(errorHandler);
        if (config.aeronDir() != null)
        {
            builder.directory(config.aeronDir());
        }
        if (config.termLength() != 0)
        {
            builder.termLength(config.termLength());
        }
        if (config.mtu() != 0)
        {
            builder.mtu(config.mtu());
        }
        return builder.build();
    }

    private static ThreadingMode threading(final String name)
    {
        return ThreadingMode.valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    private static String key(final ConnectionConfig config)
    {
        return config.embeddedDriver() + "|" + config.aeronDir() + "|" + config.threading() + "|" + config.idle() + "|" +
            config.termLength() + "|" + config.mtu() + "|" + config.driverTimeoutMs() + "|" + config.rdmaVerbs();
    }

    static void closeEntry(final Entry entry)
    {
        if (entry.queueHost != null)
        {
            entry.queueHost.close();
        }
        if (entry.durableStorage != null)
        {
            entry.durableStorage.close();
        }
        if (entry.archive != null)
        {
            entry.archive.close();
        }
        entry.transport.close();
        if (entry.rdmaTransport != null)
        {
            entry.rdmaTransport.close();
        }
    }

    /** One shared transport and the connections holding it. */
    static final class Entry
    {
        final List<Consumer<TransportException>> listeners = new CopyOnWriteArrayList<>();
        Transport transport;
        Transport rdmaTransport;
        boolean rdmaResolved;
        QueueHost queueHost;
        ArchiveHost archive;
        DurableStorage durableStorage;
        int references;

        /**
         * Starts the queue host inside this JVM, once, for an embedded media driver; with
         * {@code archive=on} the archive first, so that the host's queues are durable.
         *
         * @param config the configuration of the connection that needs it.
         */
        synchronized void ensureQueueHost(final ConnectionConfig config)
        {
            if (queueHost == null)
            {
                if ("on".equals(config.archive()))
                {
                    startArchive(config);
                }
                queueHost = new QueueHost(transport, QueueSelectors::compile, durableStorage).start();
            }
        }

        /**
         * Makes sure the embedded driver has its archive and the queue host uses it, for durable
         * subscriptions; the archive starts on first need unless {@code archive=off}.
         *
         * @param config the configuration of the connection that needs it.
         * @throws TransportException if the archive is off or cannot start.
         */
        synchronized void ensureDurable(final ConnectionConfig config)
        {
            if (durableStorage == null)
            {
                if ("off".equals(config.archive()))
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
            ensureQueueHost(config);
        }

        private void startArchive(final ConnectionConfig config)
        {
            final AeronTransport aeron = (AeronTransport)transport;
            archive = ArchiveHost.launch(aeron.config().directory(), config.archiveConfig(),
                IdleStrategyKind.byPropertyName(config.idle(), "idle"));
            try
            {
                durableStorage = DurableStorage.open(aeron, config.archiveConfig(), archive);
            }
            catch (final RuntimeException ex)
            {
                archive.close();
                archive = null;
                throw ex;
            }
        }

        /**
         * Resolves a channel to the transport that serves it here.
         *
         * @param channel   the configured channel.
         * @param simulated whether RDMA channels use the simulated verbs.
         * @return the transport and the channel as it names it.
         */
        synchronized TransportChannel resolve(final String channel, final boolean simulated)
        {
            if (!RdmaSupport.isRdma(channel))
            {
                return new TransportChannel(transport, channel);
            }
            if (!rdmaResolved)
            {
                rdmaTransport = RdmaSupport.create(simulated);
                rdmaResolved = true;
            }
            return rdmaTransport != null ? new TransportChannel(rdmaTransport, channel) :
                new TransportChannel(transport, RdmaSupport.udpFallback(channel));
        }

        void onError(final TransportException error)
        {
            for (final Consumer<TransportException> listener : listeners)
            {
                listener.accept(error);
            }
        }
    }
}
