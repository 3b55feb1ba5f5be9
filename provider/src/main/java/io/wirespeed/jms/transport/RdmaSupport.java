package io.wirespeed.jms.transport;

import java.util.function.Consumer;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.rdma.RdmaAvailability;
import io.wirespeed.transport.rdma.RdmaChannel;
import io.wirespeed.transport.rdma.RdmaTransport;
import io.wirespeed.transport.rdma.RdmaTransportFactory;
import io.wirespeed.transport.rdma.verbs.SimulatedVerbs;

/**
 * How this JVM serves {@code wirespeed:rdma?...} channels: probed once, on first use. With RDMA
 * hardware, an {@link RdmaTransport} over the native verbs; without it, one log line saying why
 * and the UDP transport on the same endpoint. The simulated verbs (one fabric per JVM) are for
 * tests only.
 */
final class RdmaSupport
{
    private static final System.Logger LOGGER = System.getLogger("io.wirespeed.transport.rdma");
    private static RdmaAvailability availability;
    private static SimulatedVerbs simulatedFabric;

    private RdmaSupport()
    {
    }

    /**
     * Whether the channel is an RDMA channel.
     *
     * @param channel a channel URI.
     * @return true for {@code wirespeed:rdma?...}.
     */
    static boolean isRdma(final String channel)
    {
        return channel.startsWith(RdmaChannel.PREFIX);
    }

    /**
     * Creates the transport for RDMA channels, or returns null when the host has none (logged once).
     *
     * @param simulated whether to use the in-JVM simulated verbs instead of the hardware.
     * @return the RDMA transport, or null to fall back to UDP.
     */
    static synchronized Transport create(final boolean simulated)
    {
        if (simulated)
        {
            if (simulatedFabric == null)
            {
                simulatedFabric = new SimulatedVerbs();
            }
            return new RdmaTransport(simulatedFabric);
        }
        if (availability == null)
        {
            availability = RdmaAvailability.probe();
            final Consumer<String> log = line -> LOGGER.log(System.Logger.Level.WARNING, line);
            final Transport transport = RdmaTransportFactory.create(availability, () -> null, log);
            if (transport != null)
            {
                return transport;
            }
        }
        return availability.available() ? RdmaTransportFactory.create(availability, () -> null, line -> { }) : null;
    }

    /**
     * The UDP channel that carries an RDMA channel's destinations when the host has no RDMA.
     *
     * @param rdmaChannel a {@code wirespeed:rdma?endpoint=host:port...} channel.
     * @return {@code aeron:udp?endpoint=host:port}.
     */
    static String udpFallback(final String rdmaChannel)
    {
        final RdmaChannel parsed = RdmaChannel.parse(rdmaChannel);
        return "aeron:udp?endpoint=" + parsed.endpoint();
    }
}
