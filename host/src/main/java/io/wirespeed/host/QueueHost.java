package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;
import java.util.function.Predicate;

import org.agrona.DirectBuffer;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.NanoClock;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.host.auth.Authenticator;
import io.wirespeed.host.durable.DurableFeed;
import io.wirespeed.host.durable.DurableState;
import io.wirespeed.host.durable.DurableStorage;
import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportSubscription;
import io.wirespeed.transport.aeron.ReplayGate;

/**
 * The queue host: the one owner of dispatch for every queue of a media driver. It takes producers'
 * envelopes, keeps them by queue and priority, hands each to exactly one consumer with credit (in
 * turn), forgets it on acknowledgement, and gives it to another consumer, marked redelivered, when
 * its consumer closes or its client goes. It also serves browsing, temporary queues and shared
 * topic subscriptions. Runs as an {@link Agent} on its own thread, inside the external driver
 * process or inside a JVM with an embedded driver.
 * <p>
 * With {@link DurableStorage} (an archive beside the driver) it also hosts durable subscriptions,
 * each a queue fed from the recordings of its topic's stream ({@link DurableFeed}); with durable queues it
 * takes queue messages from the live inbound stream in the order they arrive, as without the archive, and reads
 * the recordings of that stream to learn where each message lies there ({@link RecordedArrivals}), so that
 * acknowledgements move the stored positions and the queues it held come back, from the archive, when it starts
 * again.
 * <p>
 * The host is a conductor over its parts, each of one job and used on the host's thread only: {@link QueueIntake}
 * (queue messages arriving, their admission or refusal, the UDP relay, recording confirmations), {@link Consumers}
 * (subscribe, credit, acknowledge, give back, pause, close, and dispatch to consumers with credit),
 * {@link TopicSubscriptions} (shared and durable subscriptions and their feeds), {@link TemporaryQueues},
 * {@link Browses}, {@link ClientLifecycle} (connect, liveness, cut-off, forgetting a client) over
 * {@link ClientSessions}, and {@link HostedQueues} (the queues by name, which they share). Together they are a state
 * machine fed through {@link HostInputs} (control requests, queue messages, time, clients the egress gave up) and
 * sending through one {@link HostEgress}; the host's duty cycle ({@link #doWork}) is the single host's driver of it:
 * it polls the streams into the inputs and drives {@link PublicationEgress}. It decodes control requests with
 * {@link ControlAdapter} and, as their {@link ControlListener}, hands each to the part whose job it is. What the
 * parts share, the settings that {@link #limits} and {@link #queueLimits} replace included, is in one
 * {@link HostContext}.
 */
public final class QueueHost implements Agent, AutoCloseable, ControlListener, HostInputs
{
    /** The most fragments one poll of a stream takes. */
    static final int FRAGMENT_LIMIT = 64;
    private static final long LIVENESS_CHECK_NS = 50_000_000L;
    private static final System.Logger LOGGER = System.getLogger(QueueHost.class.getName());

    /** The stored subscription under which the host reads the queues' inbound stream from the archive. */
    static final String QUEUES_KEY = "$queues";
    /** How long a closing host with durable queues reads their recordings to catch up with the live stream. */
    private static final long CATCH_UP_NS = 2_000_000_000L;

    private final HostContext context;
    private final TransportSubscription control;
    private final TransportSubscription inbound;
    private final MessageHandler inboundHandler = this::onQueueMessage;
    private final ReplayGate replayGate = this::releaseReplays;
    private DurableStorage durable;
    private volatile DurableStorage pendingDurable;
    private final ControlAdapter controlAdapter = new ControlAdapter(this);
    private final ControlAdapter udpControlAdapter = new ControlAdapter(this, true);
    private final MessageHandler controlHandler = (buffer, offset, length) ->
        onControlRequest(false, buffer, offset, length);
    private final MessageHandler udpControlHandler = (buffer, offset, length) ->
        onControlRequest(true, buffer, offset, length);
    private final ClientSessions sessions;
    private final HostedQueues queues;
    private final QueueIntake intake;
    private final Consumers consumers;
    private final TopicSubscriptions subscriptions;
    /** A state machine's durable subscriptions, fed from the log; null on a host with a transport. */
    private final LoggedSubscriptions logged;
    private final TemporaryQueues temporaries;
    private final Browses browses;
    private final ClientLifecycle lifecycle;
    private TransportSubscription udpControl;
    private final PublicationEgress publications;
    private AgentRunner runner;
    private long lastLivenessCheck;
    private long lastEgressCheck;
    private final ArrayList<HostSession> lost = new ArrayList<>();
    private final ArrayList<String> lostWhy = new ArrayList<>();

