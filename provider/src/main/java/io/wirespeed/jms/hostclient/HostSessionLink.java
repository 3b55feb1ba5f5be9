package io.wirespeed.jms.hostclient;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import javax.jms.JMSException;
import javax.jms.JMSSecurityException;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.jms.config.MediaChannels;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportSubscription;

/**
 * A {@link QueueClient}'s link to its host: the reply stream it reads, and the session it holds with the host when
 * it needs one (it reaches the host over UDP, or sends credentials). Opens the session ({@link #connect}: Connect,
 * and its answer); while it is open, sends a heartbeat when nothing else went for a while and takes the host for
 * lost when it heard nothing from it for the driver timeout (the requests waiting then fail, and the reason is kept
 * for the connection's exception listener). A lost host is connected to again without blocking the thread that
 * polls: new streams to the endpoint, a Connect on them now and then, and when one is answered the session is
 * open again and the consumers are opened there again ({@link DeliveryRouting#reopenAll}). At a cluster's new leader
 * the client's temporary queues are asked for again and its consumers taken up again there (or, in a new session,
 * opened again); once that went ({@link #leadersTakenUp}) the requests waiting go again ({@link HostRequests}).
 * <p>
 * Threads: {@link #connect} is called by any thread before a request, under the connect lock; {@link #poll} by the
 * connection's delivery thread, the runtime's thread or a thread waiting for an answer, one at a time under the poll
 * lock (another caller reads nothing and returns), which runs the heartbeat, the liveness check, the streams'
 * replacement and the reconnection (which takes the connect lock only if free, so that the polling thread never
 * blocks on a Connect). A request that waits for the control stream polls too ({@link HostProxy#pollWhileWaiting}),
 * also from within a poll's work (a new leader's take-up), but never from within the reading itself. The session's
 * state is volatile.
 */
final class HostSessionLink implements HostRequests.Failover
{
    private static final System.Logger LOGGER = System.getLogger(HostSessionLink.class.getName());
    /** How long before a cluster went quiet acknowledgements may have reached its lost leader and not its log. */
    private static final long SETTLE_AGAIN_MARGIN_NS = 1_000_000_000L;
    /** How many polls one thread may be within at once: a request waiting in a poll's work polls too. */
    private static final int MAX_POLL_DEPTH = 3;

    private final Transport transport;
    private final int replyStream;
    private final String endpoint;
    private final String user;
    private final String password;
    private final boolean needsSession;
    private final String where;
    private final HostProxy host;
    private final HostRequests requests;
    private final DeliveryRouting routing;
    private final SendConfirmations confirmations;
    private final long hostTimeoutNs;
    private final long keepAliveNs = QueueStreams.HEARTBEAT_INTERVAL_MS * 1_000_000L;
    private final long hostLostNs;
    private final ReentrantLock pollLock = new ReentrantLock();
    /** Whether the thread that holds the poll lock reads the reply stream now. */
    private boolean reading;
    private final ReentrantLock connectLock = new ReentrantLock();
    private volatile TransportSubscription replies;
    private volatile boolean sessionOpen;
    private volatile boolean everOpen;
    private long lastReconnectNs;
    private volatile PendingConnect pendingConnect;
    private volatile long lastHeardNs;
    private volatile String lostReason;
    private volatile boolean lost;
    /** The longest silence of the host since the last leader change. */
    private long silenceEndedNs;
    private volatile long failoverNanos;
    private final String silence;
    private final LongSupplier leaderChanges;
    private volatile long seenLeaderChanges;
    /** The leader changes taken up: temporary queues created and consumers taken up again at the new leader. */
    private volatile long leadersTakenUp;
    private final LongSupplier clusterSession;
    private long seenClusterSession;
    private final long leaderQuietNs;

