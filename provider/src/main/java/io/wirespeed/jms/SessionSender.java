package io.wirespeed.jms;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.jms.DeliveryMode;
import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.MessageFormatException;
import javax.jms.ResourceAllocationException;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.SlowConsumerChannels;
import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TopicPattern;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.message.JmsMessageExceptions;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.metrics.DestinationCounters;
import io.wirespeed.jms.runtime.PublicationPool;
import io.wirespeed.jms.queue.QueueClient;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.jms.wire.MessageEncoder;
import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.PersistenceWatch;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;

/**
 * A session's sending side: encodes a message into the session's buffer and offers it on the
 * destination's publication, waiting out back-pressure up to the send timeout. In a transacted
 * session, encoded messages are held until commit. One thread at a time; nothing allocated per send
 * once warm.
 * <p>
 * A {@code PERSISTENT} message to a destination whose stream the archive records (a topic with a
 * durable subscription, or any queue when the queue host keeps its queues in the archive) returns only
 * once the archive's position for this publication's session has reached the message's end: it is
 * then in the archive's files. Where nothing records the stream, a send does not wait (topic semantics:
 * a message no durable subscription keeps is lost with its subscribers anyway). What the archive records is
 * seen through the route's transport's {@link PersistenceWatch} capability; a transport without one (RDMA)
 * has streams nothing records, where no durable subscription can be made either
 * ({@link JmsConnection#durableChannelFor}), so a PERSISTENT send there does not wait either. A PERSISTENT queue
 * message sent over UDP to a host that keeps its queues in the archive waits instead for the host to say that its
 * archive recorded it ({@link QueueClient#awaitRecorded}), within the send timeout; in a transaction, the commit
 * waits so for each of them after publishing them all.
 * <p>
 * A message larger than its publication takes is refused at send with a {@link MessageFormatException}, in a
 * transaction too, so a commit never meets one. A commit first checks what can be known before publishing (a queue
 * host to take queue messages), then publishes in send order; see {@link PendingTransaction} for what a failure
 * says. Closing waits, up to the {@code linger} option, until connected network subscribers confirm they have
 * everything sent.
 */
final class SessionSender
{
    private static final int INITIAL_BUFFER = 4096;

    private final JmsSession session;
    private final ConnectionConfig config;
    private final ConnectionMetrics metrics;
    private final MessageEncoder encoder = new MessageEncoder();
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(INITIAL_BUFFER);
    private final Map<String, Route> routes = new HashMap<>();
    private static final System.Logger LOGGER = System.getLogger(SessionSender.class.getName());

    private final PendingTransaction transaction = new PendingTransaction();
    private final UnsafeBuffer pendingBuffer = new UnsafeBuffer(0, 0);
    private final EnvelopeReader commitReader = new EnvelopeReader();
    private final IdleStrategy idle;
    private JmsMessage claimMessage;
    private int claimProducerId;
    private final long sendTimeoutNs;
    private final long connectWaitNs;
    private final long queueHostTimeoutNs;
    private final String timeoutSetting;

    SessionSender(final JmsSession session)
    {
        this.session = session;
        this.config = session.connection().config();
        this.metrics = session.connection().metrics();
        this.idle = config.idle().newIdleStrategy();
        this.sendTimeoutNs = TimeUnit.NANOSECONDS.convert(config.sendTimeout());
        this.connectWaitNs = TimeUnit.NANOSECONDS.convert(config.connectWait());
        this.queueHostTimeoutNs = TimeUnit.NANOSECONDS.convert(config.queueHostTimeout());
        this.timeoutSetting = "sendTimeout=" + config.sendTimeout().toMillis() + " ms";
    }

    /**
     * The refusal of a producer or send to a wildcard topic name.
     *
     * @param destination the wildcard topic.
     * @return the exception to throw.
     */
    static InvalidDestinationException wildcardSend(final JmsDestination destination)
    {
        return new InvalidDestinationException("cannot send to wildcard topic '" + destination.name() +
            "': a message goes to one concrete topic; '*' and '>' are for consumers");
    }

