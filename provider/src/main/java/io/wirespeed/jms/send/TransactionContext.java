package io.wirespeed.jms.send;

import javax.jms.JMSException;
import javax.jms.Session;

/**
 * What commit, rollback and recover do in a session, chosen once by its mode: a transacted session's
 * {@link LocalTransactionContext} or a non-transacted session's {@link NoTransactionContext}. The session checks
 * it is open before it asks.
 */
public interface TransactionContext
{
    /**
     * The context for a session's mode.
     *
     * @param session     the session.
     * @param sessionMode the session's mode, already checked.
     * @return a local transaction for SESSION_TRANSACTED, otherwise acknowledgement without transaction.
     */
    static TransactionContext of(final SendSession session, final int sessionMode)
    {
        return sessionMode == Session.SESSION_TRANSACTED ?
            new LocalTransactionContext(session) : new NoTransactionContext(session);
    }

    /**
     * Commits the session's sends and acknowledges what it received, as {@link Session#commit()}.
     *
     * @throws JMSException as {@link Session#commit()}.
     */
    void commit() throws JMSException;

    /**
     * Discards the session's sends and redelivers what it received, as {@link Session#rollback()}.
     *
     * @throws JMSException as {@link Session#rollback()}.
     */
    void rollback() throws JMSException;

    /**
     * Redelivers the session's unacknowledged messages, as {@link Session#recover()}.
     *
     * @throws JMSException as {@link Session#recover()}.
     */
    void recover() throws JMSException;
}
