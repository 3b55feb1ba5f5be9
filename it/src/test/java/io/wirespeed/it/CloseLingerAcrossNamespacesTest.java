package io.wirespeed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.netns.NamespaceHost;
import io.wirespeed.netns.NamespaceNetwork;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.NamespaceNetworks;
import io.wirespeed.test.SlowTest;

/**
 * Closing does not throw away what was sent: a multicast publisher on one host (network namespace) sends and closes
 * at once, while 5 % of the UDP datagrams each host sends are lost on the way (a {@link NamespaceNetwork} with
 * {@code udpLoss(5)}), and its JVM exits right after the close, taking its embedded media driver with it. Every message
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
    private static final String GROUP = "239.255.0.1:40456";

    @RegisterExtension
    final NamespaceNetworks networks = new NamespaceNetworks();

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void aMulticastPublisherThatClosesRightAfterSendingOverALossyNetworkLosesNothing() throws Exception
    {
        final NamespaceNetwork network = networks.create(
            NamespaceNetwork.builder().hosts("publisher", "subscriber").udpLoss(5));
        final NamespaceHost publisherHost = network.host("publisher");
        final NamespaceHost subscriberHost = network.host("subscriber");
        final String topic = "it.linger." + UUID.randomUUID();
        final ChildJvm subscriber = processes.start("subscriber", Api.JAVAX
            .command("io.wirespeed.it.child.CountingSubscriberMain").launcher(subscriberHost.launcher()).args(
            "wirespeed:udp?endpoint=" + GROUP + "&interface=" + subscriberHost.address(), topic, "10000"));
        subscriber.awaitLine("READY", STARTUP);

        final ChildJvm publisher = processes.start("publisher", Api.JAVAX
            .command("io.wirespeed.it.child.ClosingPublisherMain").launcher(publisherHost.launcher()).args(
            "wirespeed:udp?endpoint=" + GROUP + "&interface=" + publisherHost.address() + "&linger=20s", topic,
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
