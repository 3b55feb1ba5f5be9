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
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.IdleStrategyKind;

/**
 * The JVM's registry of shared transports, keyed by the settings that shape a transport (driver
 * kind and directory, threading, idle strategy). Connections with equal settings share one, and the
 * last to close closes it. With the embedded driver, the queue host and the archive beside it are not
 * a connection's: they live while the JVM lives ({@link #closeEmbeddedHosts()}).
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
            if (config.embeddedDriver() && EmbeddedHost.startsWithConnection(config))
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

    /**
     * Closes the queue hosts and archives that run inside this JVM beside its embedded media drivers, as the
     * JVM's shutdown does (they otherwise outlive every connection). What their queues held in memory is
     * dropped; with the archive, PERSISTENT messages of durable queues ({@code archive=on}) and durable
     * subscriptions stay in it for the next start. Connections still open lose their queues. For tests, and
     * for containers that undeploy an application without ending the JVM.
     */
    public static void closeEmbeddedHosts()
    {
        EmbeddedHost.closeAll();
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
    public static AeronTransportContext transportConfig(
        final ConnectionConfig config, final Consumer<TransportException> errorHandler)
    {
        final AeronTransportContext builder = new AeronTransportContext()
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
        return builder.conclude();
    }

    private static ThreadingMode threading(final String name)
    {
        return ThreadingMode.valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    private static String key(final ConnectionConfig config)
    {
        return config.embeddedDriver() + "|" + config.aeronDir() + "|" + config.threading() + "|" +
            config.idle() + "|" + config.termLength() + "|" + config.mtu() + "|" + config.driverTimeoutMs() + "|" +
            config.rdmaVerbs();
    }

    static void closeEntry(final Entry entry)
    {
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
        int references;

        /**
         * Starts the queue host inside this JVM beside the embedded media driver, once per driver; with
         * {@code archive=on} the archive first, so that the host's queues are durable.
         *
         * @param config the configuration of the connection that needs it.
         */
        void ensureQueueHost(final ConnectionConfig config)
        {
            embeddedHost(config).ensureQueueHost(config);
        }

        /**
         * Makes sure the embedded driver has its archive and the queue host uses it, for durable
         * subscriptions; the archive starts on first need unless {@code archive=off}.
         *
         * @param config the configuration of the connection that needs it.
         * @throws TransportException if the archive is off or cannot start.
         */
        void ensureDurable(final ConnectionConfig config)
        {
            embeddedHost(config).ensureDurable(config);
        }

        private EmbeddedHost embeddedHost(final ConnectionConfig config)
        {
            return EmbeddedHost.of(config, ((AeronTransport)transport).context());
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
