package io.wirespeed.host;

import java.util.Map;
import java.util.function.Consumer;

import org.agrona.concurrent.NanoClock;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.host.auth.Authenticator;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * The clients of a queue host and their sessions: a client opens its session with a Connect request (protocol
 * version, credentials, where it is answered), the host answers Connected or Refused, and from then on both sides
 * send a heartbeat when they have sent nothing else for {@link QueueStreams#HEARTBEAT_INTERVAL_MS}. A client over UDP
 * is answered on the Aeron response channel of its control publication, so it opens no port of its own; a client over
 * IPC on its reply stream. Without an authenticator an IPC client may also skip the Connect (its first request makes
 * it known, as before sessions existed). Used on the host's thread only.
 */
final class ClientSessions
{
    private static final System.Logger LOGGER = System.getLogger(ClientSessions.class.getName());
    private static final long HEARTBEAT_INTERVAL_NS = QueueStreams.HEARTBEAT_INTERVAL_MS * 1_000_000L;

    private final Transport transport;
    private final Map<String, HostedClient> clients;
    private final Consumer<HostedClient> forget;
    private Authenticator authenticator;
    private String endpoint;
    private TransportSubscription udpControl;

    /**
     * @param transport makes the clients' reply publications.
     * @param clients   the host's clients by id.
     * @param forget    forgets a client as if it had gone (its deliveries go back, its temporary queues go).
     */
    ClientSessions(final Transport transport, final Map<String, HostedClient> clients,
        final Consumer<HostedClient> forget)
    {
        this.transport = transport;
        this.clients = clients;
        this.forget = forget;
    }

    /**
     * Requires credentials of every client from now on.
     *
     * @param authenticator checks them, or null for none.
     */
    void authenticator(final Authenticator authenticator)
    {
        this.authenticator = authenticator;
    }

    /**
     * Serves clients over UDP too.
     *
     * @param endpoint   the host's {@code ADDRESS:PORT}.
     * @param udpControl the control subscription on that endpoint.
     */
    void udp(final String endpoint, final TransportSubscription udpControl)
    {
        this.endpoint = endpoint;
        this.udpControl = udpControl;
    }

    /**
     * The client a request came from; see {@link ControlListener#client}.
     *
     * @param high          its id, high half.
     * @param low           its id, low half.
     * @param replyStreamId its reply stream.
     * @param udp           whether the request came over UDP.
     * @param limits        the host's limits.
     * @param clock         the host's clock.
     * @return the client.
     * @throws ClientLimitException if the request is to be dropped.
     */
    HostedClient client(
        final long high, final long low, final int replyStreamId, final boolean udp, final HostLimits limits,
        final NanoClock clock)
    {
        final String key = high + ":" + low;
        HostedClient client = clients.get(key);
        if (client == null)
        {
            if (udp || authenticator != null)
            {
                throw new ClientLimitException("queue host dropped a request of client " + key + ", which has no " +
                    "session (it did not connect, or was cut off): " + (udp ? "a client over UDP" : "a client of a " +
                    "host that authenticates") + " sends Connect first");
            }
            requireRoom(key, limits);
            client = new HostedClient(high, low, transport.addPublication(QueueHostChannels.IPC, replyStreamId),
                clock.nanoTime());
            clients.put(key, client);
        }
        else if (client.refused)
        {
            throw new ClientLimitException("queue host dropped a request of client " + key + ", whose Connect it " +
                "refused");
        }
        client.heard(clock.nanoTime());
        return client;
    }

    /**
     * Opens a client's session; see {@link ControlListener#onConnect}.
     *
     * @param high            its id, high half.
     * @param low             its id, low half.
     * @param replyStreamId   its reply stream.
     * @param correlationId   the request's id.
     * @param protocolVersion its protocol version.
     * @param sessionId       the session of its control publication.
     * @param user            its user, or empty.
     * @param password        its password, or empty.
     * @param udp             whether it came over UDP.
     * @param limits          the host's limits.
     * @param clock           the host's clock.
     * @param proxy           answers it.
     */
    void connect(
        final long high, final long low, final int replyStreamId, final long correlationId, final int protocolVersion,
        final int sessionId, final String user, final String password, final boolean udp, final HostLimits limits,
        final NanoClock clock, final ClientProxy proxy)
    {
        final String key = high + ":" + low;
        final HostedClient same = clients.get(key);
        if (same != null && same.session && !same.refused && same.udp == udp && same.controlSession == sessionId)
        {
            // the same session asking again (its answer crossed a retry): it keeps what it has
            same.heard(clock.nanoTime());
            proxy.connected(same, correlationId, (int)QueueStreams.HEARTBEAT_INTERVAL_MS);
            return;
        }
        final HostedClient existing = clients.remove(key);
        if (existing != null)
        {
            // connecting again (after a lost host or a cut-off it had not noticed): what it held goes back
            forget.accept(existing);
        }
        requireRoom(key, limits);
        final TransportPublication reply;
        if (udp)
        {
            final long correlation = udpControl.publisherCorrelationId(sessionId);
            if (correlation < 0)
            {
                throw new ClientLimitException("queue host dropped the Connect of client " + key + ": its control " +
                    "session " + sessionId + " is not connected over UDP");
            }
            reply = transport.addPublication(QueueHostChannels.response(endpoint, correlation),
                replyStreamId);
        }
        else
        {
            reply = transport.addPublication(QueueHostChannels.IPC, replyStreamId);
        }
        final HostedClient client = new HostedClient(high, low, reply, clock.nanoTime());
        client.session = true;
        client.udp = udp;
        client.controlSession = sessionId;
        client.heard(clock.nanoTime());
        clients.put(key, client);
        final String refusal = refusal(protocolVersion, user, password);
        if (refusal != null)
        {
            client.refused = true;
            LOGGER.log(System.Logger.Level.WARNING, "queue host refused client " + key + (user.isEmpty() ? "" :
                " (user '" + user + "')") + ": " + refusal);
            proxy.refuse(client, correlationId, protocolVersion < 1 ? ErrorCode.UNSUPPORTED_VERSION :
                ErrorCode.AUTHENTICATION_FAILED, refusal);
            return;
        }
        proxy.connected(client, correlationId, (int)QueueStreams.HEARTBEAT_INTERVAL_MS);
    }

    private String refusal(final int protocolVersion, final String user, final String password)
    {
        if (protocolVersion < 1)
        {
            return "the client speaks control protocol version " + protocolVersion + ", this host " +
                MessageHeaderDecoder.SCHEMA_VERSION + ": use the same Wirespeed release on both sides";
        }
        if (authenticator == null)
        {
            return null;
        }
        try
        {
            return authenticator.authenticate(user, password);
        }
        catch (final RuntimeException ex)
        {
            LOGGER.log(System.Logger.Level.ERROR, "queue host authenticator failed", ex);
            return "the queue host could not check the credentials: " + ex.getMessage();
        }
    }

    private void requireRoom(final String key, final HostLimits limits)
    {
        if (clients.size() >= limits.maxClients())
        {
            throw new ClientLimitException("queue host refused client " + key + ": it serves its limit of " +
                limits.maxClients() + " clients (wirespeed.host.maxClients)");
        }
    }

    /**
     * Sends a heartbeat to each client with a session that was sent nothing for the heartbeat interval.
     *
     * @param nowNs the time now.
     * @param proxy sends them.
     * @return how many were sent.
     */
    int heartbeats(final long nowNs, final ClientProxy proxy)
    {
        int sent = 0;
        for (final HostedClient client : clients.values())
        {
            if (client.session && !client.refused && nowNs - client.lastSentNs >= HEARTBEAT_INTERVAL_NS &&
                client.backlog.isEmpty())
            {
                proxy.heartbeat(client);
                sent++;
            }
        }
        return sent;
    }
}
