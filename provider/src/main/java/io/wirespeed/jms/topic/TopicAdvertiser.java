package io.wirespeed.jms.topic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.agrona.concurrent.UnsafeBuffer;

import io.wirespeed.codec.TopicAdvertisement;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.transport.TransportPublication;

/**
 * A runtime's publishing side of topic resolution: the topics its connections' sessions publish (each while one of
 * them does), by channel, advertised on each channel's resolution stream at once when a topic first appears and again
 * every interval, in messages of at
 * most {@link #BATCH_LENGTH} bytes. An advertisement lives three intervals, so a receiver forgets a topic whose
 * publisher stopped renewing it. Advertising to a channel nobody resolves on costs nothing: the offer finds no
 * subscriber.
 */
final class TopicAdvertiser
{
    /** The most bytes of one advertisement message: one UDP frame with the default MTU. */
    static final int BATCH_LENGTH = 1024;

    private final int resolutionStreamId;
    private final long intervalMs;
    private final int ttlMs;
    private final Map<String, Channel> channels = new LinkedHashMap<>();
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[BATCH_LENGTH]);
    private long bytesSent;

    TopicAdvertiser(final int resolutionStreamId, final long intervalMs)
    {
        this.resolutionStreamId = resolutionStreamId;
        this.intervalMs = intervalMs;
        this.ttlMs = (int)Math.min(Integer.MAX_VALUE, 3 * intervalMs);
    }

    /**
     * Notes that the connection publishes a topic; the first time, it is advertised on the next cycle.
     *
     * @param name     the topic.
     * @param target   its channel.
     * @param streamId its partition stream.
     * @return whether the topic is new here.
     */
    synchronized boolean publishes(final String name, final TransportChannel target, final int streamId)
    {
        final byte[] bytes = TopicAdvertisement.nameBytes(name);
        if (bytes.length > BATCH_LENGTH - TopicAdvertisement.HEADER_LENGTH - TopicAdvertisement.ENTRY_OVERHEAD)
        {
            return false;
        }
        Channel channel = channels.get(target.channel());
        if (null == channel)
        {
            channel = new Channel(target.transport().addPublication(target.channel(), resolutionStreamId));
            channels.put(target.channel(), channel);
        }
        final Entry known = channel.names.get(name);
        if (null != known)
        {
            // one withdrawn by its last holder stays until the next full round: taken again meanwhile, it is
            // advertised on as before, without a round of its own (a connection per send publishes it again and again)
            known.holders++;
            return false;
        }
        final Entry entry = new Entry(bytes, streamId);
        channel.names.put(name, entry);
        channel.fresh.add(entry);
        return true;
    }

    /**
     * Notes that one of those that publish a topic stopped: once none is left, the topic is no longer advertised from
     * the next full round on, and receivers forget it when its last advertisement expires.
     *
     * @param name          the topic.
     * @param targetChannel its channel.
     */
    synchronized void withdraw(final String name, final String targetChannel)
    {
        final Channel channel = channels.get(targetChannel);
        final Entry entry = null == channel ? null : channel.names.get(name);
        if (null != entry)
        {
            entry.holders--;
        }
    }

    /**
     * Advertises what is due: new topics at once, every topic when the interval has passed.
     *
     * @param nowMs the time.
     * @return the messages offered.
     */
    synchronized int doWork(final long nowMs)
    {
        int work = 0;
        for (final Channel channel : channels.values())
        {
            if (nowMs >= channel.nextFullMs)
            {
                channel.nextFullMs = nowMs + intervalMs;
                channel.fresh.clear();
                channel.names.values().removeIf((entry) -> entry.holders <= 0);
                work += send(channel.publication, channel.names.values());
            }
            else if (!channel.fresh.isEmpty())
            {
                work += send(channel.publication, channel.fresh);
                channel.fresh.clear();
            }
        }
        return work;
    }

    /** @return the advertisement bytes offered since this advertiser was made, accepted or not. */
    synchronized long bytesSent()
    {
        return bytesSent;
    }

    synchronized void close()
    {
        for (final Channel channel : channels.values())
        {
            channel.publication.close();
        }
        channels.clear();
    }

    private int send(final TransportPublication publication, final Iterable<Entry> entries)
    {
        int messages = 0;
        int count = 0;
        int position = TopicAdvertisement.HEADER_LENGTH;
        for (final Entry entry : entries)
        {
            if (position + TopicAdvertisement.ENTRY_OVERHEAD + entry.name.length > BATCH_LENGTH)
            {
                offer(publication, count, position);
                messages++;
                count = 0;
                position = TopicAdvertisement.HEADER_LENGTH;
            }
            position += TopicAdvertisement.putEntry(buffer, position, entry.name, entry.streamId);
            count++;
        }
        if (count > 0)
        {
            offer(publication, count, position);
            messages++;
        }
        return messages;
    }

    /** Offers once: a receiver that misses an advertisement has the next one within an interval. */
    private void offer(final TransportPublication publication, final int count, final int length)
    {
        TopicAdvertisement.putHeader(buffer, 0, count, ttlMs);
        publication.offer(buffer, 0, length);
        bytesSent += length;
    }

    private static final class Entry
    {
        private final byte[] name;
        private final int streamId;
        private int holders = 1;

        private Entry(final byte[] name, final int streamId)
        {
            this.name = name;
            this.streamId = streamId;
        }
    }

    private static final class Channel
    {
        private final TransportPublication publication;
        private final Map<String, Entry> names = new LinkedHashMap<>();
        private final List<Entry> fresh = new ArrayList<>();
        private long nextFullMs;

        private Channel(final TransportPublication publication)
        {
            this.publication = publication;
        }
    }
}
