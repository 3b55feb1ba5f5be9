package io.wirespeed.jms;

import java.io.Serializable;

import javax.jms.BytesMessage;
import javax.jms.Destination;
import javax.jms.IllegalStateException;
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

import io.wirespeed.jms.delivery.CompletionDispatcher;
import io.wirespeed.jms.delivery.Deliveries;
import io.wirespeed.jms.delivery.ListenerThreads;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.JmsQueue;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.message.JmsBytesMessage;
import io.wirespeed.jms.message.JmsMapMessage;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.message.JmsObjectMessage;
import io.wirespeed.jms.message.JmsStreamMessage;
import io.wirespeed.jms.message.JmsTextMessage;
import io.wirespeed.jms.send.SendSession;
import io.wirespeed.jms.send.SessionSender;
import io.wirespeed.jms.send.TransactionContext;

/**
 * A session: one thread of control that produces and consumes messages. It owns the
 * acknowledgement state of the messages its consumers delivered, the local transaction when
 * transacted, and the send buffer its producers encode into. No locks on the send path: a session
 * is used by one thread at a time, as the specification requires.
 * <p>
 * Its public methods beyond the JMS interfaces are the view the sending side has of it ({@link SendSession}) and the
 * connection's: they are for the provider, not for applications, and may change in any release.
 */
public class JmsSession implements Session, TopicSession, QueueSession, SendSession
{
    private final JmsConnection connection;
    private final int sessionMode;
    private final int id;
    private final SessionProducers producers = new SessionProducers(this);
    private final SessionConsumers consumers = new SessionConsumers(this);
    private final Deliveries deliveries;
    private final SessionSender sender;
    private final CompletionDispatcher completions;
    private final TransactionContext transaction;
    private volatile MessageListener distinguishedListener;
    private volatile MessagingDomain restrictedTo;
    private volatile boolean closed;
    /** Whether the delivery thread runs a listener of this session now; that thread only. */
    private boolean inListener;

    JmsSession(final JmsConnection connection, final int sessionMode)
    {
        this.connection = connection;
        this.sessionMode = sessionMode;
        this.id = (int)connection.nextSessionId();
        this.deliveries = new Deliveries(connection.config().deserializationPolicy());
        this.sender = new SessionSender(this);
        this.completions = new CompletionDispatcher(this, "wirespeed-completion-" + connection.id() + ":" + id);
        this.transaction = TransactionContext.of(this, sessionMode);
    }

    /**
     * Makes this a TopicSession or QueueSession in the legacy sense: the other domain's factory
     * methods then throw IllegalStateException, as those interfaces require.
     *
     * @param domain the session's domain.
     * @return this session.
     */
    JmsSession restrictTo(final MessagingDomain domain)
    {
        this.restrictedTo = domain;
        return this;
    }

    private void checkDomain(final MessagingDomain needed, final String method) throws IllegalStateException
    {
        MessagingDomain.checkSession(restrictedTo, needed, method);
    }

    /** @return the dispatcher of this session's CompletionListener callbacks. */
    public CompletionDispatcher completions()
    {
        return completions;
    }

    /** @return the connection this session belongs to. */
    public JmsConnection connection()
    {
        return connection;
    }

    /** @return this session's number within its runtime. */
    public int id()
    {
        return id;
    }

    /** @return the sender its producers send through. */
    public SessionSender sender()
    {
        return sender;
    }

    /** @return the delivered-but-unacknowledged messages. */
    public Deliveries deliveries()
    {
        return deliveries;
    }

    /**
     * Whether the connection's delivery thread runs a listener of this session now: then no other listener of the
     * session may run (a listener's send that waits out back-pressure has the thread deliver to other sessions'
     * listeners meanwhile). The delivery thread only.
     *
     * @return whether one of the session's listeners is running.
     */
    boolean isInListener()
    {
        return inListener;
    }

    /**
     * Marks whether the delivery thread runs a listener of this session; the delivery thread only.
     *
     * @param inListener whether one of the session's listeners starts (true) or has returned (false).
     */
    void inListener(final boolean inListener)
    {
        this.inListener = inListener;
    }

    /** @return whether the session is closed. */
    public boolean isClosed()
    {
        return closed;
    }

