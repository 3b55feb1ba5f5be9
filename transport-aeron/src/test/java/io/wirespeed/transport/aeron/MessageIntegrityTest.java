package io.wirespeed.transport.aeron;

import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.SlowTest;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A million messages of 32 to 200 bytes arrive complete, in order and checksummed over each kind
 * of channel, with the default SHARED driver and backoff idling.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MessageIntegrityTest
{
    private static final long COUNT = 1_000_000;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final List<Exception> asyncErrors = new CopyOnWriteArrayList<>();
    private String directory;
    private AeronTransport transport;

    @BeforeEach
    void connect()
    {
        directory = DriverDirectories.unique("integrity");
        transport = AeronTransport.connect(new AeronTransportContext()
            .directory(directory)
            .errorHandler(asyncErrors::add)
            .conclude());
    }

    @AfterEach
    void close()
    {
        transport.close();
        DriverDirectories.delete(directory);
        assertEquals(List.of(), asyncErrors, "asynchronous transport errors");
    }

    @Test
    void deliversAMillionMessagesInOrderOverIpc() throws InterruptedException
    {
        transferOn("aeron:ipc");
    }

    @Test
    void deliversAMillionMessagesInOrderOverUdpUnicastOnLoopback() throws InterruptedException
    {
        transferOn("aeron:udp?endpoint=127.0.0.1:" + FreePorts.udp());
    }

    @Test
    void deliversAMillionMessagesInOrderOverUdpMulticastOnLoopback() throws InterruptedException
    {
        LoopbackMulticast.assumeAvailable();
        transferOn("aeron:udp?endpoint=" + LoopbackMulticast.GROUP + ":" + FreePorts.udp() + "|interface=127.0.0.1");
    }

    private void transferOn(final String channel) throws InterruptedException
    {
        try (TransportSubscription subscription = transport.addSubscription(channel, 1001);
            TransportPublication publication = transport.addPublication(channel, 1001))
        {
            final Duration took = SequencedTransfer.sendAndVerify(publication, subscription, COUNT, TIMEOUT);
            System.out.println(COUNT + " messages over " + channel + " in " + took.toMillis() + " ms");
        }
    }
}
