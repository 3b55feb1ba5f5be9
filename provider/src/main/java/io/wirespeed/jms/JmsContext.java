package io.wirespeed.jms;

import java.io.Serializable;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.ConnectionMetaData;
import javax.jms.Destination;
import javax.jms.ExceptionListener;
import javax.jms.IllegalStateRuntimeException;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.JMSProducer;
import javax.jms.JMSRuntimeException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.ObjectMessage;
import javax.jms.Queue;
import javax.jms.QueueBrowser;
import javax.jms.Session;
import javax.jms.StreamMessage;
import javax.jms.TemporaryQueue;
import javax.jms.TemporaryTopic;
import javax.jms.TextMessage;
import javax.jms.Topic;

import io.wirespeed.jms.exceptions.JmsExceptions;

import static io.wirespeed.jms.RuntimeCalls.run;

/**
 * The simplified API's context, written against the classic {@link Connection} and {@link Session} only: one
 * session per context, created on first use, over a connection that contexts made by
 * {@link #createContext(int)} share and that the last of them to close closes.
 * <p>
 * Checked exceptions of the classic objects surface as their {@link JMSRuntimeException} counterparts, so the
 * state rules the classic objects enforce (closing from a listener, committing a non-transacted session) hold
 * here too. Every method but {@link #close()} throws {@link IllegalStateRuntimeException} once closed.
 */
public final class JmsContext implements JMSContext
{
    private final ContextConnection connection;
    private final int sessionMode;
    private final AtomicReference<Message> lastDelivered = new AtomicReference<>();
    private final Object lock = new Object();

    private Session session;
    private MessageProducer sharedProducer;
    private volatile boolean closed;
    private volatile boolean autoStart = true;

    /**
     * Creates a context that owns a connection: closing the context (and every context created from it) closes
     * the connection. The session is created on first use.
     *
     * @param connection  the connection, which the context now owns.
     * @param sessionMode one of the four {@link JMSContext} session modes.
     * @throws JMSRuntimeException for an invalid session mode, after closing the connection.
     */
    public JmsContext(final Connection connection, final int sessionMode)
    {
        if (!SessionModes.isValid(sessionMode))
        {
            final JMSRuntimeException invalid = SessionModes.invalidForContext(sessionMode);
            try
            {
                connection.close();
            }
            catch (final JMSException | RuntimeException ex)
            {
                invalid.addSuppressed(ex);
            }
            throw invalid;
        }
        this.connection = new ContextConnection(connection);
        this.sessionMode = sessionMode;
    }

    private JmsContext(final ContextConnection connection, final int sessionMode)
    {
        this.connection = connection;
        this.sessionMode = sessionMode;
    }

    /**
     * {@inheritDoc}
     * <p>
     * The new context shares this context's connection, which stays open until every context sharing it is
     * closed.
     */
    @Override
    public JMSContext createContext(final int sessionMode)
    {
        checkOpen();
        if (!SessionModes.isValid(sessionMode))
        {
            throw SessionModes.invalidForContext(sessionMode);
        }
        connection.retain();
        return new JmsContext(connection, sessionMode);
    }

    /** {@inheritDoc} The producers of one context share one anonymous MessageProducer. */
    @Override
    public JMSProducer createProducer()
    {
        synchronized (lock)
        {
            final Session session = session();
            if (null == sharedProducer)
            {
                sharedProducer = RuntimeCalls.apply(s -> s.createProducer(null), session);
            }
            return new JmsProducer(session, sharedProducer);
        }
    }

    /** {@inheritDoc} */
    @Override
    public String getClientID()
    {
        return onConnection(Connection::getClientID);
    }

    /** {@inheritDoc} */
    @Override
    public void setClientID(final String clientID)
    {
        onConnection(c -> run(() -> c.setClientID(clientID)));
    }

    /** {@inheritDoc} */
    @Override
    public ConnectionMetaData getMetaData()
    {
        return onConnection(Connection::getMetaData);
    }

    /** {@inheritDoc} */
    @Override
    public ExceptionListener getExceptionListener()
    {
        return onConnection(Connection::getExceptionListener);
    }

    /** {@inheritDoc} */
    @Override
    public void setExceptionListener(final ExceptionListener listener)
    {
        onConnection(c -> run(() -> c.setExceptionListener(listener)));
    }

    /** {@inheritDoc} */
    @Override
    public void start()
    {
        onConnection(c -> run(c::start));
    }

    /**
     * {@inheritDoc} Called from a MessageListener of this connection it fails as the classic connection does; from a
     * CompletionListener it stops delivery as from any other thread.
     */
    @Override
    public void stop()
    {
        onConnection(c -> run(c::stop));
    }

