package io.wirespeed.transport.rdma.verbs;

import io.wirespeed.transport.rdma.RdmaAvailability;
import org.junit.jupiter.api.BeforeEach;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The verbs contract on the JNI binding, over real (or rdma_rxe soft-RoCE) devices. Skipped,
 * with the probe's reason, where the host has none. The listener binds to the address in
 * {@code -Dwirespeed.rdma.test.host} (default 127.0.0.1), which must belong to an RDMA-capable
 * interface.
 */
class NativeVerbsContractTest extends VerbsContractTest
{
    @BeforeEach
    @Override
    void connectPair()
    {
        final RdmaAvailability availability = RdmaAvailability.probe();
        assumeTrue(availability.available(), "native verbs contract skipped: " + availability.reason());
        super.connectPair();
    }

    protected Verbs newVerbs()
    {
        return new NativeVerbs();
    }

    protected String host()
    {
        return System.getProperty("wirespeed.rdma.test.host", "127.0.0.1");
    }

    protected int port()
    {
        return Integer.getInteger("wirespeed.rdma.test.port", 7471);
    }
}
