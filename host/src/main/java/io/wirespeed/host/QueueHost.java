package io.wirespeed.host;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;
import java.util.function.Predicate;

import io.wirespeed.codec.EnvelopeDescriptor;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.MalformedEnvelopeException;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.host.auth.Authenticator;
import io.wirespeed.host.durable.DurableFeed;
import io.wirespeed.transport.aeron.ReplayGate;
import io.wirespeed.host.durable.DurableState;
import io.wirespeed.host.durable.DurableStorage;
import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

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
 */
public final class QueueHost implements Agent, AutoCloseable, ControlListener
{
    /** The most fragments one poll of a stream takes. */
    static final int FRAGMENT_LIMIT = 64;
    private static final long LIVENESS_CHECK_NS = 50_000_000L;
    /** The most browses under way at once, so that browsing clients hold bounded memory. */
    static final int MAX_BROWSES = 64;
    /** The most consumers one client (connection) has at once. */
    static final int MAX_CONSUMERS_PER_CLIENT = 4096;
    private static final System.Logger LOGGER = System.getLogger(QueueHost.class.getName());

    private final DropLog envelopeDrops = new DropLog(LOGGER);
    /** The stored subscription under which the host reads the queues' inbound stream from the archive. */
    static final String QUEUES_KEY = "$queues";
    /** How long a closing host with durable queues reads their recordings to catch up with the live stream. */
    private static final long CATCH_UP_NS = 2_000_000_000L;

