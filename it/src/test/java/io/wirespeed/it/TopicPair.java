package io.wirespeed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.test.ChildJvms;

/**
 * One publisher process and one subscriber process on a topic: the subscriber starts first and
 * reports READY, then the publisher handshakes, publishes and waits for the subscriber's verdict
 * (the protocol is in {@link io.wirespeed.it.child.Protocol}). Asserts that both exit with 0 and that
 * the subscriber received exactly the count and CRC32 the publisher sent.
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
     * @param api     the JMS API the process is written against.
     * @param uri     its connection URI.
     * @param jvmArgs extra JVM arguments.
     */
    record Side(Api api, String uri, List<String> jvmArgs)
    {
        Side(final Api api, final String uri)
        {
            this(api, uri, List.of());
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
        final String topic = "it.topic." + UUID.randomUUID();
        final ChildJvm sub = start(processes, "subscriber (" + subscriber.api + ")", subscriber,
            Api.SUBSCRIBER, subscriber.uri, topic);
        sub.awaitLine("READY", STARTUP);

        final ChildJvm pub = start(processes, "publisher (" + publisher.api + ")", publisher,
            Api.PUBLISHER, publisher.uri, topic, Long.toString(count));
        final String sent = pub.awaitLine("SENT ", STARTUP.plus(TRANSFER));
        final String confirmed = pub.awaitLine("CONFIRMED", TRANSFER);
        assertEquals(0, pub.awaitExit(EXIT), "publisher exit status" + processes.outputs());

        final String received = sub.awaitLine("RECEIVED ", EXIT);
        assertEquals(
            sent.replace("SENT ", "RECEIVED "), received, "what the subscriber received" + processes.outputs());
        assertEquals("SENT count=" + count, sent.substring(0, sent.indexOf(" crc=")), processes.outputs());
        sub.awaitLine("VERIFIED", EXIT);
        sub.closeInput();
        assertEquals(0, sub.awaitExit(EXIT), "subscriber exit status" + processes.outputs());
        System.out.println(
            publisher.api + " publisher -> " + subscriber.api + " subscriber, " + sent + ": " + confirmed);
    }

    private static ChildJvm start(final ChildJvms processes, final String name, final Side side,
        final String mainClass, final String... args) throws IOException
    {
        return processes.start(name, side.api.command(mainClass).jvmOptions(side.jvmArgs).args(args));
    }
}
