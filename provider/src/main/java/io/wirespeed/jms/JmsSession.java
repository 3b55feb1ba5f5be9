package io.wirespeed.jms;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.BytesMessage;
import javax.jms.Destination;
import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.ObjectMessage;
import javax.jms.Queue;
import javax.jms.QueueBrowser;
import javax.jms.QueueReceiver;
import javax.jms.QueueSender;
import javax.jms.QueueSession;
import javax.jms.Session;
import javax.jms.StreamMessage;
import javax.jms.TemporaryQueue;
import javax.jms.TemporaryTopic;
import javax.jms.TextMessage;
import javax.jms.Topic;
import javax.jms.TopicPublisher;
import javax.jms.TopicSession;
import javax.jms.TopicSubscriber;

import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.JmsQueue;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.jms.durable.DurableSubscriptions;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.message.JmsBytesMessage;
import io.wirespeed.jms.message.JmsMapMessage;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.message.JmsObjectMessage;
import io.wirespeed.jms.message.JmsStreamMessage;
import io.wirespeed.jms.message.JmsTextMessage;

/**
 * A session: one thread of control that produces and consumes messages. It owns the
 * acknowledgement state of the messages its consumers delivered, the local transaction when
 * transacted, and the send buffer its producers encode into. No locks on the send path: a session
 * is used by one thread at a time, as the specification requires.
 */
public class JmsSession implements Session, TopicSession, QueueSession
{
    private static final ThreadLocal<JmsSession> IN_COMPLETION_LISTENER = new ThreadLocal<>();

    private final JmsConnection connection;
    private final int sessionMode;
    private final int id;
    private final AtomicInteger producerIds = new AtomicInteger();
    private final List<JmsMessageProducer> producers = new CopyOnWriteArrayList<>();
    private final List<JmsMessageConsumer> consumers = new CopyOnWriteArrayList<>();
    private final Deliveries deliveries = new Deliveries();
    private final SessionSender sender;
    private final CompletionDispatcher completions;
    private volatile MessageListener distinguishedListener;
    private volatile Domain restrictedTo;
    private volatile boolean closed;

    JmsSession(final JmsConnection connection, final int sessionMode)
    {
        this.connection = connection;
        this.sessionMode = sessionMode;
        this.id = (int)connection.nextSessionId();
        this.sender = new SessionSender(this);
        this.completions = new CompletionDispatcher(this, "wirespeed-completion-" + connection.id() + ":" + id);
    }

    /** The messaging domains of the legacy session interfaces. */
    enum Domain
    {
        /** Publish/subscribe: TopicSession. */
        TOPIC,
        /** Point-to-point: QueueSession. */
        QUEUE
    }

    /**
     * Makes this a TopicSession or QueueSession in the legacy sense: the other domain's factory
     * methods then throw IllegalStateException, as those interfaces require.
     *
     * @param domain the session's domain.
     * @return this session.
     */
    JmsSession restrictTo(final Domain domain)
    {
        this.restrictedTo = domain;
        return this;
    }

    private void checkDomain(final Domain needed, final String method) throws IllegalStateException
    {
        final Domain domain = restrictedTo;
        if (domain != null && domain != needed)
        {
            throw new IllegalStateException(method + " belongs to the " +
                (needed == Domain.TOPIC ? "publish/subscribe" : "point-to-point") + " domain and cannot be used on a " +
                (domain == Domain.TOPIC ? "TopicSession" : "QueueSession") + ": use a Session from " +
                "Connection.createSession for both domains");
        }
    }

    /** @return the dispatcher of this session's CompletionListener callbacks. */
    CompletionDispatcher completions()
    {
        return completions;
    }

    /**
     * Checks a session mode for createSession.
     *
     * @param sessionMode the mode.
     * @throws JMSException if it is none of the four modes.
     */
    static void checkSessionMode(final int sessionMode) throws JMSException
    {
        if (!validSessionMode(sessionMode))
        {
            throw new JMSException(invalidSessionMode(sessionMode));
        }
    }

