package io.wirespeed.jms.send;

import java.util.concurrent.TimeUnit;

import javax.jms.CompletionListener;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageFormatException;
import javax.jms.Session;

import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.IdleStrategy;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.HostMembers;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.metrics.DestinationCounters;

/**
 * A session's sending side, the coordinator of its jobs: the {@link SendRoutes route table} gives each destination
 * its publication; the {@link SendEncoder} encodes a message into a claim on it (a message no larger than the
 * publication's claim) or into the session's buffer; the {@link SendGate} takes the queue host's credit and waits out
 * back-pressure up to {@code sendTimeout}; the {@link PersistenceWait} refuses a PERSISTENT message the archive could
 * not keep and waits until it has one it records; in a transacted session the {@link TransactionPublisher} holds
 * the encoded messages until commit and publishes them then. One thread at a time; nothing allocated per send once
 * warm.
 * <p>
 * A message larger than its publication takes is refused at send with a {@link MessageFormatException}, in a
 * transaction too, so a commit never meets one. Closing waits, up to the {@code linger} option, until connected
 * network subscribers confirm they have everything sent.
 */
public final class SessionSender
{
    private final SendSession session;
    private final ConnectionMetrics metrics;
    private final SendRoutes routes;
    private final SendEncoder encoder;
    private final SendGate gate;
    private final PersistenceWait persistence;
    /** The completion thread's waits for asynchronous sends: its own idle strategy, not the sending thread's. */
    private final PersistenceWait asyncPersistence;
    private final ConfirmedSends confirmed;
    private final TransactionPublisher transaction;
    /** Whether the connection's queue host is a cluster, whose durable subscriptions messages to topics may go to. */
    private final boolean clusterHost;
    private final QueueClient.SendAgain sendAgain;

    /**
     * The sending side of a session.
     *
     * @param session the session.
     */
    public SessionSender(final SendSession session)
    {
        this.session = session;
        this.metrics = session.connection().metrics();
        final IdleStrategy idle = session.connection().config().idle().newIdleStrategy();
        this.routes = new SendRoutes(session);
        this.encoder = new SendEncoder(session);
        this.gate = new SendGate(session, idle);
        this.persistence = new PersistenceWait(session, idle);
        this.asyncPersistence = new PersistenceWait(session, session.connection().config().idle().newIdleStrategy());
        this.confirmed = new ConfirmedSends(session);
        this.sendAgain = confirmed::sendAgain;
        this.transaction = new TransactionPublisher(session, routes, metrics, encoder, gate, persistence, confirmed);
        this.clusterHost = HostMembers.isCluster(session.connection().config().host());
    }

    /**
     * The route (publication) for a destination, created on first use and kept for the session's life.
     *
     * @param destination the destination.
     * @return its route.
     * @throws JMSException if the transport cannot create the publication.
     */
    public SendRoute route(final JmsDestination destination) throws JMSException
    {
        return routes.route(destination);
    }

    /**
     * Encodes and sends a message, or holds it until commit in a transacted session. An asynchronous send (with a
     * listener) of a PERSISTENT queue message that the queue host confirms returns once published: its listener is
     * called once the host confirmed it, on the session's completion thread, and up to
     * {@link ConfirmedSends#MAX_WAITING} such sends wait at once. Any other asynchronous send completes as a
     * synchronous one does, and its listener is called then.
     *
     * @param route      where it goes.
     * @param message    the stamped message.
     * @param producerId the sending producer's number within the session.
     * @param listener   the listener of an asynchronous send, or null.
     * @param sent       the message the listener is given: the application's own.
     * @throws JMSException MessageFormatException if the message does not fit its publication or the envelope;
     *                      another JMSException if the send failed or timed out.
     */
    public void send(
        final SendRoute route, final JmsMessage message, final int producerId, final CompletionListener listener,
        final Message sent) throws JMSException
    {
        final DestinationCounters counters = metrics.destination((JmsDestination)message.getJMSDestination());
        final boolean waiting;
        try
        {
            if (route.queue)
            {
                gate.connectQueueHost();
            }
            waiting = sendCounted(route, message, producerId, counters, listener, sent);
        }
        catch (final JMSException | RuntimeException ex)
        {
            metrics.onSendFailure();
            throw ex;
        }
        if (null != listener && !waiting)
        {
            session.completions().completed(listener, sent);
        }
    }

    /** @return true when the listener was scheduled to hear once the host confirms the message. */
    private boolean sendCounted(
        final SendRoute route, final JmsMessage message, final int producerId, final DestinationCounters counters,
        final CompletionListener listener, final Message sent) throws JMSException
    {
        gate.throwRefusal(route.queue);
        final boolean persistent = message.getJMSDeliveryMode() != DeliveryMode.NON_PERSISTENT;
        final boolean transacted = session.sessionMode() == Session.SESSION_TRANSACTED;
        if (persistent && !transacted)
        {
            // a transaction's messages are checked when it commits
            persistence.refuseUnrecorded(route);
        }
        final String queue = route.queue ? ((JmsDestination)message.getJMSDestination()).name() : null;
        // a message the host confirms is kept until it does, to go again to a cluster's new leader: never claimed
        final boolean hostConfirms = !transacted && persistence.hostConfirms(route, persistent);
        final boolean forwarded = !transacted && forwards(route, message);
        if (!transacted && !hostConfirms && !forwarded)
        {
            final int measured = encoder.measure(message);
            if (measured <= route.maxClaimLength)
            {
                if (queue != null)
                {
                    gate.acquireRoom(queue, 1, measured);
                }
                encoder.claimNext(message, producerId);
                publish(route, measured, persistent, counters);
                return false;
            }
        }
        final int length = encoder.encode(message, producerId);
        encoder.checkLength(route, length);
        if (transacted)
        {
            transaction.hold(route, queue, encoder.copy(length), persistent, message.getJMSMessageID(), counters);
            return false;
        }
        if (queue != null)
        {
            gate.acquireRoom(queue, 1, length);
        }
        if (forwarded)
        {
            // on the topic's stream for its live subscribers, and into the cluster's log for its durable ones, once
            // each of those has room for it
            gate.acquireTopicRoom(((JmsDestination)message.getJMSDestination()).name(), length);
            encoder.offerEncoded();
            publish(route, length, persistent, counters);
            return forward(length, persistent, producerId, message.messageIdSequence(), listener, sent);
        }
        if (!hostConfirms)
        {
            encoder.offerEncoded();
            publish(route, length, persistent, counters);
            return false;
        }
        return sendConfirmed(route, length, producerId, message.messageIdSequence(), counters, listener, sent);
    }

