package io.wirespeed.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.it.TopicPair.Side;
import io.wirespeed.it.hosts.ThreeHosts;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.NamespaceNetworks;
import io.wirespeed.test.SlowTest;

/**
 * A multicast topic across three hosts ({@link ThreeHosts}, each with its own driver) while 5 % loss both ways comes
 * and goes: the loss rules are switched on and off every few hundred milliseconds from before the subscribers start
 * until the publisher has its verdicts, as a flaky link would. Every subscriber still gets every message once, in
 * the publisher's order and intact (sequence-numbered bodies, count and CRC32).
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class TopicsUnderChangingLossTest
{
    private static final long COUNT = 50_000;
    private static final long LOSSY_MS = 700;
    private static final long CLEAN_MS = 300;

    @RegisterExtension
    final NamespaceNetworks networks = new NamespaceNetworks();

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void aMulticastTopicLosesNothingAndKeepsItsOrderWhileLossComesAndGoes() throws Exception
    {
        final ThreeHosts hosts = ThreeHosts.start(networks, processes, 5);
        final AtomicInteger switches = new AtomicInteger();
        final AtomicReference<Throwable> switchFailure = new AtomicReference<>();
        final Thread flaky = new Thread(() -> switchLoss(hosts, switches, switchFailure), "flaky link");
        flaky.start();
        try
        {
            TopicPair.publishAndVerify(processes,
                side(hosts, ThreeHosts.ALPHA),
                List.of(side(hosts, ThreeHosts.BETA), side(hosts, ThreeHosts.SERVER)),
                COUNT, "it.hosts.flaky." + UUID.randomUUID());
        }
        finally
        {
            flaky.interrupt();
            flaky.join();
        }
        if (null != switchFailure.get())
        {
            throw new AssertionError("switching the loss failed", switchFailure.get());
        }
        assertTrue(switches.get() >= 2, "the loss was switched " + switches.get() + " times");
        System.out.println("loss switched " + switches.get() + " times; alpha's driver sent " +
            hosts.retransmitsSent(ThreeHosts.ALPHA) + " retransmits");
        hosts.stop();
    }

    private static Side side(final ThreeHosts hosts, final String name)
    {
        return new Side(Api.JAVAX, hosts.topicUri(name), List.of(), hosts.host(name).launcher());
    }

    private static void switchLoss(
        final ThreeHosts hosts, final AtomicInteger switches, final AtomicReference<Throwable> failure)
    {
        try
        {
            boolean lossy = true;
            while (!Thread.currentThread().isInterrupted())
            {
                Thread.sleep(lossy ? LOSSY_MS : CLEAN_MS);
                lossy = !lossy;
                hosts.loss(lossy ? 5 : 0);
                switches.incrementAndGet();
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        catch (final Exception | AssertionError ex)
        {
            // the test's end interrupts a switch in progress: its nft command is cut off, which is no failure
            if (!Thread.currentThread().isInterrupted())
            {
                failure.set(ex);
            }
        }
    }
}
