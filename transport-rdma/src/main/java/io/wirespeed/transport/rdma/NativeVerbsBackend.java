package io.wirespeed.transport.rdma;

import io.wirespeed.transport.rdma.verbs.NativeVerbs;
import io.wirespeed.transport.rdma.verbs.Verbs;

/**
 * The {@code native} verbs backend: the JNI binding over libibverbs and librdmacm, where the host has an
 * RDMA device ({@link RdmaAvailability#probe()}, probed once per JVM).
 */
public final class NativeVerbsBackend implements VerbsBackend
{
    /** The name of this backend. */
    public static final String NAME = "native";

    private static RdmaAvailability availability;

    /** {@inheritDoc} */
    @Override
    public String name()
    {
        return NAME;
    }

    /** {@inheritDoc} */
    @Override
    public RdmaAvailability availability()
    {
        synchronized (NativeVerbsBackend.class)
        {
            if (null == availability)
            {
                availability = RdmaAvailability.probe();
            }
            return availability;
        }
    }

    /** {@inheritDoc} */
    @Override
    public Verbs verbs()
    {
        return new NativeVerbs();
    }
}
