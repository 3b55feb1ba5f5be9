/**
 * What the JMH benchmarks (module {@code jmh}) and the load-test rig (module {@code bench}) share, so that both
 * measure against the same floor: raw Aeron in a media driver started as Wirespeed starts its own
 * ({@link io.wirespeed.bench.common.RawAeron}), the echo sides of the ping-pongs
 * ({@link io.wirespeed.bench.common.AeronReflector}, {@link io.wirespeed.bench.common.JmsReflector}), the polling
 * thread of the raw peers, idle strategies by Wirespeed's names, loopback channels and URIs, and per-thread
 * allocation counters. Not benchmarks themselves.
 */
package io.wirespeed.bench.common;
