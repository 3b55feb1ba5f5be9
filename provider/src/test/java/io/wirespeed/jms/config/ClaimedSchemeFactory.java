package io.wirespeed.jms.config;

import java.util.List;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportContext;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportFactory;

/**
 * A transport factory registered on the provider's test classpath only, claiming a scheme no Wirespeed
 * transport serves: what a transport outside this repository (an in-memory one for tests, say) looks like
 * to the provider. It connects nothing.
 */
public final class ClaimedSchemeFactory implements TransportFactory
{
    /** The scheme it claims. */
    public static final String SCHEME = "claimed-test:";

    @Override
    public String name()
    {
        return "claimed-test";
    }

    @Override
    public List<String> schemes()
    {
        return List.of(SCHEME);
    }

    @Override
    public Transport connect(final TransportContext context)
    {
        throw new TransportException("the " + SCHEME + " scheme of the provider's tests connects nothing");
    }
}
