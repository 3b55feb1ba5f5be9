package io.wirespeed.jms.send;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import javax.jms.JMSException;
import javax.jms.TransactionRolledBackException;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.metrics.DestinationCounters;

/**
 * A transacted session's messages from send to commit: each is held, encoded, in a {@link PendingTransaction} until
 * the session commits; a commit first checks what can be known before publishing any (a refusal the queue host sent
 * since, a stopped recording for PERSISTENT messages, a queue host to take queue messages, room on the host's
 * queues), then publishes them in send order through the {@link SendGate}, each PERSISTENT one waited for by the
 * {@link PersistenceWait}. A failure before anything was published rolls the whole transaction back
 * ({@link TransactionRolledBackException}); one after some were published names which were and which were not. The
 * transaction is empty after a commit, whatever happened, and after a rollback. One thread at a time.
 */
final class TransactionPublisher
{
    private final PendingTransaction transaction = new PendingTransaction();
    private final UnsafeBuffer pendingBuffer = new UnsafeBuffer(0, 0);
    private final EnvelopeReader commitReader = new EnvelopeReader();
    private final ConnectionMetrics metrics;
    private final SendEncoder encoder;
    private final SendGate gate;
    private final PersistenceWait persistence;
    private final ConfirmedSends confirmed;
    private final QueueClient.SendAgain sendAgain;
    private final SendSession session;
    private final SendRoutes routes;
    private final ExpandableArrayBuffer stagingBuffer = new ExpandableArrayBuffer(256);
    private final ArrayList<PendingTransaction.PendingSend> stagedSends = new ArrayList<>();
    private long lastTransactionId;

    /**
     * A publisher for a session's transactions.
     *
     * @param session     the session.
     * @param routes      the session's routes, whose staged route a clustered host's commit sends queue messages on.
     * @param metrics     the connection's metrics, which count a failed commit.
     * @param encoder     the session's envelope writer, which writes held messages at commit.
     * @param gate        what a commit's messages wait for before and while they are published.
     * @param persistence what a commit's PERSISTENT messages wait for after they are published.
     * @param confirmed   the session's messages the queue host confirms, which a commit's go through.
     */
    TransactionPublisher(
        final SendSession session, final SendRoutes routes, final ConnectionMetrics metrics, final SendEncoder encoder,
        final SendGate gate, final PersistenceWait persistence, final ConfirmedSends confirmed)
    {
        this.session = session;
        this.routes = routes;
        this.metrics = metrics;
        this.encoder = encoder;
        this.gate = gate;
        this.persistence = persistence;
        this.confirmed = confirmed;
        this.sendAgain = confirmed::sendAgain;
    }

    /**
     * Holds an encoded message until commit.
     *
     * @param route      where it goes.
     * @param queue      the queue it goes to, or null for a topic.
     * @param bytes      its envelope, copied.
     * @param persistent whether it must be kept before commit returns.
     * @param messageId  its JMSMessageID, or null when disabled.
     * @param counters   its destination's counters, counted at commit.
     */
    void hold(
        final SendRoute route, final String queue, final byte[] bytes, final boolean persistent,
        final String messageId, final DestinationCounters counters)
    {
        transaction.add(route, queue, bytes, persistent, messageId, counters);
    }

    /** @return how many messages are held. */
    int held()
    {
        return transaction.sends().size();
    }

