package io.wirespeed.jms.transport;

import io.wirespeed.transport.Transport;

/**
 * Where a destination's messages travel: the transport that serves its channel, and the channel
 * as that transport names it (an RDMA channel becomes a UDP one when the host has no RDMA).
 *
 * @param transport the transport.
 * @param channel   the channel URI for that transport.
 */
public record TransportChannel(Transport transport, String channel)
{
}
