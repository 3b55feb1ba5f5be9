package io.wirespeed.jms.intake;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ObjLongConsumer;

import javax.jms.JMSException;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.SlowConsumerChannels;
import io.wirespeed.jms.config.SlowConsumerPolicy;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TopicPattern;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.selector.Selector;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;

/**
 * A connection's topic streams: one {@link TopicStream}, and so one transport subscription, per (channel, stream)
 * that one of its topic consumers reads, however many consumers and topics share it, taken from the runtime's
 * {@link StreamSubscriptions} with its first consumer, closed with its last while the connection lives, given back
 * to the runtime when the connection closes (a connection made for one receive then does not wait on the driver).
 * Topics of one stream under different slow-consumer policies get a subscription per policy: under {@code drop}
 * an Aeron channel's subscription is untethered ({@link SlowConsumerChannels}). The delivery thread polls the
 * streams that serve listeners through {@link #pollForListeners}.
 */
public final class TopicStreams
{
    private static final TopicStream[] NONE = new TopicStream[0];

    private final Map<String, TopicStream> streams = new HashMap<>();
    private final Map<TopicStream, Integer> users = new HashMap<>();
    private final Map<TopicStream, Subscribed> subscribed = new HashMap<>();
    private final StreamSubscriptions subscriptions;
    private boolean connectionClosing;
    private final int fragmentLimit;
    private final ConnectionConfig config;
    private final ObjLongConsumer<String> lossListener;
    private volatile TopicStream[] polled = NONE;

    /**
     * @param config        the connection's configuration: fragment limit and slow-consumer policies.
     * @param subscriptions where the streams' transport subscriptions come from and go back to (the runtime's pool).
     * @param lossListener  told, outside any lock, of bytes a stream's consumers lost (stream key, bytes).
     */
    public TopicStreams(
        final ConnectionConfig config, final StreamSubscriptions subscriptions,
        final ObjLongConsumer<String> lossListener)
    {
        this.subscriptions = subscriptions;
        this.fragmentLimit = config.fragmentLimit();
        this.config = config;
        this.lossListener = lossListener;
    }

    /**
     * Opens a consumer's source on the stream its topic travels on, subscribing to the stream if no consumer of
     * this connection reads it yet.
     *
     * @param target      the topic's channel.
     * @param streamId    the topic's stream.
     * @param destination the topic.
     * @param pattern     the topic's wildcard pattern, or null for one topic.
     * @param selector    the consumer's compiled selector, which the stream applies before it fills the inbox;
     *                    null for none.
     * @param consumer    the consumer.
     * @param inbox       the consumer's inbox, which its source owns and this stream fills.
     * @return the consumer's place on the stream.
     * @throws JMSException if the transport refuses the subscription.
     */
    public synchronized TopicSource open(
        final TransportChannel target, final int streamId, final JmsDestination destination,
        final TopicPattern pattern, final Selector selector, final ServedConsumer consumer,
        final EnvelopeInbox inbox) throws JMSException
    {
        final SlowConsumerPolicy policy = config.slowConsumerPolicy(destination.name());
        final String channel = SlowConsumerChannels.subscription(target.channel(), policy);
        final String key = streamId + " " + channel;
        TopicStream stream = streams.get(key);
        if (null == stream)
        {
            try
            {
                stream = new TopicStream(key, subscriptions.take(target.transport(), channel, streamId),
                    policy == SlowConsumerPolicy.DROP, lossListener);
            }
            catch (final TransportException ex)
            {
                throw JmsExceptions.wrap("cannot subscribe to '" + destination + "' on " + target.channel() +
                    " stream " + streamId + ": " + ex.getMessage(), ex);
            }
            streams.put(key, stream);
            users.put(stream, 0);
            subscribed.put(stream, new Subscribed(target.transport(), channel, streamId));
        }
        users.merge(stream, 1, Integer::sum);
        final TopicSource source = new TopicSource(
            this, stream, destination, pattern, selector, consumer, inbox, fragmentLimit);
        stream.add(source);
        return source;
    }

