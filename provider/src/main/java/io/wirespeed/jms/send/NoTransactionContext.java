package io.wirespeed.jms.send;

import javax.jms.IllegalStateException;
import javax.jms.JMSException;

/**
 * A non-transacted session: commit and rollback are refused, recover delivers the unacknowledged messages again.
 */
final class NoTransactionContext implements TransactionContext
{
    private final SendSession session;

    NoTransactionContext(final SendSession session)
    {
        this.session = session;
    }

    @Override
    public void commit() throws JMSException
    {
        throw new IllegalStateException("commit is only for transacted sessions: create the session with " +
            "createSession(Session.SESSION_TRANSACTED)");
    }

    @Override
    public void rollback() throws JMSException
    {
        throw new IllegalStateException("rollback is only for transacted sessions: create the session with " +
            "createSession(Session.SESSION_TRANSACTED)");
    }

    @Override
    public void recover() throws JMSException
    {
        session.deliveries().recover();
    }
}
