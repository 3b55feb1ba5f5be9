package io.wirespeed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

/**
 * Closing does not throw away what was sent: a multicast publisher in one network namespace sends and closes at
 * once, while 5 % of the datagrams each side sends are dropped (nftables on the veth pair to the subscriber's
 * namespace), and its JVM exits right after the close, taking its embedded media driver with it. Every message
 * still reaches the subscriber, because the close waits (up to {@code linger}) until the subscriber's driver has
 * confirmed the end of the stream, which it does only once every loss is repaired.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CloseLingerAcrossNamespacesTest
{
    private static final int COUNT = 20_000;
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration FINISH = Duration.ofSeconds(60);

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void aMulticastPublisherThatClosesRightAfterSendingOverALossyNetworkLosesNothing() throws Exception
    {
        try (LossyNamespacePair network = LossyNamespacePair.create(5))
        {
            final String group = "239.255." + ThreadLocalRandom.current().nextInt(1, 255) + "." +
                (2 * ThreadLocalRandom.current().nextInt(1, 127) + 1) + ":" + (40_000 + ThreadLocalRandom.current()
                .nextInt(10_000));
            final String topic = "it.linger." + UUID.randomUUID();
            final ChildJvm subscriber = processes.start("subscriber", Api.JAVAX
                .command("io.wirespeed.it.child.CountingSubscriberMain").launcher(network.launcher("b")).args(
                "wirespeed:udp?endpoint=" + group + "&interface=" + network.address("b"), topic, "10000"));
            subscriber.awaitLine("READY", STARTUP);

            final ChildJvm publisher = processes.start("publisher", Api.JAVAX
                .command("io.wirespeed.it.child.ClosingPublisherMain").launcher(network.launcher("a")).args(
                "wirespeed:udp?endpoint=" + group + "&interface=" + network.address("a") + "&linger=20s", topic,
                Integer.toString(COUNT)));
            final String sent = publisher.awaitLine("SENT ", STARTUP);
            final String closed = publisher.awaitLine("CLOSED", FINISH);
            assertEquals(0, publisher.awaitExit(FINISH), "publisher exit status" + processes.outputs());

            final String received = subscriber.awaitLine("RECEIVED ", FINISH);
            assertEquals(sent.replace("SENT ", "RECEIVED ") + " end=true", received,
                "what the subscriber received after the publisher closed" + processes.outputs());
            subscriber.awaitLine("VERIFIED", FINISH);
            subscriber.closeInput();
            assertEquals(0, subscriber.awaitExit(FINISH), "subscriber exit status" + processes.outputs());
            System.out.println("over 5 % loss: " + sent + ", publisher " + closed + ", subscriber " + received);
        }
    }
}
