package io.wirespeed.jms.delivery;

import javax.jms.JMSException;

import java.util.ArrayList;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.ManyToOneConcurrentLinkedQueue;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.intake.TopicSource;
import io.wirespeed.jms.intake.TopicStreams;

/**
 * The connection's one delivery thread: an {@link Agent} that reads the {@link TopicStreams} serving listeners once
 * per cycle, then calls {@code onMessage} on its own thread for the topic consumers that were sent envelopes and for
 * the consumers that signalled it ({@link #onSignal}): a queue-host consumer whose inbox was filled, any consumer
 * holding a redelivery or a delayed message. It does not ask what kind of source a consumer has. A cycle's cost
 * grows with the streams and with the consumers that have work, not with the consumers that wait. One thread per
 * connection serialises the listeners of each session, as the specification requires. Started when the first
 * listener is set; idles with the connection's idle strategy.
 * <p>
 * The thread owns its state (the ready lists) and no lock guards it: other threads hand it
 * {@link DeliveryCommands commands} (wait for the running listener to return, run an action between deliveries),
 * which it runs between deliveries at the start of each cycle, as Aeron's agents take commands from their queues.
 */
public final class ConnectionPoller implements Agent
{
    /** The poller whose delivery thread the current thread is, if it is one. */
    private static final ThreadLocal<ConnectionPoller> DELIVERY_THREAD_OF = new ThreadLocal<>();

    /** How many listeners' sends waiting out back-pressure may nest, each delivering to other sessions. */
    static final int MAX_NESTED_WAITS = 8;

    private final DeliveryConnection connection;
    private final ConnectionConfig config;
    private final TopicStreams topics;
    private final DeliveryCommands commands = new DeliveryCommands();
    private final ArrayList<TopicSource> ready = new ArrayList<>();
    private final ManyToOneConcurrentLinkedQueue<DeliveredConsumer> signalled =
        new ManyToOneConcurrentLinkedQueue<>();
    private volatile Thread thread;
    private AgentRunner runner;
    private boolean closed;
    private int nestedWaits;

    /**
     * @param connection the connection whose consumers this serves.
     * @param config     the connection's settings (fragment limit, idle strategy).
     * @param topics     the connection's topic streams.
     */
    public ConnectionPoller(
        final DeliveryConnection connection, final ConnectionConfig config, final TopicStreams topics)
    {
        this.connection = connection;
        this.config = config;
        this.topics = topics;
    }

    @Override
    public void onStart()
    {
        thread = Thread.currentThread();
        DELIVERY_THREAD_OF.set(this);
    }

    @Override
    public void onClose()
    {
        DELIVERY_THREAD_OF.remove();
    }

    /**
     * While a send made on a connection's delivery thread (from a listener) waits out back-pressure: reads the
     * streams that serve the connection's listeners once, into their consumers' inboxes, as the thread would between
     * deliveries; when that read nothing (the streams are idle, or stopped by an inbox beyond
     * {@link io.wirespeed.jms.intake.TopicStream#LAG_LIMIT}), it also reads the queue host's deliveries and delivers
     * what waits to the listeners of the connection's other sessions. The listeners of a session whose listener is
     * running on the thread (the sender's own, and those further out when such sends nest) stay queued until it
     * returns, as a session's listeners run one at a time. The thread is the only reader of those streams and the
     * only caller of those listeners, so without this a send to a stream that a listener of the same connection reads
     * (a reflector, a request/reply service, two services on connections of one JVM that answer each other) could
     * wait for its own reading forever, and a listener that sends more than a reader may have waiting would wait for a
     * delivery only this thread can make. While the connection is stopped, and beyond {@value #MAX_NESTED_WAITS} such
     * sends nested in each other, it only reads. A {@code drop} stream drops beyond the lag limit, as between
     * deliveries. The thread's commands (a stop, a close from another thread) wait for the outermost listener to
     * return. Any other thread: nothing. Allocates nothing.
     *
     * @return the fragments read (not the messages delivered, so that the waiting send idles as it would have);
     *         0 when there were none, or the calling thread is no delivery thread.
     */
    public static int readWhileSendWaits()
    {
        final ConnectionPoller poller = DELIVERY_THREAD_OF.get();
        return null == poller ? 0 : poller.workWhileSendWaits();
    }

