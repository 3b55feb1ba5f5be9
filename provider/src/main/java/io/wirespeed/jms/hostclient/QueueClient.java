package io.wirespeed.jms.hostclient;

import java.util.List;
import java.util.function.IntSupplier;

import javax.jms.JMSException;
import javax.jms.TransactionRolledBackException;
import javax.jms.ResourceAllocationException;

import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.IdleStrategy;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.jms.config.HostMembers;
import io.wirespeed.jms.config.MediaChannels;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * A connection's side of the queue protocol: requests to the host ({@link HostProxy}), the reply stream from it
 * ({@link ResponseAdapter}), and the routing of deliveries into consumers' inboxes. A facade over the parts that do
 * each job: {@link HostSessionLink} (the streams, the session, heartbeats, liveness and reconnection),
 * {@link HostRequests} (ids, requests waiting for an answer, refusals), {@link DeliveryRouting} (consumers, their
 * inboxes and credit), {@link HostBrowse} (browses), {@link SendCredits} (room on queues) and
 * {@link SendConfirmations} (the host's archive's confirmations of PERSISTENT sends). Thread safe: sessions on several
 * threads send through it; whoever polls the reply stream (the connection's delivery thread, or a
 * thread waiting for an answer) routes what arrives, one at a time under the poll lock.
 * <p>
 * The host is the one of the connection's media driver, over IPC, or one named by its {@code ADDRESS:PORT}, over
 * UDP: then requests and queue messages go to that endpoint and the host answers on an Aeron response channel of
 * this client's control publication. A client that reaches its host over UDP, or sends credentials, opens a session
 * first ({@link #connect}); while it has one it sends a heartbeat when it has sent nothing else for a while, and
 * takes the host for lost when it has heard nothing from it for the driver timeout.
 */
public final class QueueClient implements AutoCloseable
{
    /** The error code of a JMSException thrown when a clustered host had no leader for {@code failoverTimeout}. */
    public static final String FAILOVER_TIMEOUT = "FAILOVER_TIMEOUT";
    /**
     * The error code of the exception a CLIENT_ACKNOWLEDGE {@code acknowledge()} throws when some of its messages came
     * in a clustered host's session that the host gave up since: they come again, marked redelivered.
     */
    public static final String DELIVERIES_GIVEN_UP = "DELIVERIES_GIVEN_UP";
    /** How long a PERSISTENT message sent to a cluster waits for its confirmation before it goes again. */
    private static final long RESEND_INTERVAL_NS = 1_000_000_000L;
    /** Silence from a cluster after which a leader is taken for gone: three of its heartbeats. */
    private static final long LEADER_QUIET_NS = 3 * QueueStreams.HEARTBEAT_INTERVAL_MS * 1_000_000L;

    private final HostProxy host;
    private final String endpoint;
    private final String channel;
    private final String where;
    private final HostRequests requests;
    private final DeliveryRouting routing;
    private final HostBrowse browses;
    private final HostSessionLink link;
    private final SendCredits credits;
    /** No consumer's id (ids start at 1): a {@code Pause} of it is the barrier {@link #awaitSettled} waits on. */
    static final long NO_CONSUMER = 0;
    private final SendConfirmations confirmations = new SendConfirmations();
    private final ForwardedTopics forwardedTopics = new ForwardedTopics();
    private final MessageHandler replyHandler;
    private final ClusterHost cluster;

    /**
     * Opens the client's streams to the host of its media driver, over IPC, without credentials.
     *
     * @param transport     the transport whose media driver the host shares.
     * @param id            the connection's id.
     * @param hostTimeoutMs how long to wait for the host to answer before saying it is unreachable.
     */
    public QueueClient(final Transport transport, final ConnectionId id, final long hostTimeoutMs)
    {
        this(transport, id, hostTimeoutMs, null, null, null, hostTimeoutMs, hostTimeoutMs);
    }

    /**
     * Opens the client's streams to a host.
     *
     * @param transport       the transport (a media driver of this JVM, or the host's own over IPC).
     * @param id              the connection's id.
     * @param hostTimeoutMs   how long to wait for the host to answer before saying it is unreachable.
     * @param endpoint        the host's {@code ADDRESS:PORT} over UDP, a clustered host's members
     *                        ({@code ADDRESS:PORT,ADDRESS:PORT,ADDRESS:PORT}), or null for the host of the media
     *                        driver.
     * @param user            the user sent in Connect, or null for none.
     * @param password        the password sent in Connect, or null for none.
     * @param driverTimeoutMs how long the host may stay silent before it is taken for lost.
     * @param failoverTimeoutMs how long a clustered host may stay silent (no leader heard) before it is taken for
     *                          lost, instead of the driver timeout: sends, commits and requests then fail.
     */
    public QueueClient(
        final Transport transport, final ConnectionId id, final long hostTimeoutMs, final String endpoint,
        final String user, final String password, final long driverTimeoutMs, final long failoverTimeoutMs)
    {
        final int replyStream = QueueStreams.replyStream(id.high(), id.low());
        final long hostTimeoutNs = hostTimeoutMs * 1_000_000L;
        this.endpoint = endpoint;
        final TransportSubscription replies;
        final TransportPublication control;
        if (HostMembers.isCluster(endpoint))
        {
            this.cluster = ClusterHost.connect(transport, endpoint, hostTimeoutNs);
            this.channel = cluster.channel();
            replies = cluster.replies();
            control = cluster.control();
        }
        else if (endpoint == null)
        {
            this.cluster = null;
            this.channel = MediaChannels.queueHost();
            replies = transport.addSubscription(channel, replyStream);
            control = transport.addPublication(channel, QueueStreams.CONTROL_STREAM);
        }
        else
        {
            this.cluster = null;
            this.channel = MediaChannels.queueHostUdp(endpoint);
            replies = transport.addSubscription(MediaChannels.queueHostResponses(endpoint), replyStream);
            control = transport.addPublication(MediaChannels.queueHostRequests(endpoint, replies.registrationId()),
                QueueStreams.CONTROL_STREAM);
        }
        this.where = endpoint == null ? channel : "host=" + endpoint + (null == cluster ? " (UDP)" : " (cluster)");
        this.host = new HostProxy(control, id, replyStream, hostTimeoutNs, where);
        this.requests = new HostRequests(hostTimeoutNs, where, this::poll,
            () -> host.hostSeen() && !host.isConnected());
        if (null != cluster)
        {
            host.keepRecentSettlements();
            host.keepTemporaryQueues();
        }
        this.routing = new DeliveryRouting(host, requests, null == cluster ? null : cluster::leaderChanges);
        this.browses = new HostBrowse(host, requests);
        final String silence = null == cluster ? "the queue host at " + where + " sent nothing, not even a " +
            "heartbeat, for the driver timeout (" + driverTimeoutMs + " ms): it stopped, or the network between is " +
            "down; queue requests fail until it runs again, then this connection connects to it again" :
            "no leader of the clustered queue host was heard for failoverTimeout=" +
            failoverTimeoutMs + " ms: of its members " + endpoint + " a majority (" + majority(endpoint) + ") must " +
            "run and reach each other and this client; sends, commits and queue requests fail until a majority runs " +
            "again, then this connection connects again";
        this.link = new HostSessionLink(transport, replyStream, null == cluster ? endpoint : null, endpoint != null,
            replies, host, requests, routing, confirmations, user, password, hostTimeoutNs,
            (null == cluster ? driverTimeoutMs : failoverTimeoutMs) * 1_000_000L, silence, where,
            null == cluster ? null : cluster::leaderChanges, null == cluster ? null : cluster::sessionId,
            LEADER_QUIET_NS);
        if (null != cluster)
        {
            // a request waiting goes again to a new leader, and waits out an election; so does one not yet taken
            requests.failover(link);
            host.failover(link, failoverTimeoutMs * 1_000_000L);
        }
        this.credits = new SendCredits(this, host);
        this.replyHandler = new ResponseAdapter(id, link, requests, routing, browses, credits, confirmations,
            forwardedTopics);
        host.pollWhileWaiting(this::poll);
    }

    private static String majority(final String members)
    {
        final int count = HostMembers.parse(members).size();
        return (count / 2 + 1) + " of " + count;
    }

    /**
     * @return the channel queue messages go to the host on: IPC of the media driver, the host's UDP endpoint, or (for
     *         a cluster) a name of the cluster's ingress.
     */
    public String inboundChannel()
    {
        return channel;
    }

    /**
     * The transport queue messages go to the host on: the connection's, or for a cluster the cluster's ingress,
     * whose one publication takes them whatever channel it is asked for.
     *
     * @param transport the connection's transport.
     * @return the transport to publish queue messages on.
     */
    public Transport inboundTransport(final Transport transport)
    {
        return null == cluster ? transport : cluster.inbound();
    }

    /**
     * The transport a transacted session's queue messages go to a clustered host on at commit, each staged under the
     * transaction's id ({@link #commit}); null for a single host, to which they go as any queue message.
     *
     * @return the transport, or null.
     */
    public Transport stagedTransport()
    {
        return null == cluster ? null : cluster.staged();
    }

    /**
     * Whether a message published to a topic goes into a clustered host's ingress too: a durable subscription of the
     * cluster is on the topic, and the log is what feeds it.
     *
     * @param topic the topic's name.
     * @return true if it is forwarded.
     */
    public boolean forwards(final String topic)
    {
        return null != cluster && forwardedTopics.contains(topic);
    }

    /**
     * @return the transport a message to a topic with a clustered host's durable subscriptions is forwarded on: the
     *         cluster's ingress under the forwarded topic message's tag; null for a single host.
     */
    public Transport forwardTransport()
    {
        return null == cluster ? null : cluster.forwarded();
    }

    /** @return the most queue deliveries one transaction may acknowledge at a clustered host ({@link #commit}). */
    public int maxCommitAcknowledgements()
    {
        return host.maxCommitAcknowledgements();
    }

    /**
     * Commits a transaction at a clustered host in one log entry: the queue messages the session staged under the
     * transaction's id go into their queues and the acknowledgements apply, all or nothing. Sent again to a new leader
     * while it waits; the host answers a commit it applied already without applying it again.
     *
     * @param sessionId        the committing session.
     * @param transactionId    the transaction, rising with each of the session's commits.
     * @param messages         how many queue messages the session staged for it, each confirmed by the host.
     * @param acknowledgements the queue deliveries it acknowledges, as consumer id and delivery id pairs.
     * @throws JMSException TransactionRolledBackException if the host no longer had what the commit names (it gave
     *                      up this connection's session), or the commit could not be sent (the cluster was taken for
     *                      lost already): nothing of it applied; a JMSException if no leader answered within
     *                      {@code failoverTimeout} after it went: the outcome is unknown.
     */
    public void commit(
        final int sessionId, final long transactionId, final int messages, final LongArrayList acknowledgements)
        throws JMSException
    {
        final long requestId = requests.nextId();
        final HostRequests.Request request = requests.register(requestId);
        try
        {
            try
            {
                link.connect();
                requests.send(request, () -> host.commit(requestId, sessionId, transactionId, messages,
                    acknowledgements));
            }
            catch (final JMSException ex)
            {
                final TransactionRolledBackException notSent = new TransactionRolledBackException("the commit was " +
                    "not sent, so nothing of it applied: " + ex.getMessage(), ex.getErrorCode());
                notSent.setLinkedException(ex);
                notSent.initCause(ex);
                throw notSent;
            }
            requests.await(request, "the transaction's commit");
            HostRequests.throwIfRefused(request);
        }
        finally
        {
            requests.forget(requestId);
        }
    }

    /**
     * Opens this client's session with the host, if it needs one (it reaches the host over UDP, or sends
     * credentials) and has none: sends Connect and waits for the answer. Called before every request, so a client
     * whose host was lost connects again to the host that runs next on the same endpoint.
     *
     * @throws JMSException JMSSecurityException if the host refuses the credentials; a JMSException if it refuses
     *                      otherwise or cannot be reached.
     */
    public void connect() throws JMSException
    {
        link.connect();
    }

    /**
     * Why the host was lost, once: the connection tells its exception listener.
     *
     * @return the reason, or null if the host is not lost or this was said already.
     */
    public String takeLostReason()
    {
        return link.takeLostReason();
    }

    /** @return a new id for a consumer or a request, unique within this client. */
    public long nextId()
    {
        return requests.nextId();
    }

    /**
     * Opens a consumer on a queue and waits for the host to accept it.
     *
     * @param queueName the queue.
     * @param selector  the selector, or empty.
     * @param credit    how many messages the host may send ahead.
     * @param consumerId the consumer's id from {@link #nextId()}.
     * @param inbox      the consumer's inbox, which the host's deliveries go into until the consumer closes.
     * @throws JMSException if the host refuses (InvalidSelectorException for a bad selector) or cannot be reached.
     */
    public void subscribe(
        final String queueName, final String selector, final int credit, final long consumerId, final QueueInbox inbox)
        throws JMSException
    {
        link.connect();
        routing.open(queueName, consumerId, credit,
            () -> host.subscribe(consumerId, credit, queueName, selector), inbox);
    }

    /**
     * Opens a consumer on a shared topic subscription and waits for the host to accept it.
     *
     * @param topic      the topic.
     * @param selector   the selector, or empty.
     * @param key        the subscription's identity (client id and name).
     * @param channel    the topic's channel.
     * @param streamId   the topic's stream.
     * @param credit     how many messages the host may send ahead.
     * @param consumerId the consumer's id from {@link #nextId()}.
     * @param inbox      the consumer's inbox, which the host's deliveries go into until the consumer closes.
     * @throws JMSException if the host refuses or cannot be reached.
     */
    public void subscribeShared(
        final String topic, final String selector, final String key, final String channel, final int streamId,
        final int credit, final long consumerId, final QueueInbox inbox) throws JMSException
    {
        link.connect();
        routing.open("shared subscription '" + key + "'", consumerId, credit,
            () -> host.subscribeShared(consumerId, credit, topic, selector, key, channel, streamId), inbox);
    }

    /**
     * Opens a consumer on a durable subscription, creating or replacing the subscription as the
     * specification says, and waits for the host to accept it.
     *
     * @param topic      the topic.
     * @param selector   the selector, or empty.
     * @param key        the subscription's identity (client id, "/", name).
     * @param channel    the topic's channel.
     * @param streamId   the topic's stream.
     * @param shared     whether the subscription is shared.
     * @param noLocal    whether the subscriber's own connection's messages are left out.
     * @param credit     how many messages the host may send ahead.
     * @param consumerId the consumer's id from {@link #nextId()}.
     * @param inbox      the consumer's inbox, which the host's deliveries go into until the consumer closes.
     * @throws JMSException if the host refuses (an active consumer, a shared/unshared clash, no archive) or
     *                      cannot be reached.
     */
    public void subscribeDurable(
        final String topic, final String selector, final String key, final String channel, final int streamId,
        final boolean shared, final boolean noLocal, final int credit, final long consumerId, final QueueInbox inbox)
        throws JMSException
    {
        link.connect();
        routing.open("durable subscription '" + key + "'", consumerId, credit,
            () -> host.subscribeDurable(consumerId, credit, topic, selector, key, channel, streamId, shared, noLocal),
            inbox);
    }

    /**
     * Deletes a durable subscription.
     *
     * @param key the subscription's identity (client id, "/", name).
     * @throws JMSException InvalidDestinationException if there is none, IllegalStateException if it has an
     *                      active consumer, or a JMSException if the host cannot be reached.
     */
    public void unsubscribe(final String key) throws JMSException
    {
        link.connect();
        final long requestId = requests.nextId();
        final HostRequests.Request request = requests.register(requestId);
        final long firstSentAt;
        try
        {
            requests.send(request, () -> host.unsubscribe(requestId, key));
            firstSentAt = request.sentAt;
            requests.await(request, "durable subscription '" + key + "'");
        }
        finally
        {
            requests.forget(requestId);
        }
        if (request.sentAt != firstSentAt && ErrorCode.INVALID_DESTINATION == request.code)
        {
            // sent again to a clustered host's new leader: the lost leader had applied it, and the answer was lost
            return;
        }
        HostRequests.throwIfRefused(request);
    }

    /**
     * Asks the host for a queue's waiting messages, in delivery order.
     *
     * @param queueName the queue.
     * @param selector  the selector, or empty.
     * @return the envelopes.
     * @throws JMSException if the host refuses or cannot be reached.
     */
    public List<byte[]> browse(final String queueName, final String selector) throws JMSException
    {
        link.connect();
        return browses.browse(queueName, selector);
    }

    /**
     * Takes room on a queue for messages about to be sent to it, asking the host for it and waiting when this
     * connection has not enough ({@link SendCredits}).
     *
     * @param queueName    the queue.
     * @param messages     how many messages.
     * @param bytes        their envelopes' bytes.
     * @param timeoutNs    how long to wait for room.
     * @param timeout      the setting the timeout comes from, for the message.
     * @param whileWaiting called between polls of the host while the room is not there (a listener's send has its
     *                     delivery thread deliver meanwhile); returns the work it did, 0 to let the thread yield.
     * @throws JMSException ResourceAllocationException when the queue or the host is full; InvalidDestinationException
     *                      for a queue that does not exist; a JMSException if the host cannot be reached.
     */
    public void acquireRoom(
        final String queueName, final int messages, final long bytes, final long timeoutNs, final String timeout,
        final IntSupplier whileWaiting)
        throws JMSException
    {
        credits.acquire(queueName, messages, bytes, timeoutNs, timeout, whileWaiting);
    }

    /**
     * Takes room on a clustered host's topic, on each of its shared and durable subscriptions, for messages about to
     * be forwarded to it ({@link #forwards}), asking the host for it and waiting when this connection has not enough
     * ({@link SendCredits#acquireOnTopic}).
     *
     * @param topic        the topic.
     * @param messages     how many messages.
     * @param bytes        their envelopes' bytes.
     * @param timeoutNs    how long to wait for room.
     * @param timeout      the setting the timeout comes from, for the message.
     * @param whileWaiting called between polls of the host while the room is not there; returns the work it did.
     * @throws JMSException ResourceAllocationException when a subscription of the topic is full; a JMSException if
     *                      the host cannot be reached.
     */
    public void acquireTopicRoom(
        final String topic, final int messages, final long bytes, final long timeoutNs, final String timeout,
        final IntSupplier whileWaiting)
        throws JMSException
    {
        credits.acquireOnTopic(topic, messages, bytes, timeoutNs, timeout, whileWaiting);
    }

    /**
     * What the host said of a queue message of a session that it refused on arrival, once.
     *
     * @param sessionId the session.
     * @return the exception for the session's next send or commit, or null.
     */
    public ResourceAllocationException takeSendRefusal(final int sessionId)
    {
        return credits.takeRefusal(sessionId);
    }

    /**
     * Whether this client's PERSISTENT queue sends wait for the host's archive ({@link #awaitRecorded}): it reaches
     * its host over UDP, and that host keeps its queues in the archive. A client over IPC waits for the archive
     * itself, through its own media driver's counters.
     *
     * @return true if a PERSISTENT queue send must wait for the host's confirmation.
     */
    public boolean confirmsPersistentSends()
    {
        return endpoint != null && confirmations.hostRecords();
    }

    /**
     * Waits until the host says it keeps a PERSISTENT queue message that this client sent: a single host over UDP once
     * its archive recorded it, a cluster once a majority's log holds it and the host applied it. A message sent to a
     * cluster goes again, with its identity, when a new leader took over while it waited, and when a second passed
     * without a confirmation (it may have gone to a leader that was lost before it took it into the log); the host
     * drops a copy of one it applied and confirms it again.
     *
     * @param sessionId  the sending session.
     * @param producerId the sending producer.
     * @param sequence   the message's sequence in its envelope.
     * @param timeoutNs  how long to wait.
     * @param timeout    the setting the timeout comes from, for the message.
     * @param idle       how to wait between polls of the reply stream: the session's idle strategy, never a spin, so
     *                   that a producer waiting for each send leaves the cores to the drivers and the host.
     * @param again      sends the message again, unchanged, with the session's other unconfirmed messages, in the
     *                   order they were first sent.
     * @param sentAt     {@link #leaderChanges()} before the message was sent.
     * @param startNs    the {@link System#nanoTime()} the timeout counts from: when the message was sent, for an
     *                   asynchronous send whose wait begins once the sends before it were confirmed.
     * @throws JMSException ResourceAllocationException if the host refused a message of the session; a JMSException
     *                      if the host was lost, or did not confirm in time.
     */
    public void awaitRecorded(
        final int sessionId, final int producerId, final long sequence, final long timeoutNs, final String timeout,
        final IdleStrategy idle, final SendAgain again, final long sentAt, final long startNs) throws JMSException
    {
        final long start = startNs;
        long sentNs = System.nanoTime();
        long leaderChanges = sentAt;
        idle.reset();
        while (!confirmations.isRecorded(sessionId, producerId, sequence))
        {
            final ResourceAllocationException refused = credits.takeRefusal(sessionId);
            if (refused != null)
            {
                throw refused;
            }
            throwIfFailoverFailed("a PERSISTENT message this send or commit sent");
            // a cluster's session opened again waits for its new host session: the message goes again then
            if (null == cluster && (!link.isOpen() || host.hostSeen() && !host.isConnected()))
            {
                throw new JMSException("the queue host at " + where + " was lost before " + keeps() + " a " +
                    "PERSISTENT message: it may not have been kept (it is delivered if the host kept it); " +
                    "send it again once the host runs, or check the driver");
            }
            final long now = System.nanoTime();
            // while a cluster elects a new leader the wait is failoverTimeout's, not sendTimeout's
            if (now - start > timeoutNs && !awaitingLeader(now))
            {
                throw new JMSException("the queue host at " + where + " did not confirm within " + timeout +
                    " that " + keeps() + " a PERSISTENT message: it may not survive a failure of the host " +
                    "(it is delivered if the host kept it); " + (null == cluster ? "check the host's archive " +
                    "(driver log)" : "check that a majority of the cluster's members run (" + cluster.describe() +
                    ")") + ", or raise sendTimeout");
            }
            // only into an open session: a copy sent before the Connect of a new one would find no producers to
            // be checked against
            if (null != cluster && link.isOpen() &&
                (cluster.leaderChanges() != leaderChanges || now - sentNs > RESEND_INTERVAL_NS))
            {
                leaderChanges = cluster.leaderChanges();
                sentNs = now;
                again.send();
            }
            idle.idle(poll());
        }
    }

    /**
     * Whether the host confirmed that it keeps a PERSISTENT queue message this client sent, as
     * {@link #awaitRecorded} waits for.
     *
     * @param sessionId  the sending session.
     * @param producerId the sending producer.
     * @param sequence   the message's sequence in its envelope.
     * @return true once the host confirmed it, or a later message of the producer.
     */
    public boolean isRecorded(final int sessionId, final int producerId, final long sequence)
    {
        return confirmations.isRecorded(sessionId, producerId, sequence);
    }

    /**
     * Whether this client waits for a clustered host's leader now: nothing came from the cluster for longer than a
     * leader's heartbeats leave (it heartbeats each session every {@link QueueStreams#HEARTBEAT_INTERVAL_MS} ms), as
     * while it elects a new one. A wait for the host then lasts up to {@code failoverTimeout}
     * ({@link #throwIfFailoverFailed}) rather than the wait's own timeout.
     *
     * @param now {@link System#nanoTime()}.
     * @return false for a host that is no cluster.
     */
    public boolean awaitingLeader(final long now)
    {
        return link.awaitingLeader(now);
    }

    /**
     * Throws when a clustered host had no leader for {@code failoverTimeout}: the connection took it for lost, and
     * what waited on it has an unknown outcome.
     *
     * @param what what waited, for the message: "this PERSISTENT send", "this commit".
     * @throws JMSException saying the outcome is unknown, naming the members and the majority they need.
     */
    public void throwIfFailoverFailed(final String what) throws JMSException
    {
        if (link.isLost())
        {
            link.throwIfFailoverFailed("the outcome of " + what + " is unknown (it took effect if the cluster " +
                "committed it before it lost its leader)");
        }
    }

    /**
     * How many times a cluster's new leader took over since this client connected: a PERSISTENT message sent before
     * the count moved may have been lost with the old leader ({@link #awaitRecorded} sends it again).
     *
     * @return the count; 0 for a host that is no cluster.
     */
    public long leaderChanges()
    {
        return null == cluster ? 0 : cluster.leaderChanges();
    }

    /** @return how long a cluster's failovers lasted in all, as this client saw each; 0 for a single host. */
    public long failoverNanos()
    {
        return link.failoverNanos();
    }

    private String keeps()
    {
        return null == cluster ? "its archive recorded" : "a majority of the cluster committed";
    }

    /**
     * Sends a message again, unchanged, for {@link #awaitRecorded}: with the session's other unconfirmed messages, in
     * the order they were first sent.
     */
    @FunctionalInterface
    public interface SendAgain
    {
        /**
         * Sends them again.
         *
         * @throws JMSException if it cannot be sent.
         */
        void send() throws JMSException;
    }

    /**
     * Grants a consumer more credit.
     *
     * @param consumerId the consumer.
     * @param credit     how many more messages the host may send.
     * @throws JMSException if the host cannot be reached.
     */
    public void credit(final long consumerId, final int credit) throws JMSException
    {
        routing.credit(consumerId, credit);
    }

    /**
     * Acknowledges a delivery: the host forgets the message. Not sent for a delivery of a clustered host's session
     * that the host has given up since (the connection opened a new one, as after a restart of the whole cluster):
     * the host gave the message back to its queue, and it comes again, marked redelivered.
     *
     * @param consumerId the consumer.
     * @param deliveryId the delivery.
     * @return false if the delivery's session was given up, so the acknowledgement applies to nothing.
     * @throws JMSException if the host cannot be reached.
     */
    public boolean acknowledge(final long consumerId, final long deliveryId) throws JMSException
    {
        if (routing.isGivenUp(deliveryId))
        {
            return false;
        }
        host.acknowledge(consumerId, deliveryId);
        return true;
    }

    /**
     * @param inbox a consumer's inbox.
     * @return whether this client routes deliveries into it, i.e. its consumer is open; for tests.
     */
    public boolean routesTo(final QueueInbox inbox)
    {
        return routing.routesTo(inbox);
    }

    /**
     * Closes a consumer: undelivered messages in its inbox go back as they were, and those the
     * application saw but did not acknowledge go back marked redelivered.
     *
     * @param consumerId the consumer.
     * @throws JMSException if the host cannot be reached.
     */
    public void close(final long consumerId) throws JMSException
    {
        close(consumerId, false);
    }

    /**
     * Closes a consumer: what the host sent it and the application never saw (in its inbox, or still on
     * the way: the close first pauses it, a round trip) goes back as it was. Those the application saw
     * but did not acknowledge go back marked redelivered, unless its session still holds them: then the
     * host keeps them in flight until the session acknowledges them ({@link #acknowledge}) or gives them
     * back ({@link #giveBack}).
     *
     * @param consumerId      the consumer.
     * @param sessionHoldsAny whether the consumer's session still holds deliveries of it.
     * @throws JMSException if the host cannot be reached.
     */
    public void close(final long consumerId, final boolean sessionHoldsAny) throws JMSException
    {
        routing.close(consumerId, sessionHoldsAny);
    }

    /**
     * Gives a delivery the application saw back to its queue, marked redelivered, into the place the
     * queue had it: a recovered or rolled back message of a consumer that has closed.
     *
     * @param consumerId the consumer it was delivered to.
     * @param deliveryId the delivery.
     * @throws JMSException if the host cannot be reached.
     */
    public void giveBack(final long consumerId, final long deliveryId) throws JMSException
    {
        host.giveBack(consumerId, deliveryId, true);
    }

    /**
     * Waits until a clustered host has applied everything this client sent before, for a {@code CLIENT_ACKNOWLEDGE}
     * session's {@code acknowledge()} and a commit: their acknowledgements are then in a majority's log, and a message
     * acknowledged does not come again after a failover. It asks the host for a barrier, a {@code Pause} of no
     * consumer ({@link #NO_CONSUMER}), which changes nothing and is answered once applied, after what this client sent
     * before it; at a new leader it goes again after the acknowledgements the lost leader may not have committed
     * ({@code RecentSettlements}). A single host returns at once: nothing replicates its acknowledgements.
     *
     * @throws JMSException if no leader answered within {@code failoverTimeout}, or the host cannot be reached.
     */
    public void awaitSettled() throws JMSException
    {
        if (null == cluster)
        {
            return;
        }
        requests.ask((requestId) -> host.pause(NO_CONSUMER, requestId), "the acknowledgements to be committed");
    }

    /**
     * Stops deliveries to a consumer whose connection stopped: the host sends it nothing more until
     * {@link #credit} grants it some, and what it had sent ahead goes back to the queue as it was.
     *
     * @param consumerId the consumer.
     * @throws JMSException if the host cannot be reached.
     */
    public void pause(final long consumerId) throws JMSException
    {
        routing.pause(consumerId);
    }

    /**
     * Creates or deletes a temporary queue at the host, without waiting for an answer. A clustered host's new leader is
     * asked to create again the temporary queues this client has (the host takes one it has for the same), before a
     * request waiting goes again, so that a temporary queue whose creation reached only a lost leader lives on.
     *
     * @param name   the temporary queue's name.
     * @param create true to create, false to delete.
     * @throws JMSException if the host cannot be reached.
     */
    public void temporaryQueue(final String name, final boolean create) throws JMSException
    {
        link.connect();
        host.temporaryQueue(name, create);
    }

    /**
     * @return whether a queue host subscribes to this client's requests now; for a cluster, whether it has a leader
     *         (one was heard lately, and the connection has not taken the cluster for lost).
     */
    public boolean isHostConnected()
    {
        return null == cluster ? host.isConnected() : !link.isLost() && !awaitingLeader(System.nanoTime());
    }

    /**
     * Routes what the host sent; called by the connection's delivery thread and by waiting threads.
     *
     * @return the number of frames read.
     */
    public int poll()
    {
        return link.poll(replyHandler);
    }

    @Override
    public void close()
    {
        host.close();
        link.close();
        if (null != cluster)
        {
            cluster.close();
        }
    }
}
