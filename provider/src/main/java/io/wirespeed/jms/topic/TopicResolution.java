package io.wirespeed.jms.topic;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import io.wirespeed.jms.transport.TransportChannel;

/**
 * A runtime's topic resolution, shared by its connections: it advertises the topics they publish (each for as long as
 * one of them publishes it) and learns the topics others advertise on the channels their wildcard consumers read, on
 * each channel's well-known resolution stream (the stream just below the partition streams). One daemon thread per
 * runtime and resolution stream does both, started when first needed and woken at once when a topic first appears;
 * it idles at most {@link #IDLE_MS} between cycles.
 */
public final class TopicResolution implements AutoCloseable
{
    /** The longest the resolution thread idles between cycles. */
    static final long IDLE_MS = 10;

    private final TopicAdvertiser advertiser;
    private final TopicResolver resolver;
    private final String name;
    private final Consumer<Throwable> onFailure;
    private Thread thread;
    private volatile boolean closed;

    /**
     * A runtime's resolution; nothing runs until a topic is published or a channel watched.
     *
     * @param resolutionStreamId the resolution stream of every channel.
     * @param interval           how often advertisements are renewed; zero advertises nothing.
     * @param name               names the thread.
     * @param onFailure          told of a failure: the thread's, which then stops, or a channel's resolution
     *                           stream that cannot be opened; messages are sent and received without it.
     */
    public TopicResolution(
        final int resolutionStreamId, final Duration interval, final String name, final Consumer<Throwable> onFailure)
    {
        this.advertiser = interval.isZero() ? null : new TopicAdvertiser(resolutionStreamId, interval.toMillis());
        this.resolver = new TopicResolver(resolutionStreamId);
        this.name = name;
        this.onFailure = onFailure;
    }

    /**
     * Advertises a topic the connection publishes, at once the first time and every interval from then on.
     *
     * @param topic    the topic's name.
     * @param target   its channel.
     * @param streamId its partition stream.
     */
    public void publishes(final String topic, final TransportChannel target, final int streamId)
    {
        try
        {
            if (null != advertiser && !closed && advertiser.publishes(topic, target, streamId))
            {
                wake();
            }
        }
        catch (final RuntimeException ex)
        {
            onFailure.accept(ex);
        }
    }

    /**
     * Stops advertising a topic for one of those that publish it ({@link #publishes}); the last one's withdrawal ends
     * its advertisements.
     *
     * @param topic   the topic's name.
     * @param channel its channel, as {@link TransportChannel#channel()} named it.
     */
    public void withdraw(final String topic, final String channel)
    {
        if (null != advertiser)
        {
            advertiser.withdraw(topic, channel);
        }
    }

    /**
     * Learns the topics advertised on a channel from now on.
     *
     * @param target the channel.
     */
    public void watch(final TransportChannel target)
    {
        try
        {
            if (!closed && resolver.watch(target))
            {
                wake();
            }
        }
        catch (final RuntimeException ex)
        {
            onFailure.accept(ex);
        }
    }

    /**
     * The live topics learned on the watched channels.
     *
     * @return each topic with its channel and stream, by name.
     */
    public List<ResolvedTopic> liveTopics()
    {
        return resolver.live(System.currentTimeMillis());
    }

    /** @return the advertisement bytes this connection offered so far. */
    public long advertisedBytes()
    {
        return null == advertiser ? 0 : advertiser.bytesSent();
    }

    @Override
    public void close()
    {
        final Thread running;
        synchronized (this)
        {
            closed = true;
            running = thread;
        }
        if (null != running)
        {
            LockSupport.unpark(running);
            try
            {
                running.join(TimeUnit.SECONDS.toMillis(5));
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
        if (null != advertiser)
        {
            advertiser.close();
        }
        resolver.close();
    }

    private synchronized void wake()
    {
        if (closed)
        {
            return;
        }
        if (null == thread)
        {
            thread = new Thread(this::run, name);
            thread.setDaemon(true);
            thread.start();
        }
        else
        {
            LockSupport.unpark(thread);
        }
    }

    private void run()
    {
        try
        {
            while (!closed)
            {
                final long now = System.currentTimeMillis();
                int work = resolver.doWork(now);
                if (null != advertiser)
                {
                    work += advertiser.doWork(now);
                }
                if (0 == work)
                {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(IDLE_MS));
                }
            }
        }
        catch (final RuntimeException ex)
        {
            if (!closed)
            {
                onFailure.accept(ex);
            }
        }
    }
}
