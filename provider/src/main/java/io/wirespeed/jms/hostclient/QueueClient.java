package io.wirespeed.jms.hostclient;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.InvalidSelectorException;
import javax.jms.JMSException;
import javax.jms.JMSSecurityException;
import javax.jms.ResourceAllocationException;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.jms.config.MediaChannels;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * A connection's side of the queue protocol: requests to the host ({@link HostProxy}), the reply stream from it
 * ({@link ResponseAdapter}), and the routing of deliveries into consumers' inboxes. Thread safe: sessions on several
 * threads send through it; whoever polls the reply stream (the connection's delivery thread, or a
 * thread waiting for an answer) routes what arrives.
 * <p>
 * The host is the one of the connection's media driver, over IPC, or one named by its {@code ADDRESS:PORT}, over
 * UDP: then requests and queue messages go to that endpoint and the host answers on an Aeron response channel of
 * this client's control publication. A client that reaches its host over UDP, or sends credentials, opens a session
 * first ({@link #connect}); while it has one it sends a heartbeat when it has sent nothing else for a while, and
 * takes the host for lost when it has heard nothing from it for the driver timeout.
 */
public final class QueueClient implements AutoCloseable
{
    private static final System.Logger LOGGER = System.getLogger(QueueClient.class.getName());

    private final long hostTimeoutNs;
    private final HostProxy host;
    private volatile TransportSubscription replies;
    private final Transport transport;
    private final int replyStream;
    private final Map<Long, QueueInbox> inboxes = new ConcurrentHashMap<>();
    private final Map<Long, Request> requests = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final ReentrantLock pollLock = new ReentrantLock();
    private final MessageHandler replyHandler;
    private final String endpoint;
    private final String channel;
    private final String user;
    private final String password;
    private final boolean needsSession;
    private final long keepAliveNs = QueueStreams.HEARTBEAT_INTERVAL_MS * 1_000_000L;
    private final long hostLostNs;
    private final ReentrantLock connectLock = new ReentrantLock();
    private final Map<Long, Reopen> subscriptions = new ConcurrentHashMap<>();
    private volatile boolean sessionOpen;
    private volatile boolean everOpen;
    private long lastReconnectNs;
    private volatile PendingConnect pendingConnect;
    private volatile long lastHeardNs;
    private volatile String lostReason;
    private final SendCredits credits;
    private final SendConfirmations confirmations = new SendConfirmations();

    /**
     * Opens the client's streams to the host of its media driver, over IPC, without credentials.
     *
     * @param transport     the transport whose media driver the host shares.
     * @param id            the connection's id.
     * @param hostTimeoutMs how long to wait for the host to answer before saying it is unreachable.
     */
    public QueueClient(final Transport transport, final ConnectionId id, final long hostTimeoutMs)
    {
        this(transport, id, hostTimeoutMs, null, null, null, hostTimeoutMs);
    }

    /**
     * Opens the client's streams to a host.
     *
     * @param transport       the transport (a media driver of this JVM, or the host's own over IPC).
     * @param id              the connection's id.
     * @param hostTimeoutMs   how long to wait for the host to answer before saying it is unreachable.
     * @param endpoint        the host's {@code ADDRESS:PORT} over UDP, or null for the host of the media driver.
     * @param user            the user sent in Connect, or null for none.
     * @param password        the password sent in Connect, or null for none.
     * @param driverTimeoutMs how long the host may stay silent before it is taken for lost.
     */
    public QueueClient(
        final Transport transport, final ConnectionId id, final long hostTimeoutMs, final String endpoint,
        final String user, final String password, final long driverTimeoutMs)
    {
        this.transport = transport;
        this.replyStream = QueueStreams.replyStream(id.high(), id.low());
        this.hostTimeoutNs = hostTimeoutMs * 1_000_000L;
        this.hostLostNs = driverTimeoutMs * 1_000_000L;
        this.endpoint = endpoint;
        this.user = user;
        this.password = password;
        this.needsSession = endpoint != null || user != null;
        final TransportPublication control;
        if (endpoint == null)
        {
            this.channel = MediaChannels.queueHost();
            this.replies = transport.addSubscription(channel, replyStream);
            control = transport.addPublication(channel, QueueStreams.CONTROL_STREAM);
        }
        else
        {
            this.channel = MediaChannels.queueHostUdp(endpoint);
            this.replies = transport.addSubscription(MediaChannels.queueHostResponses(endpoint), replyStream);
            control = transport.addPublication(MediaChannels.queueHostRequests(endpoint, replies.registrationId()),
                QueueStreams.CONTROL_STREAM);
        }
        this.host = new HostProxy(control, id, replyStream, hostTimeoutNs,
            endpoint == null ? channel : "host=" + endpoint + " (UDP)");
        this.replyHandler = new ResponseAdapter(this, id);
        this.credits = new SendCredits(this, host);
    }

    /** @return the channel queue messages go to the host on: IPC of the media driver, or the host's UDP endpoint. */
    public String inboundChannel()
    {
        return channel;
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
        if (!needsSession || sessionOpen)
        {
            return;
        }
        connectLock.lock();
        try
        {
            if (sessionOpen)
            {
                return;
            }
            final PendingConnect pending = pendingConnect != null ? pendingConnect : sendConnect(true);
            pendingConnect = null;
            try
            {
                await(pending.request, "a Connect", false);
            }
            finally
            {
                requests.remove(pending.requestId);
            }
            opened(pending.request);
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
        final long requestId = nextId();
        final Request request = new Request();
        requests.put(requestId, request);
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
                requests.remove(requestId);
            }
        }
        return sent ? new PendingConnect(requestId, request, System.nanoTime()) : null;
    }

    /** The host answered a Connect: the session is open, or the refusal is thrown. Under the connect lock. */
    private void opened(final Request request) throws JMSException
    {
        if (request.refusal != null)
        {
            throw request.code == ErrorCode.AUTHENTICATION_FAILED ?
                new JMSSecurityException(request.refusal, request.code.name()) :
                refusal(request.code, request.refusal);
        }
        lastHeardNs = System.nanoTime();
        sessionOpen = true;
        if (everOpen)
        {
            LOGGER.log(System.Logger.Level.INFO, "connected again to the queue host at " + where() + "; reopening " +
                subscriptions.size() + " consumer(s)");
            resubscribe();
        }
        everOpen = true;
    }

    /**
     * Opens this client's consumers again at a host that runs again after it was lost: what their inboxes held came
     * from the lost host and is dropped (a host with the archive delivers its unacknowledged PERSISTENT messages
     * again, marked redelivered).
     */
    private void resubscribe() throws JMSException
    {
        for (final Map.Entry<Long, Reopen> entry : subscriptions.entrySet())
        {
            final long consumerId = entry.getKey();
            final QueueInbox inbox = inboxes.get(consumerId);
            final Reopen reopen = entry.getValue();
            if (inbox != null)
            {
                // what it drops was never taken by the application, which so never gives that credit back
                final int dropped = inbox.drain().length;
                final long owed;
                synchronized (reopen)
                {
                    owed = reopen.outstanding + dropped;
                    reopen.outstanding = owed;
                }
                reopen.send.send();
                if (owed > reopen.initialCredit)
                {
                    host.credit(consumerId, (int)Math.min(Integer.MAX_VALUE, owed - reopen.initialCredit));
                }
            }
        }
        LOGGER.log(System.Logger.Level.INFO, "connected again to the queue host at " + where() + "; opened " +
            subscriptions.size() + " consumers there again");
    }

    /**
     * While the host is lost, sends a Connect now and then without waiting, so that consumers carry on without a
     * send, and opens the session when the answer came: the delivery thread that calls this never blocks on it.
     */
    private void reconnectIfDue()
    {
        if (!needsSession || !everOpen || sessionOpen || !connectLock.tryLock())
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
                    requests.remove(pending.requestId);
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
            LOGGER.log(System.Logger.Level.WARNING, "could not connect again to the queue host at " + where() + ": " +
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
    public String takeLostReason()
    {
        final String reason = lostReason;
        if (reason != null)
        {
            lostReason = null;
        }
        return reason;
    }

    /** @return where this client reaches its host, for messages. */
    private String where()
    {
        return endpoint == null ? channel : "host=" + endpoint + " (UDP)";
    }

    /** Something came from the host: it is alive. */
    void onHeard()
    {
        lastHeardNs = System.nanoTime();
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
            LOGGER.log(System.Logger.Level.WARNING, "could not open new streams to the queue host at " + where() +
                "; this connection cannot reach it again: " + ex.getMessage());
        }
    }

    /** Checks the session's liveness, and sends a heartbeat when nothing else went for a while. */
    private void keepAlive()
    {
        if (!sessionOpen)
        {
            return;
        }
        final long now = System.nanoTime();
        if (now - lastHeardNs > hostLostNs)
        {
            sessionOpen = false;
            lostReason = "the queue host at " + where() + " sent nothing, not even a heartbeat, for the driver " +
                "timeout (" + hostLostNs / 1_000_000 + " ms): it stopped, or the network between is down; queue " +
                "requests fail until it runs again, then this connection connects to it again";
            LOGGER.log(System.Logger.Level.WARNING, lostReason);
            for (final Map.Entry<Long, Request> entry : requests.entrySet())
            {
                final Request request = entry.getValue();
                request.code = ErrorCode.NOT_CONNECTED;
                request.refusal = lostReason;
                request.done = true;
            }
            relink();
            return;
        }
        if (now - host.lastSentNs() > keepAliveNs)
        {
            host.keepAlive();
        }
    }

    /** @return a new id for a consumer or a request, unique within this client. */
    public long nextId()
    {
        return ids.incrementAndGet();
    }

    /**
     * Opens a consumer on a queue and waits for the host to accept it.
     *
     * @param queueName the queue.
     * @param selector  the selector, or empty.
     * @param credit    how many messages the host may send ahead.
     * @param consumerId the consumer's id from {@link #nextId()}.
     * @return the inbox the host's deliveries arrive in.
     * @throws JMSException if the host refuses (InvalidSelectorException for a bad selector) or cannot be reached.
     */
    public QueueInbox subscribe(final String queueName, final String selector, final int credit, final long consumerId)
        throws JMSException
    {
        return open(queueName, consumerId, credit,
            () -> host.subscribe(consumerId, credit, queueName, selector));
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
     * @return the inbox the host's deliveries arrive in.
     * @throws JMSException if the host refuses or cannot be reached.
     */
    public QueueInbox subscribeShared(
        final String topic, final String selector, final String key, final String channel, final int streamId,
        final int credit, final long consumerId) throws JMSException
    {
        return open("shared subscription '" + key + "'", consumerId, credit,
            () -> host.subscribeShared(consumerId, credit, topic, selector, key, channel, streamId));
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
     * @return the inbox the host's deliveries arrive in.
     * @throws JMSException if the host refuses (an active consumer, a shared/unshared clash, no archive) or
     *                      cannot be reached.
     */
    public QueueInbox subscribeDurable(
        final String topic, final String selector, final String key, final String channel, final int streamId,
        final boolean shared, final boolean noLocal, final int credit, final long consumerId) throws JMSException
    {
        return open("durable subscription '" + key + "'", consumerId, credit,
            () -> host.subscribeDurable(consumerId, credit, topic, selector, key, channel, streamId, shared, noLocal));
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
        connect();
        final long requestId = nextId();
        final Request request = new Request();
        requests.put(requestId, request);
        try
        {
            host.unsubscribe(requestId, key);
            await(request, "durable subscription '" + key + "'");
        }
        finally
        {
            requests.remove(requestId);
        }
        if (request.refusal != null)
        {
            throw refusal(request.code, request.refusal);
        }
    }

    private QueueInbox open(final String what, final long consumerId, final int credit, final HostRequest send)
        throws JMSException
    {
        connect();
        final QueueInbox inbox = new QueueInbox(what);
        inboxes.put(consumerId, inbox);
        final Request request = new Request();
        requests.put(consumerId, request);
        try
        {
            subscriptions.put(consumerId, new Reopen(send, credit));
            send.send();
            await(request, what);
            if (request.refusal != null)
            {
                subscriptions.remove(consumerId);
            }
        }
        catch (final JMSException ex)
        {
            inboxes.remove(consumerId);
            subscriptions.remove(consumerId);
            throw ex;
        }
        finally
        {
            requests.remove(consumerId);
        }
        if (request.refusal != null)
        {
            inboxes.remove(consumerId);
            throw refusal(request.code, request.refusal);
        }
        return inbox;
    }

    /** The JMS exception the specification names for a refusal of the host, with the host's message. */
    private static JMSException refusal(final ErrorCode code, final String why)
    {
        return switch (code)
        {
            case INVALID_DESTINATION -> new InvalidDestinationException(why);
            case ILLEGAL_STATE -> new IllegalStateException(why);
            case INVALID_SELECTOR -> new InvalidSelectorException(why);
            case AUTHENTICATION_FAILED -> new JMSSecurityException(why);
            case RESOURCE_LIMIT -> new ResourceAllocationException(why);
            default -> new JMSException(why);
        };
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
        connect();
        final long requestId = nextId();
        final Request request = new Request();
        requests.put(requestId, request);
        try
        {
            host.browse(requestId, queueName, selector);
            await(request, "queue '" + queueName + "'");
        }
        finally
        {
            requests.remove(requestId);
        }
        if (request.refusal != null)
        {
            throw refusal(request.code, request.refusal);
        }
        return request.items;
    }

    /**
     * Takes room on a queue for messages about to be sent to it, asking the host for it and waiting when this
     * connection has not enough ({@link SendCredits}).
     *
     * @param queueName the queue.
     * @param messages  how many messages.
     * @param bytes     their envelopes' bytes.
     * @param timeoutNs how long to wait for room.
     * @param timeout   the setting the timeout comes from, for the message.
     * @throws JMSException ResourceAllocationException when the queue or the host is full; InvalidDestinationException
     *                      for a queue that does not exist; a JMSException if the host cannot be reached.
     */
    public void acquireRoom(
        final String queueName, final int messages, final long bytes, final long timeoutNs, final String timeout)
        throws JMSException
    {
        credits.acquire(queueName, messages, bytes, timeoutNs, timeout);
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
     * Waits until the host says its archive recorded a PERSISTENT queue message that this client sent over UDP.
     *
     * @param sessionId  the sending session.
     * @param producerId the sending producer.
     * @param sequence   the message's sequence in its envelope.
     * @param timeoutNs  how long to wait.
     * @param timeout    the setting the timeout comes from, for the message.
     * @param idle       how to wait between polls of the reply stream: the session's idle strategy, never a spin, so
     *                   that a producer waiting for each send leaves the cores to the drivers and the host.
     * @throws JMSException ResourceAllocationException if the host refused a message of the session; a JMSException
     *                      if the host was lost, or did not confirm in time.
     */
    public void awaitRecorded(
        final int sessionId, final int producerId, final long sequence, final long timeoutNs, final String timeout,
        final IdleStrategy idle) throws JMSException
    {
        final long start = System.nanoTime();
        idle.reset();
        while (!confirmations.isRecorded(sessionId, producerId, sequence))
        {
            final ResourceAllocationException refused = credits.takeRefusal(sessionId);
            if (refused != null)
            {
                throw refused;
            }
            if (!sessionOpen || host.hostSeen() && !host.isConnected())
            {
                throw new JMSException("the queue host at " + where() + " was lost before its archive confirmed a " +
                    "PERSISTENT message: it may not have been kept (it is delivered if the host recorded it); " +
                    "send it again once the host runs, or check the driver");
            }
            if (System.nanoTime() - start > timeoutNs)
            {
                throw new JMSException("the queue host at " + where() + " did not confirm within " + timeout +
                    " that its archive recorded a PERSISTENT message: it may not survive a failure of the host " +
                    "(it is delivered if the host recorded it); check the host's archive (driver log), or raise " +
                    "sendTimeout");
            }
            idle.idle(poll());
        }
    }

    /**
     * The host keeps its queues in the archive: PERSISTENT sends wait for its confirmations.
     */
    void onRecordsQueues()
    {
        confirmations.onRecordsQueues();
    }

    /**
     * The host's archive recorded a producer's PERSISTENT queue messages up to a sequence.
     *
     * @param sessionId  the session.
     * @param producerId the producer.
     * @param sequence   the sequence.
     */
    void onRecorded(final int sessionId, final int producerId, final long sequence)
    {
        confirmations.onRecorded(sessionId, producerId, sequence);
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
        final Reopen reopen = subscriptions.get(consumerId);
        if (reopen != null)
        {
            synchronized (reopen)
            {
                reopen.outstanding += credit;
            }
        }
        host.credit(consumerId, credit);
    }

    /**
     * Acknowledges a delivery: the host forgets the message.
     *
     * @param consumerId the consumer.
     * @param deliveryId the delivery.
     * @throws JMSException if the host cannot be reached.
     */
    public void acknowledge(final long consumerId, final long deliveryId) throws JMSException
    {
        host.acknowledge(consumerId, deliveryId);
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
        if (inboxes.containsKey(consumerId))
        {
            // the host answers a pause after everything it sent the consumer: all of that goes back unseen,
            // none of it crosses the close and comes back marked redelivered
            pause(consumerId);
        }
        inboxes.remove(consumerId);
        subscriptions.remove(consumerId);
        host.closeConsumer(consumerId, sessionHoldsAny);
    }

    private void returnUnseen(final long consumerId, final QueueInbox inbox) throws JMSException
    {
        for (final long deliveryId : inbox.drain())
        {
            host.giveBack(consumerId, deliveryId, false);
        }
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
     * Stops deliveries to a consumer whose connection stopped: the host sends it nothing more until
     * {@link #credit} grants it some, and what it had sent ahead goes back to the queue as it was.
     *
     * @param consumerId the consumer.
     * @throws JMSException if the host cannot be reached.
     */
    public void pause(final long consumerId) throws JMSException
    {
        final long requestId = nextId();
        final Request request = new Request();
        requests.put(requestId, request);
        try
        {
            host.pause(consumerId, requestId);
            await(request, "a stopped consumer");
        }
        finally
        {
            requests.remove(requestId);
        }
        final Reopen reopen = subscriptions.get(consumerId);
        if (reopen != null)
        {
            synchronized (reopen)
            {
                reopen.outstanding = 0;
            }
        }
        final QueueInbox inbox = inboxes.get(consumerId);
        if (inbox != null)
        {
            returnUnseen(consumerId, inbox);
        }
    }

    /**
     * Creates or deletes a temporary queue at the host.
     *
     * @param name   the temporary queue's name.
     * @param create true to create, false to delete.
     * @throws JMSException if the host cannot be reached.
     */
    public void temporaryQueue(final String name, final boolean create) throws JMSException
    {
        connect();
        host.temporaryQueue(name, create);
    }

    /** @return whether a queue host subscribes to this client's requests now. */
    public boolean isHostConnected()
    {
        return host.isConnected();
    }

    /**
     * Routes what the host sent; called by the connection's delivery thread and by waiting threads.
     *
     * @return the number of frames read.
     */
    public int poll()
    {
        if (!pollLock.tryLock())
        {
            return 0;
        }
        try
        {
            final int read = replies.poll(replyHandler, 64);
            keepAlive();
            reconnectIfDue();
            return read;
        }
        finally
        {
            pollLock.unlock();
        }
    }

    /**
     * A delivery arrived: into its consumer's inbox, or back to the host if the consumer has closed.
     *
     * @param consumerId    the consumer.
     * @param deliveryId    the delivery.
     * @param deliveryCount JMSXDeliveryCount.
     * @param buffer        holding the envelope, valid during the call.
     * @param offset        where the envelope starts.
     * @param length        its length.
     */
    void onDeliver(
        final long consumerId, final long deliveryId, final int deliveryCount, final DirectBuffer buffer,
        final int offset, final int length)
    {
        final QueueInbox inbox = inboxes.get(consumerId);
        final Reopen reopen = subscriptions.get(consumerId);
        if (reopen != null)
        {
            synchronized (reopen)
            {
                reopen.outstanding--;
            }
        }
        if (inbox != null)
        {
            inbox.add(buffer, offset, length, deliveryId, deliveryCount);
        }
        else
        {
            returnInTransit(consumerId, deliveryId);
        }
    }

    /**
     * A request succeeded.
     *
     * @param correlationId the request's (or consumer's) id.
     */
    void onAccepted(final long correlationId)
    {
        complete(correlationId, ErrorCode.GENERIC, null);
    }

    /**
     * A request failed.
     *
     * @param correlationId the request's (or consumer's) id.
     * @param code          what kind of failure.
     * @param message       the host's message.
     */
    void onRefused(final long correlationId, final ErrorCode code, final String message)
    {
        if (!credits.onRefused(correlationId, code, message))
        {
            complete(correlationId, code, message);
        }
    }

    /**
     * The host granted room on a queue.
     *
     * @param correlationId the request's id.
     * @param queue         the queue.
     * @param messages      how many messages.
     * @param bytes         how many envelope bytes.
     */
    void onSendGrant(final long correlationId, final String queue, final int messages, final long bytes)
    {
        credits.onGrant(correlationId, queue, messages, bytes);
    }

    /**
     * The host refused and dropped a queue message of a session.
     *
     * @param sessionId the session.
     * @param queue     the queue.
     * @param message   the host's message.
     */
    void onSendRefused(final int sessionId, final String queue, final String message)
    {
        credits.onSendRefused(sessionId, queue, message);
    }

    /**
     * One message of a browse.
     *
     * @param correlationId the browse's id.
     * @param envelope      the envelope.
     */
    void onBrowseItem(final long correlationId, final byte[] envelope)
    {
        final Request request = requests.get(correlationId);
        if (request != null)
        {
            request.items.add(envelope);
        }
    }

    /**
     * The end of a browse.
     *
     * @param correlationId the browse's id.
     */
    void onBrowseEnd(final long correlationId)
    {
        complete(correlationId, ErrorCode.GENERIC, null);
    }

    /** A delivery that crossed its consumer's close goes back as it was; the host ignores it if it took it back. */
    private void returnInTransit(final long consumerId, final long deliveryId)
    {
        try
        {
            host.giveBack(consumerId, deliveryId, false);
        }
        catch (final JMSException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "could not give back delivery " + deliveryId + " of closed " +
                "consumer " + consumerId + "; the host returns it when this connection goes: " + ex.getMessage());
        }
    }

    private void complete(final long requestId, final ErrorCode code, final String refusal)
    {
        final Request request = requests.get(requestId);
        if (request != null)
        {
            request.code = code;
            request.refusal = refusal;
            request.done = true;
        }
    }

    private void await(final Request request, final String what) throws JMSException
    {
        await(request, what, true);
    }

    private void await(final Request request, final String what, final boolean inSession) throws JMSException
    {
        final long deadline = System.nanoTime() + hostTimeoutNs;
        while (!request.done)
        {
            if (poll() == 0)
            {
                Thread.yield();
            }
            if (inSession && host.hostSeen() && !host.isConnected())
            {
                throw hostGone(where());
            }
            if (System.nanoTime() > deadline)
            {
                throw unreachable(what, hostTimeoutNs, where());
            }
        }
    }

    /**
     * The host was there and has gone (stopped, or the process that ran it is ending): waiting out the
     * timeout would only hold up, for instance, a close during the JVM's shutdown.
     */
    static JMSException hostGone(final String where)
    {
        return new JMSException("the queue host has gone from " + where + ": it was stopped, or the " +
            "process that ran it is ending; start it again, or check the driver");
    }

    static JMSException unreachable(final String what, final long hostTimeoutNs, final String where)
    {
        return new JMSException("no queue host answered for " + what + " within " + hostTimeoutNs / 1_000_000 +
            " ms on " + where + ": queues are hosted by the Wirespeed driver process " +
            "(driver=external, or the one host= names: check that it runs with wirespeed.host.endpoint set to that " +
            "ADDRESS:PORT) or inside this JVM with the embedded driver; start the driver, or check aeronDir");
    }

    @Override
    public void close()
    {
        host.close();
        replies.close();
    }

    /** Sends one request to the host. */
    @FunctionalInterface
    private interface HostRequest
    {
        void send() throws JMSException;
    }

    /** How to open a consumer again at a host that runs again, and the credit the lost host owed it. */
    private static final class Reopen
    {
        final HostRequest send;
        final int initialCredit;
        long outstanding;

        Reopen(final HostRequest send, final int initialCredit)
        {
            this.send = send;
            this.initialCredit = initialCredit;
            this.outstanding = initialCredit;
        }
    }

    /** A Connect sent and not yet answered. */
    private record PendingConnect(long requestId, Request request, long sentNs)
    {
    }

    /** A request waiting for the host's answer. */
    private static final class Request
    {
        final List<byte[]> items = new ArrayList<>();
        volatile boolean done;
        volatile ErrorCode code;
        volatile String refusal;
    }
}