    /**
     * The route (publication) for a destination, created on first use and kept for the session's life.
     *
     * @param destination the destination.
     * @return its route.
     * @throws JMSException if the transport cannot create the publication.
     */
    Route route(final JmsDestination destination) throws JMSException
    {
        Route route = routes.get(destination.name());
        if (route != null && route.queue != !destination.isTopic())
        {
            route = null;
        }
        if (route == null && !destination.isTopic())
        {
            route = queueRoute();
            routes.put(destination.name(), route);
        }
        if (route == null)
        {
            if (TopicPattern.isWildcard(destination.name()))
            {
                throw wildcardSend(destination);
            }
            final JmsConnection connection = session.connection();
            final TransportChannel target = connection.channelFor(destination.name());
            final String channel = target.channel();
            final int streamId = connection.routing().streamId(destination.name());
            for (final Route existing : routes.values())
            {
                if (existing.streamId == streamId && existing.channel.equals(channel) && !existing.queue)
                {
                    route = existing;
                    break;
                }
            }
            if (route == null)
            {
                try
                {
                    route = new Route(channel, streamId, target.transport(),
                        SlowConsumerChannels.publication(channel, connection.config()), false,
                        watch(target.transport()), connection.runtime().publications());
                }
                catch (final TransportException ex)
                {
                    throw JmsExceptions.wrap("cannot publish to '" + destination + "' on " + channel + " stream " +
                        streamId + ": " + ex.getMessage(), ex);
                }
            }
            routes.put(destination.name(), route);
            if (destination.kind() == DestinationKind.TOPIC &&
                !TopicRouting.isSingleStream(connection.routing().channel(destination.name())))
            {
                connection.advertise(destination.name(), target, streamId);
            }
        }
        return route;
    }

    private Route queueRoute() throws JMSException
    {
        for (final Route existing : routes.values())
        {
            if (existing.queue)
            {
                return existing;
            }
        }
        final JmsConnection connection = session.connection();
        final String channel = connection.queueClient().inboundChannel();
        try
        {
            return new Route(channel, QueueStreams.INBOUND_STREAM, connection.transport(), channel, true,
                watch(connection.transport()), connection.runtime().publications());
        }
        catch (final TransportException ex)
        {
            throw JmsExceptions.wrap("cannot reach the queue host: " + ex.getMessage(), ex);
        }
    }

    private static PersistenceWatch watch(final Transport transport)
    {
        return transport.capability(PersistenceWatch.class).orElse(null);
    }

    /**
     * Encodes and sends a message, or holds it until commit in a transacted session.
     *
     * @param route      where it goes.
     * @param message    the stamped message.
     * @param producerId the sending producer's number within the session.
     * @throws JMSException MessageFormatException if the message does not fit its publication or the envelope;
     *                      another JMSException if the send failed or timed out.
     */
    void send(final Route route, final JmsMessage message, final int producerId) throws JMSException
    {
        final DestinationCounters counters = metrics.destination((JmsDestination)message.getJMSDestination());
        try
        {
            if (route.queue)
            {
                // a host that was lost takes nothing until this connection has a session with it again
                session.connection().queueClient().connect();
            }
            sendCounted(route, message, producerId, counters);
        }
        catch (final JMSException | RuntimeException ex)
        {
            metrics.onSendFailure();
            throw ex;
        }
    }

    private void sendCounted(
        final Route route, final JmsMessage message, final int producerId, final DestinationCounters counters)
        throws JMSException
    {
        throwRefusal(route.queue);
        if (persistent(message) && session.sessionMode() != JmsSession.SESSION_TRANSACTED)
        {
            // a transaction's messages are checked when it commits
            refuseUnrecorded(route);
        }
        final String queue = route.queue ? ((JmsDestination)message.getJMSDestination()).name() : null;
        if (session.sessionMode() != JmsSession.SESSION_TRANSACTED)
        {
            final int measured = encoder.encodedLength(message);
            if (measured <= route.maxClaimLength)
            {
                if (queue != null)
                {
                    session.connection().queueClient().acquireRoom(queue, 1, measured, sendTimeoutNs, timeoutSetting());
                }
                claimMessage = message;
                claimProducerId = producerId;
                try
                {
                    if (offer(route, null, measured, persistent(message)))
                    {
                        counters.onSent(measured);
                    }
                }
                finally
                {
                    claimMessage = null;
                }
                awaitHostRecorded(route, persistent(message), producerId, message.messageIdSequence());
                return;
            }
        }
        final int length = encode(message, producerId);
        if (length > route.maxMessageLength)
        {
            throw tooLarge(route, length);
        }
        if (session.sessionMode() == JmsSession.SESSION_TRANSACTED)
        {
            final byte[] copy = new byte[length];
            buffer.getBytes(0, copy);
            transaction.add(route, queue, copy, persistent(message), message.getJMSMessageID(), counters);
            return;
        }
        if (queue != null)
        {
            session.connection().queueClient().acquireRoom(queue, 1, length, sendTimeoutNs, timeoutSetting());
        }
        if (offer(route, buffer, length, persistent(message)))
        {
            counters.onSent(length);
        }
        awaitHostRecorded(route, persistent(message), producerId, message.messageIdSequence());
    }