    /**
     * A consumer's source goes; its stream closes with the last.
     *
     * @param stream the source's stream.
     * @param source the source.
     */
    synchronized void release(final TopicStream stream, final TopicSource source)
    {
        stream.remove(source);
        listenersChanged();
        if (0 == users.merge(stream, -1, Integer::sum))
        {
            users.remove(stream);
            streams.remove(stream.key());
            final Subscribed where = subscribed.remove(stream);
            if (connectionClosing)
            {
                subscriptions.giveBack(where.transport(), where.channel(), where.streamId(), stream.subscription());
            }
            else
            {
                // the connection goes on: its publishers (and others) must see at once that nobody here reads the
                // stream any more ("every subscriber ... has gone" on their next send)
                stream.subscription().close();
            }
            listenersChanged();
        }
    }

    /**
     * The connection is closing: the subscriptions its consumers still hold go back to the runtime's
     * {@link StreamSubscriptions} as they close, for the next connection on their stream, instead of being closed.
     */
    public synchronized void connectionClosing()
    {
        connectionClosing = true;
    }

    /** Recomputes which streams the delivery thread polls, after a consumer's listener came or went. */
    synchronized void listenersChanged()
    {
        final ArrayList<TopicStream> withListeners = new ArrayList<>();
        for (final TopicStream stream : streams.values())
        {
            if (stream.hasListeners())
            {
                withListeners.add(stream);
            }
        }
        polled = withListeners.toArray(NONE);
    }

    /**
     * Reads every stream that serves a listener once; the delivery thread.
     *
     * @param readyOut where the sources of listening consumers that have envelopes now go.
     * @return the fragments read.
     */
    public int pollForListeners(final ArrayList<TopicSource> readyOut)
    {
        int work = 0;
        for (final TopicStream stream : polled)
        {
            work += stream.poll(null, fragmentLimit, readyOut);
        }
        return work;
    }

    /**
     * Reads every stream that serves a listener once, into its consumers' inboxes, and leaves the sources that were
     * sent envelopes queued on their stream for the next {@link #pollForListeners}: the delivery thread, while a send
     * that a listener made waits out back-pressure, calls no listener.
     *
     * @return the fragments read.
     */
    public int readAhead()
    {
        int work = 0;
        for (final TopicStream stream : polled)
        {
            work += stream.poll(null, fragmentLimit, null);
        }
        return work;
    }

    /**
     * Envelopes read and skipped on every open stream because no consumer here wants their topic; for tests.
     *
     * @return the sum over the open streams.
     */
    public synchronized long skipped()
    {
        long skipped = 0;
        for (final TopicStream stream : streams.values())
        {
            skipped += stream.skipped();
        }
        return skipped;
    }

    /**
     * Selector evaluations made while dispatching on every open stream: one per distinct selector text per envelope
     * it was evaluated for, none for selectors found through an index; for tests.
     *
     * @return the sum over the open streams.
     */
    public synchronized long selectorEvaluations()
    {
        long evaluations = 0;
        for (final TopicStream stream : streams.values())
        {
            evaluations += stream.selectorEvaluations();
        }
        return evaluations;
    }

    /**
     * Look-ups in the selector indexes on every open stream: one per indexed property per envelope; for tests.
     *
     * @return the sum over the open streams.
     */
    public synchronized long indexLookups()
    {
        long lookups = 0;
        for (final TopicStream stream : streams.values())
        {
            lookups += stream.indexLookups();
        }
        return lookups;
    }

    /** @return how many transport subscriptions the connection's topic consumers hold; for tests. */
    public synchronized int subscriptionCount()
    {
        return streams.size();
    }

    /** Where a stream's subscription was taken, to give it back there. */
    private record Subscribed(Transport transport, String channel, int streamId)
    {
    }
}
