/**
 * The verbs SPI ({@link io.wirespeed.transport.rdma.verbs.Verbs}) and its backends: the JNI
 * binding over libibverbs/librdmacm, a pure-Java simulated fabric, and the guard that refuses
 * closed handles and bad arguments before either is reached.
 */
package io.wirespeed.transport.rdma.verbs;
