package io.wirespeed.jms.send;

import javax.jms.IllegalStateException;
import javax.jms.JMSException;

import org.agrona.collections.LongArrayList;

import io.wirespeed.jms.delivery.ListenerThreads;
import io.wirespeed.jms.hostclient.QueueClient;

/**
 * A transacted session's local transaction: sends wait in the session's sender until commit, received messages
 * are acknowledged on commit and delivered again on rollback; recover is refused.
 */
final class LocalTransactionContext implements TransactionContext
{
    private final SendSession session;
    private final LongArrayList acknowledgements = new LongArrayList();

    LocalTransactionContext(final SendSession session)
    {
        this.session = session;
    }

    @Override
    public void commit() throws JMSException
    {
        ListenerThreads.checkNotInCompletionListener(session, "commit");
        session.completions().awaitIdle();
        // a clustered host applies the acknowledgements with the transaction's messages, in one log entry
        final QueueClient client = session.connection().queueClientIfOpen();
        final boolean atHost = null != client && null != client.stagedTransport();
        if (atHost)
        {
            session.deliveries().hostAcknowledgements(acknowledgements);
        }
        else
        {
            acknowledgements.clear();
        }
        try
        {
            session.sender().commit(acknowledgements);
        }
        catch (final JMSException ex)
        {
            session.deliveries().recover();
            throw ex;
        }
        if (session.deliveries().acknowledgeAll(atHost))
        {
            // the commit returns once a clustered host has its acknowledgements in a majority's log
            session.awaitSettled();
        }
    }

    @Override
    public void rollback() throws JMSException
    {
        ListenerThreads.checkNotInCompletionListener(session, "rollback");
        session.completions().awaitIdle();
        session.sender().rollback();
        session.deliveries().recover();
    }

    @Override
    public void recover() throws JMSException
    {
        throw new IllegalStateException("recover is not for transacted sessions: use rollback");
    }
}