    /**
     * A PERSISTENT queue message sent over UDP to a host that keeps its queues in the archive returns only once the
     * host says its archive recorded it (over IPC, {@link #awaitArchived} watches the archive itself).
     */
    private void awaitHostRecorded(final Route route, final boolean persistent, final int producerId,
        final long sequence) throws JMSException
    {
        if (route.queue && persistent)
        {
            final QueueClient client = session.connection().queueClient();
            if (client.confirmsPersistentSends())
            {
                client.awaitRecorded(session.id(), producerId, sequence, sendTimeoutNs, timeoutSetting);
            }
        }
    }

    /**
     * A queue message this session sent earlier was refused by the host on arrival (and dropped): this send or
     * commit says so.
     */
    private void throwRefusal(final boolean queue) throws JMSException
    {
        final QueueClient client = session.connection().queueClientIfOpen();
        if (client == null)
        {
            return;
        }
        if (queue)
        {
            client.poll();
        }
        final ResourceAllocationException refused = client.takeSendRefusal(session.id());
        if (refused != null)
        {
            throw refused;
        }
    }

    private String timeoutSetting()
    {
        return timeoutSetting;
    }

    /** Takes room on the host's queues for every queue message of the transaction, per queue, before publishing. */
    private void acquireRoom() throws JMSException
    {
        Map<String, long[]> needs = null;
        for (final PendingTransaction.PendingSend pending : transaction.sends())
        {
            if (pending.queue() != null)
            {
                if (needs == null)
                {
                    needs = new HashMap<>();
                }
                final long[] need = needs.computeIfAbsent(pending.queue(), q -> new long[2]);
                need[0]++;
                need[1] += pending.bytes().length;
            }
        }
        if (needs != null)
        {
            final QueueClient client = session.connection().queueClient();
            for (final Map.Entry<String, long[]> need : needs.entrySet())
            {
                client.acquireRoom(need.getKey(), (int)need.getValue()[0], need.getValue()[1], sendTimeoutNs,
                    timeoutSetting());
            }
        }
    }

    /**
     * Claims the measured length on the route's publication and encodes the message straight into the claim: no
     * copy through the session's buffer.
     */
    private long claimAndEncode(final Route route, final int length) throws MessageFormatException
    {
        final ClaimedSpace claim = route.claim;
        final long result = route.publication.tryClaim(length, claim);
        if (result > 0)
        {
            final int encoded;
            try
            {
                encoded = encoder.encode(claimMessage, session.connection().senderId(), session.id(), claimProducerId,
                    claim.buffer(), claim.offset());
            }
            catch (final IllegalArgumentException | java.lang.IllegalStateException | IndexOutOfBoundsException ex)
            {
                claim.abort();
                throw JmsMessageExceptions.format("the message cannot be encoded: " + ex.getMessage(), ex);
            }
            if (encoded != length)
            {
                claim.abort();
                throw new java.lang.IllegalStateException("the envelope measured " + length + " bytes but took " +
                    encoded);
            }
            claim.commit();
        }
        return result;
    }

