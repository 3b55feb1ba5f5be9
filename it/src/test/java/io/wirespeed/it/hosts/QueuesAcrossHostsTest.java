package io.wirespeed.it.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.Api;
import io.wirespeed.it.queue.ConsumedOnce;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.NamespaceNetworks;
import io.wirespeed.test.SlowTest;

/**
 * Every queue feature across hosts ({@link ThreeHosts}): the queue host in the driver process of one host, reached
 * over UDP ({@code host=ADDRESS:PORT}) by producers and consumers on the two others, each with its own driver. Each
 * case runs without loss and again with 5 % of the UDP datagrams every host sends lost, so every path loses 5 %
 * both ways: nothing may be lost, and nothing delivered twice unless marked {@code JMSRedelivered}.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class QueuesAcrossHostsTest
{
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration TRANSFER = Duration.ofSeconds(120);
    private static final String QUEUE_CONSUMER = "io.wirespeed.it.queue.QueueConsumerMain";
    private static final String QUEUE_PRODUCER = "io.wirespeed.it.queue.QueueProducerMain";
    private static final String RESPONDER = "io.wirespeed.it.queue.ResponderMain";
    private static final String REQUESTER = "io.wirespeed.it.queue.RequesterMain";
    private static final String DURABLE_CLIENT = "io.wirespeed.it.durable.DurableClientMain";
    private static final int REQUESTOR_REQUESTS = 10;

    @RegisterExtension
    final NamespaceNetworks networks = new NamespaceNetworks();

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} % loss")
    @ValueSource(ints = {0, 5})
    void aProducerAndAConsumerOnTwoHostsAndTheQueueOnAThirdEachMessageConsumedExactlyOnce(final int loss)
        throws Exception
    {
        final ThreeHosts hosts = ThreeHosts.start(networks, processes, loss);
        final String queue = "it.hosts.queue." + UUID.randomUUID();
        final int messages = 100_000;
        final Path file = reports.resolve("consumed.bin");
        final ChildJvm consumer = start("consumer on beta", ThreeHosts.BETA, hosts, QUEUE_CONSUMER,
            hosts.queueUri(ThreeHosts.BETA), queue, "auto", file.toString());
        consumer.awaitLine("READY", STARTUP);

        // A synchronous PERSISTENT send waits for the host's archive, one round trip per message: 100,000 of them
        // take over 90 s on a loaded 2-core machine, and where 5 % of datagrams are lost each lost last frame waits
        // for Aeron's next heartbeat (100 ms) before it is repaired, about 12 ms a message on average. The producer
        // commits every 100 messages instead, waiting once per commit (synchronous sends across hosts, one at a
        // time, are SingleHostKillTest's).
        final String batch = "100";
        final ChildJvm producer = start("producer on alpha", ThreeHosts.ALPHA, hosts, QUEUE_PRODUCER,
            hosts.queueUri(ThreeHosts.ALPHA), queue, Integer.toString(messages), "1", batch);
        assertEquals("SENT count=" + messages + " markers=1", producer.awaitLine("SENT ", STARTUP.plus(TRANSFER)),
            processes.outputs());
        assertEquals(0, producer.awaitExit(STARTUP), "producer exit status" + processes.outputs());

        final String shares = ConsumedOnce.assertEachConsumedOnce(
            processes, List.of(consumer), List.of("beta"), List.of(file), messages, TRANSFER);
        System.out.println("queue across hosts, " + loss + " % loss: " + shares);
        finish(hosts, loss);
    }

    @ParameterizedTest(name = "{0} % loss")
    @ValueSource(ints = {0, 5})
    void aRequesterOnOneHostGetsEveryReplyOnItsTemporaryQueueFromAResponderOnAnother(final int loss)
        throws Exception
    {
        final ThreeHosts hosts = ThreeHosts.start(networks, processes, loss);
        final String queue = "it.hosts.requests." + UUID.randomUUID();
        final int requests = 100;
        final ChildJvm responder = start("responder on beta", ThreeHosts.BETA, hosts, RESPONDER,
            hosts.queueUri(ThreeHosts.BETA), queue);
        responder.awaitLine("READY", STARTUP);

        final ChildJvm requester = start("requester on alpha", ThreeHosts.ALPHA, hosts, REQUESTER,
            hosts.queueUri(ThreeHosts.ALPHA), queue, Integer.toString(requests));
        assertEquals("REPLIED " + (requests + REQUESTOR_REQUESTS), requester.awaitLine("REPLIED ", TRANSFER),
            processes.outputs());
        assertEquals(0, requester.awaitExit(STARTUP), "requester exit status" + processes.outputs());
        assertEquals("ANSWERED " + (requests + REQUESTOR_REQUESTS), responder.awaitLine("ANSWERED ", TRANSFER),
            "every request answered once" + processes.outputs());
        responder.awaitLine("STOPPED", STARTUP);
        assertEquals(0, responder.awaitExit(STARTUP), "responder exit status" + processes.outputs());
        finish(hosts, loss);
    }

    @ParameterizedTest(name = "{0} % loss")
    @ValueSource(ints = {0, 5})
    void aDurableSubscriberOnOneHostGetsWhatAnotherHostPublishedWhileItWasAway(final int loss) throws Exception
    {
        final ThreeHosts hosts = ThreeHosts.start(networks, processes, loss);
        final String topic = "it.hosts.durable." + UUID.randomUUID();
        final int last = 499;
        final String subscriberUri = hosts.queueUri(ThreeHosts.BETA);
        durableClient("subscription creator on beta", ThreeHosts.BETA, hosts,
            "subscribe", subscriberUri, "away", topic, "-1");
        durableClient("publisher on alpha", ThreeHosts.ALPHA, hosts,
            "publish", hosts.queueUri(ThreeHosts.ALPHA), "topic", topic, "0", Integer.toString(last));
        final ChildJvm subscriber = durableClient("subscriber on beta", ThreeHosts.BETA, hosts,
            "subscribe", subscriberUri, "away", topic, Integer.toString(last));
        assertOnceInOrderOrMarkedRedelivered(subscriber.output(), last);
        finish(hosts, loss);
    }

    @ParameterizedTest(name = "{0} % loss")
    @ValueSource(ints = {0, 5})
    void aSharedSubscriptionSplitAcrossTwoHostsGivesEachMessageToOneOfThem(final int loss) throws Exception
    {
        final ThreeHosts hosts = ThreeHosts.start(networks, processes, loss);
        final String topic = "it.hosts.shared." + UUID.randomUUID();
        final int messages = 20_000;
        final List<String> names = List.of(ThreeHosts.ALPHA, ThreeHosts.BETA);
        final List<ChildJvm> consumers = new ArrayList<>();
        final List<Path> files = new ArrayList<>();
        for (final String name : names)
        {
            final Path file = reports.resolve("shared-" + name + ".bin");
            files.add(file);
            consumers.add(start("shared consumer on " + name, name, hosts, QUEUE_CONSUMER,
                hosts.queueUri(name), "shared:workers:" + topic, "auto", file.toString()));
        }
        for (final ChildJvm consumer : consumers)
        {
            consumer.awaitLine("READY", STARTUP);
        }

        final ChildJvm producer = start("publisher on server", ThreeHosts.SERVER, hosts, QUEUE_PRODUCER,
            hosts.queueUri(ThreeHosts.SERVER), "topic:" + topic, Integer.toString(messages), "2");
        assertEquals("SENT count=" + messages + " markers=2", producer.awaitLine("SENT ", STARTUP.plus(TRANSFER)),
            processes.outputs());
        assertEquals(0, producer.awaitExit(STARTUP), "publisher exit status" + processes.outputs());

        final String shares = ConsumedOnce.assertEachConsumedOnce(processes, consumers, names, files, messages,
            TRANSFER);
        System.out.println("shared subscription across hosts, " + loss + " % loss:" + shares);
        finish(hosts, loss);
    }

    /** Each of 0..last once, in order; a message seen again only if marked redelivered. */
    private static void assertOnceInOrderOrMarkedRedelivered(final String output, final int last)
    {
        int next = 0;
        for (final String line : output.split("\n"))
        {
            if (line.startsWith("got "))
            {
                final String[] parts = line.trim().split(" ");
                final int seq = Integer.parseInt(parts[1]);
                if (seq == next)
                {
                    next++;
                }
                else
                {
                    assertTrue(seq < next && Boolean.parseBoolean(parts[2]),
                        "message " + seq + " where " + next + " was due, not a marked redelivery:\n" + output);
                }
            }
        }
        assertEquals(last + 1, next, "messages received in order:\n" + output);
    }

    private ChildJvm start(final String name, final String host, final ThreeHosts hosts, final String mainClass,
        final String... args) throws Exception
    {
        return processes.start(name,
            Api.JAVAX.command(mainClass).launcher(hosts.host(host).launcher()).args(args));
    }

    /** Runs a {@code DurableClientMain} role to its end: {@code done}, exit status 0. */
    private ChildJvm durableClient(final String name, final String host, final ThreeHosts hosts, final String... args)
        throws Exception
    {
        final ChildJvm client = start(name, host, hosts, DURABLE_CLIENT, args);
        client.awaitLine("done", TRANSFER);
        assertEquals(0, client.awaitExit(STARTUP), name + " exit status" + processes.outputs());
        return client;
    }

    private static void finish(final ThreeHosts hosts, final int loss) throws InterruptedException
    {
        if (loss > 0)
        {
            assertTrue(hosts.retransmitsSent(ThreeHosts.ALPHA) + hosts.retransmitsSent(ThreeHosts.SERVER) > 0,
                "no retransmit over " + hosts.network().describe());
        }
        hosts.stop();
    }
}