    /**
     * Checks a session mode for createContext.
     *
     * @param sessionMode the mode.
     * @throws JMSRuntimeException if it is none of the four modes.
     */
    static void validateSessionMode(final int sessionMode)
    {
        if (!validSessionMode(sessionMode))
        {
            throw new JMSRuntimeException(invalidSessionMode(sessionMode));
        }
    }

    private static boolean validSessionMode(final int sessionMode)
    {
        return sessionMode == SESSION_TRANSACTED || sessionMode == AUTO_ACKNOWLEDGE ||
            sessionMode == CLIENT_ACKNOWLEDGE || sessionMode == DUPS_OK_ACKNOWLEDGE;
    }

    private static String invalidSessionMode(final int sessionMode)
    {
        return "session mode " + sessionMode + " is not one of SESSION_TRANSACTED (0), AUTO_ACKNOWLEDGE (1), " +
            "CLIENT_ACKNOWLEDGE (2) or DUPS_OK_ACKNOWLEDGE (3)";
    }

    /** @return the session whose CompletionListener callback the current thread is running, or null. */
    static JmsSession completionListenerSession()
    {
        return IN_COMPLETION_LISTENER.get();
    }

    /**
     * Marks the current thread as running a CompletionListener callback of a session, or as no longer running one.
     *
     * @param session the session whose callback starts, or null when it has returned.
     */
    static void enterCompletionListener(final JmsSession session)
    {
        IN_COMPLETION_LISTENER.set(session);
    }

    /**
     * @return whether the current thread runs a MessageListener of this session: the connection's delivery thread
     * inside one of this session's consumers' listeners.
     */
    private boolean isInOwnMessageListener()
    {
        if (!connection.poller().isPollerThread())
        {
            return false;
        }
        for (final JmsMessageConsumer consumer : consumers)
        {
            if (consumer.isDeliveringToListener())
            {
                return true;
            }
        }
        return false;
    }

    /** @return the connection this session belongs to. */
    public JmsConnection connection()
    {
        return connection;
    }

    /** @return this session's number within its connection. */
    int id()
    {
        return id;
    }

    /** @return the sender its producers send through. */
    SessionSender sender()
    {
        return sender;
    }

    /** @return the delivered-but-unacknowledged messages. */
    Deliveries deliveries()
    {
        return deliveries;
    }

    /** @return whether the session is closed. */
    boolean isClosed()
    {
        return closed;
    }

    int nextProducerId()
    {
        return producerIds.incrementAndGet();
    }

    /**
     * Throws if the session or its connection is closed.
     *
     * @throws IllegalStateException if closed.
     */
    void checkOpen() throws IllegalStateException
    {
        if (closed)
        {
            throw JmsExceptions.closed("session");
        }
        connection.checkOpen();
    }

    @Override
    public BytesMessage createBytesMessage() throws JMSException
    {
        checkOpen();
        return new JmsBytesMessage();
    }

    @Override
    public MapMessage createMapMessage() throws JMSException
    {
        checkOpen();
        return new JmsMapMessage();
    }

    @Override
    public Message createMessage() throws JMSException
    {
        checkOpen();
        return new JmsMessage();
    }

    @Override
    public ObjectMessage createObjectMessage() throws JMSException
    {
        checkOpen();
        return new JmsObjectMessage();
    }

    @Override
    public ObjectMessage createObjectMessage(final Serializable object) throws JMSException
    {
        checkOpen();
        final JmsObjectMessage message = new JmsObjectMessage();
        message.setObject(object);
        return message;
    }

    @Override
    public StreamMessage createStreamMessage() throws JMSException
    {
        checkOpen();
        return new JmsStreamMessage();
    }

    @Override
    public TextMessage createTextMessage() throws JMSException
    {
        checkOpen();
        return new JmsTextMessage();
    }

    @Override
    public TextMessage createTextMessage(final String text) throws JMSException
    {
        checkOpen();
        final JmsTextMessage message = new JmsTextMessage();
        message.setText(text);
        return message;
    }

    @Override
    public boolean getTransacted() throws JMSException
    {
        checkOpen();
        return sessionMode == SESSION_TRANSACTED;
    }

    @Override
    public int getAcknowledgeMode() throws JMSException
    {
        checkOpen();
        return sessionMode;
    }

