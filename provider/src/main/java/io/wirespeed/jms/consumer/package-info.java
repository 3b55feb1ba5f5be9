/**
 * A consumer by its source: what it consumes, as the application asked for it
 * ({@link io.wirespeed.jms.consumer.ConsumerSpec}: destination, selector, subscription name, noLocal, shared,
 * durable), and where its envelopes come from ({@link io.wirespeed.jms.consumer.MessageSource}): the connection's
 * topic streams for a consumer of a topic or a wildcard pattern
 * ({@link io.wirespeed.jms.consumer.TopicStreamSource}, over {@link io.wirespeed.jms.intake}), or the queue host for a
 * queue, a shared or a durable subscription ({@link io.wirespeed.jms.consumer.QueueHostSource}, over
 * {@link io.wirespeed.jms.hostclient}). The consumer ({@code io.wirespeed.jms.JmsMessageConsumer}) keeps the JMS
 * API, the listener and the session's acknowledgement, the same on every source. A source sees its connection as a
 * {@link io.wirespeed.jms.consumer.SourceConnection}, so that nothing here depends on the API objects.
 */
package io.wirespeed.jms.consumer;
