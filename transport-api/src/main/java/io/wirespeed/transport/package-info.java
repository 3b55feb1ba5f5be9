/**
 * The transport SPI: what the JMS provider sees of any transport.
 * <p>
 * A transport moves opaque, framed messages on a (channel, stream id) pair. It knows nothing
 * of JMS or of the envelope. Publications return back-pressure as a value; subscriptions hand
 * whole messages (fragments already reassembled) to a {@link io.wirespeed.transport.MessageHandler}.
 * Transports are found by their channel's scheme ({@link io.wirespeed.transport.TransportFactory},
 * {@link io.wirespeed.transport.TransportFactories}); what only some can do is a capability
 * ({@link io.wirespeed.transport.Transport#capability(Class)}), such as
 * {@link io.wirespeed.transport.PersistenceWatch}. The Aeron implementation is the {@code transport-aeron}
 * module ({@code io.wirespeed.transport.aeron}); the RDMA one the {@code transport-rdma} module.
 */
package io.wirespeed.transport;
