package io.wirespeed.jms.transport;

import java.util.function.Consumer;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;

/**
 * One connection's hold on a transport shared by every connection of this JVM that configures it
 * the same way (one media driver, one Aeron client). Released once, when the connection closes.
 */
public final class SharedTransport
{
    private final TransportEntry entry;
    private final Consumer<TransportException> errorListener;
    private boolean released;

    SharedTransport(final TransportEntry entry, final Consumer<TransportException> errorListener)
    {
        this.entry = entry;
        this.errorListener = errorListener;
    }

    /** @return the transport; valid until {@link #release()}. */
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
     * Starts the in-JVM queue host of this transport's embedded media driver, if not yet running.
     *
     * @param config the configuration of the connection that needs it.
     */
    public void ensureQueueHost(final io.wirespeed.jms.config.ConnectionConfig config)
    {
        EmbeddedHosts.service().ensureQueueHost(EmbeddedHosts.settings(config));
    }

    /**
     * Starts the archive of this transport's embedded media driver, if not yet running, and has the
     * queue host keep durable subscriptions with it.
     *
     * @param config the configuration of the connection that needs it.
     * @throws io.wirespeed.transport.TransportException if {@code archive=off} or the archive cannot start.
     */
    public void ensureDurable(final io.wirespeed.jms.config.ConnectionConfig config)
    {
        EmbeddedHosts.service().ensureDurable(EmbeddedHosts.settings(config));
    }

    /** Gives this hold back; the last one closes the transport. Idempotent. */
    public void release()
    {
        synchronized (SharedTransports.class)
        {
            if (released)
            {
                return;
            }
            released = true;
        }
        SharedTransports.release(this);
    }

    TransportEntry entry()
    {
        return entry;
    }

    Consumer<TransportException> errorListener()
    {
        return errorListener;
    }
}
