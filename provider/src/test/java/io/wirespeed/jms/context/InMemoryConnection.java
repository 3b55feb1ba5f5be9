package io.wirespeed.jms.context;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import javax.jms.ConnectionConsumer;
import javax.jms.ConnectionMetaData;
import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.ExceptionListener;
import javax.jms.IllegalStateException;
import javax.jms.JMSException;
import javax.jms.ServerSessionPool;
import javax.jms.Session;
import javax.jms.Topic;

/**
 * A classic JMS connection that is its own broker, in one JVM, for testing the simplified API over nothing but
 * the classic interfaces: a message sent to a topic reaches every consumer of it, one sent to a queue reaches the
 * first consumer, or waits for one. It records what it was asked to do.
 */
final class InMemoryConnection implements Connection
{
    private final boolean redeliveringConsumers;
    private final List<InMemorySession> sessions = new CopyOnWriteArrayList<>();
    private final List<InMemoryProducer.Send> sent = new CopyOnWriteArrayList<>();
    private final Map<InMemoryDestination, Deque<InMemoryMessage>> queueBacklog = new HashMap<>();
    private final AtomicLong messageIds = new AtomicLong();
    private volatile boolean started;
    private volatile boolean closed;
    private int closeCalls;
    private String clientId;
    private boolean used;
    private ExceptionListener exceptionListener;

    /** A connection whose consumers can take a message back, as the real provider's can. */
    InMemoryConnection()
    {
        this(true);
    }

    /**
     * A connection whose consumers may or may not implement {@link io.wirespeed.jms.RedeliveringConsumer}.
     *
     * @param redeliveringConsumers true for consumers that can take a message back.
     */
    InMemoryConnection(final boolean redeliveringConsumers)
    {
        this.redeliveringConsumers = redeliveringConsumers;
    }

    boolean redeliveringConsumers()
    {
        return redeliveringConsumers;
    }

    boolean isStarted()
    {
        return started;
    }

    boolean isClosed()
    {
        return closed;
    }

    int closeCalls()
    {
        return closeCalls;
    }

    List<InMemorySession> sessions()
    {
        return sessions;
    }

    List<InMemoryProducer.Send> sent()
    {
        return sent;
    }

    String nextMessageId()
    {
        return "ID:in-memory-" + messageIds.incrementAndGet();
    }

    void deliver(final InMemoryDestination destination, final InMemoryMessage message)
    {
        for (final InMemorySession session : sessions)
        {
            for (final InMemoryConsumer consumer : session.consumers())
            {
                if (!consumer.isClosed() && consumer.destination().equals(destination))
                {
                    consumer.enqueue(message.copyFor(session));
                    if (destination.isQueue())
                    {
                        return;
                    }
                }
            }
        }
        if (destination.isQueue())
        {
            synchronized (queueBacklog)
            {
                queueBacklog.computeIfAbsent(destination, d -> new ArrayDeque<>()).addLast(message);
            }
        }
    }

    void drainBacklog(final InMemoryDestination destination, final InMemorySession session,
        final InMemoryConsumer consumer)
    {
        final Deque<InMemoryMessage> backlog;
        synchronized (queueBacklog)
        {
            backlog = queueBacklog.remove(destination);
        }
        if (null != backlog)
        {
            backlog.forEach(message -> consumer.enqueue(message.copyFor(session)));
        }
    }

    @Override
    public Session createSession(final boolean transacted, final int acknowledgeMode) throws JMSException
    {
        return createSession(transacted ? Session.SESSION_TRANSACTED : acknowledgeMode);
    }

    @Override
    public Session createSession(final int sessionMode) throws JMSException
    {
        checkOpen();
        used = true;
        final InMemorySession session = new InMemorySession(this, sessionMode);
        sessions.add(session);
        return session;
    }

    @Override
    public Session createSession() throws JMSException
    {
        return createSession(Session.AUTO_ACKNOWLEDGE);
    }

    @Override
    public String getClientID() throws JMSException
    {
        checkOpen();
        return clientId;
    }

    @Override
    public void setClientID(final String clientID) throws JMSException
    {
        checkOpen();
        if (used || null != clientId)
        {
            throw new IllegalStateException("in-memory connection: client id must be set before any other use");
        }
        clientId = clientID;
    }

    @Override
    public ConnectionMetaData getMetaData()
    {
        throw new UnsupportedOperationException("metadata is not modelled in memory");
    }

    @Override
    public ExceptionListener getExceptionListener() throws JMSException
    {
        checkOpen();
        return exceptionListener;
    }

    @Override
    public void setExceptionListener(final ExceptionListener listener) throws JMSException
    {
        checkOpen();
        used = true;
        exceptionListener = listener;
    }

    @Override
    public void start() throws JMSException
    {
        checkOpen();
        used = true;
        started = true;
        for (final InMemorySession session : sessions)
        {
            session.consumers().forEach(InMemoryConsumer::dispatchToListener);
        }
    }

    @Override
    public void stop() throws JMSException
    {
        checkOpen();
        checkNotInCallback("stop");
        started = false;
    }

    @Override
    public void close() throws JMSException
    {
        if (closed)
        {
            return;
        }
        checkNotInCallback("close");
        closeCalls++;
        for (final InMemorySession session : sessions)
        {
            session.close();
        }
        started = false;
        closed = true;
    }

    @Override
    public ConnectionConsumer createConnectionConsumer(
        final Destination destination, final String selector, final ServerSessionPool pool, final int maxMessages)
    {
        throw new UnsupportedOperationException("connection consumers are not used by the simplified API");
    }

    @Override
    public ConnectionConsumer createSharedConnectionConsumer(
        final Topic topic, final String name, final String selector, final ServerSessionPool pool,
        final int maxMessages)
    {
        throw new UnsupportedOperationException("connection consumers are not used by the simplified API");
    }

    @Override
    public ConnectionConsumer createDurableConnectionConsumer(
        final Topic topic, final String name, final String selector, final ServerSessionPool pool,
        final int maxMessages)
    {
        throw new UnsupportedOperationException("connection consumers are not used by the simplified API");
    }

    @Override
    public ConnectionConsumer createSharedDurableConnectionConsumer(
        final Topic topic, final String name, final String selector, final ServerSessionPool pool,
        final int maxMessages)
    {
        throw new UnsupportedOperationException("connection consumers are not used by the simplified API");
    }

    private void checkNotInCallback(final String operation) throws IllegalStateException
    {
        for (final InMemorySession session : sessions)
        {
            if (session.isCallbackThread())
            {
                throw new IllegalStateException("in-memory connection: cannot " + operation + " from a listener");
            }
        }
    }

    private void checkOpen() throws IllegalStateException
    {
        if (closed)
        {
            throw new IllegalStateException("in-memory connection closed");
        }
    }
}
