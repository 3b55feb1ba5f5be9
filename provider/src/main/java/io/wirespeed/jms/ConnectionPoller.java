package io.wirespeed.jms;

import javax.jms.JMSException;

import java.util.ArrayList;
import java.util.concurrent.locks.ReentrantLock;

import org.agrona.collections.ArrayUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.queue.QueueClient;

/**
 * The connection's one delivery thread: an {@link Agent} that reads the {@link TopicStreams} serving listeners once
 * per cycle, then calls {@code onMessage} on its own thread for the topic consumers that were sent envelopes, and
 * polls the queue host's inboxes of the other listening consumers. A cycle's cost grows with the streams and with
 * the consumers that have work, not with the consumers that wait. One thread per connection serialises the
 * listeners of each session, as the specification requires. Started when the first listener is set; idles with
 * the connection's idle strategy.
 */
final class ConnectionPoller implements Agent
{
    private static final JmsMessageConsumer[] EMPTY = new JmsMessageConsumer[0];

    private final JmsConnection connection;
    private final ConnectionConfig config;
    private final ReentrantLock deliveryLock = new ReentrantLock();
    private final TopicStreams topics;
    private final ArrayList<TopicSource> ready = new ArrayList<>();
    private volatile JmsMessageConsumer[] consumers = EMPTY;
    private volatile JmsMessageConsumer[] topicConsumers = EMPTY;
    private volatile boolean backlog;
    private volatile Thread thread;
    private AgentRunner runner;
    private boolean closed;

    ConnectionPoller(final JmsConnection connection, final ConnectionConfig config, final TopicStreams topics)
    {
        this.connection = connection;
        this.config = config;
        this.topics = topics;
    }

    @Override
    public int doWork()
    {
        if (thread == null)
        {
            thread = Thread.currentThread();
        }
        int work = 0;
        final QueueClient queueClient = connection.queueClientIfOpen();
        if (queueClient != null)
        {
            work += queueClient.poll();
            final String lost = queueClient.takeLostReason();
            if (lost != null)
            {
                connection.onAsyncException(new JMSException(lost, "QUEUE_HOST_LOST"));
            }
        }
        if (!connection.isStarted())
        {
            return work;
        }
        deliveryLock.lock();
        try
        {
            work += deliverTopics();
            for (final JmsMessageConsumer consumer : consumers)
            {
                if (!connection.isStarted())
                {
                    break;
                }
                work += consumer.deliverToListener(config.fragmentLimit());
            }
            if (backlog)
            {
                work += deliverBacklog();
            }
        }
        finally
        {
            deliveryLock.unlock();
        }
        return work;
    }

    private int deliverTopics()
    {
        int work = topics.pollForListeners(ready);
        final int fragmentLimit = config.fragmentLimit();
        for (int i = 0; i < ready.size() && connection.isStarted();)
        {
            final TopicSource source = ready.get(i);
            work += source.consumer().deliverToListener(fragmentLimit);
            if (!source.isClosed() && source.stream().keep(source))
            {
                i++;
            }
            else
            {
                final int last = ready.size() - 1;
                ready.set(i, ready.get(last));
                ready.remove(last);
            }
        }
        return work;
    }

    /** Redeliveries and delayed messages of topic consumers, which no stream announces. */
    private int deliverBacklog()
    {
        backlog = false;
        int work = 0;
        for (final JmsMessageConsumer consumer : topicConsumers)
        {
            if (consumer.hasWaiting())
            {
                work += consumer.deliverToListener(config.fragmentLimit());
                if (consumer.hasWaiting())
                {
                    backlog = true;
                }
            }
        }
        return work;
    }

    /** A topic consumer holds a message that no stream will announce: a redelivery, or one delivered later. */
    void onBacklog()
    {
        backlog = true;
    }

    @Override
    public String roleName()
    {
        return "wirespeed-delivery-" + connection.id();
    }

    /**
     * Adds a consumer whose listener this thread serves; starts the thread on first use.
     *
     * @param consumer the consumer with a listener.
     */
    synchronized void add(final JmsMessageConsumer consumer)
    {
        if (closed)
        {
            return;
        }
        if (consumer.isTopicStreamConsumer())
        {
            topicConsumers = with(topicConsumers, consumer);
            backlog = true;
        }
        else
        {
            consumers = with(consumers, consumer);
        }
        ensureRunning();
    }

    private static JmsMessageConsumer[] with(final JmsMessageConsumer[] current, final JmsMessageConsumer consumer)
    {
        for (final JmsMessageConsumer existing : current)
        {
            if (existing == consumer)
            {
                return current;
            }
        }
        return ArrayUtil.add(current, consumer);
    }

    /** Starts the delivery thread if it is not running. */
    synchronized void ensureRunning()
    {
        if (runner == null && !closed)
        {
            runner = new AgentRunner(
                config.idle().newIdleStrategy(),
                this::onError, null, this);
            AgentRunner.startOnThread(runner);
        }
    }

    /**
     * Removes a consumer; its listener is not called again after the current delivery.
     *
     * @param consumer the consumer.
     */
    synchronized void remove(final JmsMessageConsumer consumer)
    {
        consumers = ArrayUtil.remove(consumers, consumer);
        topicConsumers = ArrayUtil.remove(topicConsumers, consumer);
    }

    /** @return whether the calling thread is this connection's delivery thread. */
    boolean isPollerThread()
    {
        return Thread.currentThread() == thread;
    }

    /** Nudges the poller after the connection starts; the idle strategy picks it up. */
    void wake()
    {
    }

    /**
     * Blocks until no listener is running, unless called from the delivery thread itself.
     */
    void awaitDeliveryIdle()
    {
        if (!isPollerThread())
        {
            deliveryLock.lock();
            deliveryLock.unlock();
        }
    }

    /**
     * Runs an action while no listener is running: used to close consumers safely from other threads.
     *
     * @param action the action.
     */
    void whileIdle(final Runnable action)
    {
        if (isPollerThread())
        {
            action.run();
            return;
        }
        deliveryLock.lock();
        try
        {
            action.run();
        }
        finally
        {
            deliveryLock.unlock();
        }
    }

    /** Stops the delivery thread and waits for it to end. */
    void close()
    {
        final AgentRunner toClose;
        synchronized (this)
        {
            closed = true;
            consumers = EMPTY;
            topicConsumers = EMPTY;
            toClose = runner;
            runner = null;
        }
        if (toClose != null)
        {
            toClose.close();
        }
    }

    private void onError(final Throwable error)
    {
        connection.onAsyncException(io.wirespeed.jms.exceptions.JmsExceptions.wrap(
            "message delivery failed: " + error.getMessage(), error));
    }
}
