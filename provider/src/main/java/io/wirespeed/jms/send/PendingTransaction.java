package io.wirespeed.jms.send;

import java.util.ArrayList;
import java.util.List;

import javax.jms.JMSException;
import javax.jms.TransactionRolledBackException;

import io.wirespeed.jms.metrics.DestinationCounters;

/**
 * The messages a transacted session has sent since its last commit or rollback, encoded and held until commit, and
 * what a commit that fails says about them: a failure before anything was published rolls the whole transaction
 * back ({@link TransactionRolledBackException}); a failure after some messages were published cannot recall them,
 * so it is a {@link JMSException} that lists which were published and which were not.
 */
final class PendingTransaction
{
    private static final int MAX_LISTED = 10;

    private final List<PendingSend> sends = new ArrayList<>();

    /**
     * Holds an encoded message until commit.
     *
     * @param route      where it goes.
     * @param queue      the queue it goes to, or null for a topic.
     * @param bytes      its envelope, copied.
     * @param persistent whether it must reach the archive before commit returns.
     * @param messageId  its JMSMessageID, or null when disabled.
     * @param counters   its destination's counters, counted at commit.
     */
    void add(
        final SendRoute route, final String queue, final byte[] bytes, final boolean persistent,
        final String messageId, final DestinationCounters counters)
    {
        sends.add(new PendingSend(route, queue, bytes, persistent, messageId, counters));
    }

    /** @return the held messages in send order. */
    List<PendingSend> sends()
    {
        return sends;
    }

    /** @return whether nothing is held. */
    boolean isEmpty()
    {
        return sends.isEmpty();
    }

    /** Forgets every held message. */
    void clear()
    {
        sends.clear();
    }

    /**
     * The exception for a commit that published nothing: the whole transaction is rolled back.
     *
     * @param reason what stopped it, and what to change.
     * @param cause  the failure, or null.
     * @return the exception to throw.
     */
    TransactionRolledBackException rolledBack(final String reason, final JMSException cause)
    {
        final TransactionRolledBackException ex = new TransactionRolledBackException("the transaction was rolled " +
            "back and none of its " + sends.size() + " message(s) was published: " + reason + "; the messages it " +
            "received will be delivered again");
        link(ex, cause);
        return ex;
    }

    /**
     * The exception for a commit that failed after publishing the first {@code published} messages.
     *
     * @param published how many were published, in send order.
     * @param cause     why the next one failed.
     * @return the exception to throw.
     */
    JMSException partiallyPublished(final int published, final JMSException cause)
    {
        final StringBuilder text = new StringBuilder("the commit failed part way: ")
            .append(published).append(" of ").append(sends.size()).append(" message(s) were published (");
        describe(text, 0, published);
        text.append(") and cannot be recalled; ").append(sends.size() - published).append(" were not (");
        describe(text, published, sends.size());
        text.append("), and the messages the transaction received will be delivered again. The failure: ")
            .append(cause.getMessage());
        final JMSException ex = new JMSException(text.toString());
        link(ex, cause);
        return ex;
    }

    private void describe(final StringBuilder text, final int from, final int to)
    {
        for (int i = from; i < to && i < from + MAX_LISTED; i++)
        {
            final PendingSend send = sends.get(i);
            text.append(i == from ? "" : ", ").append('#').append(i + 1).append(' ')
                .append(null == send.messageId() ? "(no id)" : send.messageId()).append(" to ").append(send.route());
        }
        if (to - from > MAX_LISTED)
        {
            text.append(", and ").append(to - from - MAX_LISTED).append(" more");
        }
    }

    private static void link(final JMSException ex, final JMSException cause)
    {
        if (null != cause)
        {
            ex.setLinkedException(cause);
            ex.initCause(cause);
        }
    }

    /** A message encoded in a transaction, waiting for commit, with the counters its publication counts on. */
    record PendingSend(
        SendRoute route, String queue, byte[] bytes, boolean persistent, String messageId,
        DestinationCounters counters)
    {
    }
}
