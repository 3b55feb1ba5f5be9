package io.wirespeed.jms.send;

import java.util.concurrent.TimeUnit;

import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageFormatException;
import javax.jms.Session;

import org.agrona.concurrent.IdleStrategy;

import io.wirespeed.jms.config.ConnectionConfig;
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
    /** The claim path writes into the publication and keeps nothing to send again: never taken to a cluster. */
    private static final QueueClient.SendAgain CLAIMED_NOT_KEPT = () ->
    {
        throw new IllegalStateException("a message claimed on its publication cannot be sent again; a cluster's " +
            "ingress is never claimed");
    };

    private final SendSession session;
    private final ConnectionMetrics metrics;
    private final SendRoutes routes;
    private final SendEncoder encoder;
    private final SendGate gate;
    private final PersistenceWait persistence;
    private final TransactionPublisher transaction;
    private final QueueClient.SendAgain sendLastAgain = this::sendLastAgain;
    private SendRoute lastRoute;
    private int lastLength;

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
        this.transaction = new TransactionPublisher(metrics, encoder, gate, persistence);
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
     * Encodes and sends a message, or holds it until commit in a transacted session.
     *
     * @param route      where it goes.
     * @param message    the stamped message.
     * @param producerId the sending producer's number within the session.
     * @throws JMSException MessageFormatException if the message does not fit its publication or the envelope;
     *                      another JMSException if the send failed or timed out.
     */
    public void send(final SendRoute route, final JmsMessage message, final int producerId) throws JMSException
    {
        final DestinationCounters counters = metrics.destination((JmsDestination)message.getJMSDestination());
        try
        {
            if (route.queue)
            {
                gate.connectQueueHost();
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
        final SendRoute route, final JmsMessage message, final int producerId, final DestinationCounters counters)
        throws JMSException
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
        if (!transacted)
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
                persistence.awaitHostRecorded(route, persistent, producerId, message.messageIdSequence(),
                    CLAIMED_NOT_KEPT, 0);
                return;
            }
        }
        final int length = encoder.encode(message, producerId);
        encoder.checkLength(route, length);
        if (transacted)
        {
            transaction.hold(route, queue, encoder.copy(length), persistent, message.getJMSMessageID(), counters);
            return;
        }
        if (queue != null)
        {
            gate.acquireRoom(queue, 1, length);
        }
        final long sentAt = persistence.leaderChanges(route, persistent);
        encoder.offerEncoded();
        publish(route, length, persistent, counters);
        lastRoute = route;
        lastLength = length;
        persistence.awaitHostRecorded(route, persistent, producerId, message.messageIdSequence(), sendLastAgain,
            sentAt);
    }

    /**
     * Publishes the message encoded last again, unchanged (the session's buffer still holds it while its send waits
     * for the host): a cluster's new leader may not have it.
     */
    private void sendLastAgain() throws JMSException
    {
        encoder.offerEncoded();
        try
        {
            gate.publish(lastRoute, encoder, lastLength);
        }
        finally
        {
            encoder.clear();
        }
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
     * @throws JMSException TransactionRolledBackException if nothing was published; a JMSException naming what
     *                      was and was not published if a send failed part way.
     */
    void commit() throws JMSException
    {
        transaction.commit();
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
