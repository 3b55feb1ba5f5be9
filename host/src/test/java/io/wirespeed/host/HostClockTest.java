package io.wirespeed.host;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Time is an input of the host: its duty cycle reads the host's clocks once and its parts use that time, so that
 * expiry, delivery times and the client timeout move only when the clocks given to {@link QueueHost#clocks} move,
 * never with the machine's own clock. The test's clock starts on 2025-01-01, long before the machine's: a host that
 * read the machine's wall clock would find the messages below expired (and the delayed one due) at once.
 */
class HostClockTest
{
    private static final long TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(100);

    private final HostRig rig = new HostRig(TIMEOUT_NS);

    @AfterEach
    void close()
    {
        rig.close();
    }

    @Test
    void aMessageExpiresWhenTheHostsClockPassesItsExpirationAndNotBefore()
    {
        final HostRig.Client client = rig.client(1, 1, 5001);
        rig.send(client, "q", 1, 4, rig.clock.time() + 1_000, 0);
        rig.cycle(100);
        rig.clock.advanceMillis(999);
        client.subscribe(1, "q", 1);
        rig.cycle(10);
        assertEquals(1, client.deliveries.size(), "a message 1 ms from its expiration by the host's clock is " +
            "delivered: " + client.transcript);

        client.acknowledge(1, client.deliveries.get(0).deliveryId());
        rig.send(client, "q", 2, 4, rig.clock.time() + 1_000, 0);
        rig.cycle(100);
        assertEquals(1, rig.host.heldMessages("q"), "message 2 waits for credit");
        rig.clock.advanceMillis(1_000);
        client.credit(1, 1);
        rig.cycle(10);
        assertEquals(1, client.deliveries.size(), "message 2 expired by the host's clock: " + client.transcript);
        assertEquals(0, rig.host.heldMessages("q"), "the expired message is dropped");
    }

    @Test
    void aDelayedMessageFallsDueWhenTheHostsClockReachesItsDeliveryTimeAndNotBefore()
    {
        final HostRig.Client client = rig.client(1, 1, 5001);
        client.subscribe(1, "q", 10);
        rig.send(client, "q", 1, 4, 0, rig.clock.time() + 5_000);
        rig.cycle(100);
        assertEquals(0, client.deliveries.size(), client.transcript.toString());
        rig.clock.advanceMillis(4_999);
        rig.cycle(10);
        assertEquals(0, client.deliveries.size(), client.transcript.toString());
        rig.clock.advanceMillis(1);
        rig.cycle(10);
        assertEquals(1, client.deliveries.size(), "due at its delivery time by the host's clock: " +
            client.transcript);
    }

    @Test
    void aConnectedClientThatFallsSilentIsCutOffWhenTheHostsClockPassesTheTimeoutAndNotBefore()
    {
        final HostRig.Client client = rig.client(1, 1, 5001);
        client.connect(7);
        rig.cycle(10);
        assertEquals("connected 7", client.transcript.get(0));

        // the machine's time passes, several client timeouts of it; the host's does not
        final long until = System.nanoTime() + 3 * TIMEOUT_NS;
        while (System.nanoTime() < until)
        {
            rig.cycle(1);
        }
        assertEquals(1, rig.host.clientCount(), "the host's time stood still: nobody timed out");

        rig.clock.advanceNanos(TIMEOUT_NS);
        rig.cycle(10);
        assertEquals(1, rig.host.clientCount(), "not past the timeout yet");
        rig.clock.advanceMillis(51);
        rig.cycle(10);
        assertEquals(0, rig.host.clientCount(), "cut off once the host's clock passed the timeout (at its next " +
            "liveness check, every 50 ms)");
    }
}
