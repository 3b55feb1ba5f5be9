package io.wirespeed.host.durable;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What a durable subscription is, as stored: its identity (client id and name), what it selects
 * (topic, selector, noLocal, shared or not), where the topic travels (channel and stream), which
 * recordings it reads (those it knew at creation and any newer one), and per recording how far its
 * consumers have acknowledged ({@link RecordingCursor}).
 */
public final class DurableState
{
    final String key;
    final String topic;
    final String selector;
    final boolean noLocal;
    final boolean shared;
    final String channel;
    final int streamId;
    long afterRecordingId;
    final Map<Long, RecordingCursor> cursors = new TreeMap<>();

    /**
     * A new subscription's state.
     *
     * @param key      client id, "/", name.
     * @param topic    the topic's name.
     * @param selector the selector, or empty.
     * @param noLocal  whether messages of the subscriber's own connection are left out.
     * @param shared   whether several consumers may share it.
     * @param channel  the topic's channel.
     * @param streamId the topic's stream.
     */
    public DurableState(
        final String key, final String topic, final String selector, final boolean noLocal, final boolean shared,
        final String channel, final int streamId)
    {
        this.key = key;
        this.topic = topic;
        this.selector = selector == null ? "" : selector;
        this.noLocal = noLocal;
        this.shared = shared;
        this.channel = channel;
        this.streamId = streamId;
        this.afterRecordingId = -1;
    }

    /** @return client id, "/", name. */
    public String key()
    {
        return key;
    }

    /** @return the topic's name. */
    public String topic()
    {
        return topic;
    }

    /** @return the selector, or empty. */
    public String selector()
    {
        return selector;
    }

    /** @return whether the subscriber's own connection's messages are left out. */
    public boolean noLocal()
    {
        return noLocal;
    }

    /** @return whether several consumers may share the subscription. */
    public boolean shared()
    {
        return shared;
    }

    /** @return the topic's channel. */
    public String channel()
    {
        return channel;
    }

    /** @return the topic's stream. */
    public int streamId()
    {
        return streamId;
    }

    /**
     * Whether a request names the same subscription definition (topic, selector, noLocal).
     *
     * @param topic    the topic asked for.
     * @param selector the selector asked for, or empty.
     * @param noLocal  the noLocal asked for.
     * @return true if nothing changed.
     */
    public boolean sameDefinition(final String topic, final String selector, final boolean noLocal)
    {
        return this.topic.equals(topic) && this.selector.equals(selector == null ? "" : selector) &&
            this.noLocal == noLocal;
    }

    /**
     * The subscription's state as one text in a fixed order, for a digest of the host's state: its definition, the
     * recordings it has read past, and each recording's position as stored (its watermark and the acknowledgements
     * above it), by recording id.
     *
     * @return the text.
     */
    public String digestText()
    {
        final StringBuilder text = new StringBuilder().append(key).append('|').append(topic).append('|')
            .append(selector).append('|').append(noLocal).append('|').append(shared).append('|').append(channel)
            .append('|').append(streamId).append('|').append(afterRecordingId);
        for (final Map.Entry<Long, RecordingCursor> entry : cursors.entrySet())
        {
            text.append('|').append(entry.getKey()).append('=').append(entry.getValue().encode());
        }
        return text.toString();
    }

    Properties toProperties()
    {
        final Properties properties = new Properties();
        properties.setProperty("key", key);
        properties.setProperty("topic", topic);
        properties.setProperty("selector", selector);
        properties.setProperty("noLocal", Boolean.toString(noLocal));
        properties.setProperty("shared", Boolean.toString(shared));
        properties.setProperty("channel", channel);
        properties.setProperty("streamId", Integer.toString(streamId));
        properties.setProperty("afterRecordingId", Long.toString(afterRecordingId));
        for (final Map.Entry<Long, RecordingCursor> entry : cursors.entrySet())
        {
            properties.setProperty("recording." + entry.getKey(), entry.getValue().encode());
        }
        return properties;
    }

    static DurableState fromProperties(final Properties properties)
    {
        final DurableState state = new DurableState(
            required(properties, "key"), required(properties, "topic"), properties.getProperty("selector", ""),
            Boolean.parseBoolean(properties.getProperty("noLocal")),
            Boolean.parseBoolean(properties.getProperty("shared")),
            required(properties, "channel"), Integer.parseInt(required(properties, "streamId")));
        state.afterRecordingId = Long.parseLong(properties.getProperty("afterRecordingId", "-1"));
        for (final String name : properties.stringPropertyNames())
        {
            if (name.startsWith("recording."))
            {
                state.cursors.put(Long.parseLong(name.substring("recording.".length())),
                    RecordingCursor.decode(properties.getProperty(name)));
            }
        }
        return state;
    }

    private static String required(final Properties properties, final String name)
    {
        final String value = properties.getProperty(name);
        if (value == null)
        {
            throw new IllegalArgumentException("durable subscription file lacks '" + name + "'");
        }
        return value;
    }
}
