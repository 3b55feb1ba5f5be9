package io.wirespeed.jms;

import javax.jms.JMSException;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.meta.ConnectionId;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.queue.QueueClient;
import io.wirespeed.jms.transport.SharedTransport;
import io.wirespeed.transport.TransportException;

/**
 * A connection's link to the queue host, which serves queues, temporary queues and durable subscriptions: the
 * queue client opened on first use, and with an embedded media driver the JVM's queue host and archive started
 * on demand.
 */
final class QueueHostLink
{
    private final ConnectionConfig config;
    private final SharedTransport sharedTransport;
    private final ConnectionId id;
    private final ConnectionPoller poller;
    private final String user;
    private final String password;
    private volatile QueueClient queueClient;

    QueueHostLink(
        final ConnectionConfig config, final SharedTransport sharedTransport, final ConnectionId id,
        final ConnectionPoller poller, final String user, final String password)
    {
        this.user = user;
        this.password = password;
        this.config = config;
        this.sharedTransport = sharedTransport;
        this.id = id;
        this.poller = poller;
    }

    /**
     * The queue client, opened on first use; with an embedded media driver this also starts the JVM's queue host,
     * and the connection's poller starts polling the client.
     *
     * @return the queue client.
     * @throws JMSException if the queue host's streams cannot be opened.
     */
    QueueClient queueClient() throws JMSException
    {
        QueueClient client = queueClient;
        if (client == null)
        {
            synchronized (this)
            {
                client = queueClient;
                if (client == null)
                {
                    try
                    {
                        if (config.embeddedDriver() && config.host() == null)
                        {
                            sharedTransport.ensureQueueHost(config);
                        }
                        // an embedded host checks them too when the JVM sets wirespeed.host.users or .authenticator:
                        // then even a connection without them opens a session, which the host refuses saying why
                        final String sessionUser = null == user && embeddedHostAuthenticates() ? "" : user;
                        client = new QueueClient(sharedTransport.transport(), id, config.queueHostTimeout().toMillis(),
                            config.host(), sessionUser, password, config.driverTimeout().toMillis());
                    }
                    catch (final TransportException ex)
                    {
                        throw JmsExceptions.wrap("cannot reach the queue host: " + ex.getMessage(), ex);
                    }
                    queueClient = client;
                    poller.ensureRunning();
                }
            }
        }
        return client;
    }

    /**
     * The queue client, for durable subscriptions: with an embedded media driver this also starts the
     * JVM's archive (unless {@code archive=off}); the external driver process runs its own.
     *
     * @return the queue client.
     * @throws JMSException if the archive or the queue host cannot be started or reached.
     */
    QueueClient durableQueueClient() throws JMSException
    {
        if (config.embeddedDriver() && config.host() == null)
        {
            try
            {
                sharedTransport.ensureDurable(config);
            }
            catch (final TransportException ex)
            {
                throw JmsExceptions.wrap("cannot keep durable subscriptions: " + ex.getMessage(), ex);
            }
        }
        return queueClient();
    }

    /**
     * Whether {@code createConnection} opens the session with the queue host at once, so that a host that is not
     * there, or credentials it refuses, fail the connection: a host of another process, credentials given, or an
     * embedded host that requires them (the JVM sets {@code wirespeed.host.users} or
     * {@code wirespeed.host.authenticator}, as a driver process does).
     *
     * @return whether to connect at once.
     */
    boolean connectsAtOnce()
    {
        return config.host() != null || user != null || embeddedHostAuthenticates();
    }

    private boolean embeddedHostAuthenticates()
    {
        return config.embeddedDriver() && null == config.host() &&
            (!System.getProperty("wirespeed.host.users", "").isBlank() ||
            !System.getProperty("wirespeed.host.authenticator", "").isBlank());
    }

    /** @return the queue client if one is open, else null. */
    QueueClient queueClientIfOpen()
    {
        return queueClient;
    }

    /** @return whether this connection reaches the queue host, for health checks. */
    ConnectionMetrics.QueueHostState state()
    {
        final QueueClient client = queueClient;
        if (client == null)
        {
            return ConnectionMetrics.QueueHostState.UNUSED;
        }
        return client.isHostConnected() ? ConnectionMetrics.QueueHostState.REACHABLE :
            ConnectionMetrics.QueueHostState.UNREACHABLE;
    }

    /** Closes the queue client if one was opened. */
    void close()
    {
        final QueueClient client = queueClient;
        if (client != null)
        {
            client.close();
        }
    }
}
