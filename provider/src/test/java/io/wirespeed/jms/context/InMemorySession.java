package io.wirespeed.jms.context;

import java.io.Serializable;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.CompletionListener;
import javax.jms.Destination;
import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;
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
import javax.jms.TopicSubscriber;

/**
 * A {@link Session} of {@link InMemoryConnection} that keeps count of what was asked of it and enforces the
 * classic state rules this layer relies on: closing from its own listener or completion listener fails.
 */
final class InMemorySession implements Session
{
    private final InMemoryConnection connection;
    private final int sessionMode;
    private final List<InMemoryConsumer> consumers = new CopyOnWriteArrayList<>();
    private final List<String> unsubscribed = new CopyOnWriteArrayList<>();
    private ExecutorService completions;
    private volatile Thread listenerThread;
    private volatile Thread completionThread;
    private volatile boolean closed;
    private int commits;
    private int rollbacks;
    private int recovers;
    private int producers;
    private Message acknowledgedThrough;

    InMemorySession(final InMemoryConnection connection, final int sessionMode)
    {
        this.connection = connection;
        this.sessionMode = sessionMode;
    }

    InMemoryConnection connection()
    {
        return connection;
    }

    List<InMemoryConsumer> consumers()
    {
        return consumers;
    }

    List<String> unsubscribed()
    {
        return unsubscribed;
    }

    int sessionMode()
    {
        return sessionMode;
    }

    boolean isClosed()
    {
        return closed;
    }

    int commits()
    {
        return commits;
    }

    int rollbacks()
    {
        return rollbacks;
    }

    int recovers()
    {
        return recovers;
    }

    int producers()
    {
        return producers;
    }

    Message acknowledgedThrough()
    {
        return acknowledgedThrough;
    }

    boolean isCallbackThread()
    {
        final Thread current = Thread.currentThread();
        return current == listenerThread || current == completionThread;
    }

    void acknowledge(final Message message) throws IllegalStateException
    {
        checkOpen();
        acknowledgedThrough = message;
    }

    void dispatch(final MessageListener listener, final Message message)
    {
        listenerThread = Thread.currentThread();
        try
        {
            listener.onMessage(message);
        }
        finally
        {
            listenerThread = null;
        }
    }

    synchronized void complete(final CompletionListener listener, final Message message)
    {
        if (null == completions)
        {
            completions = Executors.newSingleThreadExecutor();
        }
        completions.execute(() ->
        {
            completionThread = Thread.currentThread();
            try
            {
                listener.onCompletion(message);
            }
            finally
            {
                completionThread = null;
            }
        });
    }