    /**
     * Publishes the messages held, in order, after checking what can be known before publishing any of them, then
     * waits for a host over UDP that keeps its queues in the archive to confirm each PERSISTENT queue message
     * recorded ({@link PersistenceWait#awaitHostRecorded}). At a clustered queue host, a transaction that holds queue
     * messages or acknowledges queue deliveries commits in one log entry instead ({@link #commitAtCluster}). The
     * transaction is empty afterwards, whatever happened.
     *
     * @param acknowledgements the queue deliveries the session acknowledges, as consumer id and delivery id pairs
     *                         (empty unless the queue host is a cluster).
     * @throws JMSException TransactionRolledBackException if nothing was published; a JMSException naming what
     *                      was and was not published if a send failed part way.
     */
    void commit(final LongArrayList acknowledgements) throws JMSException
    {
        final QueueClient client = session.connection().queueClientIfOpen();
        if (null != client && null != client.stagedTransport() &&
            (collectStaged(client) || !acknowledgements.isEmpty()))
        {
            commitAtCluster(client, acknowledgements);
            return;
        }
        int published = 0;
        try
        {
            checkBeforePublishing();
            long sentAt = 0;
            for (final PendingTransaction.PendingSend pending : transaction.sends())
            {
                sentAt = Math.max(sentAt, persistence.leaderChanges(pending.route(), pending.persistent()));
            }
            final long startNs = System.nanoTime();
            for (final PendingTransaction.PendingSend pending : transaction.sends())
            {
                final int length = pending.bytes().length;
                final long position;
                if (persistence.hostConfirms(pending.route(), pending.persistent()))
                {
                    // kept until confirmed, to go again, in order, to a cluster's new leader
                    readEnvelope(pending.bytes());
                    position = confirmed.publish(pending.route(), pendingBuffer, length, commitReader.producerId(),
                        commitReader.sequence());
                }
                else
                {
                    encoder.offerNext(pending.bytes());
                    position = gate.publish(pending.route(), encoder, length);
                }
                if (position > 0)
                {
                    persistence.awaitKept(pending.route(), pending.persistent(), position);
                    pending.counters().onSent(length);
                }
                published++;
            }
            for (final PendingTransaction.PendingSend pending : transaction.sends())
            {
                if (pending.persistent() && pending.route().queue)
                {
                    readEnvelope(pending.bytes());
                    persistence.awaitHostRecorded(pending.route(), true, commitReader.producerId(),
                        commitReader.sequence(), sendAgain, sentAt, startNs);
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
            encoder.clear();
            transaction.clear();
        }
    }

    /**
     * Commits at a clustered queue host, in one log entry: the queue messages go first, each staged under the
     * transaction's id and confirmed by the host (invisible to consumers until the commit; what a lost leader did not
     * confirm goes again to the new one), then the {@code Commit} with the session's acknowledgements, which the
     * cluster applies whole or not at all and answers once (sent again to a new leader, it is not applied twice);
     * then the topic messages are published. A failure before the {@code Commit} is answered leaves nothing visible:
     * the transaction is rolled back.
     *
     * @param client           the connection's queue client, a cluster's.
     * @param acknowledgements the queue deliveries the session acknowledges, as consumer id and delivery id pairs.
     * @throws JMSException TransactionRolledBackException if nothing was applied; a JMSException saying the outcome
     *                      is unknown if no leader answered the commit within {@code failoverTimeout}, or naming the
     *                      topic messages not published after the queue part committed.
     */
    private void commitAtCluster(final QueueClient client, final LongArrayList acknowledgements) throws JMSException
    {
        final List<PendingTransaction.PendingSend> sends = transaction.sends();
        try
        {
            final long transactionId = ++lastTransactionId;
            final int staged = stage(client, transactionId, acknowledgements.size() / 2);
            commitStaged(client, transactionId, staged, acknowledgements);
            for (final PendingTransaction.PendingSend pending : sends)
            {
                if (pending.route().queue)
                {
                    pending.counters().onSent(pending.bytes().length);
                }
            }
            publishTopics(sends, staged);
        }
        finally
        {
            encoder.clear();
            transaction.clear();
            stagedSends.clear();
        }
    }

    /** Sends the messages collected for staging under the transaction's id and waits for the host to confirm each. */
    private int stage(final QueueClient client, final long transactionId, final int acknowledgements)
        throws JMSException
    {
        try
        {
            if (acknowledgements > client.maxCommitAcknowledgements())
            {
                throw new JMSException("it received " + acknowledgements + " queue messages, more than the " +
                    client.maxCommitAcknowledgements() + " that one commit at a clustered queue host acknowledges: " +
                    "commit more often");
            }
            checkBeforePublishing();
            final SendRoute route = routes.stagedRoute();
            final long sentAt = client.leaderChanges();
            final long startNs = System.nanoTime();
            for (final PendingTransaction.PendingSend pending : stagedSends)
            {
                final byte[] bytes = pending.bytes();
                stagingBuffer.putLong(0, transactionId, ByteOrder.LITTLE_ENDIAN);
                stagingBuffer.putBytes(Long.BYTES, bytes);
                readEnvelope(bytes);
                confirmed.publish(route, stagingBuffer, Long.BYTES + bytes.length, commitReader.producerId(),
                    commitReader.sequence());
            }
            for (final PendingTransaction.PendingSend pending : stagedSends)
            {
                readEnvelope(pending.bytes());
                persistence.awaitHostRecorded(route, true, commitReader.producerId(), commitReader.sequence(),
                    sendAgain, sentAt, startNs);
            }
            return stagedSends.size();
        }
        catch (final JMSException ex)
        {
            metrics.onSendFailure();
            throw transaction.rolledBack(ex.getMessage(), ex);
        }
    }

    /** Sends the {@code Commit} and waits for the cluster's answer. */
    private void commitStaged(
        final QueueClient client, final long transactionId, final int staged, final LongArrayList acknowledgements)
        throws JMSException
    {
        try
        {
            client.commit(session.id(), transactionId, staged, acknowledgements);
        }
        catch (final TransactionRolledBackException ex)
        {
            metrics.onSendFailure();
            throw transaction.rolledBack(ex.getMessage(), ex);
        }
        catch (final JMSException ex)
        {
            metrics.onSendFailure();
            final JMSException unknown = new JMSException("the outcome of the commit is unknown: " +
                ex.getMessage() + "; its " + staged + " staged message(s) went into their queues and subscriptions " +
                "and its " + acknowledgements.size() / 2 + " acknowledgement(s) applied either all together or not " +
                "at all, and its topic messages were not published");
            unknown.setLinkedException(ex);
            unknown.initCause(ex);
            throw unknown;
        }
    }

    /** Publishes the transaction's topic messages to their streams, for live subscribers, once the commit applied. */
    private void publishTopics(final List<PendingTransaction.PendingSend> sends, final int staged)
        throws JMSException
    {
        int published = 0;
        int topics = 0;
        for (final PendingTransaction.PendingSend pending : sends)
        {
            topics += pending.route().queue ? 0 : 1;
        }
        try
        {
            for (final PendingTransaction.PendingSend pending : sends)
            {
                if (!pending.route().queue)
                {
                    final int length = pending.bytes().length;
                    encoder.offerNext(pending.bytes());
                    final long position = gate.publish(pending.route(), encoder, length);
                    if (position > 0)
                    {
                        persistence.awaitKept(pending.route(), pending.persistent(), position);
                        pending.counters().onSent(length);
                    }
                    published++;
                }
            }
        }
        catch (final JMSException ex)
        {
            metrics.onSendFailure();
            final JMSException partial = new JMSException("the commit failed part way: its " + staged + " staged " +
                "message(s) and its acknowledgements were committed, and " + published + " of its " + topics +
                " topic message(s) were published; the others cannot be: " + ex.getMessage());
            partial.setLinkedException(ex);
            partial.initCause(ex);
            throw partial;
        }
    }

    /** What can be known before anything of a commit is published: refusals, stopped recordings, room. */
    private void checkBeforePublishing() throws JMSException
    {
        gate.throwRefusal(true);
        for (final PendingTransaction.PendingSend pending : transaction.sends())
        {
            if (pending.persistent())
            {
                persistence.refuseUnrecorded(pending.route());
            }
        }
        gate.awaitQueueHosts(transaction.sends());
        gate.acquireRoom(transaction.sends());
    }

    /**
     * Collects the messages a clustered host stages for the commit, in send order ({@link #isStaged}).
     *
     * @return whether there is any.
     */
    private boolean collectStaged(final QueueClient client)
    {
        stagedSends.clear();
        for (final PendingTransaction.PendingSend pending : transaction.sends())
        {
            if (isStaged(client, pending))
            {
                stagedSends.add(pending);
            }
        }
        return !stagedSends.isEmpty();
    }

    /**
     * Whether a message goes into the cluster's log staged for the commit: a queue message, or one to a topic with
     * the cluster's durable subscriptions ({@link QueueClient#forwards}), which the commit gives them.
     */
    private boolean isStaged(final QueueClient client, final PendingTransaction.PendingSend pending)
    {
        if (pending.route().queue)
        {
            return true;
        }
        readEnvelope(pending.bytes());
        return client.forwards(commitReader.destinationName().asString());
    }

    private void readEnvelope(final byte[] bytes)
    {
        pendingBuffer.wrap(bytes);
        commitReader.wrap(pendingBuffer, 0, bytes.length);
    }


    /** Discards the messages held. */
    void rollback()
    {
        transaction.clear();
    }
}
