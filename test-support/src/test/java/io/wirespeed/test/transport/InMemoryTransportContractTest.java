package io.wirespeed.test.transport;

import io.wirespeed.transport.Transport;

/**
 * The in-memory transport keeps the transport contract.
 */
class InMemoryTransportContractTest extends TransportContract
{
    private final InMemoryMedium medium = new InMemoryMedium();

    @Override
    protected Transport connect()
    {
        return medium.connect();
    }

    @Override
    protected String channel()
    {
        return "mem:contract";
    }

    @Override
    protected String invalidChannel()
    {
        return "no-scheme";
    }
}
