package io.wirespeed.jms.send;

import javax.jms.JMSException;
import javax.jms.TransactionRolledBackException;

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

    /**
     * A publisher for a session's transactions.
     *
     * @param metrics     the connection's metrics, which count a failed commit.
     * @param encoder     the session's envelope writer, which writes held messages at commit.
     * @param gate        what a commit's messages wait for before and while they are published.
     * @param persistence what a commit's PERSISTENT messages wait for after they are published.
     * @param confirmed   the session's messages the queue host confirms, which a commit's go through.
     */
    TransactionPublisher(
        final ConnectionMetrics metrics, final SendEncoder encoder, final SendGate gate,
        final PersistenceWait persistence, final ConfirmedSends confirmed)
    {
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
     * recorded ({@link PersistenceWait#awaitHostRecorded}). The transaction is empty afterwards, whatever happened.
     *
     * @throws JMSException TransactionRolledBackException if nothing was published; a JMSException naming what
     *                      was and was not published if a send failed part way.
     */
    void commit() throws JMSException
    {
        int published = 0;
        try
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
                    pendingBuffer.wrap(pending.bytes());
                    commitReader.wrap(pendingBuffer, 0, length);
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
                    pendingBuffer.wrap(pending.bytes());
                    commitReader.wrap(pendingBuffer, 0, pending.bytes().length);
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


    /** Discards the messages held. */
    void rollback()
    {
        transaction.clear();
    }
}
