package io.wirespeed.jms.send;

import javax.jms.JMSException;

import io.wirespeed.jms.delivery.CompletionDispatcher;
import io.wirespeed.jms.delivery.Deliveries;

/**
 * A session as its sender and its transaction context see it: its connection, number, mode and state, and the
 * session's parts a commit, rollback or recover works on. The session's own class lives above this package.
 */
public interface SendSession
{
    /** @return the connection this session belongs to. */
    SendConnection connection();

    /** @return this session's number within its runtime. */
    int id();

    /** @return whether the session is closed. */
    boolean isClosed();

    /** @return the session mode without checking state. */
    int sessionMode();

    /** @return the dispatcher of this session's CompletionListener callbacks. */
    CompletionDispatcher completions();

    /** @return the delivered-but-unacknowledged messages. */
    Deliveries deliveries();

    /** @return the sender its producers send through. */
    SessionSender sender();

    /**
     * Waits until the acknowledgements this session sent a clustered queue host are committed; returns at once for a
     * single host or none ({@link io.wirespeed.jms.hostclient.QueueClient#awaitSettled}).
     *
     * @throws JMSException if the cluster had no leader within {@code failoverTimeout}.
     */
    void awaitSettled() throws JMSException;
}
