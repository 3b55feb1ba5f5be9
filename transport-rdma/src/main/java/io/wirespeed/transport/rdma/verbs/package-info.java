/**
 * The verbs SPI ({@link io.wirespeed.transport.rdma.verbs.Verbs}) and its backends: the JNI
 * binding over libibverbs/librdmacm here, a pure-Java simulated fabric in this module's test jar,
 * and the guard that refuses closed handles and bad arguments before either is reached.
 */
package io.wirespeed.transport.rdma.verbs;
