package io.wirespeed.jms.config;

/**
 * How the slow-consumer policies reach Aeron channels: a consumer under {@link SlowConsumerPolicy#DROP} subscribes
 * untethered ({@code tether=false}); a publication says how long it waits for an untethered subscriber a window
 * behind before the driver leaves it behind ({@code slowConsumerTimeout}) and how soon one left behind rejoins.
 * Aeron takes those times from the publication's channel on IPC; across hosts the receiving driver's own settings
 * ({@code aeron.untethered.*}) apply. Channels of other transports are left as they are.
 */
public final class SlowConsumerChannels
{
    /** How long a subscription that was left behind lingers, then rests, before it rejoins where its stream is. */
    public static final long REJOIN_PAUSE_MS = 100;

    private static final String AERON = "aeron:";

    private SlowConsumerChannels()
    {
    }

    /**
     * @param channel a topic's channel.
     * @param policy  the slow-consumer policy of the consumer subscribing.
     * @return the channel to subscribe on.
     */
    public static String subscription(final String channel, final SlowConsumerPolicy policy)
    {
        return policy == SlowConsumerPolicy.DROP && channel.startsWith(AERON) ? with(channel, "tether=false") : channel;
    }

    /**
     * @param channel a topic's channel.
     * @param config  the publishing connection's configuration.
     * @return the channel to publish on.
     */
    public static String publication(final String channel, final ConnectionConfig config)
    {
        if (!channel.startsWith(AERON) || channel.contains("untethered-"))
        {
            return channel;
        }
        return with(channel, "untethered-window-limit-timeout=" + config.slowConsumerTimeout().toMillis() +
            "ms|untethered-linger-timeout=" + REJOIN_PAUSE_MS + "ms|untethered-resting-timeout=" + REJOIN_PAUSE_MS +
            "ms");
    }

    private static String with(final String channel, final String params)
    {
        return channel + (channel.indexOf('?') < 0 ? '?' : '|') + params;
    }
}
