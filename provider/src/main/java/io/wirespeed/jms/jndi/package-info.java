/**
 * JNDI for Wirespeed: the {@code InitialContextFactory} that reads connection factories, queues and topics from
 * the environment or a {@code jndi.properties} file ({@link io.wirespeed.jms.jndi.JmsInitialContextFactory}), and
 * the {@code ObjectFactory} that rebuilds them from the {@code Reference}s they bind themselves as in a directory
 * ({@link io.wirespeed.jms.jndi.JmsObjectFactory}). Depends on the JMS objects; nothing depends on it.
 */
package io.wirespeed.jms.jndi;
