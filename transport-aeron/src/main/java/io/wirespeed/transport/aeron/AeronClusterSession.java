package io.wirespeed.transport.aeron;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import io.aeron.Aeron;
import io.aeron.DirectBufferVector;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.cluster.codecs.EventCode;
import io.aeron.cluster.codecs.MessageHeaderDecoder;
import io.aeron.cluster.codecs.SessionMessageHeaderDecoder;
import io.aeron.exceptions.AeronException;
import io.aeron.logbuffer.Header;
import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.ClusterSession;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * A {@link ClusterSession} on Aeron Cluster's client ({@link AeronCluster}) over this transport's Aeron client: the
 * ingress to the leader is UDP to the members' ingress endpoints, the egress a channel of this client's. One lock
 * holds the {@link AeronCluster} (which is not thread safe) for each offer and each poll. Polling follows a new leader
 * ({@link AeronCluster#pollEgress}), sends the cluster's keep-alive when nothing went for a second, and after the
 * cluster closed the session (no leader within the timeout, or the session timed out) connects again without
 * blocking the poller ({@link AeronCluster#asyncConnect}).
 * <p>
 * A cluster that was restarted whole (every member stopped, then started again) closed every session it had before
 * without telling their clients: a member starting up takes the sessions in its log for timed out, and has no egress
 * to them. So when the cluster, having spoken, stays silent for {@link #PROBE_AFTER_NS}, a second session is opened
 * beside this one to see whether a leader runs; when one does and this session still hears nothing (no new leader's
 * word) for {@link #ADOPT_AFTER_NS}, the new session replaces it, as after a close.
 * <p>
 * A message of an earlier leadership term than the last leader this session heard of is dropped: a deposed leader's
 * egress publication may linger after it stepped down, and what it lost to a cut network is repaired to this client
 * once the network heals, after the new leader took the session's consumers up again (and sent again, marked
 * redelivered, what the client had not received). What the new leader's state holds, not the old one's, counts.
 */
final class AeronClusterSession implements ClusterSession, EgressListener
{
    private static final System.Logger LOGGER = System.getLogger(AeronClusterSession.class.getName());
    private static final long KEEP_ALIVE_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long one try at connecting waits for an answer, and a new leader's ingress waits to connect. */
    private static final long CONNECT_TRY_NS = TimeUnit.SECONDS.toNanos(5);
    /**
     * How long the cluster may stay silent, after it spoke, before a second session looks for a leader: the host
     * heartbeats every session each 500 ms, and a new leader tells each session it took over.
     */
    static final long PROBE_AFTER_NS = TimeUnit.SECONDS.toNanos(3);
    /** How long a leader found by the second session waits for this session to hear from it before replacing it. */
    static final long ADOPT_AFTER_NS = TimeUnit.SECONDS.toNanos(1);
    /** Room in a message for the tag byte. */
    private static final int TAG_LENGTH = 1;
    /** An offer that goes to whichever leader leads: no count of leader changes is ever negative. */
    private static final long ANY_LEADER = -1;

    private final Aeron aeron;
    private final String ingressEndpoints;
    private final String egressChannel;
    private final long messageTimeoutNs;
    private final ReentrantLock lock = new ReentrantLock();
    private final Egress egress = new Egress();
    private final SessionMessageHeaderDecoder sessionHeader = new SessionMessageHeaderDecoder();
    private final int maxMessageLength;
    private AeronCluster cluster;
    private AeronCluster.AsyncConnect reconnecting;
    private long lastReconnectNs;
    private AeronCluster.AsyncConnect probing;
    private AeronCluster probed;
    private long probedNs;
    private long lastProbeNs;
    private long lastHeardNs;
    private boolean heard;
    private long lastSentNs;
    private MessageHandler handler;
    private volatile long leaderChanges;
    private volatile long sessionId;
    private volatile int leaderMemberId;
    private volatile long leadershipTermId;
    private volatile boolean closed;
    private long staleMessages;

    private AeronClusterSession(
        final Aeron aeron, final String ingressEndpoints, final String egressChannel, final long messageTimeoutNs)
    {
        this.aeron = aeron;
        this.ingressEndpoints = ingressEndpoints;
        this.egressChannel = egressChannel;
        this.messageTimeoutNs = messageTimeoutNs;
        this.cluster = connectWithin(messageTimeoutNs);
        this.maxMessageLength = cluster.ingressPublication().maxMessageLength() - AeronCluster.SESSION_HEADER_LENGTH -
            TAG_LENGTH;
        connected(cluster);
        this.leaderChanges = 0;
    }

    /**
     * Connects to the cluster's leader, waiting up to the timeout.
     *
     * @param aeron            the Aeron client to use; it stays open when the session closes.
     * @param ingressEndpoints the members' ingress endpoints, {@code id=host:port,...}.
     * @param egressChannel    where the cluster answers.
     * @param messageTimeoutNs how long to wait for the cluster, and for a new leader.
     * @return the session.
     * @throws TransportException if no leader answered in time, or the endpoints or channel are invalid.
     */
    static AeronClusterSession connect(
        final Aeron aeron, final String ingressEndpoints, final String egressChannel, final long messageTimeoutNs)
    {
        try
        {
            return new AeronClusterSession(aeron, ingressEndpoints, egressChannel, messageTimeoutNs);
        }
        catch (final AeronException | IllegalStateException | IllegalArgumentException ex)
        {
            throw new TransportException("no leader of the cluster " + ingressEndpoints + " answered within " +
                TimeUnit.NANOSECONDS.toMillis(messageTimeoutNs) + " ms on its ingress (answers to " + egressChannel +
                "): start a majority of its members, check that this host reaches their ingress ports and that " +
                "they reach this egress address: " + ex.getMessage(), ex);
        }
    }

    /**
     * Connects, trying again while the time lasts: a connect that reaches a member during an election goes
     * unanswered, and a try that waited a few seconds in vain is given up for a new one.
     */
    private AeronCluster connectWithin(final long timeoutNs)
    {
        final long deadline = System.nanoTime() + timeoutNs;
        while (true)
        {
            try
            {
                return AeronCluster.connect(context());
            }
            catch (final AeronException ex)
            {
                if (System.nanoTime() + CONNECT_TRY_NS > deadline)
                {
                    throw ex;
                }
                LOGGER.log(System.Logger.Level.INFO, "no leader of the cluster " + ingressEndpoints + " answered a " +
                    "connect yet, trying again: " + ex.getMessage());
            }
        }
    }

    private AeronCluster.Context context()
    {
        return new AeronCluster.Context()
            .aeron(aeron)
            .ownsAeronClient(false)
            .ingressChannel("aeron:udp")
            .ingressEndpoints(ingressEndpoints)
            .egressChannel(egressChannel)
            .egressListener(this)
            .messageTimeoutNs(Math.min(messageTimeoutNs, CONNECT_TRY_NS))
            .newLeaderTimeoutNs(messageTimeoutNs)
            .idleStrategy(new BackoffIdleStrategy());
    }

    private void heard()
    {
        heard = true;
        lastHeardNs = System.nanoTime();
    }

    private void connected(final AeronCluster connected)
    {
        sessionId = connected.clusterSessionId();
        leaderMemberId = connected.leaderMemberId();
        leadershipTermId = connected.leadershipTermId();
        lastSentNs = System.nanoTime();
        lastHeardNs = lastSentNs;
        leaderChanges++;
    }

    /** {@inheritDoc} */
    @Override
    public TransportPublication ingress(final byte tag)
    {
        return new TaggedIngress(tag);
    }

    /** {@inheritDoc} */
    @Override
    public TransportSubscription egress()
    {
        return egress;
    }

    /** {@inheritDoc} */
    @Override
    public long leaderChanges()
    {
        return leaderChanges;
    }

    /** {@inheritDoc} */
    @Override
    public long sessionId()
    {
        return sessionId;
    }

    /** {@inheritDoc} */
    @Override
    public String describe()
    {
        return "cluster " + ingressEndpoints + ", leader " + leaderMemberId + " in term " + leadershipTermId +
            (staleMessages > 0 ? ", " + staleMessages + " messages of earlier leaders dropped" : "") +
            (closed ? " (closed)" : "");
    }

    /** {@inheritDoc} */
    @Override
    public void onMessage(
        final long clusterSessionId,
        final long timestamp,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final Header header)
    {
        heard();
        // the header Aeron Cluster put before the message names the term of the leader that sent it
        sessionHeader.wrap(buffer, offset - AeronCluster.SESSION_HEADER_LENGTH + MessageHeaderDecoder.ENCODED_LENGTH,
            SessionMessageHeaderDecoder.BLOCK_LENGTH, SessionMessageHeaderDecoder.SCHEMA_VERSION);
        if (sessionHeader.leadershipTermId() < leadershipTermId)
        {
            staleMessages++;
            return;
        }
        final MessageHandler current = handler;
        if (null != current)
        {
            current.onMessage(buffer, offset, length);
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onSessionEvent(
        final long correlationId,
        final long clusterSessionId,
        final long leadershipTermId,
        final int leaderMemberId,
        final EventCode code,
        final String detail)
    {
        heard();
        if (EventCode.ERROR == code || EventCode.CLOSED == code || EventCode.AUTHENTICATION_REJECTED == code)
        {
            LOGGER.log(System.Logger.Level.WARNING, "the " + describe() + " said " + code + ": " + detail);
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onNewLeader(
        final long clusterSessionId, final long leadershipTermId, final int leaderMemberId,
        final String ingressEndpoints)
    {
        heard();
        this.leaderMemberId = leaderMemberId;
        this.leadershipTermId = leadershipTermId;
        leaderChanges++;
        LOGGER.log(System.Logger.Level.INFO, "a new leader leads the " + describe());
    }

    /**
     * Offers to the leader's ingress, under the lock that a change of leader is taken up under.
     *
     * @param vectors       the tag and the message.
     * @param leaderChanges the count of leader changes the sender saw last, or {@link #ANY_LEADER}.
     * @return what the ingress returned, {@link TransportPublication#LEADER_CHANGED} when the count moved.
     */
    private long offer(final DirectBufferVector[] vectors, final long leaderChanges)
    {
        lock.lock();
        try
        {
            final AeronCluster current = cluster;
            if (closed)
            {
                return TransportPublication.CLOSED;
            }
            if (ANY_LEADER != leaderChanges && leaderChanges != this.leaderChanges)
            {
                return TransportPublication.LEADER_CHANGED;
            }
            if (null == current || current.isClosed())
            {
                return TransportPublication.BACK_PRESSURED;
            }
            final long result = current.offer(vectors);
            if (result > 0)
            {
                lastSentNs = System.nanoTime();
            }
            // a lost leader's ingress is not the end of the session: a new leader comes, and senders wait as for room
            return result == TransportPublication.CLOSED || result == TransportPublication.NOT_CONNECTED ?
                TransportPublication.BACK_PRESSURED : result;
        }
        finally
        {
            lock.unlock();
        }
    }

    private int poll(final MessageHandler messageHandler)
    {
        if (closed || !lock.tryLock())
        {
            return 0;
        }
        try
        {
            final AeronCluster current = cluster;
            if (null == current || current.isClosed())
            {
                return reconnect();
            }
            handler = messageHandler;
            final int work = current.pollEgress();
            final long now = System.nanoTime();
            if (!current.isClosed() && now - lastSentNs > KEEP_ALIVE_INTERVAL_NS && current.sendKeepAlive())
            {
                lastSentNs = now;
            }
            return work + probeIfSilent(now);
        }
        finally
        {
            handler = null;
            lock.unlock();
        }
    }

    /**
     * While the cluster that spoke stays silent, looks for a leader with a second session, one step per poll; once one
     * leads and this session still heard nothing for {@link #ADOPT_AFTER_NS}, the second session replaces it (the
     * cluster closed this one unasked: it was restarted whole). Under the lock.
     */
    private int probeIfSilent(final long now)
    {
        if (!heard || now - lastHeardNs < PROBE_AFTER_NS)
        {
            closeProbe();
            return 0;
        }
        try
        {
            if (null == probed)
            {
                if (null == probing)
                {
                    if (now - lastProbeNs < CONNECT_TRY_NS)
                    {
                        return 0;
                    }
                    lastProbeNs = now;
                    probing = AeronCluster.asyncConnect(context());
                }
                probed = probing.poll();
                if (null == probed)
                {
                    return 0;
                }
                probing = null;
                probedNs = now;
            }
            if (now - probedNs < ADOPT_AFTER_NS)
            {
                return 0;
            }
            final AeronCluster silent = cluster;
            cluster = probed;
            probed = null;
            LOGGER.log(System.Logger.Level.WARNING, "the " + describe() + " said nothing for " +
                TimeUnit.NANOSECONDS.toMillis(now - lastHeardNs) + " ms while member " + cluster.leaderMemberId() +
                " leads in term " + cluster.leadershipTermId() + " (the cluster closed this client's session " +
                "unasked, as a cluster restarted whole does): going on in a new session");
            connected(cluster);
            silent.close();
            return 1;
        }
        catch (final AeronException | IllegalStateException ex)
        {
            LOGGER.log(System.Logger.Level.INFO, "no leader of the silent " + describe() + " answered yet: " +
                ex.getMessage());
            closeProbe();
            return 0;
        }
    }

    private void closeProbe()
    {
        if (null != probing)
        {
            probing.close();
            probing = null;
        }
        if (null != probed)
        {
            probed.close();
            probed = null;
        }
    }

    /** The cluster closed the session: connects again, one step per poll, a new try at most every timeout. */
    private int reconnect()
    {
        final long now = System.nanoTime();
        try
        {
            if (null == reconnecting)
            {
                if (null != cluster)
                {
                    LOGGER.log(System.Logger.Level.WARNING, "the " + describe() + " closed this client's session " +
                        "(no leader within " + TimeUnit.NANOSECONDS.toMillis(messageTimeoutNs) + " ms, or the " +
                        "session timed out): connecting again");
                    cluster = null;
                }
                if (now - lastReconnectNs < messageTimeoutNs)
                {
                    return 0;
                }
                lastReconnectNs = now;
                reconnecting = AeronCluster.asyncConnect(context());
            }
            final AeronCluster connected = reconnecting.poll();
            if (null != connected)
            {
                reconnecting = null;
                cluster = connected;
                connected(connected);
                LOGGER.log(System.Logger.Level.INFO, "connected again to the " + describe());
                return 1;
            }
            return 0;
        }
        catch (final AeronException | IllegalStateException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "could not connect again to the " + describe() + ": " +
                ex.getMessage());
            if (null != reconnecting)
            {
                reconnecting.close();
                reconnecting = null;
            }
            return 0;
        }
    }

    /** {@inheritDoc} */
    @Override
    public void close()
    {
        lock.lock();
        try
        {
            if (!closed)
            {
                closed = true;
                closeProbe();
                if (null != reconnecting)
                {
                    reconnecting.close();
                    reconnecting = null;
                }
                if (null != cluster)
                {
                    cluster.close();
                }
            }
        }
        finally
        {
            lock.unlock();
        }
    }

    @Override
    public String toString()
    {
        return describe();
    }

    /** The ingress with a tag byte before each message; its vectors are used under the session's lock only. */
    private final class TaggedIngress implements TransportPublication
    {
        private final DirectBufferVector[] vectors = new DirectBufferVector[3];
        private final DirectBufferVector message = new DirectBufferVector();
        private final byte tag;

        TaggedIngress(final byte tag)
        {
            this.tag = tag;
            final UnsafeBuffer tagBuffer = new UnsafeBuffer(new byte[TAG_LENGTH]);
            tagBuffer.putByte(0, tag);
            vectors[1] = new DirectBufferVector(tagBuffer, 0, TAG_LENGTH);
            vectors[2] = message;
        }

        @Override
        public long offer(final DirectBuffer buffer, final int offset, final int length)
        {
            return offer(buffer, offset, length, ANY_LEADER);
        }

        @Override
        public long offer(final DirectBuffer buffer, final int offset, final int length, final long leaderChanges)
        {
            if (length > maxMessageLength)
            {
                throw new IllegalArgumentException("a message of " + length + " bytes is longer than the " +
                    maxMessageLength + " bytes that the cluster's ingress takes");
            }
            lock.lock();
            try
            {
                message.reset(buffer, offset, length);
                return AeronClusterSession.this.offer(vectors, leaderChanges);
            }
            finally
            {
                lock.unlock();
            }
        }

        @Override
        public long tryClaim(final int length, final ClaimedSpace claim)
        {
            throw new UnsupportedOperationException("the cluster's ingress is offered to, never claimed: " +
                "maxClaimLength() is 0");
        }

        @Override
        public ClaimedSpace newClaim()
        {
            return new AeronClaimedSpace();
        }

        @Override
        public int maxClaimLength()
        {
            return 0;
        }

        @Override
        public int maxMessageLength()
        {
            return maxMessageLength;
        }

        @Override
        public boolean isConnected()
        {
            return !closed;
        }

        @Override
        public String channel()
        {
            return "aeron:udp (ingress of " + ingressEndpoints + ", tag " + tag + ")";
        }

        @Override
        public int streamId()
        {
            return AeronCluster.Configuration.ingressStreamId();
        }

        @Override
        public int sessionId()
        {
            // the cluster session outlives a change of leader; the ingress publication's own session does not
            final AeronCluster current = cluster;
            return null == current ? 0 : (int)current.clusterSessionId();
        }

        @Override
        public boolean closeAfterDelivery(final long deadlineNs)
        {
            return true;
        }

        @Override
        public void close()
        {
            // the session's, not this view's, to close
        }
    }

    /** The egress, polled through the session. */
    private final class Egress implements TransportSubscription
    {
        @Override
        public int poll(final MessageHandler messageHandler, final int fragmentLimit)
        {
            return AeronClusterSession.this.poll(messageHandler);
        }

        @Override
        public boolean isConnected()
        {
            final AeronCluster current = cluster;
            return !closed && null != current && !current.isClosed();
        }

        @Override
        public String channel()
        {
            return egressChannel;
        }

        @Override
        public int streamId()
        {
            return AeronCluster.Configuration.egressStreamId();
        }

        @Override
        public void close()
        {
            // the session's, not this view's, to close
        }
    }
}
