/**
 * JMH benchmarks for Wirespeed: the JMS reflector round trip over IPC and UDP beside raw Aeron on the same
 * channels, per-operation costs of the codec, of the provider's message encoder and decoder and of selector
 * evaluation, allocation per send and per listener delivery, and one-way throughput. jmh/README.md says how to
 * run them.
 */
package io.wirespeed.jmh;
