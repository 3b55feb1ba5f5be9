package io.wirespeed.jms.topic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.wirespeed.codec.TopicAdvertisement;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.transport.TransportSubscription;

/**
 * A connection's receiving side of topic resolution: reads the resolution stream of every channel it is asked to
 * watch and keeps the topics advertised there, each until its advertisement expires unless renewed.
 */
final class TopicResolver
{
    private static final int FRAGMENT_LIMIT = 64;

    private final int resolutionStreamId;
    private final Map<String, TransportSubscription> watched = new LinkedHashMap<>();
    private final ConcurrentHashMap<String, ResolvedTopic> topics = new ConcurrentHashMap<>();
    private TransportSubscription[] subscriptions = new TransportSubscription[0];
    private String reading;
    private long nowMs;

    TopicResolver(final int resolutionStreamId)
    {
        this.resolutionStreamId = resolutionStreamId;
    }

    /**
     * Reads a channel's resolution stream from now on.
     *
     * @param target the channel.
     * @return whether it was not watched before.
     */
    synchronized boolean watch(final TransportChannel target)
    {
        if (watched.containsKey(target.channel()))
        {
            return false;
        }
        watched.put(target.channel(), target.transport().addSubscription(target.channel(), resolutionStreamId));
        subscriptions = watched.values().toArray(new TransportSubscription[0]);
        return true;
    }

    /**
     * Reads what was advertised and forgets what expired.
     *
     * @param now the time, epoch milliseconds.
     * @return the advertisement messages read.
     */
    synchronized int doWork(final long now)
    {
        nowMs = now;
        int work = 0;
        for (final TransportSubscription subscription : subscriptions)
        {
            reading = subscription.channel();
            work += subscription.poll((buffer, offset, length) ->
                TopicAdvertisement.read(buffer, offset, length, this::onTopic), FRAGMENT_LIMIT);
        }
        topics.values().removeIf(topic -> topic.expiresAtMs() <= now);
        return work;
    }

    /**
     * The live topics, by name.
     *
     * @param now the time, epoch milliseconds.
     * @return those whose advertisements have not expired.
     */
    List<ResolvedTopic> live(final long now)
    {
        final List<ResolvedTopic> live = new ArrayList<>();
        for (final ResolvedTopic topic : topics.values())
        {
            if (topic.expiresAtMs() > now)
            {
                live.add(topic);
            }
        }
        live.sort(Comparator.comparing(ResolvedTopic::name).thenComparing(ResolvedTopic::channel));
        return live;
    }

    synchronized void close()
    {
        for (final TransportSubscription subscription : watched.values())
        {
            subscription.close();
        }
        watched.clear();
        subscriptions = new TransportSubscription[0];
        topics.clear();
    }

    private void onTopic(final String name, final int streamId, final int ttlMs)
    {
        topics.put(reading + " " + name, new ResolvedTopic(name, reading, streamId, nowMs + ttlMs));
    }
}
