package io.wirespeed.transport.aeron;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A subscriber that does not poll stops its publisher with BACK_PRESSURED, returned rather than
 * thrown; once it polls, the publisher proceeds and nothing was lost. Over UDP here; over IPC, the
 * transport contract (test-support's TransportContract, run against Aeron) shows it.
 */
class BackPressureTest
{
    private static final int MESSAGE_LENGTH = 1000;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private String directory;
    private AeronTransport transport;

    @BeforeEach
    void connect()
    {
        directory = DriverDirectories.unique("backpressure");
        transport = AeronTransport.connect(new AeronTransportContext()
            .directory(directory)
            .termLength(1 << 16)
            .conclude());
    }

    @AfterEach
    void close()
    {
        transport.close();
        DriverDirectories.delete(directory);
    }

    @Test
    void stalledUdpSubscriberBackPressuresThePublisherUntilItPolls()
    {
        stallThenDrain("aeron:udp?endpoint=127.0.0.1:" + FreePorts.udp());
    }

    private void stallThenDrain(final String channel)
    {
        try (TransportSubscription subscription = transport.addSubscription(channel, 9);
            TransportPublication publication = transport.addPublication(channel, 9))
        {
            Await.until("the stream to connect", TIMEOUT,
                () -> publication.isConnected() && subscription.isConnected());
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MESSAGE_LENGTH]);

            final long accepted = offerUntilBackPressured(publication, buffer);
            assertTrue(accepted > 0, "some messages fit the window before back-pressure");

            final long[] received = { 0 };
            Await.until("the subscriber to drain what was accepted", TIMEOUT, () ->
            {
                subscription.poll((b, offset, length) -> received[0]++, 100);
                return received[0] == accepted;
            });

            Await.until("the publisher to proceed", TIMEOUT, () -> publication.offer(buffer, 0, MESSAGE_LENGTH) > 0);
            Await.until("the message sent after draining", TIMEOUT,
                () -> subscription.poll((b, offset, length) -> received[0]++, 100) > 0 || received[0] == accepted + 1);
            assertEquals(accepted + 1, received[0], "every accepted message arrived");
        }
    }

    private static long offerUntilBackPressured(final TransportPublication publication, final UnsafeBuffer buffer)
    {
        final long deadline = System.nanoTime() + TIMEOUT.toNanos();
        long accepted = 0;
        long lastAcceptedAt = System.nanoTime();
        while (System.nanoTime() - deadline < 0)
        {
            final long result = publication.offer(buffer, 0, MESSAGE_LENGTH);
            if (result > 0)
            {
                accepted++;
                lastAcceptedAt = System.nanoTime();
            }
            else if (result == TransportPublication.BACK_PRESSURED &&
                System.nanoTime() - lastAcceptedAt > Duration.ofMillis(200).toNanos())
            {
                return accepted;
            }
            else if (result != TransportPublication.BACK_PRESSURED && result != TransportPublication.ADMIN_ACTION)
            {
                fail("offer returned " + TransportPublication.describe(result));
            }
            Thread.onSpinWait();
        }
        fail("the publisher was never back-pressured; accepted " + accepted);
        return accepted;
    }
}