    /**
     * @param transport     opens new streams after the host was lost.
     * @param replyStream   the stream this client receives responses on.
     * @param endpoint      the host's {@code ADDRESS:PORT} over UDP, whose streams are replaced after a loss; null for
     *                      the host of the media driver, and for a cluster (whose session follows its leader).
     * @param remote        whether the host is another process's (over UDP, or a cluster): then a session is needed.
     * @param replies       the reply stream, open.
     * @param host          sends the requests, on the control stream tied to the reply stream.
     * @param requests      the client's requests.
     * @param routing       the client's consumers, opened again at a host that runs again.
     * @param confirmations the host's confirmations of PERSISTENT sends, reset by each Connect.
     * @param user          the user sent in Connect, or null for none.
     * @param password      the password sent in Connect, or null for none.
     * @param hostTimeoutNs how long to wait for the host to answer a Connect.
     * @param hostLostNs    how long the host may stay silent before it is taken for lost.
     * @param silence       what a silence that long means, and what happens next, for the exception listener.
     * @param where         where the host is, for messages.
     * @param leaderChanges  how many times a cluster's new leader took over, or null for a host that is no cluster.
     * @param clusterSession the cluster's id of this client's session now, or null for a host that is no cluster.
     * @param leaderQuietNs  how long a cluster may be silent before its leader is taken for gone (one is elected).
     */
    HostSessionLink(
        final Transport transport, final int replyStream, final String endpoint, final boolean remote,
        final TransportSubscription replies,
        final HostProxy host, final HostRequests requests, final DeliveryRouting routing,
        final SendConfirmations confirmations, final String user, final String password, final long hostTimeoutNs,
        final long hostLostNs, final String silence, final String where, final LongSupplier leaderChanges,
        final LongSupplier clusterSession, final long leaderQuietNs)
    {
        this.leaderQuietNs = leaderQuietNs;
        this.clusterSession = clusterSession;
        this.seenClusterSession = null == clusterSession ? 0 : clusterSession.getAsLong();
        this.leaderChanges = leaderChanges;
        this.seenLeaderChanges = null == leaderChanges ? 0 : leaderChanges.getAsLong();
        this.leadersTakenUp = seenLeaderChanges;
        this.transport = transport;
        this.replyStream = replyStream;
        this.endpoint = endpoint;
        this.replies = replies;
        this.host = host;
        this.requests = requests;
        this.routing = routing;
        this.confirmations = confirmations;
        this.user = user;
        this.password = password;
        this.needsSession = remote || user != null;
        this.hostTimeoutNs = hostTimeoutNs;
        this.hostLostNs = hostLostNs;
        this.silence = silence;
        this.lastHeardNs = System.nanoTime();
        this.where = where;
    }

    /**
     * @return whether the host was taken for lost (silent for {@code hostLostNs}) and the session not opened again
     *         since.
     */
    boolean isLost()
    {
        return lost;
    }

    /**
     * @param now     {@link System#nanoTime()}.
     * @param quietNs how long.
     * @return whether nothing came from the host for longer than that.
     */
    boolean quietFor(final long now, final long quietNs)
    {
        return now - lastHeardNs > quietNs;
    }

    /**
     * Throws when a clustered host had no leader for {@code failoverTimeout}: the connection took it for lost.
     *
     * @param outcome what became of the call that waited, for the message.
     * @throws JMSException naming the members and the majority they need, with the error code
     *                      {@link QueueClient#FAILOVER_TIMEOUT}.
     */
    @Override
    public void throwIfFailoverFailed(final String outcome) throws JMSException
    {
        if (null != leaderChanges && lost)
        {
            throw new JMSException(silence + "; " + outcome, QueueClient.FAILOVER_TIMEOUT);
        }
    }

    /** @return whether the session is open now (false while the host is lost, and for a client that needs none). */
    @Override
    public boolean isOpen()
    {
        return sessionOpen;
    }

    /** {@inheritDoc} */
    @Override
    public long leaderChanges()
    {
        return null == leaderChanges ? 0 : leaderChanges.getAsLong();
    }

    /** {@inheritDoc} */
    @Override
    public long leadersTakenUp()
    {
        return leadersTakenUp;
    }

    /** {@inheritDoc} */
    @Override
    public boolean awaitingLeader(final long nowNs)
    {
        return null != leaderChanges && quietFor(nowNs, leaderQuietNs);
    }

    /**
     * Opens the session with the host, if this client needs one and has none: sends Connect (or takes the one a
     * reconnection sent) and waits for the answer.
     *
     * @throws JMSException JMSSecurityException if the host refuses the credentials; a JMSException if it refuses
     *                      otherwise or cannot be reached.
     */
    void connect() throws JMSException
    {
        if (!needsSession || sessionOpen)
        {
            return;
        }
        connectLock.lock();
        try
        {
            while (!sessionOpen)
            {
                throwIfFailoverFailed("nothing of this call was sent");
                final PendingConnect pending = pendingConnect != null ? pendingConnect : sendConnect(true);
                pendingConnect = null;
                try
                {
                    requests.await(pending.request, "a Connect", false);
                }
                catch (final JMSException ex)
                {
                    // a cluster's Connect may have gone to a leader that was lost: another goes, up to failoverTimeout
                    if (null == leaderChanges)
                    {
                        throw ex;
                    }
                    continue;
                }
                finally
                {
                    requests.forget(pending.requestId);
                }
                opened(pending.request);
            }
        }
        finally
        {
            connectLock.unlock();
        }
    }

