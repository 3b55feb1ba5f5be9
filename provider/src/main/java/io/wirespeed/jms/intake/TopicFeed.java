package io.wirespeed.jms.intake;

import io.wirespeed.transport.TransportSubscription;

/**
 * A topic consumer's feed of envelopes from the connection's shared topic streams: one {@link TopicSource} for a
 * consumer of one topic, a {@link PatternSource} over every stream a wildcard consumer's topics may travel on. The
 * consumer's {@code TopicStreamSource} reads it and filters what it hands out.
 */
public interface TopicFeed extends TransportSubscription
{
    /**
     * Says whether the consumer has a listener, so that the delivery thread reads for it.
     *
     * @param listening whether it has one.
     */
    void listen(boolean listening);

    /**
     * Whether the envelope being handed to the handler of {@link #poll} was validated by the stream that read it,
     * so that the consumer's decoder reads it without validating it again; from that handler.
     *
     * @return true when the stream validated it, false when the stream found it malformed.
     */
    boolean isValidated();
}
