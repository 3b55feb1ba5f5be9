package io.wirespeed.transport.rdma;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.rdma.verbs.NativeVerbs;

import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Chooses the transport for RDMA channels: the native {@link RdmaTransport} where
 * {@link RdmaAvailability#probe()} finds RDMA, otherwise the fallback (the provider passes the
 * Aeron UDP transport), after logging one line that says why RDMA is not used.
 */
public final class RdmaTransportFactory
{
    private RdmaTransportFactory()
    {
    }

    /**
     * Probes this host and returns an RDMA transport or the fallback, logging to standard error.
     *
     * @param fallback creates the transport to use when RDMA is unavailable; called at most once.
     * @return the transport to use.
     */
    public static Transport create(final Supplier<Transport> fallback)
    {
        return create(RdmaAvailability.probe(), fallback, System.err::println);
    }

    /**
     * Returns an RDMA transport if {@code availability} says RDMA is available, else the fallback.
     *
     * @param availability the probe's outcome.
     * @param fallback     creates the transport to use when RDMA is unavailable.
     * @param logger       receives the one line saying why RDMA is not used.
     * @return the transport to use.
     */
    public static Transport create(
        final RdmaAvailability availability, final Supplier<Transport> fallback, final Consumer<String> logger)
    {
        if (availability.available())
        {
            return new RdmaTransport(new NativeVerbs());
        }
        logger.accept("[wirespeed] RDMA unavailable, using the UDP transport instead: " + availability.reason());
        return fallback.get();
    }
}
