package io.wirespeed.jms.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import io.wirespeed.codec.TopicHash;
import io.wirespeed.jms.destination.TopicPattern;

/**
 * Maps a destination name to where it travels: the channel from the first matching route rule
 * (or the connection's default channel), and one of a bounded set of partition streams, picked by the
 * name's {@link TopicHash} (by default 16 streams per channel). Topics share streams by design: a
 * receiver holds one subscription per (channel, stream) and dispatches on the hash that every
 * envelope carries in its header, comparing the name on a hash hit.
 */
public final class TopicRouting
{
    private final ConnectionConfig config;
    private final String defaultChannel;

    /**
     * @param config the connection's configuration.
     */
    public TopicRouting(final ConnectionConfig config)
    {
        this.config = config;
        this.defaultChannel = defaultChannel(config);
    }

    /**
     * The channel a destination travels on.
     *
     * @param name the destination name.
     * @return an Aeron channel URI.
     */
    public String channel(final String name)
    {
        for (final ChannelRule rule : config.routes())
        {
            if (rule.matches(name))
            {
                return rule.channel();
            }
        }
        return defaultChannel;
    }

    /**
     * The channels a wildcard consumer's topics may travel on: those of the route rules whose patterns may match
     * a name the pattern matches, and the default channel, each once.
     *
     * @param pattern the consumer's pattern.
     * @return the channel URIs.
     */
    public List<String> channels(final TopicPattern pattern)
    {
        final LinkedHashSet<String> channels = new LinkedHashSet<>();
        for (final ChannelRule rule : config.routes())
        {
            if (pattern.overlaps(TopicPattern.ofRule(rule.pattern())))
            {
                channels.add(rule.channel());
            }
        }
        channels.add(defaultChannel);
        return new ArrayList<>(channels);
    }

    /** @return the first stream id of every channel's partition streams. */
    public int streamIdBase()
    {
        return config.streamIdBase();
    }

    /**
     * The well-known stream of every channel on which publishers advertise their topics: the one just below the
     * partition streams.
     *
     * @return its stream id.
     */
    public int resolutionStreamId()
    {
        return config.streamIdBase() - 1;
    }

    /** @return how many partition streams each channel that can carry several streams has. */
    public int streamIdRange()
    {
        return config.streamIdRange();
    }

    /**
     * How many partition streams a channel has: {@link #streamIdRange()}, or 1 on a channel whose endpoint carries
     * one stream ({@link #isSingleStream}).
     *
     * @param channel a channel as a route or the default names it.
     * @return the number of streams, from {@link #streamIdBase()} on.
     */
    public int streamIdRange(final String channel)
    {
        return isSingleStream(channel) ? 1 : config.streamIdRange();
    }

    /**
     * The stream id a destination travels on: a stable hash of its name into the configured range, or the base
     * stream on a channel that carries one stream.
     *
     * @param name the destination name.
     * @return the stream id.
     */
    public int streamId(final String name)
    {
        return isSingleStream(channel(name)) ? config.streamIdBase() :
            streamId(name, config.streamIdBase(), config.streamIdRange());
    }

    /**
     * Whether a channel carries a single stream: an RDMA endpoint ({@code wirespeed:rdma}) is one publication that
     * subscriptions connect to, so every topic routed there shares the base stream (and is told apart by the
     * dispatch on its envelope's topic hash, as on any shared stream), and no resolution stream is advertised on it.
     * Where RDMA falls back to UDP the same stream is used, so that both kinds of party agree.
     *
     * @param channel a channel as a route or the default names it.
     * @return true for an RDMA channel.
     */
    public static boolean isSingleStream(final String channel)
    {
        return channel.startsWith("wirespeed:rdma");
    }

    /**
     * The stream id for a name within a range: its {@link TopicHash} (FNV-1a over the name's UTF-8 bytes),
     * reduced into {@code [base, base + range)}. Stable across JVMs, versions and platforms.
     *
     * @param name  the destination name.
     * @param base  the first stream id of the range.
     * @param range the number of stream ids in the range.
     * @return the stream id.
     */
    public static int streamId(final String name, final int base, final int range)
    {
        return base + (int)Long.remainderUnsigned(TopicHash.of(name) & 0xFFFF_FFFFL, range);
    }

    /**
     * The channel for destinations that no route rule names: Aeron IPC or UDP as transport-aeron writes them
     * ({@link MediaChannels#aeron()}), or the RDMA endpoint.
     *
     * @param config the connection's configuration.
     * @return a channel URI.
     */
    public static String defaultChannel(final ConnectionConfig config)
    {
        if (config.transport() == TransportKind.RDMA)
        {
            return "wirespeed:rdma?endpoint=" + config.endpoint() + (config.termLength() != 0 ?
                "|term-length=" + config.termLength() : "") + (config.mtu() != 0 ? "|mtu=" + config.mtu() : "");
        }
        if (config.transport() == TransportKind.IPC)
        {
            return MediaChannels.aeron().sharedMemory(config.termLength());
        }
        return MediaChannels.aeron().udp(config.endpoint(), config.networkInterface(), config.mtu(),
            config.termLength());
    }
}
