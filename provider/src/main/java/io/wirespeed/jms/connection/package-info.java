/**
 * What a {@link io.wirespeed.jms.JmsConnection} holds besides its sessions, one job per class: its client id
 * ({@link io.wirespeed.jms.connection.ClientIdentity}), its link to the queue host
 * ({@link io.wirespeed.jms.connection.QueueHostLink}), its temporary destinations
 * ({@link io.wirespeed.jms.connection.TemporaryDestinations}), where its asynchronous faults go
 * ({@link io.wirespeed.jms.connection.AsyncFaults}), and the JVM flag check its factory makes before touching
 * Aeron ({@link io.wirespeed.jms.connection.JvmFlagCheck}). The connection checks its own state before it asks.
 */
package io.wirespeed.jms.connection;
