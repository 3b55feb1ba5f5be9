package io.wirespeed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.test.ChildJvms;

/**
 * One publisher process and one or more subscriber processes on a topic: the subscribers start first and
 * report READY, then the publisher handshakes with each, publishes and waits for every subscriber's verdict
 * (the protocol is in {@link io.wirespeed.it.child.Protocol}). Asserts that all exit with 0 and that
 * each subscriber received exactly the count and CRC32 the publisher sent.
 */
final class TopicPair
{
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration TRANSFER = Duration.ofSeconds(100);
    private static final Duration EXIT = Duration.ofSeconds(30);

    private TopicPair()
    {
    }

    /**
     * One side of the pair.
     *
     * @param api      the JMS API the process is written against.
     * @param uri      its connection URI.
     * @param jvmArgs  extra JVM arguments.
     * @param launcher what runs its JVM, e.g. a host's {@code ip netns exec <namespace>}; empty for none.
     */
    record Side(Api api, String uri, List<String> jvmArgs, List<String> launcher)
    {
        Side(final Api api, final String uri)
        {
            this(api, uri, List.of(), List.of());
        }

        Side(final Api api, final String uri, final List<String> jvmArgs)
        {
            this(api, uri, jvmArgs, List.of());
        }
    }

    /**
     * Runs the pair to the end and checks the outcome.
     *
     * @param processes  where the processes are started.
     * @param publisher  the publishing side.
     * @param subscriber the subscribing side.
     * @param count      how many data messages.
     * @throws Exception if a process cannot be started or waiting is interrupted.
     */
    static void publishAndVerify(final ChildJvms processes, final Side publisher, final Side subscriber,
        final long count) throws Exception
    {
        publishAndVerify(processes, publisher, List.of(subscriber), count, "it.topic." + UUID.randomUUID());
    }

    /**
     * Runs one publisher and several subscribers to the end and checks that each subscriber received exactly what
     * the publisher sent, in order.
     *
     * @param processes   where the processes are started.
     * @param publisher   the publishing side.
     * @param subscribers the subscribing sides.
     * @param count       how many data messages.
     * @param topic       the topic (its reply topic is {@code <topic>.reply}).
     * @throws Exception if a process cannot be started or waiting is interrupted.
     */
    static void publishAndVerify(final ChildJvms processes, final Side publisher, final List<Side> subscribers,
        final long count, final String topic) throws Exception
    {
        final List<ChildJvm> subs = new ArrayList<>();
        for (final Side subscriber : subscribers)
        {
            subs.add(start(processes, "subscriber " + (subs.size() + 1) + " (" + subscriber.api + ")", subscriber,
                Api.SUBSCRIBER, subscriber.uri, topic));
        }
        for (final ChildJvm sub : subs)
        {
            sub.awaitLine("READY", STARTUP);
        }

        final ChildJvm pub = start(processes, "publisher (" + publisher.api + ")", publisher,
            Api.PUBLISHER, publisher.uri, topic, Long.toString(count), Integer.toString(subscribers.size()));
        final String sent = pub.awaitLine("SENT ", STARTUP.plus(TRANSFER));
        final String confirmed = pub.awaitLine("CONFIRMED", TRANSFER);
        assertEquals(0, pub.awaitExit(EXIT), "publisher exit status" + processes.outputs());
        assertEquals("SENT count=" + count, sent.substring(0, sent.indexOf(" crc=")), processes.outputs());

        for (final ChildJvm sub : subs)
        {
            final String received = sub.awaitLine("RECEIVED ", EXIT);
            assertEquals(sent.replace("SENT ", "RECEIVED "), received,
                "what " + sub.name() + " received" + processes.outputs());
            sub.awaitLine("VERIFIED", EXIT);
            sub.closeInput();
            assertEquals(0, sub.awaitExit(EXIT), sub.name() + " exit status" + processes.outputs());
        }
        System.out.println(publisher.api + " publisher -> " + subscribers.size() + " subscriber(s), " + sent + ": " +
            confirmed);
    }

    private static ChildJvm start(final ChildJvms processes, final String name, final Side side,
        final String mainClass, final String... args) throws IOException
    {
        return processes.start(name,
            side.api.command(mainClass).jvmOptions(side.jvmArgs).launcher(side.launcher).args(args));
    }
}
