/**
 * Wirespeed's JMS 2.0 API face: {@link io.wirespeed.jms.JmsConnectionFactory} and the objects it makes, classic
 * ({@link io.wirespeed.jms.JmsConnection}, {@link io.wirespeed.jms.JmsSession},
 * {@link io.wirespeed.jms.JmsMessageProducer}, {@link io.wirespeed.jms.JmsMessageConsumer},
 * {@link io.wirespeed.jms.JmsQueueBrowser}) and simplified ({@link io.wirespeed.jms.JmsContext},
 * {@link io.wirespeed.jms.JmsProducer}, {@link io.wirespeed.jms.JmsConsumer}). They enforce the specification's
 * state rules and hand each job to its package: {@link io.wirespeed.jms.connection} (what a connection holds),
 * {@link io.wirespeed.jms.send} (sending and transactions), {@link io.wirespeed.jms.consumer} (a consumer's
 * source), {@link io.wirespeed.jms.intake} (shared topic streams), {@link io.wirespeed.jms.delivery} (the delivery
 * thread, acknowledgement, listeners), {@link io.wirespeed.jms.hostclient} (the queue host's client). Besides them
 * only what needs their package-private constructors (the session's consumer and producer factories) and the rules
 * of the API itself (session modes, messaging domains, the simplified API's exception mapping) live here.
 */
package io.wirespeed.jms;
