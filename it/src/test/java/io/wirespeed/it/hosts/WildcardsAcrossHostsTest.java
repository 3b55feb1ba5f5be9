package io.wirespeed.it.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.Api;
import io.wirespeed.it.child.TopicFamilyPublisherMain;
import io.wirespeed.it.child.WildcardConsumerMain;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.NamespaceNetworks;
import io.wirespeed.test.SlowTest;

/**
 * Wildcard consumers on one host ({@link ThreeHosts#BETA}) and a publisher of a family of topics on another
 * ({@link ThreeHosts#ALPHA}), each process with its host's own driver: the family's {@code m.*} topics travel by UDP
 * multicast (the default channel), its {@code u.>} topics by UDP unicast to the consumers' host (a route). A
 * {@code >} consumer receives every topic of the family on both channels, those published before it started and
 * those that appear later; a {@code *} consumer with a selector receives only its segment's topics and only the
 * messages its selector passes; every message names its concrete topic; and the consumers' connection learns the
 * publisher's topics through topic resolution across the network until their advertisements expire.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class WildcardsAcrossHostsTest
{
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final int UNICAST_PORT = 40_470;
    private static final AtomicInteger QUESTIONS = new AtomicInteger();

    @RegisterExtension
    final NamespaceNetworks networks = new NamespaceNetworks();

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void wildcardConsumersReceiveAndResolveAnotherHostsTopicsOverMulticastAndUnicast() throws Exception
    {
        final ThreeHosts hosts = ThreeHosts.start(networks, processes, 0);
        final String family = "it.wc." + UUID.randomUUID().toString().substring(0, 8);
        final String options = "&resolutionInterval=200&route." + family + ".u.>=aeron:udp?endpoint=" +
            hosts.host(ThreeHosts.BETA).address() + ":" + UNICAST_PORT;
        final String other = "it.other." + family.substring("it.wc.".length());
        final ChildJvm publisher = processes.start("family publisher on alpha",
            Api.JAVAX.command(TopicFamilyPublisherMain.class.getName())
                .launcher(hosts.host(ThreeHosts.ALPHA).launcher())
                .args(hosts.topicUri(ThreeHosts.ALPHA) + options, family + ".m.a", family + ".m.b",
                    family + ".u.x.y", other));
        publisher.awaitLine("PUBLISHING", STARTUP);

        final String beta = hosts.topicUri(ThreeHosts.BETA) + options;
        final ChildJvm everything = consumer(hosts, "'>' consumer on beta", beta, family + ".>");
        final ChildJvm evenOnes = consumer(hosts, "'*' consumer with a selector on beta", beta, family + ".m.*",
            "even = TRUE");

        awaitTopics(everything, family + ".m.a", family + ".m.b", family + ".u.x.y");
        awaitTopics(evenOnes, family + ".m.a", family + ".m.b");
        publisher.sendLine("ADD " + family + ".m.late");
        publisher.sendLine("ADD " + family + ".u.late");
        publisher.awaitLine("ADDED " + family + ".u.late", STARTUP);
        awaitTopics(everything, family + ".m.late", family + ".u.late");
        awaitTopics(evenOnes, family + ".m.late");

        final Set<String> published = Set.of(family + ".m.a", family + ".m.b", family + ".u.x.y", other,
            family + ".m.late", family + ".u.late");
        Await.until("the consumers' connection to resolve the publisher's topics" + processes.outputs(),
            () -> resolved(everything).equals(published));

        publisher.closeInput();
        assertEquals(0, publisher.awaitExit(STARTUP), "publisher exit status" + processes.outputs());
        Await.until("the advertisements to expire once the publisher has gone" + processes.outputs(),
            () -> resolved(everything).isEmpty());

        for (final ChildJvm consumer : List.of(everything, evenOnes))
        {
            consumer.closeInput();
            assertEquals(0, consumer.awaitExit(STARTUP), consumer.name() + " exit status" + processes.outputs());
            assertFalse(consumer.output().contains("WRONG"), consumer.name() + " got a message it should not have:\n" +
                consumer.output());
        }
        assertFalse(evenOnes.output().contains("TOPIC " + family + ".u."),
            "the '*' consumer of m.* received a u. topic:\n" + evenOnes.output());
        hosts.stop();
    }

    private ChildJvm consumer(final ThreeHosts hosts, final String name, final String uri, final String... args)
        throws Exception
    {
        final String[] all = new String[args.length + 1];
        all[0] = uri;
        System.arraycopy(args, 0, all, 1, args.length);
        final ChildJvm consumer = processes.start(name, Api.JAVAX.command(WildcardConsumerMain.class.getName())
            .launcher(hosts.host(ThreeHosts.BETA).launcher()).args(all));
        consumer.awaitLine("READY", STARTUP);
        return consumer;
    }

    private static void awaitTopics(final ChildJvm consumer, final String... topics) throws InterruptedException
    {
        for (final String topic : topics)
        {
            consumer.awaitLine("TOPIC " + topic, STARTUP);
        }
    }

    /** Asks a consumer for the topics its connection has resolved, and returns its answer. */
    private static Set<String> resolved(final ChildJvm consumer)
    {
        final String question = "RESOLVED " + QUESTIONS.incrementAndGet();
        consumer.sendLine(question);
        try
        {
            final String answer = consumer.awaitLine(question + " [", STARTUP);
            final String names = answer.substring(answer.indexOf('[') + 1, answer.lastIndexOf(']'));
            return names.isEmpty() ? Set.of() : new TreeSet<>(Arrays.asList(names.split(",")));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }
}