    /** @return the next producer number of this session. */
    int nextProducerId()
    {
        return producers.nextId();
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
    public int sessionMode()
    {
        return sessionMode;
    }

    @Override
    public void commit() throws JMSException
    {
        checkOpen();
        transaction.commit();
    }

    @Override
    public void rollback() throws JMSException
    {
        checkOpen();
        transaction.rollback();
    }

    @Override
    public void recover() throws JMSException
    {
        checkOpen();
        transaction.recover();
    }

    /**
     * Acknowledges every message this session delivered so far (CLIENT_ACKNOWLEDGE); from a clustered queue host,
     * returns once the acknowledgements are committed ({@link io.wirespeed.jms.hostclient.QueueClient#awaitSettled}).
     *
     * @throws IllegalStateException if the session is closed.
     * @throws JMSException          if a clustered host had no leader within {@code failoverTimeout}, or had given up
     *                               the connection's session in which some of the messages came (they come again).
     */
    void acknowledgeAll() throws JMSException
    {
        if (closed)
        {
            throw new IllegalStateException("cannot acknowledge: the session that received the message is closed");
        }
        final boolean toHost = deliveries.acknowledgeAll();
        final int givenUp = deliveries.takeGivenUp();
        if (toHost)
        {
            awaitSettled();
        }
        if (givenUp > 0)
        {
            throw new JMSException(givenUp + " of the messages acknowledged came before this connection opened a " +
                "new session with the clustered queue host, which had given up the old one (no leader heard from " +
                "it within its session timeout, as when the whole cluster restarts) and given those messages back " +
                "to their queues: they are not acknowledged and come again, marked redelivered; the others are " +
                "acknowledged", QueueClient.DELIVERIES_GIVEN_UP);
        }
    }

    @Override
    public void awaitSettled() throws JMSException
    {
        final QueueClient client = connection.queueClientIfOpen();
        if (null != client)
        {
            client.awaitSettled();
        }
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
        return producers.create(destination);
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
        return consumers.create(destination, messageSelector, noLocal);
    }

    /**
     * Forgets a closed producer.
     *
     * @param producer the producer.
     */
    void onProducerClosed(final JmsMessageProducer producer)
    {
        producers.remove(producer);
    }

    /**
     * Forgets a closed consumer.
     *
     * @param consumer the consumer.
     */
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
        checkDomain(MessagingDomain.TOPIC, "createSharedConsumer");
        return consumers.createShared(topic, sharedSubscriptionName, messageSelector);
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
        checkDomain(MessagingDomain.TOPIC, "createDurableConsumer");
        return consumers.createDurable(topic, name, messageSelector, noLocal);
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
        checkDomain(MessagingDomain.TOPIC, "createSharedDurableConsumer");
        return consumers.createSharedDurable(topic, name, messageSelector);
    }

    @Override
    public void unsubscribe(final String name) throws JMSException
    {
        checkOpen();
        checkDomain(MessagingDomain.TOPIC, "unsubscribe");
        consumers.unsubscribe(name);
    }

    @Override
    public Queue createQueue(final String queueName) throws JMSException
    {
        checkOpen();
        checkDomain(MessagingDomain.QUEUE, "createQueue");
        return new JmsQueue(JmsDestination.checkName(queueName, "queue"));
    }

    @Override
    public Topic createTopic(final String topicName) throws JMSException
    {
        checkOpen();
        checkDomain(MessagingDomain.TOPIC, "createTopic");
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
        checkDomain(MessagingDomain.QUEUE, "createBrowser");
        return consumers.createBrowser(queue, messageSelector);
    }

    @Override
    public TemporaryQueue createTemporaryQueue() throws JMSException
    {
        checkOpen();
        checkDomain(MessagingDomain.QUEUE, "createTemporaryQueue");
        return (TemporaryQueue)connection.createTemporary(true);
    }

    @Override
    public TemporaryTopic createTemporaryTopic() throws JMSException
    {
        checkOpen();
        checkDomain(MessagingDomain.TOPIC, "createTemporaryTopic");
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
        ListenerThreads.checkNotClosedByCompletionListener(this);
        if (closed)
        {
            return;
        }
        ListenerThreads.checkNotClosedByMessageListener(
            connection().poller().isPollerThread() && consumers.anyDeliveringToListener());
        completions.close();
        closed = true;
        final JMSException failure = consumers.closeAll();
        producers.closeAll();
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
