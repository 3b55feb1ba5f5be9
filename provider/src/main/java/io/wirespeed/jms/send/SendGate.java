package io.wirespeed.jms.send;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

import javax.jms.IllegalStateException;
import javax.jms.JMSException;
import javax.jms.ResourceAllocationException;

import org.agrona.concurrent.IdleStrategy;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.delivery.ConnectionPoller;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.transport.TransportPublication;

/**
 * What a session's send waits for before and while it publishes: room on the queue host's queues (the host's send
 * credit, taken before a queue message is published), a queue host to take queue messages, and a publication that
 * takes the message, waiting out back-pressure with the connection's idle strategy up to {@code sendTimeout}, then
 * refusing with a {@link ResourceAllocationException} that says what to change. A send made on a connection's
 * delivery thread (by a listener) reads that connection's listeners' streams while it waits, and delivers to its
 * other sessions' listeners when that brings nothing ({@link ConnectionPoller#readWhileSendWaits}), since that thread
 * is their reader and their caller. A queue message the host refused on arrival is reported by the next send or
 * commit of its session. A topic nobody subscribes to drops the message once {@code connectWait} has passed, and the
 * exception listener hears once when every subscriber of a route has gone. One thread at a time; nothing allocated
 * per message.
 */
final class SendGate
{
    /** A listener's wait for room on a queue: its delivery thread goes on delivering to the other sessions. */
    private static final IntSupplier READ_WHILE_WAITING = ConnectionPoller::readWhileSendWaits;

    private final SendSession session;
    private final ConnectionConfig config;
    private final ConnectionMetrics metrics;
    private final IdleStrategy idle;
    private final long sendTimeoutNs;
    private final long connectWaitNs;
    private final long queueHostTimeoutNs;
    private final String timeoutSetting;

    /**
     * A gate for a session's sends.
     *
     * @param session the session whose connection's options, metrics and queue host apply.
     * @param idle    how to wait; shared with the session's other waits, reset before each.
     */
    SendGate(final SendSession session, final IdleStrategy idle)
    {
        this.session = session;
        this.config = session.connection().config();
        this.metrics = session.connection().metrics();
        this.idle = idle;
        this.sendTimeoutNs = TimeUnit.NANOSECONDS.convert(config.sendTimeout());
        this.connectWaitNs = TimeUnit.NANOSECONDS.convert(config.connectWait());
        this.queueHostTimeoutNs = TimeUnit.NANOSECONDS.convert(config.queueHostTimeout());
        this.timeoutSetting = "sendTimeout=" + config.sendTimeout().toMillis() + " ms";
    }

    /**
     * Makes sure the connection has a session with the queue host: a host that was lost takes nothing until it has
     * one again.
     *
     * @throws JMSException if the host cannot be reached.
     */
    void connectQueueHost() throws JMSException
    {
        session.connection().queueClient().connect();
    }

    /**
     * Reports a queue message this session sent earlier that the host refused on arrival (and dropped).
     *
     * @param queue whether this send goes to a queue: then the host's answers are read first.
     * @throws ResourceAllocationException the host's refusal, if there was one.
     */
    void throwRefusal(final boolean queue) throws JMSException
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

    /**
     * Takes room on the host's queue for messages about to be published, waiting up to {@code sendTimeout}.
     *
     * @param queue    the queue.
     * @param messages how many messages.
     * @param bytes    their envelopes' length together.
     * @throws JMSException ResourceAllocationException naming {@code sendTimeout} if the queue had no room in time.
     */
    void acquireRoom(final String queue, final int messages, final long bytes) throws JMSException
    {
        session.connection().queueClient().acquireRoom(queue, messages, bytes, sendTimeoutNs, timeoutSetting,
            READ_WHILE_WAITING);
    }

    /**
     * Takes room on a clustered host's topic, on each of its shared and durable subscriptions, for a message about to
     * be forwarded to it, waiting up to {@code sendTimeout}.
     *
     * @param topic  the topic.
     * @param length the message's envelope length.
     * @throws JMSException ResourceAllocationException naming {@code sendTimeout} if a subscription had no room in
     *                      time.
     */
    void acquireTopicRoom(final String topic, final int length) throws JMSException
    {
        session.connection().queueClient().acquireTopicRoom(topic, 1, length, sendTimeoutNs, timeoutSetting,
            READ_WHILE_WAITING);
    }