    private int encode(final JmsMessage message, final int producerId) throws MessageFormatException
    {
        try
        {
            return encoder.encode(message, session.connection().senderId(), session.id(), producerId, buffer, 0);
        }
        catch (final IllegalArgumentException | java.lang.IllegalStateException | IndexOutOfBoundsException ex)
        {
            throw JmsMessageExceptions.format("the message cannot be encoded: " + ex.getMessage(), ex);
        }
    }

    private MessageFormatException tooLarge(final Route route, final int length)
    {
        final String raise;
        if (route.queue)
        {
            raise = "queue messages travel on the queue host's own channel (" + route.channel + "), whose term " +
                "length no option changes: send less per message, or send it to a topic";
        }
        else if (!route.channel.equals(TopicRouting.defaultChannel(config)))
        {
            raise = "raise term-length in the channel of the route.<pattern> option that sends this destination to " +
                route.channel + ", or send less per message";
        }
        else
        {
            raise = "raise the URI option termLength (now " + (0 == config.termLength() ? "the driver's default" :
                config.termLength()) + "; a power of two up to 1g; the largest message is an eighth of it, at " +
                "most 16 MiB), or send less per message";
        }
        return JmsMessageExceptions.format("the message takes " + length + " bytes encoded, more than the " +
            route.maxMessageLength + " bytes the publication to " + route + " takes: " + raise, null);
    }

    private static boolean persistent(final JmsMessage message)
    {
        return message.getJMSDeliveryMode() != DeliveryMode.NON_PERSISTENT;
    }

    /** @return true if the message was published; false if a topic had no subscribers to take it. */
    private boolean offer(
        final Route route, final org.agrona.DirectBuffer source, final int length, final boolean persistent)
        throws JMSException
    {
        final TransportPublication publication = route.publication;
        long waitingSince = 0;
        idle.reset();
        while (true)
        {
            final long result = null == claimMessage ? publication.offer(source, 0, length) : claimAndEncode(route,
                length);
            if (result > 0)
            {
                route.hadSubscribers = true;
                if (persistent && route.watch != null)
                {
                    awaitArchived(route, result);
                }
                return true;
            }
            final long now = System.nanoTime();
            if (result == TransportPublication.NOT_CONNECTED)
            {
                final long joinedNs = Math.max(route.createdNanos, LocalSubscriptions.lastCreatedNanos());
                if (route.queue && now - route.createdNanos > queueHostTimeoutNs)
                {
                    throw new JMSException("no queue host takes messages on " + route + ": queues are hosted by the " +
                        "Wirespeed driver process (driver=external) or inside this JVM with the embedded driver; " +
                        "start the driver, or check aeronDir");
                }
                if (!route.queue && now - joinedNs > connectWaitNs)
                {
                    onNoSubscribers(route);
                    return false;
                }
            }
            else if (result == TransportPublication.BACK_PRESSURED || result == TransportPublication.ADMIN_ACTION)
            {
                if (waitingSince == 0)
                {
                    waitingSince = now;
                    metrics.onBackPressure();
                }
                else if (now - waitingSince > sendTimeoutNs)
                {
                    throw new ResourceAllocationException("send to " + route + " was back-pressured for longer than " +
                        "sendTimeout=" + config.sendTimeout().toMillis() + " ms: a subscriber is not keeping up; " +
                        "raise sendTimeout or speed up the consumers");
                }
            }
            else if (result == TransportPublication.CLOSED)
            {
                throw new IllegalStateException("the publication for " + route + " is closed: the connection or " +
                    "its media driver went away");
            }
            else
            {
                throw new JMSException("send to " + route + " failed: " + TransportPublication.describe(result));
            }
            if (session.isClosed())
            {
                throw JmsExceptions.closed("session");
            }
            idle.idle();
        }
    }

    /**
     * Refuses a PERSISTENT message, before it is published, to a recorded destination whose recording the archive
     * has stopped for want of disk space: it could not be kept. Finds the destination's mark for
     * {@link #awaitArchived}.
     */
    private void refuseUnrecorded(final Route route) throws JMSException
    {
        final PersistenceWatch watch = route.watch;
        if (watch == null)
        {
            return;
        }
        if (!watch.isRecordedStream(route.recordedMark, route.channel, route.streamId))
        {
            route.recordedMark = watch.findRecordedStream(route.channel, route.streamId);
        }
        if (route.recordedMark != PersistenceWatch.NOT_FOUND && watch.isRecordingStopped(route.recordedMark))
        {
            throw recordingStopped(route, "this PERSISTENT message was not sent");
        }
    }

