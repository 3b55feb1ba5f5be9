package io.wirespeed.jms.transport;

import java.util.function.Consumer;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactories;

/**
 * A runtime's transports: the home transport (the queue host's channel), connected at once, and those other channels'
 * schemes need, connected on first use ({@link TransportEntry}); with the embedded driver, the way to the queue host
 * and archive that run beside it ({@link EmbeddedHosts}). Made by {@link SharedTransports#connect}, closed with its
 * runtime.
 */
public final class TransportLink implements AutoCloseable
{
    private final TransportEntry entry;

    TransportLink(final TransportEntry entry)
    {
        this.entry = entry;
    }

    /**
     * Connects the transports a configuration names.
     *
     * @param config        the configuration.
     * @param errorListener told about asynchronous transport faults.
     * @return the link.
     * @throws TransportException if the home transport cannot be connected.
     */
    static TransportLink connect(final ConnectionConfig config, final Consumer<TransportException> errorListener)
    {
        final TransportEntry entry = new TransportEntry(TransportFactories.installed(), config);
        entry.listeners.add(errorListener);
        return new TransportLink(entry);
    }

    /** @return the transport of the queue host's channel, which queues use. */
    public Transport transport()
    {
        return entry.home();
    }

    /**
     * The transport that serves a channel, and the channel as that transport names it: the transport of the
     * channel's scheme, or its fallback where the host cannot run it (RDMA channels travel over UDP on the
     * same endpoint where the host has no RDMA).
     *
     * @param channel the configured channel.
     * @return where the channel's messages travel.
     * @throws TransportException if no transport serves the channel or it cannot be connected.
     */
    public TransportChannel resolve(final String channel)
    {
        return entry.resolve(channel);
    }

    /**
     * Whether the queue host beside an embedded driver starts with the runtime rather than on first need: with
     * {@code archive=on}, or stored durable subscriptions with {@code archive=auto}.
     *
     * @param config the configuration.
     * @return true if so.
     */
    public boolean startsHostWithDriver(final ConnectionConfig config)
    {
        return EmbeddedHosts.service().startsWithConnection(EmbeddedHosts.settings(config));
    }

    /**
     * Starts the in-JVM queue host of this transport's embedded media driver, if not yet running.
     *
     * @param config the configuration of the connection that needs it.
     * @throws TransportException if it cannot start or runs with settings the configuration contradicts.
     */
    public void ensureQueueHost(final ConnectionConfig config)
    {
        EmbeddedHosts.service().ensureQueueHost(EmbeddedHosts.settings(config));
    }

    /**
     * Starts the archive of this transport's embedded media driver, if not yet running, and has the
     * queue host keep durable subscriptions with it.
     *
     * @param config the configuration of the connection that needs it.
     * @throws TransportException if {@code archive=off} or the archive cannot start.
     */
    public void ensureDurable(final ConnectionConfig config)
    {
        EmbeddedHosts.service().ensureDurable(EmbeddedHosts.settings(config));
    }

    /** Closes every transport connected; the last user of an embedded driver stops it. */
    @Override
    public void close()
    {
        entry.close();
    }

    /** Closes the queue hosts and archives that run inside this JVM beside its embedded drivers. */
    public static void closeEmbeddedHosts()
    {
        EmbeddedHosts.service().closeAll();
    }
}