    /**
     * A host on a transport's queue channel.
     *
     * @param transport the transport (sharing the media driver with the clients).
     * @param selectors compiles a selector into a test on an envelope; throws IllegalArgumentException
     *                  with the reason for an invalid one.
     */
    public QueueHost(final Transport transport, final Function<String, Predicate<EnvelopeReader>> selectors)
    {
        this(transport, selectors, null);
    }

    /**
     * A host on a transport's queue channel, durable when given the archive: it restores the stored
     * durable subscriptions and the queues' persistent messages.
     *
     * @param transport the transport (sharing the media driver with the clients).
     * @param selectors compiles a selector into a test on an envelope.
     * @param durable   the archive beside the driver and the subscriptions' store, or null for none.
     */
    public QueueHost(
        final Transport transport, final Function<String, Predicate<EnvelopeReader>> selectors,
        final DurableStorage durable)
    {
        this(transport, selectors, durable, durable != null);
    }

    /**
     * A host on a transport's queue channel with durable subscriptions when given the archive, and queues
     * kept in the archive only when asked.
     *
     * @param transport     the transport (sharing the media driver with the clients).
     * @param selectors     compiles a selector into a test on an envelope.
     * @param durable       the archive beside the driver and the subscriptions' store, or null for none.
     * @param durableQueues whether queues are read from the archive's recordings (their PERSISTENT messages
     *                      survive a restart of the host) rather than kept in memory only; needs the archive.
     */
    public QueueHost(
        final Transport transport, final Function<String, Predicate<EnvelopeReader>> selectors,
        final DurableStorage durable, final boolean durableQueues)
    {
        this(transport(transport), selectors, durable, durableQueues, null);
    }

    /**
     * The host's state machine alone, for a driver of its own that feeds it its inputs ({@link HostInputs}) and takes
     * what it sends (an egress): the clustered host ({@code io.wirespeed.host.cluster.HostService}), whose inputs come
     * from the cluster's log. It has no transport: it subscribes to no stream and polls none, has no archive, starts
     * no thread, and neither {@link #doWork}, {@link #start()}, {@link #serveUdp} nor {@link #attachDurable} may be
     * called. Its clocks stand still at zero: time moves only with {@link #onTick}. It confirms each PERSISTENT queue
     * message of a remote client once applied (its driver applies only what is committed) and drops one sent again
     * with the identity of one applied, confirming it again ({@link ProducerSequences}). Shared and durable
     * subscriptions are refused (their feeds read a topic's stream and the archive, which are not inputs yet).
     *
     * @param selectors compiles a selector into a test on an envelope; throws IllegalArgumentException with the
     *                  reason for an invalid one.
     * @param limits    what the host grants each client, and its client timeout.
     * @param egress    where everything it sends goes.
     * @return the state machine.
     */
    public static QueueHost stateMachine(
        final Function<String, Predicate<EnvelopeReader>> selectors, final HostLimits limits, final HostEgress egress)
    {
        if (null == egress)
        {
            throw new IllegalArgumentException("a queue host state machine needs an egress for what it sends: " +
                "pass one");
        }
        final NanoClock still = () -> 0L;
        return new QueueHost(null, selectors, null, false, egress)
            .limits(limits, still)
            .clocks(still, () -> 0L)
            .egress(egress);
    }

    private static Transport transport(final Transport transport)
    {
        if (null == transport)
        {
            throw new IllegalArgumentException("a queue host needs the transport of its media driver: pass one (or " +
                "use QueueHost.stateMachine for a host fed its inputs by a driver of its own)");
        }
        return transport;
    }