    private static ResourceAllocationException recordingStopped(final Route route, final String outcome)
    {
        return new ResourceAllocationException("the archive has stopped recording " + route + " because its disk " +
            "is nearly full: " + outcome + ", as it could not be kept. Messages sent before are kept, and sending " +
            "works again by itself once the disk has room; free space on the archive's disk (its directory is " +
            "wirespeed.archive.dir, or archiveDir for the embedded archive), lower wirespeed.archive.min.free " +
            "(archiveMinFree), or send NON_PERSISTENT messages, which are not recorded");
    }

    /** Waits until the archive has the message; {@link #refuseUnrecorded} found the destination's mark. */
    private void awaitArchived(final Route route, final long position) throws JMSException
    {
        final PersistenceWatch watch = route.watch;
        if (route.recordedMark == PersistenceWatch.NOT_FOUND)
        {
            return;
        }
        final int sessionId = route.publication.sessionId();
        final long start = System.nanoTime();
        idle.reset();
        while (true)
        {
            long recorded = watch.recordedPosition(route.recordingCounter, sessionId);
            if (recorded < 0)
            {
                route.recordingCounter = watch.findRecordingCounter(sessionId);
                recorded = watch.recordedPosition(route.recordingCounter, sessionId);
            }
            if (recorded >= position)
            {
                return;
            }
            if (!watch.isRecordedStream(route.recordedMark, route.channel, route.streamId))
            {
                return;
            }
            if (watch.isRecordingStopped(route.recordedMark))
            {
                throw recordingStopped(route, "this PERSISTENT message was published but not recorded, so it is not " +
                    "kept: consumers connected now may receive it, nothing that reads from the archive will");
            }
            if (System.nanoTime() - start > sendTimeoutNs)
            {
                throw new JMSException("the archive did not confirm a PERSISTENT message to " + route + " within " +
                    "sendTimeout=" + config.sendTimeout().toMillis() + " ms: it may not survive a failure of the " +
                    "driver process; check the archive (driver log), or raise sendTimeout");
            }
            idle.idle();
        }
    }

    private void onNoSubscribers(final Route route)
    {
        if (route.hadSubscribers)
        {
            route.hadSubscribers = false;
            session.connection().onAsyncException(new JMSException("every subscriber of " + route + " has gone: " +
                "messages published there now reach no one until a subscriber connects again"));
        }
    }

    /**
     * Publishes the messages held by the transaction, in order, after checking what can be known before
     * publishing any of them. The transaction is empty afterwards, whatever happened.
     *
     * @throws JMSException TransactionRolledBackException if nothing was published; a JMSException naming what
     *                      was and was not published if a send failed part way.
     */
    void commit() throws JMSException
    {
        int published = 0;
        try
        {
            throwRefusal(true);
            for (final PendingTransaction.PendingSend pending : transaction.sends())
            {
                if (pending.persistent())
                {
                    refuseUnrecorded(pending.route());
                }
            }
            checkQueueHosts();
            acquireRoom();
            for (final PendingTransaction.PendingSend pending : transaction.sends())
            {
                pendingBuffer.wrap(pending.bytes());
                if (offer(pending.route(), pendingBuffer, pending.bytes().length, pending.persistent()))
                {
                    pending.counters().onSent(pending.bytes().length);
                }
                published++;
            }
            for (final PendingTransaction.PendingSend pending : transaction.sends())
            {
                if (pending.persistent() && pending.route().queue)
                {
                    pendingBuffer.wrap(pending.bytes());
                    commitReader.wrap(pendingBuffer, 0, pending.bytes().length);
                    awaitHostRecorded(pending.route(), true, commitReader.producerId(), commitReader.sequence());
                }
            }
        }
        catch (final JMSException ex)
        {
            metrics.onSendFailure();
            if (published > 0 && published == transaction.sends().size())
            {
                // all published, not all confirmed: the host's reason says what that means
                throw ex;
            }
            throw 0 == published ? transaction.rolledBack(ex.getMessage(), ex) :
                transaction.partiallyPublished(published, ex);
        }
        finally
        {
            pendingBuffer.wrap(0, 0);
            transaction.clear();
        }
    }

