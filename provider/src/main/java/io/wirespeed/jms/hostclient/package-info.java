/**
 * The client of the queue host: the session a connection (or the runtime, for every connection beside its
 * embedded driver) holds with the host that serves queues, temporary queues and durable subscriptions.
 * {@link io.wirespeed.jms.hostclient.QueueClient} is the facade: {@code HostSessionLink} holds the streams and the
 * session (heartbeats, liveness, reconnection), {@code HostRequests} matches the answers to requests
 * ({@code HostProxy} encodes them, {@code ResponseAdapter} decodes the responses), {@code DeliveryRouting} routes a
 * consumer's messages into its {@link io.wirespeed.jms.hostclient.QueueInbox} (which the consumer's source creates
 * and owns; the client keeps it only while the consumer is open), {@code HostBrowse} gathers browses;
 * {@code SendCredits} holds the host's credit for queue sends.
 * Knows nothing of the JMS objects that use it.
 */
package io.wirespeed.jms.hostclient;
