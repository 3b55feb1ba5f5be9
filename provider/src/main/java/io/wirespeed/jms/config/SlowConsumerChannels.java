package io.wirespeed.jms.config;

import io.wirespeed.transport.TransportChannels;
import io.wirespeed.transport.TransportFactories;

/**
 * How the slow-consumer policies reach Aeron channels: a consumer under {@link SlowConsumerPolicy#DROP} subscribes
 * untethered ({@code tether=false}); a publication says how long it waits for an untethered subscriber a window
 * behind before the driver leaves it behind ({@code slowConsumerTimeout}) and how soon one left behind rejoins.
 * Aeron takes those times from the publication's channel on IPC; across hosts the receiving driver's own settings
 * ({@code aeron.untethered.*}) apply. The channel's transport writes the parameters
 * ({@link TransportChannels#untetheredSubscription}, {@link TransportChannels#slowConsumerPublication}); channels of
 * transports that offer no {@link TransportChannels} (RDMA, the in-memory test transport) are left as they are.
 */
public final class SlowConsumerChannels
{
    /** How long a subscription that was left behind lingers, then rests, before it rejoins where its stream is. */
    public static final long REJOIN_PAUSE_MS = 100;

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
        if (policy != SlowConsumerPolicy.DROP)
        {
            return channel;
        }
        final TransportChannels channels = TransportFactories.installed().channels(channel);
        return null == channels ? channel : channels.untetheredSubscription(channel);
    }

    /**
     * @param channel a topic's channel.
     * @param config  the publishing connection's configuration.
     * @return the channel to publish on.
     */
    public static String publication(final String channel, final ConnectionConfig config)
    {
        final TransportChannels channels = TransportFactories.installed().channels(channel);
        return null == channels ? channel :
            channels.slowConsumerPublication(channel, config.slowConsumerTimeout().toMillis(), REJOIN_PAUSE_MS);
    }
}