    /** Every queue message of the transaction needs a queue host to take it: waits for one before publishing. */
    private void checkQueueHosts() throws JMSException
    {
        final long start = System.nanoTime();
        for (final PendingTransaction.PendingSend pending : transaction.sends())
        {
            final Route route = pending.route();
            idle.reset();
            while (route.queue && !route.publication.isConnected())
            {
                if (System.nanoTime() - start > queueHostTimeoutNs)
                {
                    throw new JMSException("no queue host took messages on " + route + " within queueHostTimeout=" +
                        config.queueHostTimeout().toMillis() + " ms: queues are hosted by the Wirespeed driver " +
                        "process (driver=external) or inside this JVM with the embedded driver; start the driver, or " +
                        "check aeronDir");
                }
                if (session.isClosed())
                {
                    throw JmsExceptions.closed("session");
                }
                idle.idle();
            }
        }
    }

    /** Discards the messages held by the transaction. */
    void rollback()
    {
        transaction.clear();
    }

    /**
     * Gives every shared-memory publication this session used back to its runtime's
     * {@link io.wirespeed.jms.runtime.PublicationPool}, open, for the next session that sends to the same stream (its
     * subscribers read the log, which outlives any close); closes every network publication once its connected
     * subscribers have everything sent, waiting until the {@code linger} deadline at most, as before the pool.
     *
     * @param deadlineNs the {@link System#nanoTime()} after which publications are closed without waiting.
     */
    void close(final long deadlineNs)
    {
        final Set<Route> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        distinct.addAll(routes.values());
        routes.clear();
        for (final Route route : distinct)
        {
            if (PublicationPool.keepsOpen(route.poolChannel))
            {
                route.pool.release(route.transport, route.poolChannel, route.streamId, route.publication);
                continue;
            }
            final boolean connected = route.publication.isConnected();
            if (!route.publication.closeAfterDelivery(deadlineNs) && connected)
            {
                LOGGER.log(System.Logger.Level.WARNING, "closed " + route + " before every subscriber confirmed it " +
                    "had all this session sent (linger=" + config.linger().toMillis() + " ms): a subscriber may miss " +
                    "the last messages; raise linger, or let subscribers keep up before closing");
            }
        }
    }

    /**
     * The deadline a close that starts now waits until at most.
     *
     * @param config the connection's configuration, whose {@code linger} option applies.
     * @return {@link System#nanoTime()} plus the {@code linger} option, saturated.
     */
    static long lingerDeadline(final ConnectionConfig config)
    {
        final long now = System.nanoTime();
        final long lingerNs = TimeUnit.NANOSECONDS.convert(config.linger());
        return lingerNs > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + lingerNs;
    }

    /** One destination's publication. */
    static final class Route
    {
        final String channel;
        final int streamId;
        final Transport transport;
        final String poolChannel;
        final PublicationPool pool;
        final TransportPublication publication;
        final boolean queue;
        final PersistenceWatch watch;
        final int maxMessageLength;
        final int maxClaimLength;
        final ClaimedSpace claim;
        final long createdNanos = System.nanoTime();
        boolean hadSubscribers;
        int recordedMark = PersistenceWatch.NOT_FOUND;
        int recordingCounter = PersistenceWatch.NOT_FOUND;

        Route(
            final String channel, final int streamId, final Transport transport, final String publicationChannel,
            final boolean queue, final PersistenceWatch watch, final PublicationPool pool)
        {
            this.channel = channel;
            this.streamId = streamId;
            this.transport = transport;
            this.poolChannel = publicationChannel;
            this.pool = pool;
            this.publication = pool.acquire(transport, publicationChannel, streamId);
            this.queue = queue;
            this.watch = watch;
            this.maxMessageLength = publication.maxMessageLength();
            this.maxClaimLength = publication.maxClaimLength();
            this.claim = publication.newClaim();
        }

        @Override
        public String toString()
        {
            return channel + " stream " + streamId;
        }
    }
}