    @Override
    public void close() throws JMSException
    {
        if (closed)
        {
            return;
        }
        if (isCallbackThread())
        {
            throw new IllegalStateException("in-memory session: cannot close from its own listener");
        }
        synchronized (this)
        {
            if (null != completions)
            {
                completions.shutdown();
                try
                {
                    completions.awaitTermination(5, TimeUnit.SECONDS);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
            }
        }
        consumers.forEach(InMemoryConsumer::close);
        closed = true;
    }

    @Override
    public BytesMessage createBytesMessage() throws JMSException
    {
        checkOpen();
        return new InMemoryBytesMessage();
    }

    @Override
    public MapMessage createMapMessage() throws JMSException
    {
        checkOpen();
        return new InMemoryMapMessage();
    }

    @Override
    public Message createMessage() throws JMSException
    {
        checkOpen();
        return new InMemoryMessage();
    }

    @Override
    public ObjectMessage createObjectMessage() throws JMSException
    {
        return createObjectMessage(null);
    }

    @Override
    public ObjectMessage createObjectMessage(final Serializable object) throws JMSException
    {
        checkOpen();
        return new InMemoryObjectMessage(object);
    }

    @Override
    public StreamMessage createStreamMessage() throws JMSException
    {
        checkOpen();
        return new InMemoryStreamMessage();
    }

    @Override
    public TextMessage createTextMessage() throws JMSException
    {
        return createTextMessage(null);
    }

    @Override
    public TextMessage createTextMessage(final String text) throws JMSException
    {
        checkOpen();
        return new InMemoryTextMessage(text);
    }

    @Override
    public boolean getTransacted()
    {
        return SESSION_TRANSACTED == sessionMode;
    }

    @Override
    public int getAcknowledgeMode()
    {
        return sessionMode;
    }

    @Override
    public void commit() throws JMSException
    {
        checkTransacted();
        commits++;
    }

    @Override
    public void rollback() throws JMSException
    {
        checkTransacted();
        rollbacks++;
    }

    @Override
    public void recover() throws JMSException
    {
        checkOpen();
        if (getTransacted())
        {
            throw new IllegalStateException("in-memory session is transacted");
        }
        recovers++;
    }

    @Override
    public MessageListener getMessageListener()
    {
        throw new UnsupportedOperationException("session listeners are not used by the simplified API");
    }

    @Override
    public void setMessageListener(final MessageListener listener)
    {
        throw new UnsupportedOperationException("session listeners are not used by the simplified API");
    }

    @Override
    public void run()
    {
        throw new UnsupportedOperationException("session listeners are not used by the simplified API");
    }

    @Override
    public MessageProducer createProducer(final Destination destination) throws JMSException
    {
        checkOpen();
        producers++;
        return new InMemoryProducer(this, destination);
    }

    @Override
    public MessageConsumer createConsumer(final Destination destination) throws JMSException
    {
        return createConsumer(destination, null, false);
    }

    @Override
    public MessageConsumer createConsumer(final Destination destination, final String selector)
        throws JMSException
    {
        return createConsumer(destination, selector, false);
    }

    @Override
    public MessageConsumer createConsumer(final Destination destination, final String selector, final boolean noLocal)
        throws JMSException
    {
        checkOpen();
        if (!(destination instanceof InMemoryDestination))
        {
            throw new InvalidDestinationException("not an in-memory destination: " + destination);
        }
        final InMemoryDestination inMemory = (InMemoryDestination)destination;
        final InMemoryConsumer consumer = connection.redeliveringConsumers() ?
            new InMemoryConsumer.Redelivering(this, inMemory, selector) :
            new InMemoryConsumer(this, inMemory, selector);
        consumers.add(consumer);
        connection.drainBacklog(inMemory, this, consumer);
        return consumer;
    }

    @Override
    public MessageConsumer createSharedConsumer(final Topic topic, final String name) throws JMSException
    {
        return createConsumer(topic);
    }

    @Override
    public MessageConsumer createSharedConsumer(final Topic topic, final String name, final String selector)
        throws JMSException
    {
        return createConsumer(topic, selector);
    }

    @Override
    public Queue createQueue(final String queueName) throws JMSException
    {
        checkOpen();
        return new InMemoryDestination(queueName, true);
    }

    @Override
    public Topic createTopic(final String topicName) throws JMSException
    {
        checkOpen();
        return new InMemoryDestination(topicName, false);
    }

    @Override
    public TopicSubscriber createDurableSubscriber(final Topic topic, final String name)
    {
        throw new UnsupportedOperationException("TopicSubscriber is not used by the simplified API");
    }

    @Override
    public TopicSubscriber createDurableSubscriber(
        final Topic topic, final String name, final String selector, final boolean noLocal)
    {
        throw new UnsupportedOperationException("TopicSubscriber is not used by the simplified API");
    }

    @Override
    public MessageConsumer createDurableConsumer(final Topic topic, final String name) throws JMSException
    {
        return createConsumer(topic);
    }

    @Override
    public MessageConsumer createDurableConsumer(
        final Topic topic, final String name, final String selector, final boolean noLocal) throws JMSException
    {
        return createConsumer(topic, selector, noLocal);
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(final Topic topic, final String name) throws JMSException
    {
        return createConsumer(topic);
    }

    @Override
    public MessageConsumer createSharedDurableConsumer(final Topic topic, final String name, final String selector)
        throws JMSException
    {
        return createConsumer(topic, selector);
    }

    @Override
    public QueueBrowser createBrowser(final Queue queue)
    {
        throw new UnsupportedOperationException("browsers are not modelled in memory");
    }

    @Override
    public QueueBrowser createBrowser(final Queue queue, final String selector)
    {
        throw new UnsupportedOperationException("browsers are not modelled in memory");
    }

    @Override
    public TemporaryQueue createTemporaryQueue() throws JMSException
    {
        checkOpen();
        return new InMemoryDestination("temporary-queue-" + System.nanoTime(), true);
    }

    @Override
    public TemporaryTopic createTemporaryTopic() throws JMSException
    {
        checkOpen();
        return new InMemoryDestination("temporary-topic-" + System.nanoTime(), false);
    }

    @Override
    public void unsubscribe(final String name) throws JMSException
    {
        checkOpen();
        unsubscribed.add(name);
    }

    private void checkTransacted() throws IllegalStateException
    {
        checkOpen();
        if (!getTransacted())
        {
            throw new IllegalStateException("in-memory session is not transacted");
        }
        if (Thread.currentThread() == completionThread)
        {
            throw new IllegalStateException("in-memory session: cannot commit from its own completion listener");
        }
    }

    private void checkOpen() throws IllegalStateException
    {
        if (closed)
        {
            throw new IllegalStateException("in-memory session closed");
        }
    }
}