    /**
     * Takes room on the host's queues for every queue message of a transaction, per queue, before publishing.
     *
     * @param sends the transaction's messages.
     * @throws JMSException ResourceAllocationException naming {@code sendTimeout} if a queue had no room in time.
     */
    void acquireRoom(final List<PendingTransaction.PendingSend> sends) throws JMSException
    {
        Map<String, long[]> needs = null;
        for (final PendingTransaction.PendingSend pending : sends)
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
            for (final Map.Entry<String, long[]> need : needs.entrySet())
            {
                acquireRoom(need.getKey(), (int)need.getValue()[0], need.getValue()[1]);
            }
        }
    }

    /**
     * Waits, up to {@code queueHostTimeout} in all, for a queue host to take each queue message of a transaction.
     *
     * @param sends the transaction's messages.
     * @throws JMSException if no host connected in time, or the session closed meanwhile.
     */
    void awaitQueueHosts(final List<PendingTransaction.PendingSend> sends) throws JMSException
    {
        final long start = System.nanoTime();
        for (final PendingTransaction.PendingSend pending : sends)
        {
            final SendRoute route = pending.route();
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

    /**
     * Writes what the encoder holds on the route's publication, trying again through back-pressure until
     * {@code sendTimeout}, and for a topic without subscribers until {@code connectWait}.
     *
     * @param route   where it goes.
     * @param encoder what it writes, set before.
     * @param length  the envelope's length.
     * @return the stream position after the message when it was published; 0 when a topic had no subscribers to take
     *         it (dropped); {@link TransportPublication#LEADER_CHANGED} when the encoder offered only while a cluster
     *         kept its leader, and it changed (not sent).
     * @throws JMSException ResourceAllocationException naming {@code sendTimeout} when back-pressured past it; an
     *                      IllegalStateException when the publication or the session closed; a JMSException when no
     *                      queue host takes messages or the publication failed otherwise.
     */
    long publish(final SendRoute route, final SendEncoder encoder, final int length) throws JMSException
    {
        long waitingSince = 0;
        idle.reset();
        while (true)
        {
            int read = 0;
            final long result = encoder.attempt(route, length);
            if (result > 0)
            {
                route.hadSubscribers = true;
                return result;
            }
            if (result == TransportPublication.LEADER_CHANGED)
            {
                return result;
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
                    return 0;
                }
            }
            else if (result == TransportPublication.BACK_PRESSURED || result == TransportPublication.ADMIN_ACTION)
            {
                final QueueClient queueClient = route.queue ? session.connection().queueClientIfOpen() : null;
                if (null != queueClient)
                {
                    queueClient.throwIfFailoverFailed("this send");
                }
                if (waitingSince == 0)
                {
                    waitingSince = now;
                    metrics.onBackPressure();
                }
                // a clustered host's ingress takes nothing while it elects a leader: that wait is failoverTimeout's
                else if (now - waitingSince > sendTimeoutNs &&
                    (null == queueClient || !queueClient.awaitingLeader(now)))
                {
                    throw backPressured(route);
                }
                // a listener's send: its thread goes on reading for the connection's listeners, and delivering to
                // the other sessions' listeners
                read = ConnectionPoller.readWhileSendWaits();
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
            idle.idle(read);
        }
    }

    private ResourceAllocationException backPressured(final SendRoute route)
    {
        final String consumers = ConnectionPoller.onDeliveryThread() ?
            "a subscriber is not keeping up (this send was made by a MessageListener, whose delivery thread kept " +
            "reading its connection's listeners' streams and delivering to its other sessions' listeners meanwhile: " +
            "the subscriber is another connection's or a receiving thread's, or a listener of the sending " +
            "listener's own session, which runs only once it returns: consume the replies in another session)" :
            "a subscriber is not keeping up";
        return new ResourceAllocationException("send to " + route + " was back-pressured for longer than " +
            timeoutSetting + ": " + consumers + "; raise sendTimeout or speed up the consumers");
    }

    private void onNoSubscribers(final SendRoute route)
    {
        if (route.hadSubscribers)
        {
            route.hadSubscribers = false;
            session.connection().onAsyncException(new JMSException("every subscriber of " + route + " has gone: " +
                "messages published there now reach no one until a subscriber connects again"));
        }
    }
}
