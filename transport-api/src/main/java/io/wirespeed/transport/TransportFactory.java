package io.wirespeed.transport;

import java.util.List;

/**
 * Makes the transports that serve the channels of one or more schemes. Implementations are found through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/io.wirespeed.transport.TransportFactory}) by
 * {@link TransportFactories}, which picks for a channel the factory whose scheme it starts with: a transport
 * joins the provider by being on the classpath, and the provider names no transport class. Wirespeed's own:
 * {@code aeron:} (transport-aeron) and {@code wirespeed:rdma?} (transport-rdma). A scheme no built-in
 * transport claims, such as {@code mem:}, is served by whichever factory on the classpath claims it.
 */
public interface TransportFactory
{
    /**
     * A short name for messages and logs, e.g. {@code aeron}.
     *
     * @return the name.
     */
    String name();

    /**
     * The channel schemes this factory serves, each as the prefix its channels start with, e.g.
     * {@code aeron:} or {@code wirespeed:rdma?}. Two factories on one classpath may not claim the same one.
     *
     * @return the prefixes.
     */
    List<String> schemes();

    /**
     * Whether this host can run this factory's transport with these settings.
     *
     * @param context the settings the transport would be connected with.
     * @return null when it can; otherwise why not, in plain words (e.g. "no RDMA devices found").
     * @throws TransportException if the settings are wrong whatever the host (e.g. an unknown option value).
     */
    default String unavailableReason(final TransportContext context)
    {
        return null;
    }

    /**
     * The channel that carries one of this factory's channels when the host cannot run the transport
     * ({@link #unavailableReason}), e.g. UDP on the same endpoint for RDMA.
     *
     * @param channel a channel of one of this factory's schemes.
     * @return the channel of another scheme to use instead, or null when there is none.
     */
    default String fallbackChannel(final String channel)
    {
        return null;
    }

    /**
     * The channels of this factory's transport, for code that names what a channel is rather than spell it.
     *
     * @return the channel vocabulary, or null when this transport offers none (its channels are named by hand).
     */
    default TransportChannels channels()
    {
        return null;
    }

    /**
     * Whether subscribers of a channel read its publications' log in shared memory, which only this machine's
     * (and, for a media driver, only that driver's) parties hear and which outlives a publication's close.
     *
     * @param channel a channel of one of this factory's schemes.
     * @return true for a shared-memory channel; false for a network one.
     */
    default boolean isSharedMemory(final String channel)
    {
        return false;
    }

    /**
     * Connects a transport.
     *
     * @param context the settings.
     * @return the transport, which the caller closes.
     * @throws TransportException naming the setting to change if the transport cannot be connected.
     */
    Transport connect(TransportContext context);
}
