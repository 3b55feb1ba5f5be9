package io.wirespeed.jms.consumer;

import java.util.ArrayList;
import java.util.List;

import javax.jms.JMSException;

import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TopicPattern;
import io.wirespeed.jms.intake.EnvelopeInbox;
import io.wirespeed.jms.intake.PatternSource;
import io.wirespeed.jms.intake.ServedConsumer;
import io.wirespeed.jms.intake.TopicFeed;
import io.wirespeed.jms.intake.TopicSource;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.selector.Selector;
import io.wirespeed.transport.MessageHandler;

/**
 * A plain topic consumer's source: the connection's shared topic streams, through a {@link TopicFeed} (one
 * {@link TopicSource} for one topic, a {@link PatternSource} for a wildcard pattern). The source creates and owns
 * the consumer's one {@link EnvelopeInbox}; the streams put in it only the envelopes of its topic or pattern (a
 * pattern's every stream fills the same inbox), and only those the consumer's selector selects: the stream
 * evaluates selectors (once per distinct selector, or through an index of equality selectors) before it copies an
 * envelope, so this source does not evaluate it again. It filters the rest in place, before any message object
 * exists: the connection's own messages under noLocal, expired messages, and it has the consumer hold a message
 * whose delivery time is still to come. Nothing goes back anywhere: a topic message the
 * consumer closed on is gone.
 */
public final class TopicStreamSource implements MessageSource
{
    private final SourceConnection connection;
    private final TopicFeed feed;
    private final boolean noLocal;
    private long lastReading = Long.MIN_VALUE;

    private TopicStreamSource(final SourceConnection connection, final TopicFeed feed, final boolean noLocal)
    {
        this.connection = connection;
        this.feed = feed;
        this.noLocal = noLocal;
    }

    /**
     * Opens a source on the stream of the spec's topic, or, for a pattern, on every partition stream of every
     * channel the pattern's topics may travel on.
     *
     * @param connection the consumer's connection.
     * @param spec       what the consumer consumes; a plain topic consumer.
     * @param pattern    the spec's wildcard pattern, or null for one topic.
     * @param selector   the spec's selector compiled, or null; its streams apply it.
     * @param consumer   the consumer, whom the delivery thread serves when its streams read for it.
     * @return the source.
     * @throws JMSException if the transport refuses a subscription.
     */
    public static TopicStreamSource open(
        final SourceConnection connection, final ConsumerSpec spec, final TopicPattern pattern, final Selector selector,
        final ServedConsumer consumer) throws JMSException
    {
        final JmsDestination topic = spec.destination();
        final TopicFeed feed = null == pattern ?
            connection.topicStreams().open(connection.channelFor(topic.name()),
            connection.routing().streamId(topic.name()), topic, null, selector, consumer, new EnvelopeInbox(false)) :
            openPattern(connection, topic, pattern, selector, consumer, new EnvelopeInbox(true));
        return new TopicStreamSource(connection, feed, spec.noLocal());
    }

    private static PatternSource openPattern(
        final SourceConnection connection, final JmsDestination topic, final TopicPattern pattern,
        final Selector selector, final ServedConsumer consumer, final EnvelopeInbox inbox) throws JMSException
    {
        final TopicRouting routing = connection.routing();
        final List<TopicSource> sources = new ArrayList<>();
        try
        {
            for (final String channel : routing.channels(pattern))
            {
                final TransportChannel target = connection.transportChannel(channel, topic.name());
                if (!TopicRouting.isSingleStream(channel))
                {
                    connection.resolution().watch(target);
                }
                for (int i = 0, range = routing.streamIdRange(channel); i < range; i++)
                {
                    sources.add(connection.topicStreams().open(
                        target, routing.streamIdBase() + i, topic, pattern, selector, consumer, inbox));
                }
            }
        }
        catch (final JMSException | RuntimeException ex)
        {
            for (final TopicSource source : sources)
            {
                source.close();
            }
            throw ex;
        }
        return new PatternSource(sources.toArray(new TopicSource[0]), inbox);
    }

    @Override
    public int poll(final MessageHandler handler, final int limit)
    {
        return feed.poll(handler, limit);
    }

    /**
     * Its stream put the envelope in the inbox only after comparing its kind and name with the consumer's topic or
     * pattern and applying the consumer's selector, so neither is checked again. The clock is read only when a
     * message's expiration or delivery time is later than the last reading ({@link #now}): a message sent without
     * a timestamp carries its send time as its delivery time, with nothing to tell it from a delayed one, and would
     * otherwise cost a reading each.
     */
    @Override
    public Admission admit(final MessageDecoder decoder)
    {
        if (noLocal && connection.sent(decoder))
        {
            return Admission.SKIP;
        }
        final long expiration = decoder.expiration();
        if (expiration != 0 && expiration <= now(expiration))
        {
            return Admission.SKIP;
        }
        final long deliveryTime = decoder.deliveryTime();
        if (deliveryTime > decoder.timestamp() && deliveryTime > now(deliveryTime))
        {
            return Admission.HOLD;
        }
        return Admission.DELIVER;
    }

    /**
     * The clock's time as far as a comparison with a time needs it: the last reading while the time is not later
     * than that (the time has passed), else a new reading.
     */
    private long now(final long time)
    {
        if (time > lastReading)
        {
            lastReading = connection.clock().time();
        }
        return lastReading;
    }

    /** @return whether the stream validated the envelope: all but those it found malformed. */
    @Override
    public boolean isValidated()
    {
        return feed.isValidated();
    }

    /** @return true for one topic, whose stream put only that topic's envelopes in the inbox; false for a pattern. */
    @Override
    public boolean deliversOnlyItsDestination()
    {
        return !(feed instanceof PatternSource);
    }

    /** Nothing: a dropped topic envelope is simply not delivered. */
    @Override
    public void discard()
    {
    }

    /** Nothing: a topic message needs no acknowledgement on the wire. */
    @Override
    public void tag(final JmsMessage message)
    {
    }

    @Override
    public void listen(final boolean listening)
    {
        feed.listen(listening);
    }

    /** @return false: the delivery thread learns of topic envelopes from the streams, not from the inbox. */
    @Override
    public boolean hasDeliveries()
    {
        return false;
    }

    /** Nothing: the topic streams are not paced by credit. */
    @Override
    public void consumed()
    {
    }

    /** Nothing: a topic message needs no acknowledgement on the wire. */
    @Override
    public boolean acknowledge(final long deliveryTag)
    {
        return true;
    }

    /** Nothing: a topic message recovered after its consumer closed is gone. */
    @Override
    public void giveBack(final long deliveryTag)
    {
    }

    /** Nothing: a stopped connection's topic consumers simply do not read. */
    @Override
    public void pause()
    {
    }

    /** Nothing: a started connection's topic consumers read. */
    @Override
    public void resume()
    {
    }

    @Override
    public void close(final boolean sessionHoldsAny)
    {
        feed.close();
    }

    /** @return the feed this source reads; for tests. */
    TopicFeed feed()
    {
        return feed;
    }

    @Override
    public String toString()
    {
        return "TopicStreamSource[" + feed.channel() + " " + feed.streamId() + "]";
    }
}