    private int workWhileSendWaits()
    {
        final int read = topics.readAhead();
        if (0 != read || nestedWaits >= MAX_NESTED_WAITS || !connection.isStarted())
        {
            return read;
        }
        nestedWaits++;
        try
        {
            final QueueClient queueClient = connection.queueClientIfOpen();
            int frames = null == queueClient ? 0 : queueClient.poll();
            frames += topics.pollForListeners(ready);
            // only the outermost cycle (deliverTopics) takes sources off the ready list; here it is only added to
            final int fragmentLimit = config.fragmentLimit();
            for (int i = 0; i < ready.size() && connection.isStarted(); i++)
            {
                ready.get(i).consumer().deliverToListener(fragmentLimit);
            }
            deliverSignalled();
            return frames;
        }
        catch (final RuntimeException ex)
        {
            // a failure of another session's delivery is not the waiting send's
            onError(ex);
            return 0;
        }
        finally
        {
            nestedWaits--;
        }
    }

    /** @return whether the calling thread is a connection's delivery thread (it runs listeners). */
    public static boolean onDeliveryThread()
    {
        return null != DELIVERY_THREAD_OF.get();
    }

    @Override
    public int doWork()
    {
        int work = commands.run();
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
        work += deliverTopics();
        work += deliverSignalled();
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

    /**
     * The consumers that signalled since the last cycle (a queue-host consumer's inbox was filled, a consumer holds
     * a redelivery or a delayed message); one that still holds such deliveries after its turn (fragment limit
     * reached, or a delayed message not yet due) is signalled again.
     */
    private int deliverSignalled()
    {
        int work = 0;
        for (int i = signalled.size(); i > 0 && connection.isStarted(); i--)
        {
            final DeliveredConsumer consumer = signalled.poll();
            if (consumer == null)
            {
                break;
            }
            consumer.clearSignal();
            work += consumer.deliverToListener(config.fragmentLimit());
            if (consumer.hasSignalledDeliveries())
            {
                consumer.signalDelivery();
            }
        }
        return work;
    }

    /**
     * A consumer with a listener has something no topic stream announces (deliveries in its queue-host inbox, a
     * redelivery, a delayed message): serve it in the next cycle. Any thread; its caller makes sure a consumer is
     * queued at most once until served.
     *
     * @param consumer the consumer.
     */
    public void onSignal(final DeliveredConsumer consumer)
    {
        signalled.offer(consumer);
        final Thread delivery = thread;
        if (delivery != null)
        {
            LockSupport.unpark(delivery);
        }
    }

    @Override
    public String roleName()
    {
        return "wirespeed-delivery-" + connection.id();
    }

    /**
     * Adds a consumer whose listener this thread serves; starts the thread on first use. A consumer is served when
     * its topic stream reads envelopes for it, and when it signals ({@link #onSignal}); it is served once now, for
     * what it held before it had a listener.
     *
     * @param consumer the consumer with a listener.
     */
    public void add(final DeliveredConsumer consumer)
    {
        consumer.signalDelivery();
        ensureRunning();
    }

    /** Starts the delivery thread if it is not running. */
    public synchronized void ensureRunning()
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
     * Lets go of a consumer whose listener was unset or which closed (it ignores a signal it is served for since);
     * its listener is not called again after the current delivery. From another thread this returns once the
     * delivery thread is between deliveries.
     *
     * @param consumer the consumer.
     */
    public void remove(final DeliveredConsumer consumer)
    {
        awaitDeliveryIdle();
    }

    /** @return whether the calling thread is this connection's delivery thread. */
    public boolean isPollerThread()
    {
        return Thread.currentThread() == thread;
    }

    /** Nudges the poller after the connection starts, so that it does not finish a park first. */
    void wake()
    {
        final Thread delivery = thread;
        if (delivery != null)
        {
            LockSupport.unpark(delivery);
        }
    }

    /**
     * Blocks until no listener is running, unless called from the delivery thread itself.
     */
    public void awaitDeliveryIdle()
    {
        whileIdle(() -> {});
    }

    /**
     * Runs an action on the delivery thread between deliveries and waits for it (at once when called from that
     * thread, or when no delivery thread runs): used to change the thread's state and to close consumers safely
     * from other threads.
     *
     * @param action the action.
     */
    public void whileIdle(final Runnable action)
    {
        if (isPollerThread())
        {
            action.run();
            return;
        }
        final DeliveryCommands.Command command;
        synchronized (this)
        {
            if (runner == null)
            {
                action.run();
                return;
            }
            command = commands.add(action);
        }
        wake();
        command.await();
    }

    /** Stops the delivery thread and waits for it to end; commands it did not take run here. */
    public void close()
    {
        final AgentRunner toClose;
        synchronized (this)
        {
            closed = true;
            toClose = runner;
        }
        if (toClose != null)
        {
            toClose.close();
        }
        synchronized (this)
        {
            runner = null;
            thread = null;
            commands.run();
            while (null != signalled.poll())
            {
                // the consumers' listeners are not called again
            }
        }
    }

    private void onError(final Throwable error)
    {
        connection.onAsyncException(io.wirespeed.jms.exceptions.JmsExceptions.wrap(
            "message delivery failed: " + error.getMessage(), error));
    }
}
