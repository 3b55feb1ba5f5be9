package io.wirespeed.transport.aeron;

import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportChannels;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportFactory;

import java.util.List;

/**
 * The {@link TransportFactory} of {@code aeron:} channels (IPC, UDP unicast and multicast): connects an
 * {@link AeronTransport} whose settings a {@link TransportContext} gives. Registered with
 * {@link java.util.ServiceLoader}; reads no {@link TransportContext#option(String) options}.
 */
public final class AeronTransportFactory implements TransportFactory
{
    /** The scheme of Aeron channels. */
    public static final String SCHEME = AeronChannels.SCHEME;

    /** {@inheritDoc} */
    @Override
    public String name()
    {
        return "aeron";
    }

    /** {@inheritDoc} */
    @Override
    public List<String> schemes()
    {
        return List.of(SCHEME);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Aeron's channels as {@link AeronChannels} writes them.
     */
    @Override
    public TransportChannels channels()
    {
        return AeronChannels.transportChannels();
    }

    /**
     * {@inheritDoc}
     * <p>
     * True for IPC ({@link AeronChannels#isIpc}).
     */
    @Override
    public boolean isSharedMemory(final String channel)
    {
        return AeronChannels.isIpc(channel);
    }

    /** {@inheritDoc} */
    @Override
    public Transport connect(final TransportContext context)
    {
        // the client's conductor is a daemon: a provider's runtime keeps its transport for the JVM's life, and an
        // application whose connections are closed must still be able to end (an open connection's delivery thread
        // is what keeps a JVM alive for its listeners)
        return AeronTransport.connect(context(context), DaemonThreadFactory.INSTANCE, context.ownerRunsClientDuty());
    }

    /**
     * The Aeron settings that transport-neutral settings mean: each one set is applied, each one left unset
     * keeps its {@link AeronTransportConfiguration} default.
     *
     * @param settings the transport-neutral settings.
     * @return a new, unconcluded context.
     */
    public static AeronTransportContext context(final TransportContext settings)
    {
        final AeronTransportContext context = new AeronTransportContext().embedded(settings.embeddedDriver());
        if (null != settings.driverDirectory())
        {
            context.directory(settings.driverDirectory());
        }
        if (null != settings.threadingMode())
        {
            context.threadingMode(ThreadingMode.valueOf(settings.threadingMode().name()));
        }
        if (null != settings.idleStrategy())
        {
            context.idleStrategy(settings.idleStrategy());
        }
        if (null != settings.driverTimeout())
        {
            context.timeout(settings.driverTimeout());
        }
        if (0 != settings.termLength())
        {
            context.termLength(settings.termLength());
        }
        if (0 != settings.mtu())
        {
            context.mtu(settings.mtu());
        }
        if (null != settings.errorHandler())
        {
            context.errorHandler(settings.errorHandler());
        }
        return context;
    }
}