    private QueueHost(
        final Transport transport, final Function<String, Predicate<EnvelopeReader>> selectors,
        final DurableStorage durable, final boolean durableQueues, final HostEgress egress)
    {
        this.context = new HostContext(transport, selectors, new HostCounters(null == transport ? null :
            transport.capability(CounterRegistry.class).orElse(null)));
        this.durable = durable;
        this.publications = (PublicationEgress)context.egress;
        this.sessions = new ClientSessions(() -> context.egress, this::forget);
        this.queues = new HostedQueues(context);
        this.intake = new QueueIntake(context, queues, sessions);
        this.consumers = new Consumers(context, this::onLastConsumerGone);
        this.subscriptions = new TopicSubscriptions(context, queues, consumers, intake);
        this.temporaries = new TemporaryQueues(context, queues);
        this.browses = new Browses(context, queues);
        this.lifecycle = new ClientLifecycle(context, sessions, intake, consumers, browses, queues);
        final Map<String, DurableState> stored = durable == null ? Map.of() : subscriptions.attach(durable);
        intake.open(durable, durableQueues, stored.get(QUEUES_KEY));
        if (null == transport)
        {
            context.egress = egress;
            context.proxy = context.newProxy();
            this.control = null;
            this.inbound = null;
            this.logged = new LoggedSubscriptions(context, queues, consumers, intake, this::announceForwardedTopic);
            subscriptions.fromTheLog(logged);
            intake.feed(logged);
            sessions.greet((session) -> context.proxy.forwardedTopics(session, logged.topics()));
            // a state machine applies what its driver committed (a cluster's log): what it applied is kept
            sessions.udp(true);
            intake.confirmOnApply();
        }
        else
        {
            this.logged = null;
            this.control = transport.addSubscription(QueueHostChannels.IPC, QueueStreams.CONTROL_STREAM);
            this.inbound = transport.addSubscription(QueueHostChannels.IPC, QueueStreams.INBOUND_STREAM);
        }
    }

    /**
     * Serves clients over UDP on an endpoint as well as over IPC: control requests and queue messages arrive there,
     * and each client is answered on the response channel of its control publication ({@link QueueStreams}). Call
     * before {@link #start()}.
     *
     * @param endpoint the host's {@code ADDRESS:PORT}; the next port is its response control address.
     * @return this host.
     */
    public QueueHost serveUdp(final String endpoint)
    {
        QueueStreams.port(endpoint);
        final String channel = QueueHostChannels.udp(endpoint);
        final boolean relayed = intake.serveUdp(channel);
        udpControl = context.transport.addSubscription(channel, QueueStreams.CONTROL_STREAM);
        sessions.udp(relayed);
        publications.udp(endpoint, udpControl);
        return this;
    }

    /**
     * Requires credentials of every client: each opens its session with a Connect that the authenticator accepts.
     * Call before {@link #start()}.
     *
     * @param authenticator checks clients' credentials, or null for none (the default).
     * @return this host.
     */
    public QueueHost authenticator(final Authenticator authenticator)
    {
        sessions.authenticator(authenticator);
        return this;
    }

    /**
     * Gives a running host without an archive the archive, for durable subscriptions from now on
     * (queues stay in memory: a host has durable queues only when started with the archive).
     *
     * @param storage the archive beside the driver and the subscriptions' store.
     */
    public void attachDurable(final DurableStorage storage)
    {
        pendingDurable = storage;
    }

    /**
     * Takes the archive given by {@link #attachDurable} on the host's thread. Also called before a durable
     * request is answered: the client gives the archive before it sends the request, and the request may be
     * read in the same duty cycle.
     */
    private void takePendingDurable()
    {
        if (durable == null && pendingDurable != null)
        {
            durable = pendingDurable;
            subscriptions.attach(durable);
        }
    }

    /** Retention is about to purge a recording: the feeds stop replaying it, and start again after. */
    private void releaseReplays(final long recordingId)
    {
        intake.releaseReplay(recordingId);
        subscriptions.releaseReplay(recordingId);
    }

