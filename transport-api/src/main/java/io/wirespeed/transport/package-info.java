/**
 * The transport SPI: what the JMS provider sees of any transport.
 * <p>
 * A transport moves opaque, framed messages on a (channel, stream id) pair. It knows nothing
 * of JMS or of the envelope. Publications return back-pressure as a value; subscriptions hand
 * whole messages (fragments already reassembled) to a {@link io.wirespeed.transport.MessageHandler}.
 * The Aeron implementation lives in {@code io.wirespeed.transport.aeron}; the RDMA one in the
 * {@code transport-rdma} module.
 */
package io.wirespeed.transport;
