package io.wirespeed.jms;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import javax.jms.Connection;
import javax.jms.ConnectionConsumer;
import javax.jms.ConnectionMetaData;
import javax.jms.Destination;
import javax.jms.ExceptionListener;
import javax.jms.IllegalStateException;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.QueueConnection;
import javax.jms.QueueSession;
import javax.jms.ServerSessionPool;
import javax.jms.Session;
import javax.jms.Topic;
import javax.jms.TopicConnection;
import javax.jms.TopicSession;

import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.SystemEpochClock;

import io.wirespeed.jms.config.ArchiveMode;
import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.connection.AsyncFaults;
import io.wirespeed.jms.connection.ClientIdentity;
import io.wirespeed.jms.connection.QueueHostLink;
import io.wirespeed.jms.connection.TemporaryDestinations;
import io.wirespeed.jms.consumer.SourceConnection;
import io.wirespeed.jms.delivery.ConnectionPoller;
import io.wirespeed.jms.delivery.DeliveryConnection;
import io.wirespeed.jms.delivery.DeliveryGate;
import io.wirespeed.jms.delivery.ListenerThreads;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TemporaryOwner;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.intake.TopicStreams;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.runtime.WirespeedRuntime;
import io.wirespeed.jms.send.SendConnection;
import io.wirespeed.jms.send.SessionSender;
import io.wirespeed.jms.topic.ResolvedTopic;
import io.wirespeed.jms.topic.TopicResolution;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.transport.PersistenceWatch;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;

/**
 * A connection: a light view on a {@link WirespeedRuntime}, which holds what every connection to one media driver
 * shares (the Aeron client, the link to the queue host, topic resolution, publications, counters in the driver).
 * Opening one makes nothing in the driver and starts no thread; what it needs of its own is made when first used: one
 * delivery thread, started with the first message listener, that delivers messages to the listeners of all its
 * sessions, so listeners of one connection run one at a time; synchronous receives poll on the caller's thread.
 * <p>
 * Its public methods beyond the JMS interfaces are the views its own packages have of it
 * ({@link DeliveryConnection}, {@link SourceConnection}, {@link SendConnection}, and a few for tests): they are for
 * the provider, not for applications, and may change in any release.
 */