    /**
     * Sets what the host grants each client and the clock that times them out; call before {@link #start()}.
     *
     * @param limits the limits (by default {@link HostLimits#fromSystemProperties()}).
     * @param clock  the clock for the client timeout.
     * @return this host.
     */
    public QueueHost limits(final HostLimits limits, final NanoClock clock)
    {
        context.limits = limits;
        context.clock = clock;
        context.proxy = context.newProxy();
        context.tick();
        return this;
    }

    /**
     * Sets the host's clocks; call before {@link #start()}. The host reads them once per duty cycle, and its parts
     * use that time: time moves for the host only when these clocks move (a test steps them by hand).
     *
     * @param nanoClock  the monotonic clock, for the client timeout, heartbeats and other intervals (by default
     *                   {@link org.agrona.concurrent.SystemNanoClock}).
     * @param epochClock the wall clock, for the messages' expiry and delivery times (by default
     *                   {@link org.agrona.concurrent.SystemEpochClock}).
     * @return this host.
     */
    public QueueHost clocks(final NanoClock nanoClock, final EpochClock epochClock)
    {
        context.clock = nanoClock;
        context.epochClock = epochClock;
        context.tick();
        return this;
    }

    /**
     * Sets what the host's queues hold at most and what a producer meets when one is full; call before
     * {@link #start()}.
     *
     * @param queueLimits the limits (by default {@link QueueLimits#fromSystemProperties()}).
     * @return this host.
     */
    public QueueHost queueLimits(final QueueLimits queueLimits)
    {
        context.admission = new Admission(queueLimits);
        return this;
    }

    /**
     * How many queues the host keeps now (temporary queues, and shared and durable subscriptions' included).
     *
     * @return the count.
     */
    public int queueCount()
    {
        return queues.size();
    }

    /**
     * The bytes the host's queues hold and keep for producers now, envelopes and per message overhead.
     *
     * @return the bytes.
     */
    public long heldBytes()
    {
        return context.admission.hostBytes();
    }

    /**
     * How many messages a queue holds now (waiting and in flight), or -1 if the host has no such queue.
     *
     * @param name the queue.
     * @return the count.
     */
    public long heldMessages(final String name)
    {
        final HostedQueue queue = queues.get(name);
        return queue == null ? -1 : queue.room.messages;
    }

    /**
     * How many clients the host knows now.
     *
     * @return the count.
     */
    int clientCount()
    {
        return sessions.size();
    }

    /**
     * Writes the state machine's state to a snapshot ({@link HostSnapshot}): Begin, the sessions, the queues with
     * what they hold and their consumers, then each session's consumers in subscription order. The caller adds what
     * is its own and the End record. Not for a host with shared or durable subscriptions or browses under way.
     *
     * @param sink where each record goes, one message each.
     */
    public void takeSnapshot(final HostSnapshot.Sink sink)
    {
        new HostSnapshot.Writer(sink).write(context.nowNs, context.nowMs, lastLivenessCheck,
            sessions, queues, intake, consumers, context.admission, logged);
    }

    /**
     * A reader that restores a snapshot ({@link #takeSnapshot}) into this state machine, which must hold nothing yet.
     *
     * @return the reader, to be given the snapshot's records in order.
     */
    public HostSnapshot.Reader snapshotReader()
    {
        if (0 != sessions.size() || 0 != queues.size())
        {
            throw new IllegalStateException("a snapshot is restored only into a host that holds nothing yet: this " +
                "one has " + sessions.size() + " sessions and " + queues.size() + " queues");
        }
        return new HostSnapshot.Reader(context, sessions, queues, intake, consumers, logged,
            when -> lastLivenessCheck = when);
    }