    /** @return the session mode without checking state. */
    int sessionMode()
    {
        return sessionMode;
    }

    @Override
    public void commit() throws JMSException
    {
        checkOpen();
        if (sessionMode != SESSION_TRANSACTED)
        {
            throw new IllegalStateException("commit is only for transacted sessions: create the session with " +
                "createSession(Session.SESSION_TRANSACTED)");
        }
        checkNotInCompletionListener("commit");
        completions.awaitIdle();
        try
        {
            sender.commit();
        }
        catch (final JMSException ex)
        {
            recoverDeliveries();
            throw ex;
        }
        deliveries.acknowledgeAll();
    }

    @Override
    public void rollback() throws JMSException
    {
        checkOpen();
        if (sessionMode != SESSION_TRANSACTED)
        {
            throw new IllegalStateException("rollback is only for transacted sessions: create the session with " +
                "createSession(Session.SESSION_TRANSACTED)");
        }
        checkNotInCompletionListener("rollback");
        completions.awaitIdle();
        sender.rollback();
        recoverDeliveries();
    }

    @Override
    public void recover() throws JMSException
    {
        checkOpen();
        if (sessionMode == SESSION_TRANSACTED)
        {
            throw new IllegalStateException("recover is not for transacted sessions: use rollback");
        }
        recoverDeliveries();
    }

    private void checkNotInCompletionListener(final String what) throws IllegalStateException
    {
        if (completionListenerSession() == this)
        {
            throw new IllegalStateException("a CompletionListener must not call " + what + " on its own session");
        }
    }

    private void recoverDeliveries()
    {
        deliveries.recover();
    }

    /**
     * Acknowledges every message this session delivered so far (CLIENT_ACKNOWLEDGE).
     *
     * @throws IllegalStateException if the session is closed.
     */
    void acknowledgeAll() throws IllegalStateException
    {
        if (closed)
        {
            throw new IllegalStateException("cannot acknowledge: the session that received the message is closed");
        }
        deliveries.acknowledgeAll();
    }

    @Override
    public MessageListener getMessageListener() throws JMSException
    {
        checkOpen();
        return distinguishedListener;
    }

    @Override
    public void setMessageListener(final MessageListener listener) throws JMSException
    {
        checkOpen();
        throw new JMSException("the session's distinguished message listener is an application-server facility " +
            "(ServerSessionPool) that Wirespeed does not provide: set a listener on a MessageConsumer instead");
    }

    @Override
    public void run()
    {
        throw new JMSRuntimeException("Session.run is for application servers' ServerSessionPool, which Wirespeed " +
            "does not provide");
    }

    @Override
    public MessageProducer createProducer(final Destination destination) throws JMSException
    {
        checkOpen();
        final JmsMessageProducer producer = new JmsMessageProducer(this, checkDestination(destination, true));
        producers.add(producer);
        return producer;
    }

    @Override
    public MessageConsumer createConsumer(final Destination destination) throws JMSException
    {
        return createConsumer(destination, null, false);
    }

    @Override
    public MessageConsumer createConsumer(final Destination destination, final String messageSelector)
        throws JMSException
    {
        return createConsumer(destination, messageSelector, false);
    }

    @Override
    public MessageConsumer createConsumer(
        final Destination destination, final String messageSelector, final boolean noLocal) throws JMSException
    {
        checkOpen();
        return addConsumer(new JmsMessageConsumer(this, checkDestination(destination, false), messageSelector,
            noLocal, null));
    }

    private JmsMessageConsumer addConsumer(final JmsMessageConsumer consumer)
    {
        consumers.add(consumer);
        return consumer;
    }

    void onProducerClosed(final JmsMessageProducer producer)
    {
        producers.remove(producer);
    }

    void onConsumerClosed(final JmsMessageConsumer consumer)
    {
        consumers.remove(consumer);
    }

    @Override
    public MessageConsumer createSharedConsumer(final Topic topic, final String sharedSubscriptionName)
        throws JMSException
    {
        return createSharedConsumer(topic, sharedSubscriptionName, null);
    }

