package io.wirespeed.host.embedded;

import io.wirespeed.host.spi.EmbeddedHostService;
import io.wirespeed.host.spi.EmbeddedHostSettings;

/**
 * The {@link EmbeddedHostService} of the host module: the JVM's embedded hosts ({@link EmbeddedHost}), one per
 * driver directory. Registered in {@code META-INF/services}; holds no state of its own.
 */
public final class EmbeddedHosts implements EmbeddedHostService
{
    /** {@inheritDoc} */
    @Override
    public boolean startsWithConnection(final EmbeddedHostSettings settings)
    {
        return EmbeddedHost.startsWithConnection(settings);
    }

    /** {@inheritDoc} */
    @Override
    public void ensureQueueHost(final EmbeddedHostSettings settings)
    {
        EmbeddedHost.of(settings).ensureQueueHost(settings);
    }

    /** {@inheritDoc} */
    @Override
    public void ensureDurable(final EmbeddedHostSettings settings)
    {
        EmbeddedHost.of(settings).ensureDurable(settings);
    }

    /** {@inheritDoc} */
    @Override
    public void closeAll()
    {
        EmbeddedHost.closeAll();
    }
}