    /**
     * A 64-bit digest of the host's logical state ({@link HostStateDigest}): its sessions by id, its queues in the
     * order made (their messages with numbers and delivery state, counts, room kept and waited for, consumers with
     * credit and deliveries in flight), temporary queues, shared and durable subscriptions with their positions, and
     * the host's counts and last issued numbers. Equal for two hosts fed the same inputs; changed by any step that
     * changes the state. Call on the host's thread, or while it does not run (a test driving {@link #doWork}).
     *
     * @return the digest.
     */
    public long stateDigest()
    {
        final HostStateDigest digest = new HostStateDigest();
        digest.part("host").add(lastLivenessCheck);
        sessions.digest(digest);
        queues.digest(digest);
        subscriptions.digest(digest);
        intake.digest(digest);
        consumers.digest(digest);
        context.admission.digest(digest);
        return digest.value();
    }

    /**
     * Starts the host's thread.
     *
     * @return this host.
     */
    public QueueHost start()
    {
        return start(null);
    }

    /**
     * Starts the host's thread, made by a factory.
     *
     * @param threads makes the thread, or null for a default (non-daemon) one.
     * @return this host.
     */
    public QueueHost start(final ThreadFactory threads)
    {
        if (null == publications)
        {
            throw new IllegalStateException("a state machine without a transport (QueueHost.stateMachine) has no " +
                "thread of its own: its driver feeds it its inputs");
        }
        runner = new AgentRunner(new BackoffIdleStrategy(), ex -> LOGGER.log(System.Logger.Level.ERROR,
            "queue host error", ex), null, this);
        if (threads != null)
        {
            AgentRunner.startOnThread(runner, threads);
        }
        else
        {
            AgentRunner.startOnThread(runner);
        }
        return this;
    }

    @Override
    public String roleName()
    {
        return "wirespeed-queue-host";
    }

    /**
     * One duty cycle of the single host, the driver of its state machine ({@link HostInputs}): it reads the host's
     * clocks once and gives that time to {@link #onTick} (the state machine's timed work: browses, dispatch, room for
     * producers, liveness), then polls the streams and hands what it reads to the inputs, the IPC inbound stream's
     * queue messages to {@link #onQueueMessage} and the control streams' requests to {@link #onControlRequest}; and
     * around them what is not the state machine's yet: the UDP inbound stream and its relay, confirmations of recorded
     * PERSISTENT messages, the subscriptions' feeds, the archive's upkeep, the clients' responses.
     *
     * @return the work done.
     */
    @Override
    public int doWork()
    {
        if (null == publications)
        {
            throw new IllegalStateException("a state machine without a transport (QueueHost.stateMachine) is fed " +
                "its inputs by its driver: it has no duty cycle of its own");
        }
        final long nowNs = context.clock.nanoTime();
        int work = onTick(nowNs, context.epochClock.time());
        work += inbound.pollOldestFirst(inboundHandler, FRAGMENT_LIMIT);
        work += intake.pollQueueFeed();
        takePendingDurable();
        work += control.poll(controlHandler, FRAGMENT_LIMIT);
        if (udpControl != null)
        {
            work += intake.pollUdp();
            work += udpControl.poll(udpControlHandler, FRAGMENT_LIMIT);
        }
        work += intake.confirm();
        work += subscriptions.poll();
        if (durable != null)
        {
            work += archiveUpkeep();
        }
        work += publications.flush(sessions.all());
        if (nowNs - lastEgressCheck > LIVENESS_CHECK_NS)
        {
            lastEgressCheck = nowNs;
            work += checkEgress();
        }
        return work;
    }

    /**
     * The egress's side of liveness: the clients it gives up (reader gone or never come, not reading, send queue
     * overflowed) are reported to the state machine ({@link #onClientLost}), then the heartbeats due are sent.
     */
    private int checkEgress()
    {
        final long timeoutNs = context.limits.clientTimeoutNs();
        for (final HostSession session : sessions.all())
        {
            final String why = publications.whyLost(session, timeoutNs);
            if (null != why)
            {
                lost.add(session);
                lostWhy.add(why);
            }
        }
        int work = lost.size();
        for (int i = 0; i < work; i++)
        {
            onClientLost(lost.get(i).id, lostWhy.get(i));
        }
        lost.clear();
        lostWhy.clear();
        work += publications.heartbeats(sessions.all(), context.proxy);
        return work;
    }

