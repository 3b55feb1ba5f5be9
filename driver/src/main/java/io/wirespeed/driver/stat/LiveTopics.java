package io.wirespeed.driver.stat;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.aeron.Aeron;
import io.aeron.Subscription;
import io.wirespeed.codec.TopicAdvertisement;

/**
 * The live topics that topic resolution knows on one channel of a running media driver: reads the channel's
 * resolution stream for a while (longer than the publishers' re-advertising interval, so every live publisher
 * advertises once) and keeps each advertised topic whose advertisement has not expired.
 */
final class LiveTopics
{
    /** The resolution stream of the default partition streams ({@code streamIdBase} 268435456, less one). */
    static final int DEFAULT_STREAM_ID = 268_435_455;
    /** How long to listen unless told: above the default 2 s re-advertising interval. */
    static final long DEFAULT_LISTEN_MS = 2_500;

    private LiveTopics()
    {
    }

    /** One live topic as advertised. */
    record Topic(String name, int streamId, long expiresAtMs)
    {
    }

    /**
     * Listens to a channel's resolution stream through the driver in a directory.
     *
     * @param directory the driver's directory.
     * @param channel   the channel, {@code aeron:ipc} for the host's IPC publishers.
     * @param streamId  its resolution stream.
     * @param listenMs  how long to listen.
     * @return the live topics by name.
     */
    static Map<String, Topic> listen(final String directory, final String channel, final int streamId,
        final long listenMs)
    {
        final Map<String, Topic> topics = new TreeMap<>();
        try (Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(directory));
            Subscription subscription = aeron.addSubscription(channel, streamId))
        {
            final long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(listenMs);
            while (System.nanoTime() < deadlineNs)
            {
                final long now = System.currentTimeMillis();
                final int read = subscription.poll((buffer, offset, length, header) ->
                    TopicAdvertisement.read(buffer, offset, length, (name, stream, ttlMs) ->
                    topics.put(name, new Topic(name, stream, now + ttlMs))), 64);
                if (0 == read)
                {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                }
            }
        }
        final long now = System.currentTimeMillis();
        topics.values().removeIf(topic -> topic.expiresAtMs() <= now);
        return topics;
    }

    /**
     * The topics as text, one a line.
     *
     * @param channel the channel listened on.
     * @param topics  the topics.
     * @return the text.
     */
    static String text(final String channel, final Map<String, Topic> topics)
    {
        final StringBuilder out = new StringBuilder("live topics on ").append(channel).append(" (")
            .append(topics.size()).append(")");
        final long now = System.currentTimeMillis();
        for (final Topic topic : topics.values())
        {
            out.append(System.lineSeparator()).append("  ").append(topic.name()).append("  stream ")
                .append(topic.streamId()).append("  expires in ").append(Math.max(0, topic.expiresAtMs() - now))
                .append(" ms");
        }
        return out.toString();
    }

    /**
     * The topics as one JSON object.
     *
     * @param channel the channel listened on.
     * @param topics  the topics.
     * @return the JSON.
     */
    static String json(final String channel, final Map<String, Topic> topics)
    {
        final StringBuilder out = new StringBuilder("{\"channel\":").append(StatJson.quote(channel))
            .append(",\"topics\":[");
        String separator = "";
        for (final Topic topic : topics.values())
        {
            out.append(separator).append("{\"name\":").append(StatJson.quote(topic.name())).append(",\"streamId\":")
                .append(topic.streamId()).append(",\"expiresAtMs\":").append(topic.expiresAtMs()).append('}');
            separator = ",";
        }
        return out.append("]}").toString();
    }
}
