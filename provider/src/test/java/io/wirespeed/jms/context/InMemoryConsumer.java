package io.wirespeed.jms.context;

import java.util.ArrayDeque;
import java.util.Deque;

import javax.jms.IllegalStateException;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;

import io.wirespeed.jms.RedeliveringConsumer;

/**
 * A {@link MessageConsumer} of {@link InMemoryConnection}: an inbox that receives read from while the connection
 * is started, or that feeds the listener on the delivering thread.
 */
class InMemoryConsumer implements MessageConsumer
{
    private static final long POLL_MS = 5;

    private final InMemorySession session;
    private final InMemoryDestination destination;
    private final String selector;
    private final Deque<Message> inbox = new ArrayDeque<>();
    private MessageListener listener;
    private volatile boolean closed;

    InMemoryConsumer(final InMemorySession session, final InMemoryDestination destination, final String selector)
    {
        this.session = session;
        this.destination = destination;
        this.selector = null == selector || selector.isEmpty() ? null : selector;
    }

    InMemoryDestination destination()
    {
        return destination;
    }

    boolean isClosed()
    {
        return closed;
    }

    void enqueue(final Message message)
    {
        synchronized (this)
        {
            inbox.addLast(message);
        }
        dispatchToListener();
    }

    void putBack(final Message message)
    {
        synchronized (this)
        {
            inbox.addFirst(message);
        }
    }

    void dispatchToListener()
    {
        while (true)
        {
            final MessageListener current;
            final Message message;
            synchronized (this)
            {
                current = listener;
                if (closed || null == current || !session.connection().isStarted() || inbox.isEmpty())
                {
                    return;
                }
                message = inbox.pollFirst();
            }
            session.dispatch(current, message);
        }
    }

    @Override
    public String getMessageSelector() throws JMSException
    {
        checkOpen();
        return selector;
    }

    @Override
    public MessageListener getMessageListener() throws JMSException
    {
        checkOpen();
        return listener;
    }

    @Override
    public void setMessageListener(final MessageListener listener) throws JMSException
    {
        checkOpen();
        synchronized (this)
        {
            this.listener = listener;
        }
        dispatchToListener();
    }

    @Override
    public Message receive() throws JMSException
    {
        return receive(0);
    }

    @Override
    public Message receive(final long timeout) throws JMSException
    {
        checkOpen();
        final long deadline = 0 == timeout ? Long.MAX_VALUE : System.currentTimeMillis() + timeout;
        try
        {
            while (!closed)
            {
                final Message message = receiveNoWait();
                if (null != message)
                {
                    return message;
                }
                final long left = deadline - System.currentTimeMillis();
                if (left <= 0)
                {
                    return null;
                }
                Thread.sleep(Math.min(left, POLL_MS));
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    @Override
    public synchronized Message receiveNoWait() throws JMSException
    {
        checkOpen();
        return session.connection().isStarted() ? inbox.pollFirst() : null;
    }

    @Override
    public void close()
    {
        closed = true;
    }

    private void checkOpen() throws IllegalStateException
    {
        if (closed)
        {
            throw new IllegalStateException("in-memory consumer closed");
        }
    }

    /**
     * The consumer kind the real provider has: it can take a message back for {@code receiveBody}.
     */
    static final class Redelivering extends InMemoryConsumer implements RedeliveringConsumer
    {
        Redelivering(final InMemorySession session, final InMemoryDestination destination, final String selector)
        {
            super(session, destination, selector);
        }

        @Override
        public void redeliver(final Message message)
        {
            putBack(message);
        }
    }
}
