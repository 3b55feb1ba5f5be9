package io.wirespeed.jms.transport;

import java.util.function.Consumer;

import org.agrona.CloseHelper;

import io.wirespeed.host.spi.EmbeddedHostService;
import io.wirespeed.host.spi.EmbeddedHostShare;
import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactories;

/**
 * A runtime's transports and what it holds of the embedded driver: the home transport (the queue host's channel),
 * connected at once, and those other channels' schemes need, connected on first use ({@link TransportEntry}), each
 * with a share of the embedded driver; with the embedded driver, a share of the queue host and archive that run
 * beside it ({@link EmbeddedHostShare}, through {@link EmbeddedHosts}), taken with the link and started on first
 * need. Made by {@link SharedTransports#connect}, closed with its runtime: the transports first, then the host
 * share, so that the last runtime on a driver directory closes the host, the archive and (with the host's own
 * client) the driver.
 */
public final class TransportLink implements AutoCloseable
{
    private final TransportEntry entry;
    private final EmbeddedHostShare hostShare;

    TransportLink(final TransportEntry entry, final EmbeddedHostShare hostShare)
    {
        this.entry = entry;
        this.hostShare = hostShare;
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
        final EmbeddedHostService hosts = config.embeddedDriver() ? EmbeddedHosts.serviceIfPresent() : null;
        final EmbeddedHostShare hostShare = null == hosts ? null : hosts.share(EmbeddedHosts.settings(config));
        try
        {
            final TransportEntry entry = new TransportEntry(TransportFactories.installed(), config);
            entry.listeners.add(errorListener);
            return new TransportLink(entry, hostShare);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(hostShare);
            throw ex;
        }
    }

    /**
     * Runs the housekeeping of the link's transport clients (for Aeron: the client conductor): the runtime's thread
     * calls it from each duty cycle, as the only thread that runs it while nothing else waits on the driver.
     *
     * @return the work done.
     */
    public int doClientWork()
    {
        return entry.doClientWork();
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
        hostShare().ensureQueueHost(EmbeddedHosts.settings(config));
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
        hostShare().ensureDurable(EmbeddedHosts.settings(config));
    }

    /**
     * Closes every transport connected, then gives back the share of the embedded host: the last runtime on a driver
     * directory closes its host and archive, and the last user of an embedded driver stops it. Idempotent.
     */
    @Override
    public void close()
    {
        try
        {
            entry.close();
        }
        finally
        {
            CloseHelper.quietClose(hostShare);
        }
    }

    private EmbeddedHostShare hostShare()
    {
        if (null == hostShare)
        {
            // no share was taken: the host module is missing (this names it) or the driver is not embedded
            EmbeddedHosts.service();
            throw new TransportException("no queue host runs inside this JVM with driver=external: queues are hosted " +
                "by the Wirespeed driver process");
        }
        return hostShare;
    }
}
