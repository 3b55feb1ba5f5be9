/**
 * Topic intake: a connection's shared subscriptions to the topic streams, one per (channel, stream) however many
 * consumers and topics share it ({@link io.wirespeed.jms.intake.TopicStreams},
 * {@link io.wirespeed.jms.intake.TopicStream}), read once for all of them and sorted by topic into each consumer's
 * one {@link io.wirespeed.jms.intake.EnvelopeInbox}, which the consumer's source owns (a wildcard consumer's is
 * filled by each of its streams); a consumer sees its topic through a
 * {@link io.wirespeed.jms.intake.TopicFeed}: one {@link io.wirespeed.jms.intake.TopicSource}, or a
 * {@link io.wirespeed.jms.intake.PatternSource} for a wildcard pattern. Envelopes only: no message objects, no
 * selectors (the consumer's source filters).
 */
package io.wirespeed.jms.intake;
