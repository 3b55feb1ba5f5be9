package io.wirespeed.jms.delivery;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javax.jms.CompletionListener;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.Session;

import io.wirespeed.jms.message.JmsMessage;

/**
 * Calls a session's CompletionListeners for asynchronous sends: on a thread of its own (never the
 * sending thread, as the specification requires), one callback at a time, in send order. A send that waits for the
 * queue host's confirmation is waited for on that thread too, in turn, so that its sender goes on meanwhile. Close,
 * commit and rollback wait until every callback has returned. The thread is marked with the session whose
 * callback runs, so that the session, its producers and its connection refuse what a callback must not do to
 * them (close, commit, rollback), while other sessions stay open to it.
 */
public final class CompletionDispatcher
{
    private final Session session;
    private final String name;
    private ExecutorService executor;
    private int pending;

    /**
     * @param session the session whose CompletionListeners this calls.
     * @param name    the name of its thread.
     */
    public CompletionDispatcher(final Session session, final String name)
    {
        this.session = session;
        this.name = name;
    }

    /**
     * Schedules a successful send's callback.
     *
     * @param listener the application's listener.
     * @param message  the message sent.
     */
    public void completed(final CompletionListener listener, final Message message)
    {
        completedWhen(null, listener, message);
    }

    /**
     * Schedules a send's callback for when what it waits for is done: a PERSISTENT queue message's confirmation by
     * the host, waited for on this dispatcher's thread, after the callbacks of the sends before it, so that the
     * sending thread goes on meanwhile. The listener hears {@code onException} if the wait fails.
     *
     * @param wait     what the send waits for; null for nothing.
     * @param listener the application's listener.
     * @param message  the message sent.
     */
    public synchronized void completedWhen(final Wait wait, final CompletionListener listener, final Message message)
    {
        if (executor == null)
        {
            executor = Executors.newSingleThreadExecutor(runnable ->
            {
                final Thread thread = new Thread(runnable, name);
                thread.setDaemon(true);
                return thread;
            });
        }
        pending++;
        executor.execute(() ->
        {
            JMSException failed = null;
            if (null != wait)
            {
                try
                {
                    wait.await();
                }
                catch (final JMSException ex)
                {
                    failed = ex;
                }
                catch (final RuntimeException ex)
                {
                    failed = new JMSException("the send failed while its confirmation was awaited: " + ex);
                    failed.setLinkedException(ex);
                }
            }
            ListenerThreads.enterCompletionListener(session);
            try
            {
                if (message instanceof JmsMessage)
                {
                    ((JmsMessage)message).onAsyncSendComplete();
                }
                if (null == failed)
                {
                    listener.onCompletion(message);
                }
                else
                {
                    listener.onException(message, failed);
                }
            }
            finally
            {
                ListenerThreads.enterCompletionListener(null);
                done();
            }
        });
    }

    /** What an asynchronous send waits for before its listener is called. */
    @FunctionalInterface
    public interface Wait
    {
        /**
         * Waits.
         *
         * @throws JMSException if what it waited for failed: the listener's {@code onException} hears it.
         */
        void await() throws JMSException;
    }

    private synchronized void done()
    {
        pending--;
        notifyAll();
    }

    /** Blocks until every scheduled callback has returned. */
    public synchronized void awaitIdle()
    {
        boolean interrupted = false;
        while (pending > 0)
        {
            try
            {
                wait();
            }
            catch (final InterruptedException ex)
            {
                interrupted = true;
            }
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits for the callbacks and ends the thread. */
    public void close()
    {
        awaitIdle();
        final ExecutorService toClose;
        synchronized (this)
        {
            toClose = executor;
            executor = null;
        }
        if (toClose != null)
        {
            toClose.shutdown();
            try
            {
                toClose.awaitTermination(10, TimeUnit.SECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
    }
}
