package io.wirespeed.test.transport;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import io.wirespeed.test.DriverDirectories;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportConfig;

/**
 * The Aeron transport keeps the transport contract, over IPC through an embedded driver with 64 KiB terms. Every
 * transport of the class shares the driver, which a transport held for the whole class keeps running.
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

    private static AeronTransportConfig config()
    {
        return AeronTransportConfig.builder().directory(directory).termLength(1 << 16).build();
    }
}
