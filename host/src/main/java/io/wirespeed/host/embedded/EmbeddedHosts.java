package io.wirespeed.host.embedded;

import io.wirespeed.host.spi.EmbeddedHostService;
import io.wirespeed.host.spi.EmbeddedHostSettings;
import io.wirespeed.host.spi.EmbeddedHostShare;

/**
 * The {@link EmbeddedHostService} of the host module: shares of the JVM's embedded hosts ({@link EmbeddedHost}), one
 * per driver directory. Registered in {@code META-INF/services}; holds no state of its own.
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
    public EmbeddedHostShare share(final EmbeddedHostSettings settings)
    {
        return EmbeddedHost.share(settings);
    }
}
