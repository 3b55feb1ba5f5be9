package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.wirespeed.codec.control.QueueStreams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host's state digest ({@link QueueHost#stateDigest()}): each step of a message (queued, delivered, given back,
 * acknowledged) changes it, duty cycles without input do not, and two hosts fed the same requests in the same order,
 * their clocks stepped alike, end with the same digest (and their clients read the same replies).
 */
class HostStateDigestTest
{
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);

    @Test
    void eachStepOfAMessageChangesTheDigestAndIdleDutyCyclesDoNot()
    {
        try (HostRig rig = new HostRig(TIMEOUT_NS))
        {
            final HostRig.Client client = rig.client(1, 1, 5001);
            rig.cycle(5);
            final long empty = rig.host.stateDigest();
            rig.cycle(5);
            assertEquals(empty, rig.host.stateDigest(), "duty cycles without input change nothing");

            rig.send(client, "q", 1);
            rig.cycle(5);
            final long queued = rig.host.stateDigest();
            assertNotEquals(empty, queued, "a message queued");

            client.subscribe(1, "q", 1);
            rig.cycle(5);
            final long delivered = rig.host.stateDigest();
            assertNotEquals(queued, delivered, "a consumer, and the message delivered to it");
            assertEquals(1, client.deliveries.size());

            client.giveBack(1, client.deliveries.get(0).deliveryId());
            client.closeConsumer(1);
            rig.cycle(5);
            final long givenBack = rig.host.stateDigest();
            assertNotEquals(delivered, givenBack, "given back and the consumer closed");
            assertNotEquals(queued, givenBack, "the message is back, delivered once before");

            client.subscribe(2, "q", 1);
            rig.cycle(5);
            final long redelivered = rig.host.stateDigest();
            client.acknowledge(2, client.deliveries.get(1).deliveryId());
            rig.cycle(5);
            final long acknowledged = rig.host.stateDigest();
            assertNotEquals(redelivered, acknowledged, "the message acknowledged");
            rig.cycle(5);
            assertEquals(acknowledged, rig.host.stateDigest());
            assertEquals(0, rig.host.heldMessages("q"));
        }
    }

    @Test
    void twoHostsFedTheSameRequestsEndWithTheSameDigest()
    {
        try (HostRig first = new HostRig(TIMEOUT_NS);
            HostRig second = new HostRig(TIMEOUT_NS);
            HostRig other = new HostRig(TIMEOUT_NS))
        {
            final List<Long> firstDigests = script(first, false);
            final List<Long> secondDigests = script(second, false);
            final List<Long> otherDigests = script(other, true);

            assertEquals(firstDigests, secondDigests, "the same inputs, the same state after every step");
            final List<String> producerSaw = first.clients().get(0).transcript;
            assertTrue(producerSaw.contains("browse end 3") && producerSaw.stream().anyMatch(
                line -> line.startsWith("grant 2 ")), "the script browsed and was granted room: " + producerSaw);
            assertTrue(first.clients().get(1).deliveries.size() > 15, "the script delivered, redelivered: " +
                first.clients().get(1).transcript);
            for (int i = 0; i < first.clients().size(); i++)
            {
                assertEquals(first.clients().get(i).transcript, second.clients().get(i).transcript,
                    "the same replies to client " + i);
            }
            assertEquals(firstDigests.subList(0, firstDigests.size() - 1),
                otherDigests.subList(0, otherDigests.size() - 1), "the third host, alike but for its last step");
            assertNotEquals(firstDigests.get(firstDigests.size() - 1), otherDigests.get(otherDigests.size() - 1),
                "one acknowledgement more, another state");
        }
    }

    /**
     * Clients that connect, make a temporary queue, subscribe, send, acknowledge some and give back others, browse,
     * ask for room, and one that falls silent and is cut off; the clock stepped between.
     *
     * @return the host's digest after each step.
     */
    private static List<Long> script(final HostRig rig, final boolean oneMoreAcknowledgement)
    {
        final List<Long> digests = new ArrayList<>();
        final HostRig.Client producer = rig.client(0x0123_4567_89AB_CDEFL, 1, 5001);
        final HostRig.Client consumer = rig.client(2, 0x7EDC_BA98_7654_3210L, 5002);
        final HostRig.Client silent = rig.client(3, 3, 5003);
        final String temporary = QueueStreams.TEMPORARY_QUEUE_PREFIX + "replies";
        producer.connect(1);
        consumer.connect(1);
        silent.connect(1);
        consumer.createTemporaryQueue(temporary);
        step(rig, digests);

        producer.sendCredit(2, "orders", 10, 10_000);
        consumer.subscribe(1, "orders", 3);
        consumer.subscribe(2, temporary, 5);
        silent.subscribe(1, "orders", 2);
        step(rig, digests);
        for (int i = 0; i < 10; i++)
        {
            rig.send(producer, "orders", i, i % 10, 0, 0);
            rig.send(producer, temporary, 100 + i);
        }
        step(rig, digests);

        producer.browse(3, "orders");
        for (final HostRig.Delivery delivery : List.copyOf(consumer.deliveries))
        {
            if (delivery.sequence() % 2 == 0)
            {
                consumer.acknowledge(delivery.consumerId(), delivery.deliveryId());
            }
            else
            {
                consumer.giveBack(delivery.consumerId(), delivery.deliveryId());
            }
        }
        consumer.credit(1, 4);
        step(rig, digests);

        // the silent client sends nothing more: cut off after the timeout, its deliveries go back
        for (int i = 0; i < 4; i++)
        {
            rig.clock.advanceNanos(TIMEOUT_NS / 3);
            producer.credit(99, 0);
            consumer.credit(1, 1);
            step(rig, digests);
        }
        assertEquals(2, rig.host.clientCount(), "the silent client was cut off");

        final HostRig.Delivery last = consumer.deliveries.get(consumer.deliveries.size() - 1);
        if (oneMoreAcknowledgement)
        {
            consumer.acknowledge(last.consumerId(), last.deliveryId());
        }
        step(rig, digests);
        return digests;
    }

    private static void step(final HostRig rig, final List<Long> digests)
    {
        rig.cycle(5);
        digests.add(rig.host.stateDigest());
    }
}
