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
    private final SharedTransports.Entry entry;
    private final Consumer<TransportException> errorListener;
    private boolean released;

    SharedTransport(final SharedTransports.Entry entry, final Consumer<TransportException> errorListener)
    {
        this.entry = entry;
        this.errorListener = errorListener;
    }

    /** @return the transport; valid until {@link #release()}. */
    public Transport transport()
    {
        return entry.transport;
    }

    /**
     * The transport that serves a channel, and the channel as that transport names it: RDMA
     * channels go to the RDMA transport, or to UDP on the same endpoint where the host has no RDMA.
     *
     * @param channel   the configured channel.
     * @param simulated whether RDMA channels use the in-JVM simulated verbs (tests only).
     * @return where the channel's messages travel.
     */
    public TransportChannel resolve(final String channel, final boolean simulated)
    {
        return entry.resolve(channel, simulated);
    }

    /**
     * Starts the in-JVM queue host of this transport's embedded media driver, if not yet running.
     *
     * @param config the configuration of the connection that needs it.
     */
    public void ensureQueueHost(final io.wirespeed.jms.config.ConnectionConfig config)
    {
        entry.ensureQueueHost(config);
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
        entry.ensureDurable(config);
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

    SharedTransports.Entry entry()
    {
        return entry;
    }

    Consumer<TransportException> errorListener()
    {
        return errorListener;
    }
}