    /** {@inheritDoc} */
    @Override
    public void setAutoStart(final boolean autoStart)
    {
        checkOpen();
        this.autoStart = autoStart;
    }

    /** {@inheritDoc} */
    @Override
    public boolean getAutoStart()
    {
        checkOpen();
        return autoStart;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Closes the session (which closes its producer and consumers), then the connection when no other context
     * shares it. Where the classic session refuses to close, from one of its own listeners, the context stays
     * open and {@link IllegalStateRuntimeException} is thrown.
     */
    @Override
    public void close()
    {
        final Session toClose;
        synchronized (lock)
        {
            if (closed)
            {
                return;
            }
            toClose = session;
            if (null == toClose)
            {
                closed = true;
            }
        }
        if (null != toClose)
        {
            // Outside the lock: a listener of this session may still be using the context while close waits for it.
            run(toClose::close);
            synchronized (lock)
            {
                if (closed)
                {
                    return;
                }
                closed = true;
            }
        }
        lastDelivered.set(null);
        connection.release();
    }

    /** {@inheritDoc} */
    @Override
    public BytesMessage createBytesMessage()
    {
        return onSession(Session::createBytesMessage);
    }

    /** {@inheritDoc} */
    @Override
    public MapMessage createMapMessage()
    {
        return onSession(Session::createMapMessage);
    }

    /** {@inheritDoc} */
    @Override
    public Message createMessage()
    {
        return onSession(Session::createMessage);
    }

    /** {@inheritDoc} */
    @Override
    public ObjectMessage createObjectMessage()
    {
        return onSession(Session::createObjectMessage);
    }

    /** {@inheritDoc} */
    @Override
    public ObjectMessage createObjectMessage(final Serializable object)
    {
        return onSession(s -> s.createObjectMessage(object));
    }

    /** {@inheritDoc} */
    @Override
    public StreamMessage createStreamMessage()
    {
        return onSession(Session::createStreamMessage);
    }

    /** {@inheritDoc} */
    @Override
    public TextMessage createTextMessage()
    {
        return onSession(Session::createTextMessage);
    }

    /** {@inheritDoc} */
    @Override
    public TextMessage createTextMessage(final String text)
    {
        return onSession(s -> s.createTextMessage(text));
    }

    /** {@inheritDoc} */
    @Override
    public boolean getTransacted()
    {
        checkOpen();
        return SESSION_TRANSACTED == sessionMode;
    }

    /** {@inheritDoc} */
    @Override
    public int getSessionMode()
    {
        checkOpen();
        return sessionMode;
    }

    /** {@inheritDoc} */
    @Override
    public void commit()
    {
        requireTransacted("commit");
        onSession(s -> run(s::commit));
    }

    /** {@inheritDoc} */
    @Override
    public void rollback()
    {
        requireTransacted("rollback");
        onSession(s -> run(s::rollback));
    }

    /** {@inheritDoc} */
    @Override
    public void recover()
    {
        checkOpen();
        if (SESSION_TRANSACTED == sessionMode)
        {
            throw new IllegalStateRuntimeException(
                "recover() is not allowed in a SESSION_TRANSACTED context; call rollback() to redeliver");
        }
        onSession(s -> run(s::recover));
        lastDelivered.set(null);
    }

    /** {@inheritDoc} Starts the connection when auto-start is on. */
    @Override
    public JMSConsumer createConsumer(final Destination destination)
    {
        return consumer(s -> s.createConsumer(destination));
    }

    /** {@inheritDoc} Starts the connection when auto-start is on. */
    @Override
    public JMSConsumer createConsumer(final Destination destination, final String messageSelector)
    {
        return consumer(s -> s.createConsumer(destination, messageSelector));
    }

    /** {@inheritDoc} Starts the connection when auto-start is on. */
    @Override
    public JMSConsumer createConsumer(
        final Destination destination, final String messageSelector, final boolean noLocal)
    {
        return consumer(s -> s.createConsumer(destination, messageSelector, noLocal));
    }

    /** {@inheritDoc} */
    @Override
    public Queue createQueue(final String queueName)
    {
        return onSession(s -> s.createQueue(queueName));
    }

    /** {@inheritDoc} */
    @Override
    public Topic createTopic(final String topicName)
    {
        return onSession(s -> s.createTopic(topicName));
    }

    /** {@inheritDoc} Starts the connection when auto-start is on. */
    @Override
    public JMSConsumer createDurableConsumer(final Topic topic, final String name)
    {
        return consumer(s -> s.createDurableConsumer(topic, name));
    }

    /** {@inheritDoc} Starts the connection when auto-start is on. */
    @Override
    public JMSConsumer createDurableConsumer(
        final Topic topic, final String name, final String messageSelector, final boolean noLocal)
    {
        return consumer(s -> s.createDurableConsumer(topic, name, messageSelector, noLocal));
    }

    /** {@inheritDoc} Starts the connection when auto-start is on. */
    @Override
    public JMSConsumer createSharedDurableConsumer(final Topic topic, final String name)
    {
        return consumer(s -> s.createSharedDurableConsumer(topic, name));
    }

    /** {@inheritDoc} Starts the connection when auto-start is on. */
    @Override
    public JMSConsumer createSharedDurableConsumer(final Topic topic, final String name, final String messageSelector)
    {
        return consumer(s -> s.createSharedDurableConsumer(topic, name, messageSelector));
    }

    /** {@inheritDoc} Starts the connection when auto-start is on. */
    @Override
    public JMSConsumer createSharedConsumer(final Topic topic, final String sharedSubscriptionName)
    {
        return consumer(s -> s.createSharedConsumer(topic, sharedSubscriptionName));
    }

    /** {@inheritDoc} Starts the connection when auto-start is on. */
    @Override
    public JMSConsumer createSharedConsumer(
        final Topic topic, final String sharedSubscriptionName, final String messageSelector)
    {
        return consumer(s -> s.createSharedConsumer(topic, sharedSubscriptionName, messageSelector));
    }

    /** {@inheritDoc} */
    @Override
    public QueueBrowser createBrowser(final Queue queue)
    {
        return onSession(s -> s.createBrowser(queue));
    }

    /** {@inheritDoc} */
    @Override
    public QueueBrowser createBrowser(final Queue queue, final String messageSelector)
    {
        return onSession(s -> s.createBrowser(queue, messageSelector));
    }

    /** {@inheritDoc} */
    @Override
    public TemporaryQueue createTemporaryQueue()
    {
        return onSession(Session::createTemporaryQueue);
    }

    /** {@inheritDoc} */
    @Override
    public TemporaryTopic createTemporaryTopic()
    {
        return onSession(Session::createTemporaryTopic);
    }

    /** {@inheritDoc} */
    @Override
    public void unsubscribe(final String name)
    {
        onSession(s -> run(() -> s.unsubscribe(name)));
    }

    /**
     * {@inheritDoc}
     * <p>
     * Acknowledges through the last message any consumer of this context delivered, by receive or to a listener;
     * does nothing when none was delivered since the last acknowledge or recover.
     */
    @Override
    public void acknowledge()
    {
        checkOpen();
        if (CLIENT_ACKNOWLEDGE != sessionMode)
        {
            return;
        }
        final Message message = lastDelivered.get();
        if (null != message)
        {
            run(message::acknowledge);
            lastDelivered.compareAndSet(message, null);
        }
    }

    /**
     * Records a message a consumer of this context has just delivered, for {@link #acknowledge()}.
     *
     * @param message the delivered message.
     */
    void delivered(final Message message)
    {
        if (CLIENT_ACKNOWLEDGE == sessionMode)
        {
            lastDelivered.set(message);
        }
    }

    /**
     * The session mode, readable after close.
     *
     * @return one of the four {@link JMSContext} session modes.
     */
    int sessionMode()
    {
        return sessionMode;
    }

    private JMSConsumer consumer(final RuntimeCalls.Call<Session, MessageConsumer> create)
    {
        final JmsConsumer consumer = new JmsConsumer(this, onSession(create));
        if (autoStart)
        {
            start();
        }
        return consumer;
    }

    private <T> T onSession(final RuntimeCalls.Call<Session, T> call)
    {
        final Session session;
        synchronized (lock)
        {
            session = session();
        }
        return RuntimeCalls.apply(call, session);
    }

    private <T> T onConnection(final RuntimeCalls.Call<Connection, T> call)
    {
        checkOpen();
        return RuntimeCalls.apply(call, connection.connection());
    }

    private Session session()
    {
        checkOpen();
        if (null == session)
        {
            session = RuntimeCalls.apply(c -> c.createSession(sessionMode), connection.connection());
        }
        return session;
    }

    private void checkOpen()
    {
        if (closed)
        {
            throw JmsExceptions.toRuntime(JmsExceptions.closed("context"));
        }
    }

    private void requireTransacted(final String operation)
    {
        checkOpen();
        if (SESSION_TRANSACTED != sessionMode)
        {
            throw new IllegalStateRuntimeException(
                operation + "() needs a SESSION_TRANSACTED context; this one is " + SessionModes.name(sessionMode));
        }
    }
}