public class JmsConnection
    implements Connection, TopicConnection, QueueConnection, TemporaryOwner,
    DeliveryConnection, SourceConnection, SendConnection
{
    /** Names of temporary topics start with this. */
    /** The error code of the exception that tells a connection's listener its consumers lost messages. */
    public static final String SLOW_CONSUMER_LOSS = "WIRESPEED_SLOW_CONSUMER_LOSS";
    public static final String TEMPORARY_TOPIC_PREFIX = TemporaryDestinations.TEMPORARY_TOPIC_PREFIX;

    private final ConnectionConfig config;
    private final TopicRouting routing;
    private final ConnectionId id;
    private final String userName;
    private final AsyncFaults faults = new AsyncFaults(this::isClosed);
    private final ClientIdentity clientId = new ClientIdentity();
    private final WirespeedRuntime runtime;
    private final Set<Advertised> advertised = ConcurrentHashMap.newKeySet();
    private final Consumer<JMSException> runtimeFaults = this::onAsyncException;
    private final ConnectionPoller poller;
    private final TopicStreams topicStreams;
    private volatile TopicResolution resolution;
    private final DeliveryGate delivery;
    private final QueueHostLink queueHost;
    private final TemporaryDestinations temporaries;
    private final ConnectionMetrics metrics;
    private final List<JmsSession> sessions = new CopyOnWriteArrayList<>();
    private final Set<Integer> sessionNumbers = ConcurrentHashMap.newKeySet();
    private final ConnectionId senderId;
    private final Object stateLock = new Object();

    private volatile boolean started;
    private volatile boolean closed;
    private volatile MessagingDomain restrictedTo;
    private volatile EpochClock clock = SystemEpochClock.INSTANCE;

    JmsConnection(final ConnectionConfig config, final String userName) throws JMSException
    {
        this(WirespeedRuntime.shared(config), config, userName, null);
    }

    /**
     * A connection; with a queue host named by {@code host=}, or credentials for the host of an external driver, it
     * opens its session with that host at once, sending the credentials, so that bad ones fail here.
     *
     * @param runtime  the runtime the connection is a view on.
     * @param config   the configuration.
     * @param userName the user the application named, or null for the URI's {@code user}.
     * @param password the password the application gave, or null for the URI's {@code password}.
     * @throws JMSException JMSSecurityException if the queue host refuses the credentials; a JMSException if the
     *                      connection cannot be made.
     */
    JmsConnection(
        final WirespeedRuntime runtime, final ConnectionConfig config, final String userName, final String password)
        throws JMSException
    {
        this.runtime = runtime;
        this.config = config;
        this.routing = new TopicRouting(config);
        this.id = ConnectionId.next();
        this.userName = userName;
        this.topicStreams = new TopicStreams(config, runtime.subscriptions(), this::onConsumerLoss);
        this.poller = new ConnectionPoller(this, config, topicStreams);
        this.delivery = new DeliveryGate(this, poller);
        final String user = userName != null ? userName : config.user();
        this.queueHost = new QueueHostLink(config, runtime, id, poller, user,
            userName != null ? password : config.password());
        this.temporaries = new TemporaryDestinations(id, this, queueHost);
        this.senderId = queueHost.shared() ? runtime.senderId() : id;
        runtime.attach(this, runtimeFaults);
        if (config.clientId() != null)
        {
            try
            {
                clientId.claim(config.clientId());
            }
            catch (final JMSException | RuntimeException ex)
            {
                runtime.detach(this, runtimeFaults);
                throw ex;
            }
        }
        this.metrics = ConnectionMetrics.open(id.toString(), runtime.metrics(), config.archive() == ArchiveMode.ON,
            queueHost);
        if (queueHost.connectsAtOnce())
        {
            try
            {
                queueHost.queueClient().connect();
            }
            catch (final JMSException ex)
            {
                close();
                throw ex;
            }
        }
    }

    /**
     * Makes this a QueueConnection or TopicConnection in the legacy sense, as made by the factory's
     * {@code createQueueConnection} or {@code createTopicConnection}: the other domain's connection consumers are
     * then refused with IllegalStateException.
     *
     * @param domain the connection's domain.
     * @return this connection.
     */
    JmsConnection restrictTo(final MessagingDomain domain)
    {
        this.restrictedTo = domain;
        return this;
    }

    /**
     * Replaces the clock that stamps and checks the times of this connection's messages (timestamp, expiration,
     * delivery time), for tests that move time themselves. Only topics: the queue host keeps its own clock.
     *
     * @param epochClock the clock, in milliseconds since the epoch.
     * @return this connection.
     */
    public JmsConnection clock(final EpochClock epochClock)
    {
        this.clock = epochClock;
        return this;
    }

    /** @return the clock that stamps and checks message times: the system's unless a test set another. */
    public EpochClock clock()
    {
        return clock;
    }

    /** @return the runtime's topic resolution for this connection's resolution stream: what it learned. */
    public TopicResolution resolution()
    {
        TopicResolution shared = resolution;
        if (null == shared)
        {
            shared = runtime.resolution(routing.resolutionStreamId(), config.resolutionInterval());
            resolution = shared;
        }
        return shared;
    }

    /**
     * Has the runtime advertise a topic this connection publishes, for as long as the connection is open (or others
     * publish it too).
     *
     * @param topic    the topic's name.
     * @param target   its channel.
     * @param streamId its partition stream.
     */
    public void advertise(final String topic, final TransportChannel target, final int streamId)
    {
        if (advertised.add(new Advertised(topic, target.channel())))
        {
            resolution().publishes(topic, target, streamId);
        }
    }

    /** @return the runtime this connection is a view on. */
    public WirespeedRuntime runtime()
    {
        return runtime;
    }

    /**
     * The live topics that topic resolution has learned on the channels this connection's wildcard consumers read:
     * those whose publishers' advertisements have not expired.
     *
     * @return each topic with its channel and partition stream, by name.
     */
    public List<ResolvedTopic> resolvedTopics()
    {
        return resolution().liveTopics();
    }

    /** @return the configuration this connection was created with. */
    public ConnectionConfig config()
    {
        return config;
    }

    /** @return where destinations travel. */
    public TopicRouting routing()
    {
        return routing;
    }

    /** @return this connection's unique id. */
    public ConnectionId id()
    {
        return id;
    }

    /**
     * The sender id this connection's messages carry (in their JMSMessageID): its own id, or, where it uses the
     * runtime's queue client, that client's, by which the queue host knows the sender of a queue message.
     *
     * @return the id.
     */
    public ConnectionId senderId()
    {
        return senderId;
    }

    /**
     * Whether a message was sent by this connection, for {@code noLocal}: its sender id is this connection's, and,
     * where that is the runtime's, its session was one of this connection's.
     *
     * @param decoder wrapping the message's envelope.
     * @return true if so.
     */
    public boolean sent(final io.wirespeed.jms.wire.MessageDecoder decoder)
    {
        return decoder.isFrom(senderId) && (senderId == id || sessionNumbers.contains(decoder.sessionId()));
    }

    /** @return the user name given when the connection was created, or null. */
    public String userName()
    {
        return userName;
    }

    /** @return this connection's figures: per destination sent and received, back-pressure, failures. */
    public ConnectionMetrics metrics()
    {
        return metrics;
    }

    /** @return the transport this connection's sessions publish and subscribe on. */
    public Transport transport()
    {
        return runtime.transport();
    }

    /**
     * Where a destination's messages travel from this connection: the transport and channel that
     * the routing rules give it, with RDMA channels served by UDP where the host has no RDMA.
     *
     * @param destinationName the destination's name.
     * @return the transport and channel.
     * @throws JMSException if no transport serves the channel, or it cannot be connected.
     */
    public TransportChannel channelFor(final String destinationName) throws JMSException
    {
        return transportChannel(routing.channel(destinationName), destinationName);
    }

    /**
     * The transport and channel that serve a channel URI, with RDMA served by UDP where the host has no RDMA.
     *
     * @param channel         the channel URI.
     * @param destinationName the destination it is for, named in errors.
     * @return the transport and channel.
     * @throws JMSException if no transport serves the channel, or it cannot be connected.
     */
    public TransportChannel transportChannel(final String channel, final String destinationName) throws JMSException
    {
        try
        {
            return runtime.resolve(channel);
        }
        catch (final TransportException ex)
        {
            throw JmsExceptions.wrap("cannot reach '" + destinationName + "' on " + channel + ": " + ex.getMessage(),
                ex);
        }
    }

    /**
     * Where a durable subscription's topic travels, refused where nothing can record it: a durable
     * subscription is fed from the archive's recording of the topic's stream, and only a transport with
     * a {@link PersistenceWatch} (Aeron) has streams an archive records. RDMA channels have none, so a
     * durable subscription on a topic routed over RDMA would never receive anything.
     *
     * @param topicName the topic's name.
     * @return the transport and channel.
     * @throws JMSException naming what to change when the topic's transport cannot be recorded.
     */
    public TransportChannel durableChannelFor(final String topicName) throws JMSException
    {
        final TransportChannel target = channelFor(topicName);
        if (target.transport().capability(PersistenceWatch.class).isEmpty())
        {
            throw new JMSException("a durable subscription on '" + topicName + "' cannot be kept: the topic " +
                "travels on " + target.channel() + ", whose transport nothing records (the archive records only " +
                "aeron: channels); route the topic over aeron:ipc or aeron:udp (route.<pattern>), or subscribe " +
                "without durability");
        }
        return target;
    }

    /**
     * The connection's queue client, opened on first use; with an embedded media driver this also
     * starts the JVM's queue host.
     *
     * @return the queue client.
     * @throws JMSException if the queue host's streams cannot be opened.
     */
    public QueueClient queueClient() throws JMSException
    {
        return queueHost.queueClient();
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
        return queueHost.durableQueueClient();
    }

    /** @return the queue client if one is open, else null. */
    public QueueClient queueClientIfOpen()
    {
        return queueHost.queueClientIfOpen();
    }

    /**
     * Creates a temporary queue or topic owned by this connection.
     *
     * @param queue true for a queue, false for a topic.
     * @return the destination.
     * @throws JMSException if the queue host cannot be reached.
     */
    JmsDestination createTemporary(final boolean queue) throws JMSException
    {
        checkOpen();
        return temporaries.create(queue);
    }

    /**
     * Whether this connection may consume from a destination: any but another connection's
     * temporary destinations.
     *
     * @param destination the destination.
     * @throws JMSException InvalidDestinationException if it is another's or deleted.
     */
    void checkMayConsume(final JmsDestination destination) throws JMSException
    {
        temporaries.checkMayConsume(destination);
    }

    /**
     * Counts a consumer opening or closing on a destination, so that deleting a temporary
     * destination in use can be refused.
     *
     * @param destination the destination.
     * @param delta       +1 on open, -1 on close.
     */
    void countConsumer(final JmsDestination destination, final int delta)
    {
        temporaries.countConsumer(destination, delta);
    }

    @Override
    public void deleteTemporary(final JmsDestination destination) throws JMSException
    {
        checkOpen();
        temporaries.delete(destination);
    }

    /**
     * Registers a consumer, whose source follows the connection's start and stop: one served by the queue host,
     * subscribed without credit, gets credit now if the connection is started, and loses it whenever the
     * connection stops; a topic consumer's source does nothing on either.
     *
     * @param consumer the consumer.
     * @throws JMSException if the queue host cannot be reached.
     */
    void addConsumer(final JmsMessageConsumer consumer) throws JMSException
    {
        delivery.addConsumer(consumer);
    }

    /**
     * Forgets a closed consumer.
     *
     * @param consumer the consumer.
     */
    void removeConsumer(final JmsMessageConsumer consumer)
    {
        delivery.removeConsumer(consumer);
    }

    /** @return the streams this connection's topic consumers share. */
    public TopicStreams topicStreams()
    {
        return topicStreams;
    }

    /** @return the poller that delivers to this connection's message listeners. */
    ConnectionPoller poller()
    {
        return poller;
    }

    /** @return whether delivery is started. */
    public boolean isStarted()
    {
        return started;
    }

    /**
     * Publishes whether delivery is started; only the {@link DeliveryGate} changes it, under its lock.
     *
     * @param started the new state.
     */
    public void started(final boolean started)
    {
        this.started = started;
    }

    /** @return whether the connection is closed. */
    public boolean isClosed()
    {
        return closed;
    }

    /**
     * The next session number: unique in the runtime, not only in this connection, as the runtime's queue client
     * tells the sessions of all its connections apart by it.
     *
     * @return the number.
     */
    long nextSessionId()
    {
        return runtime.nextSessionId();
    }

    @Override
    public Session createSession(final boolean transacted, final int acknowledgeMode) throws JMSException
    {
        return createSession(transacted ? Session.SESSION_TRANSACTED : acknowledgeMode);
    }

    @Override
    public Session createSession(final int sessionMode) throws JMSException
    {
        checkOpen();
        fixClientId();
        SessionModes.check(sessionMode);
        final JmsSession session = new JmsSession(this, sessionMode);
        sessions.add(session);
        sessionNumbers.add(session.id());
        return session;
    }

    @Override
    public Session createSession() throws JMSException
    {
        return createSession(Session.AUTO_ACKNOWLEDGE);
    }

    @Override
    public TopicSession createTopicSession(final boolean transacted, final int acknowledgeMode) throws JMSException
    {
        return ((JmsSession)createSession(transacted, acknowledgeMode)).restrictTo(MessagingDomain.TOPIC);
    }

    @Override
    public QueueSession createQueueSession(final boolean transacted, final int acknowledgeMode) throws JMSException
    {
        return ((JmsSession)createSession(transacted, acknowledgeMode)).restrictTo(MessagingDomain.QUEUE);
    }

    void onSessionClosed(final JmsSession session)
    {
        sessions.remove(session);
    }

    @Override
    public String getClientID() throws JMSException
    {
        checkOpen();
        return clientId.get();
    }

    @Override
    public void setClientID(final String clientID) throws JMSException
    {
        checkOpen();
        clientId.set(clientID);
    }

    /** Called before every use of the connection other than setClientID: fixes the client id. */
    void fixClientId()
    {
        clientId.fix();
    }

    @Override
    public ConnectionMetaData getMetaData() throws JMSException
    {
        checkOpen();
        fixClientId();
        return JmsConnectionMetaData.INSTANCE;
    }

    @Override
    public ExceptionListener getExceptionListener() throws JMSException
    {
        checkOpen();
        fixClientId();
        return faults.listener();
    }

    @Override
    public void setExceptionListener(final ExceptionListener listener) throws JMSException
    {
        checkOpen();
        fixClientId();
        faults.listener(listener);
    }

    @Override
    public void start() throws JMSException
    {
        checkOpen();
        fixClientId();
        delivery.start();
    }

    @Override
    public void stop() throws JMSException
    {
        checkOpen();
        fixClientId();
        if (poller.isPollerThread())
        {
            throw new IllegalStateException(
                "a MessageListener must not stop its own connection: stop it from another thread");
        }
        delivery.stop();
    }

    @Override
    public void close() throws JMSException
    {
        final Session completing = ListenerThreads.completionListenerSession();
        if (poller.isPollerThread() ||
            (completing instanceof JmsSession && ((JmsSession)completing).connection() == this))
        {
            throw new IllegalStateException(
                "a message or completion listener must not close its own connection: close it from another thread");
        }
        synchronized (stateLock)
        {
            if (closed)
            {
                return;
            }
            closed = true;
        }
        delivery.close();
        poller.awaitDeliveryIdle();
        // the subscriptions its consumers still hold go to the runtime's pool for the next connection
        topicStreams.connectionClosing();
        JMSException failure = null;
        final long lingerDeadlineNs = SessionSender.lingerDeadline(config);
        for (final JmsSession session : sessions)
        {
            try
            {
                session.closeWithin(lingerDeadlineNs);
            }
            catch (final JMSException ex)
            {
                failure = failure == null ? ex : failure;
            }
        }
        final JMSException temporaryFailure = temporaries.deleteAll();
        failure = failure == null ? temporaryFailure : failure;
        poller.close();
        final TopicResolution shared = resolution;
        for (final Advertised topic : advertised)
        {
            shared.withdraw(topic.name(), topic.channel());
        }
        advertised.clear();
        queueHost.close();
        metrics.close();
        runtime.detach(this, runtimeFaults);
        clientId.release();
        if (failure != null)
        {
            throw failure;
        }
    }

    /**
     * Topic consumers of this connection were left behind under the {@code drop} slow-consumer policy: counted, and
     * told to the exception listener.
     *
     * @param stream the stream they lost messages of.
     * @param bytes  the bytes lost since the last report.
     */
    private void onConsumerLoss(final String stream, final long bytes)
    {
        metrics.onConsumerLoss(bytes);
        faults.report(new JMSException("topic consumers of connection " + id + " could not keep up with stream " +
            stream + " and lost " + bytes + " bytes of messages (slowConsumers=drop lets a slow consumer fall " +
            "behind alone); make the listener faster, or choose slowConsumers=hold to pace the publishers instead",
            SLOW_CONSUMER_LOSS));
    }

    /**
     * Reports an asynchronous fault to the exception listener, if one is set.
     *
     * @param exception the fault.
     */
    public void onAsyncException(final JMSException exception)
    {
        faults.report(exception);
    }

    /**
     * Throws if the connection is closed.
     *
     * @throws IllegalStateException if closed.
     */
    void checkOpen() throws IllegalStateException
    {
        if (closed)
        {
            throw JmsExceptions.closed("connection");
        }
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(
        final Destination destination, final String messageSelector, final ServerSessionPool sessionPool,
        final int maxMessages) throws JMSException
    {
        throw unsupportedServerSessions(destination instanceof Topic ? MessagingDomain.TOPIC :
            destination instanceof Queue ? MessagingDomain.QUEUE : null, "createConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createSharedConnectionConsumer(
        final Topic topic, final String subscriptionName, final String messageSelector,
        final ServerSessionPool sessionPool, final int maxMessages) throws JMSException
    {
        throw unsupportedServerSessions(MessagingDomain.TOPIC, "createSharedConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createDurableConnectionConsumer(
        final Topic topic, final String subscriptionName, final String messageSelector,
        final ServerSessionPool sessionPool, final int maxMessages) throws JMSException
    {
        throw unsupportedServerSessions(MessagingDomain.TOPIC, "createDurableConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createSharedDurableConnectionConsumer(
        final Topic topic, final String subscriptionName, final String messageSelector,
        final ServerSessionPool sessionPool, final int maxMessages) throws JMSException
    {
        throw unsupportedServerSessions(MessagingDomain.TOPIC, "createSharedDurableConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(
        final Queue queue, final String messageSelector, final ServerSessionPool sessionPool, final int maxMessages)
        throws JMSException
    {
        throw unsupportedServerSessions(MessagingDomain.QUEUE, "createConnectionConsumer");
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(
        final Topic topic, final String messageSelector, final ServerSessionPool sessionPool, final int maxMessages)
        throws JMSException
    {
        throw unsupportedServerSessions(MessagingDomain.TOPIC, "createConnectionConsumer");
    }

    /**
     * What every connection consumer factory answers: IllegalStateException first when a QueueConnection is asked
     * for a topic's (or a TopicConnection for a queue's), as those interfaces require, otherwise that the optional
     * facility is not provided.
     */
    private JMSException unsupportedServerSessions(final MessagingDomain needed, final String method)
        throws JMSException
    {
        checkOpen();
        final IllegalStateException mismatch = MessagingDomain.connectionMismatch(restrictedTo, needed, method);
        if (null != mismatch)
        {
            return mismatch;
        }
        return new JMSException(
            "ConnectionConsumer and ServerSessionPool are optional application-server facilities " +
            "(JMS 2.0 section 8.2) that Wirespeed does not provide: use a MessageListener on a session instead");
    }

    @Override
    public String toString()
    {
        return "JmsConnection[" + id + ", " + config.shownUri() + "]";
    }

    /** A topic this connection had the runtime advertise, on a channel. */
    private record Advertised(String name, String channel)
    {
    }
}
