package io.wirespeed.jms.transport;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactories;

/**
 * The JVM's registry of shared transports, keyed by the settings that shape a transport (driver
 * kind and directory, threading, idle strategy). Connections with equal settings share one
 * {@link TransportEntry}, and the last to close closes it. Transports are found by their channels' schemes
 * among the {@link TransportFactories} on the classpath; this class names none. With the embedded driver,
 * the queue host and the archive beside it are not a connection's: they live while the JVM lives
 * ({@link #closeEmbeddedHosts()}).
 */
public final class SharedTransports
{
    private static final Map<String, TransportEntry> ENTRIES = new HashMap<>();

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
        TransportEntry entry = ENTRIES.get(key);
        if (entry == null)
        {
            entry = new TransportEntry(TransportFactories.installed(), config);
            if (config.embeddedDriver() && EmbeddedHosts.service().startsWithConnection(EmbeddedHosts.settings(config)))
            {
                try
                {
                    EmbeddedHosts.service().ensureQueueHost(EmbeddedHosts.settings(config));
                }
                catch (final RuntimeException ex)
                {
                    entry.close();
                    throw ex;
                }
            }
            ENTRIES.put(key, entry);
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
        EmbeddedHosts.service().closeAll();
    }

    static void release(final SharedTransport hold)
    {
        final TransportEntry toClose;
        synchronized (SharedTransports.class)
        {
            final TransportEntry entry = hold.entry();
            entry.listeners.remove(hold.errorListener());
            if (--entry.references > 0)
            {
                return;
            }
            ENTRIES.values().remove(entry);
            toClose = entry;
        }
        toClose.close();
    }

    /**
     * The transport settings a connection configuration implies, in the SPI's terms.
     *
     * @param config       the connection's configuration.
     * @param errorHandler told about asynchronous faults.
     * @return the settings every transport of the connection is connected with.
     */
    public static TransportContext transportContext(
        final ConnectionConfig config, final Consumer<TransportException> errorHandler)
    {
        return new TransportContext()
            .embeddedDriver(config.embeddedDriver())
            .driverDirectory(config.aeronDir())
            .threadingMode(config.threading())
            .idleStrategy(config.idle())
            .driverTimeout(config.driverTimeout())
            .termLength(config.termLength())
            .mtu(config.mtu())
            .errorHandler(errorHandler)
            .option("rdmaVerbs", config.rdmaVerbs().optionValue());
    }

    private static String key(final ConnectionConfig config)
    {
        return config.embeddedDriver() + "|" + config.aeronDir() + "|" + config.threading() + "|" +
            config.idle() + "|" + config.termLength() + "|" + config.mtu() + "|" + config.driverTimeout() + "|" +
            config.rdmaVerbs();
    }
}
