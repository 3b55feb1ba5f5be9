package io.wirespeed.test.transport;

import java.util.List;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportFactory;

/**
 * The {@link TransportFactory} of the {@code mem:} scheme, registered with {@link java.util.ServiceLoader} by this
 * jar: with test-support on a test's class path, a connection URI that routes topics to a {@code mem:} channel
 * ({@code wirespeed:ipc?route.orders.>=mem:orders}) sends them through an {@link InMemoryTransport} on this JVM's
 * {@link InMemoryMedium#shared() shared medium}, with no media driver in their path.
 */
public final class InMemoryTransportFactory implements TransportFactory
{
    /** The channel scheme this factory serves. */
    public static final String SCHEME = "mem:";

    /** {@inheritDoc} */
    @Override
    public String name()
    {
        return "mem";
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
     * Always: every channel of this transport is in this JVM's memory.
     */
    @Override
    public boolean isSharedMemory(final String channel)
    {
        return true;
    }

    /**
     * {@inheritDoc}
     * <p>
     * The context's driver settings do not apply: there is no driver.
     */
    @Override
    public Transport connect(final TransportContext context)
    {
        return InMemoryMedium.shared().connect();
    }
}
