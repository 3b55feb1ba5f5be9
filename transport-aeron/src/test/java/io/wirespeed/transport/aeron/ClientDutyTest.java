package io.wirespeed.transport.aeron;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.transport.ClientDuty;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;

/**
 * A transport whose owner runs its client's housekeeping ({@link ClientDuty}, Aeron's conductor agent invoker): the
 * capability is there only then, and a subscription to a stream that has a publication knows that publication (is
 * connected) when {@code addSubscription} returns, so that what is published right after it is read at once; with
 * a client thread of its own the image came when that thread next woke (Aeron's default: up to 16 ms later; a fresh
 * connection's topic consumer waited that long for its first message, issue 25).
 */
class ClientDutyTest
{
    private static final int STREAM = 4711;

    private String directory;
    private AeronTransport driverHolder;

    @BeforeEach
    void startDriver()
    {
        directory = DriverDirectories.unique("duty");
        driverHolder = AeronTransport.connect(config());
    }

    @AfterEach
    void stopDriver()
    {
        driverHolder.close();
        DriverDirectories.delete(directory);
    }

    @Test
    void onlyAnOwnerRunTransportOffersItsClientDuty()
    {
        assertFalse(driverHolder.capability(ClientDuty.class).isPresent());
        try (AeronTransport owned = AeronTransport.connect(config(), null, true))
        {
            assertTrue(owned.capability(ClientDuty.class).isPresent());
        }
    }

    @Test
    void aSubscriptionKnowsTheStreamsPublicationWhenItIsMade()
    {
        try (AeronTransport owned = AeronTransport.connect(config(), null, true);
            TransportPublication publication = driverHolder.addPublication("aeron:ipc", STREAM))
        {
            for (int i = 0; i < 20; i++)
            {
                try (TransportSubscription subscription = owned.addSubscription("aeron:ipc", STREAM))
                {
                    assertTrue(subscription.isConnected(), "subscription " + i + " had no image when made");
                    final UnsafeBuffer message = new UnsafeBuffer(new byte[]{(byte)i});
                    Await.until("offer", () -> publication.offer(message, 0, 1) > 0);
                    final int[] read = {-1};
                    // (an IPC subscriber may join a little before the position others have read to: it reads on
                    // until this round's message)
                    final int round = i;
                    Await.until("message " + i, () ->
                        subscription.poll((buffer, offset, length) -> read[0] = buffer.getByte(offset), 10) >= 0 &&
                        round == read[0]);
                }
            }
        }
    }

    private AeronTransportContext config()
    {
        return new AeronTransportContext().directory(directory).termLength(1 << 16).conclude();
    }
}