    /**
     * Whether a message to a topic goes into a clustered queue host's log too: the connection names a cluster, and a
     * durable subscription of the cluster is on the topic (the connection's queue client is opened to learn that).
     */
    private boolean forwards(final SendRoute route, final JmsMessage message) throws JMSException
    {
        return !route.queue && clusterHost &&
            session.connection().queueClient().forwards(((JmsDestination)message.getJMSDestination()).name());
    }

    /**
     * Forwards the encoded message to a topic into the cluster's log, for its durable subscriptions: a PERSISTENT one
     * as a queue message the host confirms ({@link #sendConfirmed}), a NON_PERSISTENT one without waiting (a failover
     * may lose it).
     */
    private boolean forward(
        final int length, final boolean persistent, final int producerId, final long sequence,
        final CompletionListener listener, final Message sent) throws JMSException
    {
        final SendRoute route = routes.forwardRoute();
        if (persistent)
        {
            return sendConfirmed(route, length, producerId, sequence, null, listener, sent);
        }
        encoder.offerEncoded();
        try
        {
            gate.publish(route, encoder, length);
        }
        finally
        {
            encoder.clear();
        }
        return false;
    }

    /**
     * Publishes a message the host confirms, through the session's {@link ConfirmedSends}; a synchronous send waits
     * for the confirmation, an asynchronous one has its listener wait for it on the completion thread.
     */
    private boolean sendConfirmed(
        final SendRoute route, final int length, final int producerId, final long sequence,
        final DestinationCounters counters, final CompletionListener listener, final Message sent)
        throws JMSException
    {
        if (null != listener)
        {
            while (confirmed.waiting() >= ConfirmedSends.MAX_WAITING)
            {
                persistence.awaitHostRecorded(route, true, confirmed.oldestProducer(), confirmed.oldestSequence(),
                    sendAgain, confirmed.sentAtLeaderChanges(), System.nanoTime());
            }
        }
        final long startNs = System.nanoTime();
        final long sentAt = persistence.leaderChanges(route, true);
        final long position = confirmed.publish(route, encoder.encoded(), length, producerId, sequence);
        if (position > 0)
        {
            persistence.awaitKept(route, true, position);
            if (null != counters)
            {
                counters.onSent(length);
            }
        }
        if (null == listener)
        {
            persistence.awaitHostRecorded(route, true, producerId, sequence, sendAgain, sentAt, startNs);
            return false;
        }
        session.completions().completedWhen(() -> asyncPersistence.awaitHostRecorded(route, true, producerId,
            sequence, sendAgain, sentAt, startNs), listener, sent);
        return true;
    }

    private void publish(
        final SendRoute route, final int length, final boolean persistent, final DestinationCounters counters)
        throws JMSException
    {
        final long position;
        try
        {
            position = gate.publish(route, encoder, length);
        }
        finally
        {
            encoder.clear();
        }
        if (position > 0)
        {
            persistence.awaitKept(route, persistent, position);
            counters.onSent(length);
        }
    }

    /**
     * Publishes the messages held by the transaction; see {@link TransactionPublisher#commit}.
     *
     * @param acknowledgements the queue deliveries the session acknowledges, as consumer id and delivery id pairs, for
     *                         a clustered host's commit, which applies them with the messages in one log entry; empty
     *                         otherwise.
     * @throws JMSException TransactionRolledBackException if nothing was published; a JMSException naming what
     *                      was and was not published if a send failed part way.
     */
    void commit(final LongArrayList acknowledgements) throws JMSException
    {
        transaction.commit(acknowledgements);
    }

    /** Discards the messages held by the transaction. */
    public void rollback()
    {
        transaction.rollback();
    }

    /**
     * Gives the session's publications back to the runtime's pool, or closes them after delivery; see
     * {@link SendRoutes#close}.
     *
     * @param deadlineNs the {@link System#nanoTime()} after which publications are closed without waiting.
     */
    public void close(final long deadlineNs)
    {
        routes.close(deadlineNs);
    }

    /**
     * The deadline a close that starts now waits until at most.
     *
     * @param config the connection's configuration, whose {@code linger} option applies.
     * @return {@link System#nanoTime()} plus the {@code linger} option, saturated.
     */
    public static long lingerDeadline(final ConnectionConfig config)
    {
        final long now = System.nanoTime();
        final long lingerNs = TimeUnit.NANOSECONDS.convert(config.linger());
        return lingerNs > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + lingerNs;
    }
}