    @Override
    public MessageConsumer createSharedConsumer(
        final Topic topic, final String sharedSubscriptionName, final String messageSelector) throws JMSException
    {
        checkOpen();
        checkDomain(Domain.TOPIC, "createSharedConsumer");
        final JmsDestination target = checkDestination(topic, false);
        if (sharedSubscriptionName == null || sharedSubscriptionName.isEmpty())
        {
            throw new InvalidDestinationException("a shared subscription needs a name");
        }
        final String clientId = connection.getClientID();
        final String key = (clientId == null ? "" : clientId) + "/" + sharedSubscriptionName;
        return addConsumer(new JmsMessageConsumer(this, target, messageSelector, false, key));
    }

    @Override
    public TopicSubscriber createDurableSubscriber(final Topic topic, final String name) throws JMSException
    {
        return createDurableSubscriber(topic, name, null, false);
    }

    @Override
    public TopicSubscriber createDurableSubscriber(
        final Topic topic, final String name, final String messageSelector, final boolean noLocal) throws JMSException
    {
        return (TopicSubscriber)createDurableConsumer(topic, name, messageSelector, noLocal);
    }

    @Override
    public MessageConsumer createDurableConsumer(final Topic topic, final String name) throws JMSException
    {
        return createDurableConsumer(topic, name, null, false);
    }

