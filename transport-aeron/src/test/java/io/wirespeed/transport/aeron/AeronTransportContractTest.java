package io.wirespeed.transport.aeron;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.transport.TransportContract;
import io.wirespeed.transport.Transport;

/**
 * The Aeron transport keeps the transport contract (test-support's {@link TransportContract}, which the in-memory
 * transport keeps too), over IPC through an embedded driver with 64 KiB terms. Every transport of the class shares
 * the driver, which a transport held for the whole class keeps running.
 */
class AeronTransportContractTest extends TransportContract
{
    private static String directory;
    private static AeronTransport driverHolder;

    @BeforeAll
    static void startDriver()
    {
        directory = DriverDirectories.unique("contract");
        driverHolder = AeronTransport.connect(config());
    }

    @AfterAll
    static void stopDriver()
    {
        driverHolder.close();
        DriverDirectories.delete(directory);
    }

    @Override
    protected Transport connect()
    {
        return AeronTransport.connect(config());
    }

    @Override
    protected String channel()
    {
        return "aeron:ipc";
    }

    @Override
    protected String invalidChannel()
    {
        return "no-scheme";
    }

    private static AeronTransportContext config()
    {
        return new AeronTransportContext().directory(directory).termLength(1 << 16).conclude();
    }
}
