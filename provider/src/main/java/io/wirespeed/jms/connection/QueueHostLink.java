package io.wirespeed.jms.connection;

import javax.jms.JMSException;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.delivery.ConnectionPoller;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.metrics.QueueHostFigures;
import io.wirespeed.jms.runtime.WirespeedRuntime;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.transport.TransportException;

/**
 * A connection's link to the queue host, which serves queues, temporary queues and durable subscriptions: the
 * runtime's queue client where the connection reaches the host beside its embedded driver
 * ({@link WirespeedRuntime#sharesQueueClient}), else a client of its own opened on first use; with an embedded media
 * driver the JVM's queue host and archive started on demand.
 */
public final class QueueHostLink implements QueueHostFigures
{
    private final ConnectionConfig config;
    private final WirespeedRuntime runtime;
    private final boolean shared;
    private final ConnectionId id;
    private final ConnectionPoller poller;
    private final String user;
    private final String password;
    private volatile QueueClient queueClient;

    /**
     * Opens nothing yet: the client (the runtime's, or the connection's own where it sends credentials) is
     * opened on first use ({@link #queueClient()}), which the connection makes at once where
     * {@link #connectsAtOnce()}.
     *
     * @param config   the connection's settings.
     * @param runtime  the runtime the connection shares.
     * @param id       the connection's id, the client's at the host.
     * @param poller   the connection's delivery thread, which polls a client of the connection's own.
     * @param user     the user name the connection sends the host, or null.
     * @param password its password, or null.
     */
    public QueueHostLink(
        final ConnectionConfig config, final WirespeedRuntime runtime, final ConnectionId id,
        final ConnectionPoller poller, final String user, final String password)
    {
        this.user = user;
        this.password = password;
        this.config = config;
        this.runtime = runtime;
        // a connection that sends credentials, or one in a JVM whose embedded host requires them, opens its own session
        this.shared = WirespeedRuntime.sharesQueueClient(config) && null == user && !embeddedHostAuthenticates();
        this.id = id;
        this.poller = poller;
    }

    /**
     * The queue client, opened on first use; with an embedded media driver this also starts the JVM's queue host.
     * The runtime's thread polls the runtime's client; a connection's own client is polled by its delivery thread,
     * which then starts.
     *
     * @return the queue client.
     * @throws JMSException if the queue host's streams cannot be opened.
     */
    public QueueClient queueClient() throws JMSException
    {
        QueueClient client = queueClient;
        if (client == null)
        {
            synchronized (this)
            {
                client = queueClient;
                if (client == null)
                {
                    if (shared)
                    {
                        client = runtime.queueClient(config);
                        queueClient = client;
                        return client;
                    }
                    try
                    {
                        if (config.embeddedDriver() && config.host() == null)
                        {
                            runtime.ensureQueueHost(config);
                        }
                        // an embedded host checks them too when the JVM sets wirespeed.host.users or .authenticator:
                        // then even a connection without them opens a session, which the host refuses saying why
                        final String sessionUser = null == user && embeddedHostAuthenticates() ? "" : user;
                        client = new QueueClient(runtime.transport(), id, config.queueHostTimeout().toMillis(),
                            config.host(), sessionUser, password, config.driverTimeout().toMillis(),
                            config.failoverTimeout().toMillis());
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
    public QueueClient durableQueueClient() throws JMSException
    {
        if (config.embeddedDriver() && config.host() == null)
        {
            try
            {
                runtime.ensureDurable(config);
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
    public boolean connectsAtOnce()
    {
        return config.host() != null || user != null || embeddedHostAuthenticates();
    }

    private boolean embeddedHostAuthenticates()
    {
        return config.embeddedDriver() && null == config.host() &&
            (!System.getProperty("wirespeed.host.users", "").isBlank() ||
            !System.getProperty("wirespeed.host.authenticator", "").isBlank());
    }

    /** @return whether the connection uses the runtime's queue client rather than one of its own. */
    public boolean shared()
    {
        return shared;
    }

    /** @return the queue client if one is open, else null. */
    public QueueClient queueClientIfOpen()
    {
        return queueClient;
    }

    /**
     * Whether this connection reaches the queue host, for health checks: a clustered host is unreachable while it
     * has no leader (no quorum).
     *
     * @return the state.
     */
    @Override
    public ConnectionMetrics.QueueHostState state()
    {
        final QueueClient client = queueClient;
        if (client == null)
        {
            return ConnectionMetrics.QueueHostState.UNUSED;
        }
        return client.isHostConnected() ? ConnectionMetrics.QueueHostState.REACHABLE :
            ConnectionMetrics.QueueHostState.UNREACHABLE;
    }

    /**
     * How many times a clustered host's new leader took over while this connection held a session with it (each is
     * logged where the connection follows it).
     *
     * @return the count; 0 for a host that is no cluster, or before the connection used it.
     */
    @Override
    public long failovers()
    {
        final QueueClient client = queueClient;
        return null == client ? 0 : client.leaderChanges();
    }

    @Override
    public long failoverNanos()
    {
        final QueueClient client = queueClient;
        return null == client ? 0 : client.failoverNanos();
    }

    /** Closes the queue client if one of the connection's own was opened; the runtime's stays. */
    public void close()
    {
        final QueueClient client = queueClient;
        if (client != null && !shared)
        {
            client.close();
        }
    }
}
