package io.wirespeed.jms;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.queue.QueueClient;

/**
 * The connection's one delivery thread: an {@link Agent} that polls the subscriptions of every
 * consumer with a message listener and calls {@code onMessage} on its own thread. One thread per
 * connection serialises the listeners of each session, as the specification requires. Started when
 * the first listener is set; idles with the connection's idle strategy.
 */
final class ConnectionPoller implements Agent
{
    private static final JmsMessageConsumer[] EMPTY = new JmsMessageConsumer[0];

    private final JmsConnection connection;
    private final ConnectionConfig config;
    private final ReentrantLock deliveryLock = new ReentrantLock();
    private volatile JmsMessageConsumer[] consumers = EMPTY;
    private volatile Thread thread;
    private AgentRunner runner;
    private boolean closed;

    ConnectionPoller(final JmsConnection connection, final ConnectionConfig config)
    {
        this.connection = connection;
        this.config = config;
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
        }
        if (!connection.isStarted())
        {
            return work;
        }
        deliveryLock.lock();
        try
        {
            for (final JmsMessageConsumer consumer : consumers)
            {
                if (!connection.isStarted())
                {
                    break;
                }
                work += consumer.deliverToListener(config.fragmentLimit());
            }
        }
        finally
        {
            deliveryLock.unlock();
        }
        return work;
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
        for (final JmsMessageConsumer existing : consumers)
        {
            if (existing == consumer)
            {
                return;
            }
        }
        final JmsMessageConsumer[] next = Arrays.copyOf(consumers, consumers.length + 1);
        next[consumers.length] = consumer;
        consumers = next;
        ensureRunning();
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
        final JmsMessageConsumer[] current = consumers;
        for (int i = 0; i < current.length; i++)
        {
            if (current[i] == consumer)
            {
                final JmsMessageConsumer[] next = new JmsMessageConsumer[current.length - 1];
                System.arraycopy(current, 0, next, 0, i);
                System.arraycopy(current, i + 1, next, i, current.length - i - 1);
                consumers = next;
                return;
            }
        }
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
