/**
 * Topic intake: a connection's shared subscriptions to the topic streams, one per (channel, stream) however many
 * consumers and topics share it ({@link io.wirespeed.jms.intake.TopicStreams},
 * {@link io.wirespeed.jms.intake.TopicStream}), read once for all of them and sorted by topic into each consumer's
 * one {@link io.wirespeed.jms.intake.EnvelopeInbox}, which the consumer's source owns (a wildcard consumer's is
 * filled by each of its streams); a consumer sees its topic through a
 * {@link io.wirespeed.jms.intake.TopicFeed}: one {@link io.wirespeed.jms.intake.TopicSource}, or a
 * {@link io.wirespeed.jms.intake.PatternSource} for a wildcard pattern. Envelopes only, no message objects; the
 * consumers' selectors are applied here, before any copy: per topic a {@code TopicSelection} evaluates each distinct
 * selector text once per envelope and finds equality and {@code IN} selectors on a property through an index of its
 * values (a wildcard consumer joins the selection of each topic its pattern matches); the consumer's source filters
 * the rest (noLocal, expiration, delivery time).
 */
package io.wirespeed.jms.intake;