    /**
     * Sends what the state machine sends through another egress (a test's, recording what it is sent); call before
     * the first input, on a host whose duty cycle does not run ({@link #doWork} drives the host's own egress only).
     *
     * @param egress the egress.
     * @return this host.
     */
    QueueHost egress(final HostEgress egress)
    {
        context.egress = egress;
        context.proxy = context.newProxy();
        return this;
    }

    /** {@inheritDoc} */
    @Override
    public void onClientLost(final long sessionId, final String why)
    {
        lifecycle.onLost(sessionId, why);
    }

    /** {@inheritDoc} */
    @Override
    public void onControlRequest(final boolean udp, final DirectBuffer buffer, final int offset, final int length)
    {
        (udp ? udpControlAdapter : controlAdapter).onMessage(buffer, offset, length);
    }

    /** {@inheritDoc} */
    @Override
    public void onQueueMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        intake.onQueueMessage(buffer, offset, length);
    }

    /** {@inheritDoc} */
    @Override
    public void onTopicMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        intake.onTopicMessage(buffer, offset, length);
    }

    /** Tells every connected client that a topic gained its first logged subscription or lost its last. */
    private void announceForwardedTopic(final String topic, final boolean forwarded)
    {
        for (final HostSession session : sessions.all())
        {
            if (session.state() == HostSession.State.CONNECTED)
            {
                context.proxy.forwardedTopicChange(session, topic, forwarded);
            }
        }
    }

    /** Tells every connected client the topics that logged subscriptions are on now, all of them. */
    private void announceForwardedTopics()
    {
        final List<String> topics = logged.topics();
        for (final HostSession session : sessions.all())
        {
            if (session.state() == HostSession.State.CONNECTED)
            {
                context.proxy.forwardedTopics(session, topics);
            }
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onStagedQueueMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        intake.onStagedQueueMessage(buffer, offset, length);
    }

    /**
     * A clustered host's input: the leader's disk, which records the log, is below {@code wirespeed.archive.min.free}
     * (PERSISTENT queue messages are refused from here on, their senders told), or has room again.
     *
     * @param low whether the disk is low now.
     */
    public void onLogSpaceLow(final boolean low)
    {
        intake.onLogSpaceLow(low);
    }

    /**
     * Tells a connected client the host lives: a heartbeat through the egress, for an egress that sends them itself
     * when a client was sent nothing for a while (the clustered host's; the single host's egress sends its own). Not
     * an input: it changes no state.
     *
     * @param sessionId the client's session.
     */
    public void heartbeat(final long sessionId)
    {
        final HostSession session = sessions.byId(sessionId);
        if (null != session && session.state() == HostSession.State.CONNECTED)
        {
            context.proxy.heartbeat(session);
        }
    }

    /** {@inheritDoc} */
    @Override
    public int onTick(final long nowNs, final long nowMs)
    {
        context.nowNs = nowNs;
        context.nowMs = nowMs;
        int work = browses.doWork(nowMs);
        if (null != logged)
        {
            work += logged.room().grantWaiting();
        }
        final Admission admission = context.admission;
        for (final HostedQueue queue : queues.all())
        {
            work += consumers.dispatch(queue, nowMs);
            if (!queue.room.waiting.isEmpty())
            {
                work += admission.grantWaiting(context.proxy, queue);
            }
        }
        if (nowNs - lastLivenessCheck > LIVENESS_CHECK_NS)
        {
            lastLivenessCheck = nowNs;
            work += lifecycle.checkLiveness(nowNs);
            work += queues.removeUnused(nowNs);
            queues.updateCounters();
            subscriptions.updateLag(nowNs);
            intake.forgetOldArrivals();
        }
        return work;
    }

    /**
     * The archive's retention where this host applies it, and its disk's free space: recording stops while the disk
     * is nearly full, and resumes when it has room; and the archive's answers to asynchronous requests.
     */
    private int archiveUpkeep()
    {
        int work = durable.pollArchive();
        work += durable.applyRetentionIfDue(replayGate);
        if (durable.checkSpace(context.nowNs) != 0)
        {
            work++;
            intake.onRecordingStoppedOrResumed(durable.isRecordingStopped());
        }
        return work;
    }

    /** {@inheritDoc} */
    @Override
    public HostSession client(final long high, final long low, final int replyStreamId, final boolean udp)
    {
        return lifecycle.client(high, low, replyStreamId, udp);
    }

    /** {@inheritDoc} */
    @Override
    public void onConnect(
        final long high, final long low, final int replyStreamId, final long correlationId, final int protocolVersion,
        final int sessionId, final String user, final String password, final boolean udp)
    {
        lifecycle.onConnect(high, low, replyStreamId, correlationId, protocolVersion, sessionId, user, password, udp);
    }

    /** {@inheritDoc} */
    @Override
    public void onSubscribe(
        final HostSession client, final long consumerId, final int credit, final String name, final String selector)
    {
        if (!temporaries.mayConsume(client, consumerId, name))
        {
            return;
        }
        final HostedQueue target = queues.queue(name, null, true);
        if (target == null)
        {
            context.proxy.refuse(client, consumerId, ErrorCode.RESOURCE_LIMIT, queues.noQueue(name));
            return;
        }
        consumers.add(client, consumerId, target, selector, credit);
    }

    /** {@inheritDoc} */
    @Override
    public void onSendCredit(
        final HostSession client, final long correlationId, final String name, final int messages, final long bytes)
    {
        intake.onSendCredit(client, correlationId, name, messages, bytes);
    }

    /** {@inheritDoc} */
    @Override
    public void onTopicCredit(
        final HostSession client, final long correlationId, final String topic, final int messages, final long bytes)
    {
        if (null == logged)
        {
            context.proxy.refuse(client, correlationId, ErrorCode.MALFORMED_REQUEST, "room on topic '" + topic +
                "' is kept only by a clustered queue host, whose subscriptions publishers forward to");
            return;
        }
        logged.room().request(client, correlationId, topic, messages, bytes);
    }

    /** {@inheritDoc} */
    @Override
    public void onSubscribeShared(
        final HostSession client, final long consumerId, final int credit, final String topic, final String selector,
        final String key, final String channel, final int streamId)
    {
        subscriptions.onSubscribeShared(client, consumerId, credit, topic, selector, key, channel, streamId);
    }

    /** {@inheritDoc} */
    @Override
    public void onSubscribeDurable(
        final HostSession client, final long consumerId, final int credit, final String topic, final String selector,
        final String key, final String channel, final int streamId, final boolean shared, final boolean noLocal)
    {
        takePendingDurable();
        subscriptions.onSubscribeDurable(client, consumerId, credit, topic, selector, key, channel, streamId, shared,
            noLocal);
    }

    /** {@inheritDoc} */
    @Override
    public void onUnsubscribe(final HostSession client, final long requestId, final String key)
    {
        takePendingDurable();
        subscriptions.onUnsubscribe(client, requestId, key);
    }

    /** {@inheritDoc} */
    @Override
    public void onCredit(final HostSession client, final long consumerId, final int credit)
    {
        consumers.onCredit(client, consumerId, credit);
    }

    /** {@inheritDoc} */
    @Override
    public void onAcknowledge(final HostSession client, final long consumerId, final long deliveryId)
    {
        consumers.onAcknowledge(client, consumerId, deliveryId);
    }

    /** {@inheritDoc} */
    @Override
    public void onCommit(
        final HostSession client, final long correlationId, final int sessionId, final long transactionId,
        final int messages, final LongArrayList acknowledgements)
    {
        if (client.producers.isRepeat(sessionId, ProducerSequences.TRANSACTIONS, transactionId))
        {
            // sent again after a change of leader: applied once already, so only its answer goes again
            context.proxy.accepted(client, correlationId);
            return;
        }
        final StagedTransactions.Staged staged = client.staged.take(sessionId, transactionId);
        final int stagedMessages = null == staged ? 0 : staged.size();
        final String why = stagedMessages != messages ? "the cluster holds " + stagedMessages + " of its " + messages +
            " queue messages (it gave up this connection's session, and the messages staged in it with it)" :
            consumers.whyNotHeld(client, acknowledgements);
        if (null != why)
        {
            context.proxy.refuse(client, correlationId, ErrorCode.TRANSACTION_ROLLED_BACK, "the transaction was " +
                "rolled back, nothing of it applied: " + why + "; what it received comes again, marked redelivered");
            return;
        }
        if (null != staged)
        {
            intake.commit(staged);
        }
        for (int i = 0; i < acknowledgements.size(); i += 2)
        {
            consumers.onAcknowledge(client, acknowledgements.getLong(i), acknowledgements.getLong(i + 1));
        }
        client.producers.applied(sessionId, ProducerSequences.TRANSACTIONS, transactionId);
        context.proxy.accepted(client, correlationId);
    }

    /**
     * A clustered host's new leadership term began, as its log says (on every member, at the same place): deliveries
     * issued before it were sent by a leader that may be lost, and go again to a client that asks ({@code Resync});
     * until it asks, its consumers get nothing new, which would overtake them.
     */
    public void onNewLeadershipTerm()
    {
        consumers.onNewTerm(queues.all());
        if (null != logged)
        {
            // what the lost leader told the clients last may not have reached them
            announceForwardedTopics();
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onResync(final HostSession client, final long consumerId, final long lastDeliveryId, final long credit)
    {
        consumers.onResync(client, consumerId, lastDeliveryId, credit);
    }

    /** {@inheritDoc} */
    @Override
    public void onGiveBack(final HostSession client, final long consumerId, final long deliveryId, final boolean seen)
    {
        consumers.onGiveBack(client, consumerId, deliveryId, seen);
    }

    /** {@inheritDoc} */
    @Override
    public void onPause(final HostSession client, final long consumerId, final long requestId)
    {
        consumers.onPause(client, consumerId, requestId);
    }

    /** {@inheritDoc} */
    @Override
    public void onCloseConsumer(final HostSession client, final long consumerId, final boolean keepDeliveries)
    {
        consumers.onCloseConsumer(client, consumerId, keepDeliveries);
    }

    /** {@inheritDoc} */
    @Override
    public void onBrowse(final HostSession client, final long requestId, final String name, final String selector)
    {
        browses.onBrowse(client, requestId, name, selector);
    }

    /** {@inheritDoc} */
    @Override
    public void onCreateTemporaryQueue(final HostSession client, final String name)
    {
        temporaries.onCreate(client, name);
    }

    /** {@inheritDoc} */
    @Override
    public void onDeleteTemporaryQueue(final HostSession client, final String name)
    {
        temporaries.onDelete(client, name);
    }

    /** A queue's consumers may all have gone: a shared subscription's queue closes with its last consumer. */
    private void onLastConsumerGone(final HostedQueue queue)
    {
        subscriptions.closeUnusedSharedFeed(queue);
    }

    /** Forgets a client as if it had closed (its session was removed). */
    private void forget(final HostSession client)
    {
        lifecycle.forget(client);
    }

    @Override
    public void close()
    {
        if (runner != null)
        {
            runner.close();
        }
        else
        {
            onClose();
        }
    }

    @Override
    public void onClose()
    {
        if (null == control)
        {
            // a state machine without a transport (stateMachine): nothing of its own to close but its queues
            queues.close();
            return;
        }
        for (int i = 0; i < 1_000 && control.poll(controlHandler, FRAGMENT_LIMIT) > 0; i++)
        {
            // take in the acknowledgements already sent, so that they are stored
        }
        intake.catchUp(context.clock.nanoTime() + CATCH_UP_NS,
            () -> inbound.pollOldestFirst(inboundHandler, FRAGMENT_LIMIT));
        inbound.close();
        intake.closeQueueFeed();
        subscriptions.closeDurableFeeds();
        control.close();
        if (udpControl != null)
        {
            udpControl.close();
        }
        intake.closeUdp();
        publications.closeAll();
        subscriptions.closeSharedFeeds();
        queues.close();
    }
}
