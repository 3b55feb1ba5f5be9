package io.wirespeed.transport.rdma.verbs;

/**
 * The verbs contract on the pure-Java simulated fabric.
 */
class SimulatedVerbsContractTest extends VerbsContractTest
{
    protected Verbs newVerbs()
    {
        return new SimulatedVerbs();
    }

    protected String host()
    {
        return "10.0.0.1";
    }

    protected int port()
    {
        return 7001;
    }
}
