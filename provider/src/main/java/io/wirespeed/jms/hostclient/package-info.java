/**
 * The client of the queue host: the session a connection (or the runtime, for every connection beside its
 * embedded driver) holds with the host that serves queues, temporary queues and durable subscriptions.
 * {@link io.wirespeed.jms.hostclient.QueueClient} sends the requests ({@code HostProxy} encodes them) and matches the
 * responses ({@code ResponseAdapter} decodes them); a consumer's messages arrive in its
 * {@link io.wirespeed.jms.hostclient.QueueInbox}; {@code SendCredits} holds the host's credit for queue sends.
 * Knows nothing of the JMS objects that use it.
 */
package io.wirespeed.jms.hostclient;
