package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The host does what it does in an order of its inputs, never of object or name hashes: queues are served in the
 * order they were made, a queue's consumers in turn in the order they subscribed. Two hosts fed the same inputs
 * number their deliveries alike.
 */
class HostOrderTest
{
    /** Made in this order; their names' hashes order them otherwise. */
    private static final List<String> QUEUES = List.of("orders", "invoices", "audit", "zeta", "alpha", "q10", "q2",
        "b", "payments", "refunds", "x", "mail");

    private final HostRig rig = new HostRig(TimeUnit.SECONDS.toNanos(10));

    @AfterEach
    void close()
    {
        rig.close();
    }

    @Test
    void queuesAreServedInTheOrderTheyWereMadeNotInTheOrderOfTheirNamesHashes()
    {
        final HostRig.Client producer = rig.client(1, 1, 5001);
        final HostRig.Client consumer = rig.client(2, 2, 5002);
        for (int i = 0; i < QUEUES.size(); i++)
        {
            rig.send(producer, QUEUES.get(i), i);
        }
        rig.cycle(10);
        // subscribed in the reverse order, all read in one duty cycle: dispatch then serves every queue once
        for (int i = QUEUES.size() - 1; i >= 0; i--)
        {
            consumer.subscribe(i, QUEUES.get(i), 1);
        }
        rig.cycle(10);

        final List<Long> served = new ArrayList<>();
        for (final HostRig.Delivery delivery : consumer.deliveries)
        {
            served.add(delivery.consumerId());
        }
        final List<Long> made = new ArrayList<>();
        for (int i = 0; i < QUEUES.size(); i++)
        {
            made.add((long)i);
        }
        assertEquals(made, served, "queues served in the order they were made: " + consumer.transcript);
        for (int i = 0; i < QUEUES.size(); i++)
        {
            assertEquals(i + 1, consumer.deliveries.get(i).deliveryId(), "delivery ids in that order too");
        }
    }

    @Test
    void twoConsumersOfOneQueueTakeItsMessagesInTurnInTheOrderTheySubscribed()
    {
        final HostRig.Client first = rig.client(0x7FFF_0000_0000_0001L, 9, 5001);
        final HostRig.Client second = rig.client(3, 0x7FFF_0000_0000_0002L, 5002);
        second.subscribe(20, "q", 100);
        rig.cycle(1);
        first.subscribe(10, "q", 100);
        rig.cycle(1);
        for (int i = 0; i < 8; i++)
        {
            rig.send(first, "q", i);
        }
        rig.cycle(10);

        assertEquals(List.of(0L, 2L, 4L, 6L), sequences(second), "the one that subscribed first takes the first");
        assertEquals(List.of(1L, 3L, 5L, 7L), sequences(first), "then the other, in turn");
    }

    private static List<Long> sequences(final HostRig.Client client)
    {
        final List<Long> sequences = new ArrayList<>();
        for (final HostRig.Delivery delivery : client.deliveries)
        {
            sequences.add(delivery.sequence());
        }
        return sequences;
    }
}
