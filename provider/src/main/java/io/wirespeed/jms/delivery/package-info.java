/**
 * Delivery to the application: the connection's one delivery thread, which calls the MessageListeners
 * ({@link io.wirespeed.jms.delivery.ConnectionPoller}, with the {@link io.wirespeed.jms.delivery.DeliveryCommands}
 * other threads ask of it), the connection's start and stop ({@link io.wirespeed.jms.delivery.DeliveryGate}), a
 * session's unacknowledged messages ({@link io.wirespeed.jms.delivery.Deliveries}), a session's thread for
 * CompletionListeners ({@link io.wirespeed.jms.delivery.CompletionDispatcher}) and what a listener may not do to its
 * own session ({@link io.wirespeed.jms.delivery.ListenerThreads}), and a consumer's messages waiting to be delivered
 * again ({@link io.wirespeed.jms.delivery.RedeliveryQueue}) or until their delivery time
 * ({@link io.wirespeed.jms.delivery.DelayedMessages}).
 */
package io.wirespeed.jms.delivery;