    /**
     * Sends a Connect.
     *
     * @param wait whether to wait out back-pressure (up to the host timeout) or give up at once.
     * @return the Connect waiting for its answer, or null if it was not sent.
     */
    private PendingConnect sendConnect(final boolean wait) throws JMSException
    {
        final long requestId = requests.nextId();
        final HostRequests.Request request = requests.register(requestId);
        boolean sent = false;
        confirmations.connecting();
        try
        {
            sent = host.connect(requestId, user, password, wait);
        }
        finally
        {
            if (!sent)
            {
                requests.forget(requestId);
            }
        }
        return sent ? new PendingConnect(requestId, request, System.nanoTime()) : null;
    }

    /** The host answered a Connect: the session is open, or the refusal is thrown. Under the connect lock. */
    private void opened(final HostRequests.Request request) throws JMSException
    {
        if (request.refusal != null)
        {
            throw request.code == ErrorCode.AUTHENTICATION_FAILED ?
                new JMSSecurityException(request.refusal, request.code.name()) :
                HostRequests.refusal(request.code, request.refusal);
        }
        lastHeardNs = System.nanoTime();
        sessionOpen = true;
        lost = false;
        if (everOpen)
        {
            LOGGER.log(System.Logger.Level.INFO, "connected again to the queue host at " + where + "; reopening " +
                routing.consumers() + " consumer(s)");
            final long changes = null == leaderChanges ? 0 : leaderChanges.getAsLong();
            if (null != leaderChanges)
            {
                // the cluster forgot the old session's temporary queues: they live while the connection does
                host.temporaryQueuesAgain();
            }
            routing.reopenAll();
            if (null != leaderChanges)
            {
                // the consumers opened afresh at the leader now: nothing of an earlier leader to take up again, and
                // the requests waiting go again (HostRequests.await)
                seenLeaderChanges = changes;
                leadersTakenUp = changes;
            }
            LOGGER.log(System.Logger.Level.INFO, "connected again to the queue host at " + where + "; opened " +
                routing.consumers() + " consumers there again");
        }
        everOpen = true;
    }

    /**
     * Reads the reply stream once, if no other thread reads it now, then sends a heartbeat if due, checks the host's
     * liveness and connects again to a lost host; then gives back the deliveries that crossed their consumer's
     * close ({@link DeliveryRouting#giveBackInTransit}).
     *
     * @param handler routes what the host sent.
     * @return the number of frames read.
     */
    int poll(final MessageHandler handler)
    {
        if (!pollLock.tryLock())
        {
            return 0;
        }
        final int read;
        try
        {
            // a request that waits polls (HostProxy), also one sent while this thread polls: never from inside the
            // reading, which the stream's poll is not made for, nor deeper than a wait within a wait
            if (reading || pollLock.getHoldCount() > MAX_POLL_DEPTH)
            {
                return 0;
            }
            reading = true;
            try
            {
                read = replies.poll(handler, 64);
            }
            finally
            {
                reading = false;
            }
            // a poll within a poll's work (a request it sent waits) only reads: the outer one takes a new leader up
            // and connects again when its work returns
            final boolean outermost = 1 == pollLock.getHoldCount();
            if (outermost)
            {
                reopenAfterNewLeader();
            }
            keepAlive();
            if (outermost)
            {
                reconnectIfDue();
            }
        }
        finally
        {
            pollLock.unlock();
        }
        // outside the poll lock: a give-back that waits for the control stream lets another waiting request read
        routing.giveBackInTransit();
        return read;
    }

