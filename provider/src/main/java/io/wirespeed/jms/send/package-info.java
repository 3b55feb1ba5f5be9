/**
 * Sending: a session's {@link io.wirespeed.jms.send.SessionSender} and its jobs, each in its own class: the route
 * table ({@link io.wirespeed.jms.send.SendRoutes}, one {@link io.wirespeed.jms.send.SendRoute} per destination),
 * encoding into a claim or a buffer ({@link io.wirespeed.jms.send.SendEncoder}), the queue host's credit and
 * back-pressure ({@link io.wirespeed.jms.send.SendGate}), the archive's wait for PERSISTENT messages
 * ({@link io.wirespeed.jms.send.PersistenceWait}), and the local transaction
 * ({@link io.wirespeed.jms.send.TransactionPublisher} holding a {@link io.wirespeed.jms.send.PendingTransaction}
 * until commit; {@link io.wirespeed.jms.send.TransactionContext} says what commit, rollback and recover do in a
 * session's mode). Also the producer-side checks and defaults both APIs share
 * ({@link io.wirespeed.jms.send.SendArguments}, and the simplified API's
 * {@link io.wirespeed.jms.send.ProducerHeaders} and {@link io.wirespeed.jms.send.ProducerProperties}), and
 * {@link io.wirespeed.jms.send.LocalSubscriptions}, which lets a send reach a consumer created just before it.
 */
package io.wirespeed.jms.send;