    private final Transport transport;
    private final Function<String, Predicate<EnvelopeReader>> selectors;
    private final TransportSubscription inbound;
    private final TransportSubscription control;
    private final Map<String, HostedQueue> queues = new HashMap<>();
    private final Map<String, HostedClient> clients = new HashMap<>();
    private final Map<String, SharedFeed> sharedFeeds = new HashMap<>();
    private final Map<String, DurableTopicFeed> durableFeeds = new HashMap<>();
    private final List<BrowseCursor> browses = new ArrayList<>();
    private final DurableFeed.Sink queueSink = this::onQueueReplayed;
    private final MessageIntake intake = this::enqueue;
    private final ReplayGate replayGate = this::releaseReplays;
    private final DurableFeed queueFeed;
    private final RecordedArrivals arrivals = new RecordedArrivals();
    private DurableStorage durable;
    private boolean recordingStopped;
    private volatile DurableStorage pendingDurable;
    private final EnvelopeReader reader = new EnvelopeReader();
    private HostLimits limits = HostLimits.fromSystemProperties();
    private NanoClock clock = SystemNanoClock.INSTANCE;
    private ClientProxy proxy = new ClientProxy(limits, clock);
    private Admission admission = new Admission(QueueLimits.fromSystemProperties());
    private HostedClient lastSender;
    private final HostCounters counters;
    private long lastLagCheckNs;
    private long refusalsLogged;
    private final UnsafeBuffer envelopeView = new UnsafeBuffer(new byte[0]);
    private final MessageHandler inboundHandler = this::onEnvelope;
    private final MessageHandler controlHandler = new ControlAdapter(this);
    private final MessageHandler udpControlHandler = new ControlAdapter(this, true);
    private final MessageHandler udpInboundHandler = this::onUdpEnvelope;
    private final ClientSessions sessions;
    private TransportSubscription udpInbound;
    private TransportSubscription udpControl;
    private TransportPublication relay;
    private AgentRunner runner;
    private long sequence;
    private long deliveryIds;
    private long lastLivenessCheck;

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
        this.transport = transport;
        this.selectors = selectors;
        this.durable = durable;
        this.sessions = new ClientSessions(transport, clients, this::forget);
        this.counters = new HostCounters(transport.capability(CounterRegistry.class).orElse(null));
        final Map<String, DurableState> stored = durable == null ? Map.of() : restoreTopicFeeds(durable);
        this.inbound = transport.addSubscription(QueueHostChannels.IPC, QueueStreams.INBOUND_STREAM);
        if (durable == null || !durableQueues)
        {
            this.queueFeed = null;
        }
        else
        {
            final DurableState queues = stored.get(QUEUES_KEY);
            this.queueFeed = queues != null ? DurableFeed.restore(durable.archive(), durable.store(), queues) :
                DurableFeed.create(durable.archive(), durable.store(), new DurableState(QUEUES_KEY, "", "", false, true,
                QueueHostChannels.IPC, QueueStreams.INBOUND_STREAM));
        }
        this.control = transport.addSubscription(QueueHostChannels.IPC, QueueStreams.CONTROL_STREAM);
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
        udpInbound = transport.addSubscription(channel, QueueStreams.INBOUND_STREAM);
        udpControl = transport.addSubscription(channel, QueueStreams.CONTROL_STREAM);
        if (queueFeed != null)
        {
            // durable queues are read from the recordings of the IPC inbound stream: UDP arrivals go through it
            relay = transport.addPublication(QueueHostChannels.IPC, QueueStreams.INBOUND_STREAM);
        }
        sessions.udp(endpoint, udpControl);
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
            restoreTopicFeeds(durable);
        }
    }

    /** Retention is about to purge a recording: the feeds stop replaying it, and start again after. */
    private void releaseReplays(final long recordingId)
    {
        if (queueFeed != null)
        {
            queueFeed.releaseReplay(recordingId);
        }
        for (final DurableTopicFeed feed : durableFeeds.values())
        {
            feed.feed.releaseReplay(recordingId);
        }
    }

    private Map<String, DurableState> restoreTopicFeeds(final DurableStorage storage)
    {
        final Map<String, DurableState> stored = new HashMap<>();
        for (final DurableState state : storage.store().loadAll())
        {
            stored.put(state.key(), state);
            if (!QUEUES_KEY.equals(state.key()))
            {
                final DurableFeed feed = DurableFeed.restore(storage.archive(), storage.store(), state);
                durableFeeds.put(state.key(), hosted(new DurableTopicFeed(feed, compileStored(state), intake)));
            }
        }
        return stored;
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
        this.limits = limits;
        this.clock = clock;
        this.proxy = new ClientProxy(limits, clock);
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
        this.admission = new Admission(queueLimits);
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
        return admission.hostBytes();
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
        return clients.size();
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

    @Override
    public int doWork()
    {
        int work = 0;
        if (inbound != null)
        {
            work += inbound.pollOldestFirst(inboundHandler, FRAGMENT_LIMIT);
        }
        if (queueFeed != null)
        {
            work += queueFeed.poll(queueSink, FRAGMENT_LIMIT);
        }
        takePendingDurable();
        work += control.poll(controlHandler, FRAGMENT_LIMIT);
        if (udpControl != null)
        {
            work += udpInbound.pollOldestFirst(udpInboundHandler, FRAGMENT_LIMIT);
            work += udpControl.poll(udpControlHandler, FRAGMENT_LIMIT);
        }
        for (final SharedFeed feed : sharedFeeds.values())
        {
            work += feed.poll();
        }
        for (final DurableTopicFeed feed : durableFeeds.values())
        {
            work += feed.poll();
        }
        if (durable != null)
        {
            work += durable.applyRetentionIfDue(replayGate);
            if (durable.checkSpace(System.nanoTime()) != 0)
            {
                work++;
                onRecordingStoppedOrResumed();
            }
        }
        for (final HostedClient client : clients.values())
        {
            work += proxy.flush(client);
        }
        final long nowMs = System.currentTimeMillis();
        if (!browses.isEmpty())
        {
            work += sendBrowsePages(nowMs);
        }
        for (final HostedQueue queue : queues.values())
        {
            work += dispatch(queue, nowMs);
            if (!queue.room.waiting.isEmpty())
            {
                work += admission.grantWaiting(proxy, queue);
            }
        }
        final long nowNs = clock.nanoTime();
        if (nowNs - lastLivenessCheck > LIVENESS_CHECK_NS)
        {
            lastLivenessCheck = nowNs;
            work += checkClients(nowNs);
            work += sessions.heartbeats(nowNs, proxy);
            work += removeUnusedQueues(nowNs);
            updateCounters(nowNs);
            arrivals.forgetOld(System.nanoTime());
        }
        return work;
    }

    /**
     * A queue message that came over UDP: taken as one from IPC, or, with durable queues, passed on to the IPC
     * inbound stream that the archive records, waiting (reading that stream meanwhile) while it is back-pressured;
     * refused while the archive cannot record it.
     */
    private void onUdpEnvelope(final DirectBuffer buffer, final int offset, final int length)
    {
        if (relay == null)
        {
            onEnvelope(buffer, offset, length);
            return;
        }
        if (recordingStopped && refusedUnrecordable(buffer, offset, length))
        {
            return;
        }
        final long deadline = System.nanoTime() + limits.clientTimeoutNs();
        long result;
        while ((result = relay.offer(buffer, offset, length)) < 0)
        {
            if (result == TransportPublication.CLOSED || System.nanoTime() > deadline)
            {
                LOGGER.log(System.Logger.Level.ERROR, "queue host lost a queue message that came over UDP: its " +
                    "inbound stream did not take it (" + TransportPublication.describe(result) + ")");
                return;
            }
            if (inbound.pollOldestFirst(inboundHandler, FRAGMENT_LIMIT) == 0)
            {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * The archive stopped recording for want of disk space, or resumed: while stopped, queue messages that arrive
     * live are not matched with recorded copies, as none will come; at resume, those that arrived just before the
     * stop and were not recorded in time stop waiting for theirs.
     */
    private void onRecordingStoppedOrResumed()
    {
        recordingStopped = durable.isRecordingStopped();
        if (recordingStopped)
        {
            arrivals.recordingStopped();
        }
        else
        {
            arrivals.recordingResumed();
        }
    }

    private void onEnvelope(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            reader.wrap(buffer, offset, length);
        }
        catch (final MalformedEnvelopeException ex)
        {
            envelopeDrops.dropped(() -> "queue host dropped a malformed envelope: " + ex.getMessage());
            return;
        }
        final String name = reader.destinationName().asString();
        final HostedQueue queue = isTemporaryName(name) ? queues.get(name) : queue(name, null, true);
        final RecordedArrivals.Identity identity = queueFeed == null || recordingStopped ? null :
            RecordedArrivals.identity(reader);
        if (identity != null && !arrivals.onLive(identity))
        {
            return;
        }
        final HostedClient sender = sender(reader.connectionIdHigh(), reader.connectionIdLow());
        if (queue == null || !admission.admit(queue, sender, length))
        {
            refuseArrival(sender, name, queue);
            if (identity != null)
            {
                // its recorded copy is left out too: it was never taken
                final StoredMessage refused = new StoredMessage(new byte[0], 0, 0, 0, 0);
                refused.done();
                arrivals.awaitRecording(identity, refused);
            }
            return;
        }
        final StoredMessage message = enqueue(queue, reader, buffer, offset, length);
        if (identity != null && message != null)
        {
            arrivals.awaitRecording(identity, message);
        }
    }

    /** The client that sent a message, by the connection id in its envelope, or null if the host does not know it. */
    private HostedClient sender(final long high, final long low)
    {
        final HostedClient last = lastSender;
        if (last != null && last.high == high && last.low == low)
        {
            return last;
        }
        final HostedClient client = clients.get(high + ":" + low);
        lastSender = client;
        return client;
    }

    /**
     * While recording is stopped for want of disk space, a PERSISTENT queue message from a client over UDP is
     * refused with notice, as a PERSISTENT send of a client over IPC fails then: it could not be kept (the archive
     * does not confirm a remote client's sends, so the client learns it from the refusal, at its next send).
     *
     * @return true if the message was PERSISTENT and refused.
     */
    private boolean refusedUnrecordable(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            reader.wrap(buffer, offset, length);
        }
        catch (final MalformedEnvelopeException ex)
        {
            return false;
        }
        if (reader.deliveryMode() != EnvelopeDescriptor.PERSISTENT)
        {
            return false;
        }
        refuse(sender(reader.connectionIdHigh(), reader.connectionIdLow()), reader.destinationName().asString(),
            "the archive's disk is nearly full and the queue host has stopped recording (wirespeed.archive.min.free " +
            "on its driver), so a PERSISTENT message could not be kept; PERSISTENT sends work again once that disk " +
            "has room, NON_PERSISTENT ones go on");
        return true;
    }

    /** A queue message had no room (or no queue could be made for it): dropped, and its sender told. */
    private void refuseArrival(final HostedClient sender, final String name, final HostedQueue queue)
    {
        refuse(sender, name, queue == null ? noQueue(name) :
            admission.full(queue, admission.limits().policyOf(name), 1, reader.length()));
    }

    /** A queue message (the envelope the reader holds) was dropped: its sender is told why. */
    private void refuse(final HostedClient sender, final String name, final String why)
    {
        HostedClient told = sender;
        if (told == null)
        {
            try
            {
                // a client the host does not know yet (it restarted): over IPC its reply stream follows from its
                // id; a client over UDP is told once it connects again, by its next send's refusal
                told = client(reader.connectionIdHigh(), reader.connectionIdLow(),
                    QueueStreams.replyStream(reader.connectionIdHigh(), reader.connectionIdLow()), false);
            }
            catch (final ClientLimitException ex)
            {
                told = null;
            }
        }
        if (told != null)
        {
            proxy.sendRefused(told, reader.sessionId(), reader.producerId(), name, "a message to queue '" + name +
                "' was refused and dropped: " + why);
        }
        if (Long.bitCount(++refusalsLogged) == 1)
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host refused " + refusalsLogged + " message(s) so far; " +
                "the last from " + (sender == null ? "an unknown sender" : "client " + sender.high + ":" +
                sender.low) + ": " + why);
        }
    }

    private String noQueue(final String name)
    {
        return isTemporaryName(name) ? "temporary queue '" + name + "' does not exist (deleted, or its connection " +
            "closed)" : "the queue host keeps its limit of " + admission.limits().maxQueues() + " queues " +
            "(wirespeed.host.maxQueues) and cannot make queue '" + name + "'; raise the limit, or use fewer names";
    }

    private StoredMessage enqueue(
        final HostedQueue queue, final EnvelopeReader envelope, final DirectBuffer buffer, final int offset,
        final int length)
    {
        if (queue == null)
        {
            return null;
        }
        final byte[] copy = new byte[length];
        buffer.getBytes(offset, copy);
        final StoredMessage message =
            new StoredMessage(copy, ++sequence, envelope.priority(), envelope.expiration(), envelope.deliveryTime());
        queue.add(message);
        return message;
    }

    private boolean onQueueReplayed(
        final DirectBuffer buffer, final int offset, final int length, final long recordingId, final long start,
        final boolean possiblyDelivered)
    {
        try
        {
            reader.wrap(buffer, offset, length);
        }
        catch (final MalformedEnvelopeException ex)
        {
            envelopeDrops.dropped(() -> "queue host dropped a malformed envelope: " + ex.getMessage());
            return false;
        }
        final RecordedArrivals.Identity identity = RecordedArrivals.identity(reader);
        final StoredMessage live = arrivals.onRecorded(identity);
        if (live != null)
        {
            if (live.isSettled())
            {
                return false;
            }
            live.from(queueFeed, recordingId, start);
            return true;
        }
        if (possiblyDelivered && reader.deliveryMode() != EnvelopeDescriptor.PERSISTENT)
        {
            return false;
        }
        final StoredMessage message = enqueue(queue(reader.destinationName().asString(), null, false), reader,
            buffer, offset, length);
        if (message == null)
        {
            return false;
        }
        arrivals.queuedFromRecording(identity, System.nanoTime());
        message.from(queueFeed, recordingId, start);
        if (possiblyDelivered)
        {
            message.deliveryCount = 1;
        }
        return true;
    }

    /**
     * The queue of a name, made on first use unless it is a temporary queue's name without its owner, or the host
     * keeps its limit of queues already (a queue restored from the archive is made whatever the limit).
     */
    private HostedQueue queue(final String name, final HostedClient temporaryOwner, final boolean limited)
    {
        HostedQueue queue = queues.get(name);
        if (queue == null)
        {
            if (isTemporaryName(name) && temporaryOwner == null ||
                limited && queues.size() >= admission.limits().maxQueues())
            {
                return null;
            }
            queue = new HostedQueue(name, temporaryOwner, admission);
            queue.autoCreated = temporaryOwner == null;
            host(queue, "queue:" + name);
        }
        return queue;
    }

    /** Keeps a queue, with its counters under a destination's name as the provider's counters name it. */
    private void host(final HostedQueue queue, final String counterName)
    {
        queues.put(queue.name, queue);
        queue.counters = counters.register(counterName, queue.name.startsWith(DurableTopicFeed.QUEUE_PREFIX));
    }

    /** Forgets a queue and its counters. */
    private void unhost(final HostedQueue queue)
    {
        queues.remove(queue.name);
        counters.remove(queue.counters);
        queue.counters = null;
    }

    /** Shows each counted queue's figures; durable subscriptions' lag once a second (it asks the archive). */
    private void updateCounters(final long nowNs)
    {
        final boolean lagDue = nowNs - lastLagCheckNs >= 1_000_000_000L;
        if (lagDue)
        {
            lastLagCheckNs = nowNs;
        }
        for (final HostedQueue queue : queues.values())
        {
            if (queue.counters != null)
            {
                queue.counters.update(queue);
            }
        }
        if (lagDue)
        {
            for (final DurableTopicFeed feed : durableFeeds.values())
            {
                if (feed.queue.counters != null)
                {
                    feed.queue.counters.lag(feed.feed.lagBytes());
                }
            }
        }
    }

    /** Drops a queue: its messages, the room it kept for producers, and the requests waiting for room on it. */
    private void removeQueue(final HostedQueue queue, final String why)
    {
        unhost(queue);
        queue.dropAll();
        for (final QueueRoom.Waiting waiting : queue.room.waiting)
        {
            proxy.refuse(waiting.client(), waiting.correlationId(), ErrorCode.INVALID_DESTINATION, "queue '" +
                queue.name + "' " + why);
        }
        queue.room.waiting.clear();
        for (final HostedClient client : queue.room.reserved.keySet().toArray(new HostedClient[0]))
        {
            admission.release(queue, client);
        }
    }

    /** Removes the auto-created queues unused (empty, no consumers, no room kept) for the idle removal time. */
    private int removeUnusedQueues(final long nowNs)
    {
        int removed = 0;
        final long graceNs = admission.limits().idleQueueRemovalNs();
        final Iterator<HostedQueue> it = queues.values().iterator();
        while (it.hasNext())
        {
            final HostedQueue queue = it.next();
            if (!queue.autoCreated || !queue.isUnused())
            {
                queue.unusedSinceNs = 0;
            }
            else if (queue.unusedSinceNs == 0)
            {
                queue.unusedSinceNs = nowNs;
            }
            else if (nowNs - queue.unusedSinceNs >= graceNs)
            {
                it.remove();
                counters.remove(queue.counters);
                queue.counters = null;
                removed++;
            }
        }
        return removed;
    }

    private static boolean isTemporaryName(final String name)
    {
        return name.startsWith(QueueStreams.TEMPORARY_QUEUE_PREFIX);
    }

    /** {@inheritDoc} */
    @Override
    public HostedClient client(final long high, final long low, final int replyStreamId, final boolean udp)
    {
        return sessions.client(high, low, replyStreamId, udp, limits, clock);
    }

    /** {@inheritDoc} */
    @Override
    public void onConnect(
        final long high, final long low, final int replyStreamId, final long correlationId, final int protocolVersion,
        final int sessionId, final String user, final String password, final boolean udp)
    {
        sessions.connect(high, low, replyStreamId, correlationId, protocolVersion, sessionId, user, password, udp,
            limits, clock, proxy);
    }

    /** {@inheritDoc} */
    @Override
    public void onSubscribe(
        final HostedClient client, final long consumerId, final int credit, final String name, final String selector)
    {
        final HostedQueue queue = queues.get(name);
        if (isTemporaryName(name) && (queue == null || queue.temporaryOwner != client))
        {
            proxy.refuse(client, consumerId, ErrorCode.INVALID_DESTINATION, queue == null ? "temporary queue '" +
                name + "' does not exist (deleted, or its connection closed)" : "temporary queue '" + name +
                "' belongs to another connection");
            return;
        }
        final HostedQueue target = queue(name, null, true);
        if (target == null)
        {
            proxy.refuse(client, consumerId, ErrorCode.RESOURCE_LIMIT, noQueue(name));
            return;
        }
        addConsumer(client, consumerId, target, selector, credit);
    }

    /** {@inheritDoc} */
    @Override
    public void onSendCredit(
        final HostedClient client, final long correlationId, final String name, final int messages, final long bytes)
    {
        final HostedQueue queue = isTemporaryName(name) ? queues.get(name) : queue(name, null, true);
        if (queue == null)
        {
            proxy.refuse(client, correlationId, isTemporaryName(name) ? ErrorCode.INVALID_DESTINATION :
                ErrorCode.RESOURCE_LIMIT, noQueue(name));
            return;
        }
        admission.request(proxy, client, correlationId, queue, messages, bytes);
    }

    private void addConsumer(
        final HostedClient client, final long consumerId, final HostedQueue queue, final String selector,
        final int credit)
    {
        final Predicate<EnvelopeReader> test;
        try
        {
            test = selector.isBlank() ? null : selectors.apply(selector);
        }
        catch (final IllegalArgumentException ex)
        {
            proxy.refuse(client, consumerId, ErrorCode.INVALID_SELECTOR, ex.getMessage());
            return;
        }
        if (client.consumers.containsKey(consumerId))
        {
            // a second subscribe with the same id (a broken or forged client) would leave the first on its queue
            proxy.refuse(client, consumerId, ErrorCode.ILLEGAL_STATE, "consumer id " + consumerId + " is in use");
            return;
        }
        if (client.consumers.size() >= MAX_CONSUMERS_PER_CLIENT)
        {
            proxy.refuse(client, consumerId, ErrorCode.RESOURCE_LIMIT, "the queue host serves at most " +
                MAX_CONSUMERS_PER_CLIENT + " consumers per connection: close some");
            return;
        }
        final HostedConsumer consumer = new HostedConsumer(client, consumerId, queue, test, credit);
        client.consumers.put(consumerId, consumer);
        queue.consumers.add(consumer);
        proxy.accepted(client, consumerId);
    }

    /** {@inheritDoc} */
    @Override
    public void onSubscribeShared(
        final HostedClient client, final long consumerId, final int credit, final String topic, final String selector,
        final String key, final String channel, final int streamId)
    {
        SharedFeed feed = sharedFeeds.get(key);
        if (feed == null)
        {
            feed = new SharedFeed(topic, new HostedQueue("shared:" + key, null, admission),
                transport.addSubscription(channel, streamId), intake);
            host(feed.queue, feed.queue.name);
            sharedFeeds.put(key, feed);
        }
        else if (!feed.topic.equals(topic))
        {
            proxy.refuse(client, consumerId, ErrorCode.GENERIC, "shared subscription '" + key + "' is on topic '" +
                feed.topic + "', not '" + topic + "': close its consumers first or use another name");
            return;
        }
        addConsumer(client, consumerId, feed.queue, selector, credit);
    }

    /** {@inheritDoc} */
    @Override
    public void onSubscribeDurable(
        final HostedClient client, final long consumerId, final int credit, final String topic, final String selector,
        final String key, final String channel, final int streamId, final boolean shared, final boolean noLocal)
    {
        takePendingDurable();
        if (durable == null)
        {
            proxy.refuse(client, consumerId, ErrorCode.NOT_AVAILABLE, "durable subscriptions need the archive, and " +
                "the queue host on this media driver runs without one: start the driver with " +
                "wirespeed.archive.enabled=true (driver=external), or use archive=auto or archive=on with the " +
                "embedded driver");
            return;
        }
        DurableTopicFeed feed = durableFeeds.get(key);
        DurableState held = null;
        if (feed != null)
        {
            final DurableState state = feed.feed.state();
            final boolean active = !feed.queue.consumers.isEmpty();
            if (state.shared() != shared)
            {
                proxy.refuse(client, consumerId, ErrorCode.GENERIC, "durable subscription '" + key +
                    "' exists as " +
                    (state.shared() ? "a shared" : "an unshared") + " one: use " + (state.shared() ?
                    "createSharedDurableConsumer" : "createDurableConsumer") + ", or another name");
                return;
            }
            if (!state.sameDefinition(topic, selector, noLocal))
            {
                if (active)
                {
                    proxy.refuse(client, consumerId, ErrorCode.GENERIC, "durable subscription '" + key +
                        "' is on topic '" +
                        state.topic() + "'" + (state.selector().isEmpty() ? "" : " with selector '" + state.selector() +
                        "'") + " and has an active consumer: close it before changing the topic or selector");
                    return;
                }
                // keep the stream recorded across the replacement: stopping the recording and starting it again
                // would start the new subscription at the start of the old recording, with what the old one held
                durable.archive().record(state.channel(), state.streamId());
                held = state;
                deleteDurable(feed);
                feed = null;
            }
            else if (active && !shared)
            {
                proxy.refuse(client, consumerId, ErrorCode.GENERIC, "durable subscription '" + key +
                    "' already has an active " +
                    "consumer: an unshared durable subscription takes one consumer at a time (close the other, or " +
                    "use createSharedDurableConsumer)");
                return;
            }
        }
        try
        {
            subscribeDurable(client, consumerId, credit, feed, topic, selector, key, channel, streamId, shared,
                noLocal);
        }
        finally
        {
            if (null != held)
            {
                durable.archive().stopRecording(held.channel(), held.streamId());
            }
        }
    }

    private void subscribeDurable(
        final HostedClient client, final long consumerId, final int credit, final DurableTopicFeed existing,
        final String topic, final String selector, final String key, final String channel, final int streamId,
        final boolean shared, final boolean noLocal)
    {
        DurableTopicFeed feed = existing;
        if (feed == null)
        {
            final Predicate<EnvelopeReader> test;
            try
            {
                test = selector.isBlank() ? null : selectors.apply(selector);
            }
            catch (final IllegalArgumentException ex)
            {
                proxy.refuse(client, consumerId, ErrorCode.INVALID_SELECTOR, ex.getMessage());
                return;
            }
            final DurableState state = new DurableState(key, topic, selector, noLocal, shared, channel, streamId);
            try
            {
                feed = hosted(new DurableTopicFeed(DurableFeed.create(durable.archive(), durable.store(), state), test,
                    intake));
            }
            catch (final RuntimeException ex)
            {
                LOGGER.log(System.Logger.Level.ERROR, "cannot create durable subscription '" + key + "'", ex);
                proxy.refuse(client, consumerId, ErrorCode.GENERIC, "cannot create durable subscription '" + key +
                    "': " + ex);
                return;
            }
            durableFeeds.put(key, feed);
        }
        addConsumer(client, consumerId, feed.queue, "", credit);
    }

    /** {@inheritDoc} */
    @Override
    public void onUnsubscribe(final HostedClient client, final long requestId, final String key)
    {
        takePendingDurable();
        final DurableTopicFeed feed = durable == null ? null : durableFeeds.get(key);
        if (feed == null)
        {
            proxy.refuse(client, requestId, ErrorCode.INVALID_DESTINATION, "there is no durable subscription '" + key +
                "' (client id/name) to unsubscribe: check the name and the connection's client id");
            return;
        }
        if (!feed.queue.consumers.isEmpty())
        {
            proxy.refuse(client, requestId, ErrorCode.ILLEGAL_STATE, "durable subscription '" + key +
                "' has an active " +
                "consumer: close it before unsubscribing");
            return;
        }
        if (!feed.queue.detached.isEmpty())
        {
            proxy.refuse(client, requestId, ErrorCode.ILLEGAL_STATE, "durable subscription '" + key +
                "' has messages " +
                "that a session received and has not yet acknowledged or committed: finish that first");
            return;
        }
        deleteDurable(feed);
        proxy.accepted(client, requestId);
    }

    private void deleteDurable(final DurableTopicFeed feed)
    {
        final String key = feed.feed.state().key();
        durableFeeds.remove(key);
        unhost(feed.queue);
        feed.queue.dropAll();
        feed.feed.delete();
    }

    /** {@inheritDoc} */
    @Override
    public void onCredit(final HostedClient client, final long consumerId, final int credit)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null)
        {
            consumer.credit += credit;
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onAcknowledge(final HostedClient client, final long consumerId, final long deliveryId)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null)
        {
            final StoredMessage message = consumer.inFlight.remove(deliveryId);
            if (message != null)
            {
                message.done();
                forgetIfSettled(client, consumer);
            }
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onGiveBack(final HostedClient client, final long consumerId, final long deliveryId, final boolean seen)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null)
        {
            final StoredMessage message = consumer.inFlight.remove(deliveryId);
            if (message != null)
            {
                if (!seen)
                {
                    message.deliveryCount--;
                }
                consumer.queue.putBack(message);
                forgetIfSettled(client, consumer);
            }
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onPause(final HostedClient client, final long consumerId, final long requestId)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer != null)
        {
            consumer.credit = 0;
        }
        proxy.accepted(client, requestId);
    }

    /** {@inheritDoc} */
    @Override
    public void onCloseConsumer(final HostedClient client, final long consumerId, final boolean keepDeliveries)
    {
        final HostedConsumer consumer = client.consumers.get(consumerId);
        if (consumer == null)
        {
            return;
        }
        if (keepDeliveries && !consumer.inFlight.isEmpty())
        {
            consumer.queue.detach(consumer);
            closeUnusedSharedFeed(consumer.queue);
        }
        else
        {
            client.consumers.remove(consumerId);
            release(consumer);
        }
    }

    private static void forgetIfSettled(final HostedClient client, final HostedConsumer consumer)
    {
        if (consumer.queue.forgetIfSettled(consumer))
        {
            client.consumers.remove(consumer.id);
        }
    }

    private void release(final HostedConsumer consumer)
    {
        consumer.queue.release(consumer);
        closeUnusedSharedFeed(consumer.queue);
    }

    private void closeUnusedSharedFeed(final HostedQueue queue)
    {
        if (!queue.consumers.isEmpty())
        {
            return;
        }
        final Iterator<Map.Entry<String, SharedFeed>> feeds = sharedFeeds.entrySet().iterator();
        while (feeds.hasNext())
        {
            final SharedFeed feed = feeds.next().getValue();
            if (feed.queue == queue)
            {
                feed.subscription.close();
                removeQueue(queue, "was removed");
                feeds.remove();
            }
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onBrowse(final HostedClient client, final long requestId, final String name, final String selector)
    {
        final Predicate<EnvelopeReader> test;
        try
        {
            test = selector.isBlank() ? null : selectors.apply(selector);
        }
        catch (final IllegalArgumentException ex)
        {
            proxy.refuse(client, requestId, ErrorCode.INVALID_SELECTOR, ex.getMessage());
            return;
        }
        final HostedQueue queue = queues.get(name);
        endBrowse(client);
        if (queue == null || queue.size() == 0 && queue.room.messages == 0)
        {
            proxy.browseEnd(client, requestId);
            return;
        }
        if (browses.size() >= MAX_BROWSES)
        {
            proxy.refuse(client, requestId, ErrorCode.RESOURCE_LIMIT, "the queue host serves " + MAX_BROWSES +
                " browses at once: try again when one has ended");
            return;
        }
        browses.add(new BrowseCursor(client, requestId, queue.browseOrder(), test));
    }

    /** A client's browse under way, if any, ends where it is: a client browses one queue at a time. */
    private void endBrowse(final HostedClient client)
    {
        for (int i = 0; i < browses.size(); i++)
        {
            final BrowseCursor browse = browses.get(i);
            if (browse.client == client)
            {
                proxy.browseEnd(client, browse.correlationId);
                browses.remove(i);
                return;
            }
        }
    }

    /** Sends a page of each browse under way; forgets those ended. */
    private int sendBrowsePages(final long nowMs)
    {
        int work = 0;
        for (int i = browses.size() - 1; i >= 0; i--)
        {
            final BrowseCursor browse = browses.get(i);
            work += browse.sendPage(proxy, nowMs);
            if (browse.isEnded())
            {
                browses.remove(i);
            }
        }
        return work;
    }

    /** {@inheritDoc} */
    @Override
    public void onCreateTemporaryQueue(final HostedClient client, final String name)
    {
        if (queue(name, client, true) == null)
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host did not create temporary queue '" + name + "': " +
                noQueue(name));
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onDeleteTemporaryQueue(final HostedClient client, final String name)
    {
        final HostedQueue queue = queues.get(name);
        if (queue != null && queue.temporaryOwner == client)
        {
            removeQueue(queue, "was deleted by its connection");
        }
    }

    private int dispatch(final HostedQueue queue, final long nowMs)
    {
        int work = 0;
        for (int tried = 0; queue.size() > 0 && tried < queue.consumers.size(); )
        {
            final HostedConsumer consumer = queue.nextWithCredit(tried);
            if (consumer == null)
            {
                break;
            }
            // a client with responses waiting takes no delivery now: leave the queue as it is
            final StoredMessage message = consumer.client.backlog.isEmpty() && consumer.client.reply.isConnected() ?
                queue.take(consumer, nowMs) : null;
            if (message == null)
            {
                tried++;
                continue;
            }
            message.deliveryCount++;
            final long deliveryId = ++deliveryIds;
            envelopeView.wrap(message.envelope);
            if (!proxy.deliver(consumer.client, consumer.id, deliveryId, message.deliveryCount, envelopeView, 0,
                message.envelope.length))
            {
                // its client does not take it now: the next consumer may, and this one is cut off if it never does
                message.deliveryCount--;
                queue.putBack(message);
                tried++;
                continue;
            }
            consumer.credit--;
            consumer.inFlight.put(deliveryId, message);
            work++;
            tried = 0;
        }
        return work;
    }

    private int checkClients(final long nowNs)
    {
        int work = 0;
        final Iterator<HostedClient> it = clients.values().iterator();
        while (it.hasNext())
        {
            final HostedClient client = it.next();
            if (client.isGone(nowNs, limits.clientTimeoutNs()))
            {
                if (client.overflowed || client.reply.isConnected())
                {
                    LOGGER.log(System.Logger.Level.WARNING, "queue host cut off client " + client.high + ":" +
                        client.low + (client.overflowed ? ": its replies overflowed its send queue" :
                        ": it did not read its replies, or sent nothing, for the client timeout") + "; its " +
                        "deliveries go back to their queues");
                }
                forget(client);
                it.remove();
                work++;
            }
        }
        return work;
    }

    /** Forgets a client as if it had closed: its deliveries go back, its temporary queues and publication go. */
    private void forget(final HostedClient client)
    {
        for (final HostedConsumer consumer : client.consumers.values())
        {
            release(consumer);
        }
        client.consumers.clear();
        browses.removeIf(browse -> browse.client == client);
        for (final HostedQueue queue : queues.values().toArray(new HostedQueue[0]))
        {
            if (queue.temporaryOwner == client)
            {
                removeQueue(queue, "was deleted: its connection has gone");
            }
            else
            {
                admission.release(queue, client);
            }
        }
        if (lastSender == client)
        {
            lastSender = null;
        }
        client.reply.close();
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
        for (int i = 0; i < 1_000 && control.poll(controlHandler, FRAGMENT_LIMIT) > 0; i++)
        {
            // take in the acknowledgements already sent, so that they are stored
        }
        final long deadline = System.nanoTime() + CATCH_UP_NS;
        while (queueFeed != null && arrivals.awaiting() > 0 && System.nanoTime() < deadline)
        {
            // read the recordings up to the live messages, so that the acknowledged ones' positions are stored and
            // they do not come back, marked possibly delivered, at the next start
            if (queueFeed.poll(queueSink, FRAGMENT_LIMIT) == 0)
            {
                Thread.yield();
            }
        }
        if (inbound != null)
        {
            inbound.close();
        }
        if (queueFeed != null)
        {
            queueFeed.close();
        }
        for (final DurableTopicFeed feed : durableFeeds.values())
        {
            feed.feed.close();
        }
        control.close();
        if (udpControl != null)
        {
            udpControl.close();
            udpInbound.close();
        }
        if (relay != null)
        {
            relay.close();
        }
        for (final HostedClient client : clients.values())
        {
            client.reply.close();
        }
        for (final SharedFeed feed : sharedFeeds.values())
        {
            feed.subscription.close();
        }
        for (final HostedQueue queue : queues.values())
        {
            counters.remove(queue.counters);
            queue.counters = null;
        }
    }

    private DurableTopicFeed hosted(final DurableTopicFeed feed)
    {
        host(feed.queue, feed.queue.name);
        return feed;
    }

    private Predicate<EnvelopeReader> compileStored(final DurableState state)
    {
        try
        {
            return state.selector().isBlank() ? null : selectors.apply(state.selector());
        }
        catch (final IllegalArgumentException ex)
        {
            LOGGER.log(System.Logger.Level.ERROR, "stored durable subscription '" + state.key() + "' has a selector " +
                "that no longer compiles; it gets every message: " + ex.getMessage());
            return null;
        }
    }
}
