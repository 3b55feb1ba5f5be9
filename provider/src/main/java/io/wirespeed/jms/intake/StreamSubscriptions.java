package io.wirespeed.jms.intake;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportSubscription;

/**
 * Where a connection's {@link TopicStreams} take their transport subscriptions from and give them back to: the
 * runtime keeps the ones given back open a while, so that a connection made for one receive does not wait on the
 * driver to subscribe (and to unsubscribe). A subscription taken reads only what was published after it was taken.
 */
public interface StreamSubscriptions
{
    /**
     * A subscription to a stream, the caller's until {@link #giveBack}: one given back before, having skipped what
     * was published until now, or a new one.
     *
     * @param transport the transport.
     * @param channel   the channel, as the transport names it.
     * @param streamId  the stream.
     * @return the subscription.
     * @throws io.wirespeed.transport.TransportException if a new one cannot be made.
     */
    TransportSubscription take(Transport transport, String channel, int streamId);

    /**
     * Gives a subscription back, no longer read by the caller.
     *
     * @param transport    the transport it came from.
     * @param channel      the channel it was taken for.
     * @param streamId     the stream it was taken for.
     * @param subscription the subscription.
     */
    void giveBack(Transport transport, String channel, int streamId, TransportSubscription subscription);
}