    /**
     * A cluster's new leader took over: the consumers are taken up again there
     * ({@link DeliveryRouting#resyncAfterNewLeader}), as the lost leader's last deliveries and this client's last
     * requests to it may be lost. Under the poll lock.
     */
    private void reopenAfterNewLeader()
    {
        if (null == leaderChanges || !sessionOpen)
        {
            return;
        }
        final long changes = leaderChanges.getAsLong();
        if (changes == seenLeaderChanges)
        {
            return;
        }
        seenLeaderChanges = changes;
        // the new leader spoke (its NEW_LEADER event at least): the silence before it is the failover's length
        final long now = System.nanoTime();
        final long silenceNs = Math.max(silenceEndedNs, now - lastHeardNs);
        failoverNanos += silenceNs;
        silenceEndedNs = 0;
        final long session = clusterSession.getAsLong();
        if (session != seenClusterSession)
        {
            // the cluster closed the old session (no leader in time, or it timed out) and forgot its host session:
            // a Connect opens a new one, and the consumers are opened there as at a host that runs again
            seenClusterSession = session;
            LOGGER.log(System.Logger.Level.WARNING, "the cluster that hosts the queues at " + where + " opened a " +
                "new session for this connection (it had closed the old one): connecting again");
            sessionOpen = false;
            return;
        }
        LOGGER.log(System.Logger.Level.INFO, "a new leader leads the queue host at " + where + "; taking " +
            routing.consumers() + " consumer(s) up again there");
        try
        {
            // a temporary queue whose creation reached the lost leader only is created there (again: it is the same)
            host.temporaryQueuesAgain();
            // what went in the silence, and a little before it, may have been lost with the old leader
            routing.resyncAfterNewLeader(now - silenceNs - SETTLE_AGAIN_MARGIN_NS);
        }
        catch (final JMSException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "could not take the consumers up again at the new leader of the " +
                "queue host at " + where + ": " + ex.getMessage());
        }
        // the requests waiting go again, after all of that (HostRequests.await)
        leadersTakenUp = changes;
    }

    /**
     * While the host is lost, sends a Connect now and then without waiting, so that consumers carry on without a
     * send, and opens the session when the answer came: the delivery thread that calls this never blocks on it.
     */
    private void reconnectIfDue()
    {
        // not by a thread in connect() (its Connect waits, and it polls meanwhile): one Connect at a time
        if (!needsSession || !everOpen || sessionOpen || connectLock.isHeldByCurrentThread() || !connectLock.tryLock())
        {
            return;
        }
        try
        {
            final long now = System.nanoTime();
            final PendingConnect pending = pendingConnect;
            if (pending != null)
            {
                if (pending.request.done || now - pending.sentNs > hostTimeoutNs)
                {
                    pendingConnect = null;
                    requests.forget(pending.requestId);
                    if (pending.request.done)
                    {
                        opened(pending.request);
                    }
                }
            }
            else if (now - lastReconnectNs >= keepAliveNs)
            {
                lastReconnectNs = now;
                pendingConnect = sendConnect(false);
            }
        }
        catch (final JMSException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "could not connect again to the queue host at " + where + ": " +
                ex.getMessage());
        }
        finally
        {
            connectLock.unlock();
        }
    }

    /**
     * Why the host was lost, once: the connection tells its exception listener.
     *
     * @return the reason, or null if the host is not lost or this was said already.
     */
    String takeLostReason()
    {
        final String reason = lostReason;
        if (reason != null)
        {
            lostReason = null;
        }
        return reason;
    }

    /** Something came from the host: it is alive. */
    void onHeard()
    {
        final long now = System.nanoTime();
        silenceEndedNs = Math.max(silenceEndedNs, now - lastHeardNs);
        lastHeardNs = now;
    }

    /**
     * @return how long this client's failovers lasted in all, as it saw each: the longest silence of the cluster since
     *         the failover before (a live leader heartbeats every 500 ms), which ends with the first word of the
     *         leader that took over; 0 for a host that is no cluster.
     */
    long failoverNanos()
    {
        return failoverNanos;
    }

    /**
     * After the host was lost, a new response subscription and a new control publication tied to it: the host that
     * runs next answers on a response channel of its own making. Called while polling, under the poll lock.
     */
    private void relink()
    {
        if (endpoint == null)
        {
            return;
        }
        try
        {
            final TransportSubscription fresh =
                transport.addSubscription(MediaChannels.queueHostResponses(endpoint), replyStream);
            host.relink(transport.addPublication(MediaChannels.queueHostRequests(endpoint, fresh.registrationId()),
                QueueStreams.CONTROL_STREAM));
            final TransportSubscription old = replies;
            replies = fresh;
            old.close();
        }
        catch (final TransportException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "could not open new streams to the queue host at " + where +
                "; this connection cannot reach it again: " + ex.getMessage());
        }
    }

    /** Checks the session's liveness, and sends a heartbeat when nothing else went for a while. */
    private void keepAlive()
    {
        // a cluster whose session is being opened again is lost too when no leader answers for failoverTimeout
        if (!sessionOpen && (null == leaderChanges || lost || !everOpen))
        {
            return;
        }
        final long now = System.nanoTime();
        if (now - lastHeardNs > hostLostNs)
        {
            sessionOpen = false;
            lost = true;
            // the exception listener's thread may take lostReason at once: what fails the requests is the silence
            lostReason = silence;
            LOGGER.log(System.Logger.Level.WARNING, silence);
            requests.failAll(ErrorCode.NOT_CONNECTED, silence);
            relink();
            return;
        }
        if (sessionOpen && now - host.lastSentNs() > keepAliveNs)
        {
            host.keepAlive();
        }
    }

    /** Closes the reply stream. */
    void close()
    {
        replies.close();
    }

    /** A Connect sent and not yet answered. */
    private record PendingConnect(long requestId, HostRequests.Request request, long sentNs)
    {
    }
}
