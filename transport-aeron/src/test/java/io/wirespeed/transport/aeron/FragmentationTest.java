package io.wirespeed.transport.aeron;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.transport.ClaimedSpace;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Messages larger than the MTU are fragmented by offer and reassembled whole; tryClaim writes a
 * message in place.
 */
class FragmentationTest
{
    private static final int MTU = 1408;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private String directory;
    private AeronTransport transport;

    @BeforeEach
    void connect()
    {
        directory = DriverDirectories.unique("fragments");
        transport = AeronTransport.connect(new AeronTransportContext()
            .directory(directory)
            .mtu(MTU)
            .termLength(1 << 20)
            .conclude());
    }

    @AfterEach
    void close()
    {
        transport.close();
        DriverDirectories.delete(directory);
    }

    @Test
    void reassemblesA100KilobyteMessageSentOverUdpWithA1408ByteMtu()
    {
        final String channel = "aeron:udp?endpoint=127.0.0.1:" + FreePorts.udp();
        final byte[] message = new byte[100 * 1024];
        new Random(42).nextBytes(message);

        try (TransportSubscription subscription = transport.addSubscription(channel, 3);
            TransportPublication publication = transport.addPublication(channel, 3))
        {
            assertEquals(MTU - 32, publication.maxClaimLength(), "one frame's payload: the MTU less the header");
            assertTrue(publication.maxMessageLength() >= message.length);

            final List<byte[]> received = exchange(publication, subscription, message);

            assertEquals(1, received.size(), "one whole message, not its fragments");
            assertArrayEquals(message, received.get(0));
        }
    }

    @Test
    void deliversAMessageWrittenInPlaceThroughTryClaim()
    {
        try (TransportSubscription subscription = transport.addSubscription("aeron:ipc", 4);
            TransportPublication publication = transport.addPublication("aeron:ipc", 4))
        {
            Await.until("IPC publication to connect", TIMEOUT, publication::isConnected);
            final ClaimedSpace claim = publication.newClaim();
            final byte[] message = "written in place".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

            Await.until("a claim", TIMEOUT, () -> publication.tryClaim(message.length, claim) > 0);
            assertEquals(message.length, claim.length());
            claim.buffer().putBytes(claim.offset(), message);
            claim.commit();

            final List<byte[]> received = new ArrayList<>();
            Await.until("the claimed message", TIMEOUT, () -> poll(subscription, received) > 0);
            assertArrayEquals(message, received.get(0));
        }
    }

    @Test
    void skipsAnAbortedClaim()
    {
        try (TransportSubscription subscription = transport.addSubscription("aeron:ipc", 5);
            TransportPublication publication = transport.addPublication("aeron:ipc", 5))
        {
            Await.until("IPC publication to connect", TIMEOUT, publication::isConnected);
            final ClaimedSpace claim = publication.newClaim();
            Await.until("a claim", TIMEOUT, () -> publication.tryClaim(8, claim) > 0);
            claim.buffer().putLong(claim.offset(), 1L);
            claim.abort();
            final UnsafeBuffer second = new UnsafeBuffer(new byte[8]);
            second.putLong(0, 2L);
            Await.until("an offer", TIMEOUT, () -> publication.offer(second, 0, 8) > 0);

            final List<byte[]> received = new ArrayList<>();
            Await.until("one message", TIMEOUT, () -> poll(subscription, received) > 0 && received.size() == 1);
            assertEquals(2L, new UnsafeBuffer(received.get(0)).getLong(0), "only the committed message arrives");
        }
    }

    private static List<byte[]> exchange(
        final TransportPublication publication, final TransportSubscription subscription, final byte[] message)
    {
        Await.until("UDP publication to connect", TIMEOUT,
            () -> publication.isConnected() && subscription.isConnected());
        final UnsafeBuffer buffer = new UnsafeBuffer(message);
        Await.until("the offer to succeed", TIMEOUT, () -> publication.offer(buffer, 0, message.length) > 0);
        final List<byte[]> received = new ArrayList<>();
        Await.until("the message", TIMEOUT, () -> poll(subscription, received) >= 0 && !received.isEmpty());
        poll(subscription, received);
        return received;
    }

    private static int poll(final TransportSubscription subscription, final List<byte[]> received)
    {
        return subscription.poll(
            (buffer, offset, length) ->
            {
                final byte[] copy = new byte[length];
                buffer.getBytes(offset, copy);
                received.add(copy);
            },
            100);
    }
}