    @Override
    public MessageConsumer createDurableConsumer(
        final Topic topic, final String name, final String messageSelector, final boolean noLocal) throws JMSException
    {
        checkOpen();
        checkDomain(Domain.TOPIC, "createDurableConsumer");
        final JmsDestination target = durableTopic(topic);
        final String clientId = connection.getClientID();
        if (clientId == null)
        {
            throw new IllegalStateException("an unshared durable subscription needs a client id: call " +
                "Connection.setClientID right after creating the connection, or add clientId=<id> to the URI " +
                "(or use createSharedDurableConsumer, which does not need one)");
        }
        return addConsumer(new JmsMessageConsumer(this, target, messageSelector, noLocal,
            DurableSubscriptions.key(clientId, name), Boolean.FALSE));
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(final Topic topic, final String name) throws JMSException
    {
        return createSharedDurableConsumer(topic, name, null);
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(
        final Topic topic, final String name, final String messageSelector) throws JMSException
    {
        checkOpen();
        checkDomain(Domain.TOPIC, "createSharedDurableConsumer");
        final JmsDestination target = durableTopic(topic);
        return addConsumer(new JmsMessageConsumer(this, target, messageSelector, false,
            DurableSubscriptions.key(connection.getClientID(), name), Boolean.TRUE));
    }

    private static JmsDestination durableTopic(final Topic topic) throws JMSException
    {
        final JmsDestination target = checkDestination(topic, false);
        if (target.isTemporary())
        {
            throw new InvalidDestinationException("a durable subscription cannot be on temporary topic '" +
                target.name() + "': temporary topics live only as long as their connection");
        }
        return target;
    }

    @Override
    public void unsubscribe(final String name) throws JMSException
    {
        checkOpen();
        checkDomain(Domain.TOPIC, "unsubscribe");
        final String key = DurableSubscriptions.key(connection.getClientID(), name);
        connection.durableQueueClient().unsubscribe(key);
    }

    @Override
    public Queue createQueue(final String queueName) throws JMSException
    {
        checkOpen();
        checkDomain(Domain.QUEUE, "createQueue");
        return new JmsQueue(JmsDestination.checkName(queueName, "queue"));
    }

    @Override
    public Topic createTopic(final String topicName) throws JMSException
    {
        checkOpen();
        checkDomain(Domain.TOPIC, "createTopic");
        return new JmsTopic(JmsDestination.checkName(topicName, "topic"));
    }

    @Override
    public QueueBrowser createBrowser(final Queue queue) throws JMSException
    {
        return createBrowser(queue, null);
    }

    @Override
    public QueueBrowser createBrowser(final Queue queue, final String messageSelector) throws JMSException
    {
        checkOpen();
        checkDomain(Domain.QUEUE, "createBrowser");
        final JmsDestination target = checkDestination(queue, false);
        connection.checkMayConsume(target);
        return new JmsQueueBrowser(this, (Queue)target, messageSelector);
    }

    @Override
    public TemporaryQueue createTemporaryQueue() throws JMSException
    {
        checkOpen();
        checkDomain(Domain.QUEUE, "createTemporaryQueue");
        return (TemporaryQueue)connection.createTemporary(true);
    }

    @Override
    public TemporaryTopic createTemporaryTopic() throws JMSException
    {
        checkOpen();
        checkDomain(Domain.TOPIC, "createTemporaryTopic");
        return (TemporaryTopic)connection.createTemporary(false);
    }

    @Override
    public QueueReceiver createReceiver(final Queue queue) throws JMSException
    {
        return (QueueReceiver)createConsumer(queue);
    }

    @Override
    public QueueReceiver createReceiver(final Queue queue, final String messageSelector) throws JMSException
    {
        return (QueueReceiver)createConsumer(queue, messageSelector);
    }

    @Override
    public QueueSender createSender(final Queue queue) throws JMSException
    {
        return (QueueSender)createProducer(queue);
    }

    @Override
    public TopicSubscriber createSubscriber(final Topic topic) throws JMSException
    {
        return (TopicSubscriber)createConsumer(topic);
    }

    @Override
    public TopicSubscriber createSubscriber(final Topic topic, final String messageSelector, final boolean noLocal)
        throws JMSException
    {
        return (TopicSubscriber)createConsumer(topic, messageSelector, noLocal);
    }

    @Override
    public TopicPublisher createPublisher(final Topic topic) throws JMSException
    {
        return (TopicPublisher)createProducer(topic);
    }

    /**
     * Checks a destination given by the application and converts a foreign one.
     *
     * @param destination the destination.
     * @param nullAllowed whether null (an anonymous producer) is allowed.
     * @return the destination as Wirespeed's own, or null when allowed and given.
     * @throws InvalidDestinationException if it is null where not allowed, or of an unknown kind.
     */
    static JmsDestination checkDestination(final Destination destination, final boolean nullAllowed)
        throws JMSException
    {
        if (destination == null)
        {
            if (nullAllowed)
            {
                return null;
            }
            throw new InvalidDestinationException("the destination must not be null");
        }
        return JmsDestination.of(destination);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Called from a MessageListener or CompletionListener of this session it throws IllegalStateException, as the
     * specification allows and the conformance suites expect. Publications are closed once their connected
     * network subscribers confirm they have everything sent, waiting up to the {@code linger} option.
     */
    @Override
    public void close() throws JMSException
    {
        closeWithin(SessionSender.lingerDeadline(connection.config()));
    }

    /**
     * Closes the session as {@link #close()} does, waiting for subscribers' confirmations until a deadline shared
     * with the other sessions of a closing connection.
     *
     * @param lingerDeadlineNs the {@link System#nanoTime()} after which publications close without waiting.
     * @throws JMSException as {@link #close()}.
     */
    void closeWithin(final long lingerDeadlineNs) throws JMSException
    {
        if (completionListenerSession() == this)
        {
            throw new IllegalStateException(
                "a CompletionListener must not close its own session: close it from another thread");
        }
        if (closed)
        {
            return;
        }
        if (isInOwnMessageListener())
        {
            throw new IllegalStateException("a MessageListener must not close its own session: close the session " +
                "from another thread, or close the listener's consumer (which a listener may do)");
        }
        completions.close();
        closed = true;
        JMSException failure = null;
        for (final JmsMessageConsumer consumer : new ArrayList<>(consumers))
        {
            try
            {
                consumer.close();
            }
            catch (final JMSException ex)
            {
                failure = failure == null ? ex : failure;
            }
        }
        for (final JmsMessageProducer producer : new ArrayList<>(producers))
        {
            producer.close();
        }
        deliveries.recover();
        sender.rollback();
        sender.close(lingerDeadlineNs);
        connection.onSessionClosed(this);
        if (failure != null)
        {
            throw failure;
        }
    }

    @Override
    public String toString()
    {
        return "JmsSession[" + connection.id() + ":" + id + "]";
    }
}
