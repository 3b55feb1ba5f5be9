package io.wirespeed.host;

import java.util.LinkedHashMap;
import java.util.Map;


/**
 * A client's session with the queue host, as Aeron Archive's control session: a {@link State}, a long id the host
 * issues when the session opens ({@link ClientSessions}) and its liveness. What reaches the client (its reply
 * publication and send queue) is the egress's ({@link HostEgress}), not the session's. Every client has one: a client
 * that sends Connect opens it, over UDP or IPC; an IPC client of a host that does not authenticate may skip the
 * Connect, and its first request opens it. The session is gone when a connected client sends nothing for the host's
 * client timeout, when it closes, or when the egress gives it up ({@link HostInputs#onClientLost}: its reply stream
 * lost its subscriber or never found one, it stopped reading, its send queue overflowed). Used on the host's thread
 * only.
 */
public final class HostSession
{
    /** Where a session stands. */
    enum State
    {
        /** Opened by an IPC client's first request, without a Connect: held to its reply stream's liveness only. */
        IMPLICIT,
        /** Opened with a Connect the host accepted: heartbeats go both ways, and it must be heard from. */
        CONNECTED,
        /** Its Connect was refused: its requests are dropped until it goes. */
        REFUSED,
        /** Forgotten by the host: what it held went back. */
        CLOSED
    }

    /** The session's id, issued by the host when it opened; unique for the host's life. */
    final long id;
    final long high;
    final long low;
    /** Whether it connected over UDP. */
    final boolean udp;
    /** The session of its control publication when it connected, over UDP or IPC; -1 without a Connect. */
    final int controlSession;
    /** Its consumers by id, in the order they subscribed (the order a client that goes releases them in). */
    final Map<Long, HostedConsumer> consumers = new LinkedHashMap<>();
    /** The last sequence a clustered host applied of each of its producers, to drop copies sent again. */
    final ProducerSequences producers = new ProducerSequences();
    /** The queue messages its JMS sessions staged for their commits (a clustered host's client's). */
    final StagedTransactions staged = new StagedTransactions();
    /** Its browse under way, a sub-session with its own duty cycle work, or null: it browses one queue at a time. */
    BrowseSession browse;
    /** The next session in the same bucket of the host's connection-id index ({@link ClientSessions}). */
    HostSession sameBucket;
    private State state;
    private long lastHeardNs;
    private final long createdNanos;

    /**
     * A session opened by an IPC client's first request, without a Connect.
     *
     * @param id    the session's id.
     * @param high  the client's connection id, high half.
     * @param low   the client's connection id, low half.
     * @param nowNs the time now.
     */
    HostSession(final long id, final long high, final long low, final long nowNs)
    {
        this(id, high, low, false, -1, State.IMPLICIT, nowNs);
    }

    /**
     * @param id             the session's id.
     * @param high           the client's connection id, high half.
     * @param low            the client's connection id, low half.
     * @param udp            whether it came over UDP.
     * @param controlSession the session of its control publication, or -1 without a Connect.
     * @param state          where it starts.
     * @param nowNs          the time now.
     */
    HostSession(
        final long id, final long high, final long low, final boolean udp,
        final int controlSession, final State state, final long nowNs)
    {
        this.id = id;
        this.high = high;
        this.low = low;
        this.udp = udp;
        this.controlSession = controlSession;
        this.state = state;
        this.createdNanos = nowNs;
        this.lastHeardNs = nowNs;
    }

    /**
     * The session's id, issued by the host when it opened: what an egress keys what it keeps for the session by.
     *
     * @return the id.
     */
    public long id()
    {
        return id;
    }

    /** @return where the session stands. */
    State state()
    {
        return state;
    }

    /**
     * Moves the session to a state.
     *
     * @param next the state.
     */
    void state(final State next)
    {
        state = next;
    }

    /** @return whether it opened with a Connect (accepted or not), and so must be heard from within the timeout. */
    boolean openedWithConnect()
    {
        return state == State.CONNECTED || state == State.REFUSED;
    }

    /** @return when it was last heard from (the host's time). */
    long lastHeardNs()
    {
        return lastHeardNs;
    }

    /** @return when it opened (the host's time). */
    long createdNs()
    {
        return createdNanos;
    }

    /**
     * Notes a request from it.
     *
     * @param nowNs the time now.
     */
    void heard(final long nowNs)
    {
        lastHeardNs = nowNs;
    }

    /**
     * Whether the client has gone, as far as the state machine knows: it closed, or it opened with a Connect and sent
     * nothing, not even a heartbeat, for the timeout (what the egress sees is reported by
     * {@link HostInputs#onClientLost}).
     *
     * @param nowNs     the time now.
     * @param timeoutNs the host's client timeout.
     * @return true if gone.
     */
    boolean isGone(final long nowNs, final long timeoutNs)
    {
        return null != whyGone(nowNs, timeoutNs);
    }

    /**
     * Why the client has gone, in words for the host's log, or null if it has not ({@link #isGone}).
     *
     * @param nowNs     the time now.
     * @param timeoutNs the host's client timeout.
     * @return the reason, or null.
     */
    String whyGone(final long nowNs, final long timeoutNs)
    {
        if (state == State.CLOSED)
        {
            return "it closed";
        }
        if (openedWithConnect() && nowNs - lastHeardNs > timeoutNs)
        {
            return "it sent nothing, not even a heartbeat, for the client timeout";
        }
        return null;
    }

    /**
     * Adds the session's state to a digest: its id and client, its state, when it opened and was last heard from (the
     * host's times, from its clock), its consumers in subscription order and its browse. Its egress is not the
     * session's: the publication, whether its subscriber was seen, its send queue and when the publication last took
     * or refused something are {@link HostEgress}'s (in a cluster only the leader sends).
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("session").add(id).add(high).add(low).add(udp).add(controlSession).add(state.ordinal())
            .add(lastHeardNs).add(createdNanos);
        producers.digest(digest);
        staged.digest(digest);
        digest.add(consumers.size());
        for (final Map.Entry<Long, HostedConsumer> consumer : consumers.entrySet())
        {
            digest.add(consumer.getKey()).add(consumer.getValue().queue.name);
        }
        digest.add(null != browse);
        if (null != browse)
        {
            browse.digest(digest);
        }
    }

    /** {@inheritDoc} */
    @Override
    public String toString()
    {
        return "session " + id + " (client " + high + ":" + low + ")";
    }
}
