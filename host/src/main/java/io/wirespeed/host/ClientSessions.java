package io.wirespeed.host;

import java.util.ArrayList;
import java.util.Collection;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.agrona.collections.Long2ObjectHashMap;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.host.auth.Authenticator;

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

    private final Supplier<HostEgress> egress;
    private final Consumer<HostSession> forget;
    /** The sessions by the id the host issued them. */
    private final Long2ObjectHashMap<HostSession> byId = new Long2ObjectHashMap<>();
    /**
     * The open sessions in id order (the order they opened), which every pass over the sessions follows: cut-offs,
     * and the egress's heartbeats and flushing. Never the hash map's order, so that the host does the same in the
     * same order wherever it runs.
     */
    private final ArrayList<HostSession> inIdOrder = new ArrayList<>();
    /**
     * The sessions by their client's connection id: keyed by a mix of its halves, the few sessions whose mixes meet
     * chained through {@link HostSession#sameBucket}, so that a request finds its session without making a key.
     */
    private final Long2ObjectHashMap<HostSession> byConnection = new Long2ObjectHashMap<>();
    private final ArrayList<HostSession> gone = new ArrayList<>();
    /** The producers of sessions the host gave up, for a new session of the same connection. */
    final RetiredProducers retired = new RetiredProducers();
    private long lastSessionId;
    private Authenticator authenticator;
    private boolean recordsQueues;
    private Consumer<HostSession> greeting = (session) ->
    {
    };

    /**
     * @param egress the host's egress now, which opens the way to each client's session.
     * @param forget forgets a client as if it had gone (its deliveries go back, its temporary queues go).
     */
    ClientSessions(final Supplier<HostEgress> egress, final Consumer<HostSession> forget)
    {
        this.egress = egress;
        this.forget = forget;
    }

    /** @return how many sessions are open. */
    int size()
    {
        return byId.size();
    }

    /**
     * The open sessions in id order, to go through (not to change while going through).
     *
     * @return the sessions.
     */
    Collection<HostSession> all()
    {
        return inIdOrder;
    }

    /**
     * A session by the id the host issued.
     *
     * @param id the session's id.
     * @return the session, or null if none is open under it.
     */
    HostSession byId(final long id)
    {
        return byId.get(id);
    }

    /**
     * The session of a client's connection id.
     *
     * @param high its id, high half.
     * @param low  its id, low half.
     * @return the session, or null if the client has none open.
     */
    HostSession find(final long high, final long low)
    {
        for (HostSession session = byConnection.get(connectionKey(high, low)); null != session;
            session = session.sameBucket)
        {
            if (session.high == high && session.low == low)
            {
                return session;
            }
        }
        return null;
    }

    /** Where an open session's id is in {@link #inIdOrder} (ids are issued in increasing order). */
    private int indexOf(final long id)
    {
        int low = 0;
        int high = inIdOrder.size() - 1;
        while (low <= high)
        {
            final int middle = (low + high) >>> 1;
            final long at = inIdOrder.get(middle).id;
            if (at < id)
            {
                low = middle + 1;
            }
            else if (at > id)
            {
                high = middle - 1;
            }
            else
            {
                return middle;
            }
        }
        throw new IllegalStateException("session " + id + " is not open");
    }

    private static long connectionKey(final long high, final long low)
    {
        return high * 0x9E3779B97F4A7C15L ^ low;
    }

    /**
     * Opens a session once the egress has opened the way to its client.
     *
     * @throws ClientLimitException if the egress cannot reach the client (a UDP client whose control publication's
     *                              session is not connected): the request is dropped.
     */
    private HostSession open(
        final long high, final long low, final int replyStreamId, final boolean udp, final int controlSession,
        final HostSession.State state, final long nowNs)
    {
        final HostSession session = new HostSession(lastSessionId + 1, high, low, udp, controlSession, state, nowNs);
        if (!egress.get().open(session, replyStreamId))
        {
            throw new ClientLimitException("queue host dropped the Connect of client " + high + ":" + low +
                ": its control session " + controlSession + " is not connected over UDP");
        }
        lastSessionId = session.id;
        retired.adopt(session);
        byId.put(session.id, session);
        inIdOrder.add(session);
        final long key = connectionKey(high, low);
        session.sameBucket = byConnection.get(key);
        byConnection.put(key, session);
        return session;
    }

    /**
     * Closes a session in the host's books: it is found no more. What it held is the caller's to give back.
     *
     * @param session the session.
     */
    void remove(final HostSession session)
    {
        if (byId.remove(session.id) == null)
        {
            return;
        }
        inIdOrder.remove(indexOf(session.id));
        session.state(HostSession.State.CLOSED);
        final long key = connectionKey(session.high, session.low);
        final HostSession head = byConnection.get(key);
        if (head == session)
        {
            if (null == session.sameBucket)
            {
                byConnection.remove(key);
            }
            else
            {
                byConnection.put(key, session.sameBucket);
            }
        }
        else
        {
            for (HostSession before = head; null != before; before = before.sameBucket)
            {
                if (before.sameBucket == session)
                {
                    before.sameBucket = session.sameBucket;
                    break;
                }
            }
        }
        session.sameBucket = null;
    }

    /**
     * Closes the sessions that have gone ({@link HostSession#isGone}), each given to the caller first.
     *
     * @param nowNs     the time now.
     * @param timeoutNs the client timeout.
     * @param onGone    given each gone session before it is forgotten.
     * @return how many went.
     */
    int removeGone(final long nowNs, final long timeoutNs, final Consumer<HostSession> onGone)
    {
        retired.expire(nowNs);
        for (final HostSession session : inIdOrder)
        {
            if (session.isGone(nowNs, timeoutNs))
            {
                gone.add(session);
            }
        }
        final int count = gone.size();
        for (int i = 0; i < count; i++)
        {
            final HostSession session = gone.get(i);
            onGone.accept(session);
            remove(session);
        }
        gone.clear();
        return count;
    }

    /** @return the last session id issued (a snapshot's). */
    long lastSessionId()
    {
        return lastSessionId;
    }

    /**
     * Restores the sessions from a snapshot: the last id issued, then each session, in id order.
     *
     * @param lastSessionId the last session id issued.
     */
    void lastSessionId(final long lastSessionId)
    {
        this.lastSessionId = lastSessionId;
    }

    /**
     * Restores an open session from a snapshot (in id order, after those with lower ids), without the egress: the
     * caller restores what the egress keeps for it.
     *
     * @param session the session.
     */
    void restore(final HostSession session)
    {
        if (!inIdOrder.isEmpty() && inIdOrder.get(inIdOrder.size() - 1).id >= session.id)
        {
            throw new IllegalStateException("snapshot has session " + session.id + " out of id order");
        }
        byId.put(session.id, session);
        inIdOrder.add(session);
        final long key = connectionKey(session.high, session.low);
        session.sameBucket = byConnection.get(key);
        byConnection.put(key, session);
    }

    /**
     * Sends each client something before its {@code Connected}, so that the client knows it once connected.
     *
     * @param greeting sends it; changes no state.
     */
    void greet(final Consumer<HostSession> greeting)
    {
        this.greeting = greeting;
    }

    /**
     * Adds every open session's state to a digest, in id order, and the last id issued.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("sessions").add(lastSessionId).add(inIdOrder.size());
        for (final HostSession session : inIdOrder)
        {
            session.digest(digest);
        }
        retired.digest(digest.part("retired producers"));
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
     * @param recordsQueues whether the host keeps its queues in the archive and confirms recorded PERSISTENT queue
     *                      messages to clients over UDP: each is told so before its Connected.
     */
    void udp(final boolean recordsQueues)
    {
        this.recordsQueues = recordsQueues;
    }

    /**
     * The client a request came from; see {@link ControlListener#client}.
     *
     * @param high          its id, high half.
     * @param low           its id, low half.
     * @param replyStreamId its reply stream.
     * @param udp           whether the request came over UDP.
     * @param limits        the host's limits.
     * @param nowNs         the host's time now (its duty cycle's).
     * @return the client.
     * @throws ClientLimitException if the request is to be dropped.
     */
    HostSession client(
        final long high, final long low, final int replyStreamId, final boolean udp, final HostLimits limits,
        final long nowNs)
    {
        final HostSession client = find(high, low);
        if (null == client)
        {
            if (udp || authenticator != null)
            {
                throw new ClientLimitException("queue host dropped a request of client " + high + ":" + low +
                    ", which has no session (it did not connect, or was cut off): " + (udp ? "a client over UDP" :
                    "a client of a host that authenticates") + " sends Connect first");
            }
            requireRoom(high, low, limits);
            return open(high, low, replyStreamId, false, -1, HostSession.State.IMPLICIT, nowNs);
        }
        if (client.state() == HostSession.State.REFUSED)
        {
            throw new ClientLimitException("queue host dropped a request of client " + high + ":" + low +
                ", whose Connect it refused");
        }
        client.heard(nowNs);
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
     * @param nowNs           the host's time now (its duty cycle's).
     * @param proxy           answers it.
     */
    void connect(
        final long high, final long low, final int replyStreamId, final long correlationId, final int protocolVersion,
        final int sessionId, final String user, final String password, final boolean udp, final HostLimits limits,
        final long nowNs, final ClientProxy proxy)
    {
        final HostSession same = find(high, low);
        if (null != same && same.state() == HostSession.State.CONNECTED && same.udp == udp &&
            same.controlSession == sessionId)
        {
            // the same session asking again (its answer crossed a retry): it keeps what it has
            same.heard(nowNs);
            if (udp && recordsQueues)
            {
                proxy.recordsQueues(same);
            }
            greeting.accept(same);
            proxy.connected(same, correlationId, (int)QueueStreams.HEARTBEAT_INTERVAL_MS);
            return;
        }
        if (null != same)
        {
            // connecting again (after a lost host or a cut-off it had not noticed): what it held goes back, and the
            // new session takes its producers over (open adopts them), so that a copy sent again is still dropped
            remove(same);
            forget.accept(same);
            retired.retire(same, nowNs);
        }
        requireRoom(high, low, limits);
        final String refusal = refusal(protocolVersion, user, password);
        final HostSession client = open(high, low, replyStreamId, udp, sessionId, null == refusal ?
            HostSession.State.CONNECTED : HostSession.State.REFUSED, nowNs);
        if (refusal != null)
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host refused client " + high + ":" + low +
                (user.isEmpty() ? "" : " (user '" + user + "')") + ": " + refusal);
            proxy.refuse(client, correlationId, protocolVersion < 1 ? ErrorCode.UNSUPPORTED_VERSION :
                ErrorCode.AUTHENTICATION_FAILED, refusal);
            return;
        }
        if (udp && recordsQueues)
        {
            proxy.recordsQueues(client);
        }
        greeting.accept(client);
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

    private void requireRoom(final long high, final long low, final HostLimits limits)
    {
        if (byId.size() >= limits.maxClients())
        {
            throw new ClientLimitException("queue host refused client " + high + ":" + low + ": it serves its " +
                "limit of " +
                limits.maxClients() + " clients (wirespeed.host.maxClients)");
        }
    }
}
