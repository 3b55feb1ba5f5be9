package io.wirespeed.jms.delivery;

import javax.jms.IllegalStateException;
import javax.jms.Session;

/**
 * Which session's listener the current thread runs, and the rules that follow: a CompletionListener must not
 * commit, roll back or close its own session, and a MessageListener must not close its own session. Other
 * sessions stay open to both.
 */
public final class ListenerThreads
{
    private static final ThreadLocal<Session> IN_COMPLETION_LISTENER = new ThreadLocal<>();

    private ListenerThreads()
    {
    }

    /** @return the session whose CompletionListener callback the current thread is running, or null. */
    public static Session completionListenerSession()
    {
        return IN_COMPLETION_LISTENER.get();
    }

    /**
     * Marks the current thread as running a CompletionListener callback of a session, or as no longer running one.
     *
     * @param session the session whose callback starts, or null when it has returned.
     */
    static void enterCompletionListener(final Session session)
    {
        IN_COMPLETION_LISTENER.set(session);
    }

    /**
     * Refuses an operation that a CompletionListener must not call on its own session.
     *
     * @param session the session operated on (compared by identity).
     * @param what    the operation, for the message.
     * @throws IllegalStateException if the current thread runs a CompletionListener of this session.
     */
    public static void checkNotInCompletionListener(final Object session, final String what)
        throws IllegalStateException
    {
        if (completionListenerSession() == session)
        {
            throw new IllegalStateException("a CompletionListener must not call " + what + " on its own session");
        }
    }

    /**
     * Refuses closing a session from one of its own CompletionListeners.
     *
     * @param session the session to close.
     * @throws IllegalStateException if the current thread runs a CompletionListener of it.
     */
    public static void checkNotClosedByCompletionListener(final Session session) throws IllegalStateException
    {
        if (completionListenerSession() == session)
        {
            throw new IllegalStateException(
                "a CompletionListener must not close its own session: close it from another thread");
        }
    }

    /**
     * Refuses closing a session from one of its own MessageListeners.
     *
     * @param inOwnMessageListener whether the current thread runs a MessageListener of the session: the
     *                             connection's delivery thread inside one of the session's consumers' listeners.
     * @throws IllegalStateException if it does.
     */
    public static void checkNotClosedByMessageListener(final boolean inOwnMessageListener)
        throws IllegalStateException
    {
        if (inOwnMessageListener)
        {
            throw new IllegalStateException("a MessageListener must not close its own session: close the session " +
                "from another thread, or close the listener's consumer (which a listener may do)");
        }
    }
}
