package io.wirespeed.transport.rdma.verbs;

import io.wirespeed.transport.rdma.RdmaAvailability;
import io.wirespeed.transport.rdma.VerbsBackend;

/**
 * The {@code simulated} verbs backend, for tests: one {@link SimulatedVerbs} fabric per JVM, so that every
 * RDMA transport of the JVM reaches the others. Registered with {@link java.util.ServiceLoader} in this
 * module's test jar, which tests of other modules add to use {@code rdmaVerbs=simulated}.
 */
public final class SimulatedVerbsBackend implements VerbsBackend
{
    /** The name of this backend. */
    public static final String NAME = "simulated";

    private static SimulatedVerbs fabric;

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
        return new RdmaAvailability(true, 1, "simulated verbs: one in-JVM fabric with device " +
            SimulatedVerbs.DEVICE_NAME);
    }

    /** {@inheritDoc} */
    @Override
    public Verbs verbs()
    {
        synchronized (SimulatedVerbsBackend.class)
        {
            if (null == fabric)
            {
                fabric = new SimulatedVerbs();
            }
            return fabric;
        }
    }
}
