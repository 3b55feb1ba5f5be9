package io.wirespeed.host;

import java.util.function.Consumer;

/**
 * The lifecycle of the host's clients: a client becomes known by its Connect (or, over IPC without an authenticator,
 * its first request), is kept alive by heartbeats, and is cut off when it times out or the egress gives it up (its
 * reader gone, its send queue overflowed: {@link HostInputs#onClientLost}); a client that has gone (cut off, or
 * closed) is forgotten everywhere: its PERSISTENT sends await no confirmation, its deliveries go back to their
 * queues, its browse ends, its temporary queues go with the room it kept, and the egress closes what reached it.
 * Used on the host's thread only.
 */
final class ClientLifecycle
{
    private static final System.Logger LOGGER = System.getLogger(QueueHost.class.getName());

    private final HostContext context;
    private final ClientSessions sessions;
    private final QueueIntake intake;
    private final Consumers consumers;
    private final Browses browses;
    private final HostedQueues queues;
    private final Consumer<HostSession> cutOff = this::onGone;

    /**
     * @param context   what the host's parts share.
     * @param sessions  the clients' sessions.
     * @param intake    the host's intake of queue messages.
     * @param consumers the host's consumers.
     * @param browses   the browses under way.
     * @param queues    the host's queues.
     */
    ClientLifecycle(
        final HostContext context, final ClientSessions sessions, final QueueIntake intake, final Consumers consumers,
        final Browses browses, final HostedQueues queues)
    {
        this.context = context;
        this.sessions = sessions;
        this.intake = intake;
        this.consumers = consumers;
        this.browses = browses;
        this.queues = queues;
    }

    /** See {@link ControlListener#client}. */
    HostSession client(final long high, final long low, final int replyStreamId, final boolean udp)
    {
        return sessions.client(high, low, replyStreamId, udp, context.limits, context.nowNs);
    }

    /** See {@link ControlListener#onConnect}. */
    void onConnect(
        final long high, final long low, final int replyStreamId, final long correlationId, final int protocolVersion,
        final int sessionId, final String user, final String password, final boolean udp)
    {
        sessions.connect(high, low, replyStreamId, correlationId, protocolVersion, sessionId, user, password, udp,
            context.limits, context.nowNs, context.proxy);
    }

    /**
     * Cuts off the clients that closed or, having connected, were not heard from for the client timeout.
     *
     * @param nowNs the host's clock now.
     * @return the work done.
     */
    int checkLiveness(final long nowNs)
    {
        return sessions.removeGone(nowNs, context.limits.clientTimeoutNs(), cutOff);
    }

    /**
     * The egress gave a client up ({@link HostInputs#onClientLost}): it is cut off, and why is logged.
     *
     * @param sessionId the session's id.
     * @param why       why the egress gave it up.
     * @return 1 if the session was open, else 0.
     */
    int onLost(final long sessionId, final String why)
    {
        final HostSession client = sessions.byId(sessionId);
        if (null == client)
        {
            return 0;
        }
        LOGGER.log(System.Logger.Level.WARNING, "queue host cut off client " + client.high + ":" + client.low +
            ": " + why + "; its deliveries go back to their queues");
        forget(client);
        sessions.remove(client);
        // a client the host gave up may connect again under the same id and send again what it was not confirmed
        sessions.retired.retire(client, context.nowNs);
        return 1;
    }

    /** A session has gone (timed out, overflowed, its client closed): it is forgotten, and why is logged. */
    private void onGone(final HostSession client)
    {
        final String why = client.whyGone(context.nowNs, context.limits.clientTimeoutNs());
        if (client.state() != HostSession.State.CLOSED)
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host cut off client " + client.high + ":" +
                client.low + (null == why ? "" : ": " + why) + "; its deliveries go back to their queues");
            // a clustered host's clock jumps across a restart of the whole cluster: the client may come back
            sessions.retired.retire(client, context.nowNs);
        }
        forget(client);
    }

    /**
     * Forgets a client as if it had closed: its deliveries go back, its temporary queues and publication go.
     *
     * @param client the client.
     */
    void forget(final HostSession client)
    {
        intake.forget(client);
        consumers.forget(client);
        browses.forget(client);
        queues.forget(client);
        context.egress.close(client);
    }
}
