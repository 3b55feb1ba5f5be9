package io.wirespeed.it.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.Api;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * Consumer processes competing for one queue hosted by the external driver process: every message
 * goes to exactly one of them, and none is lost.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CompetingConsumersAcrossProcessesTest
{
    private static final int MESSAGES = 100_000;
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration TRANSFER = Duration.ofSeconds(100);
    private static final Duration EXIT = Duration.ofSeconds(30);

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path reports;

    /**
     * Three consumer JVMs, each in another style (receive with AUTO_ACKNOWLEDGE, receive with
     * CLIENT_ACKNOWLEDGE every thousand messages, a listener with AUTO_ACKNOWLEDGE), all with the
     * default prefetch of 100, start first and say READY; then a producer JVM sends 100,000 sequenced
     * messages and three end markers, and exits. Each consumer stops at its end marker and reports the
     * sequence numbers it consumed.
     */
    @Test
    void threeConsumerProcessesShare100000MessagesEachConsumedExactlyOnceNoneLost() throws Exception
    {
        final String queue = "it.queue.competing." + UUID.randomUUID();
        assertEachMessageConsumedOnce(queue, queue, List.of("auto", "client", "listener"), MESSAGES);
    }

    /**
     * Two consumer JVMs share one subscription of a topic (createSharedConsumer, same name): every
     * message published to the topic goes to exactly one of them.
     */
    @Test
    void twoProcessesSharingATopicSubscriptionEachGetADistinctShareOfEveryMessage() throws Exception
    {
        final String topic = "it.topic.shared." + UUID.randomUUID();
        assertEachMessageConsumedOnce("shared:workers:" + topic, "topic:" + topic, List.of("auto", "listener"), 20_000);
    }

    private void assertEachMessageConsumedOnce(
        final String consumeFrom, final String produceTo, final List<String> modes, final int messages)
        throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes);
        final List<ChildJvm> consumers = new ArrayList<>();
        final List<Path> files = new ArrayList<>();
        for (final String mode : modes)
        {
            final Path file = reports.resolve("consumed-" + mode + ".bin");
            files.add(file);
            consumers.add(processes.start("consumer (" + mode + ")",
                Api.JAVAX.command(QueueConsumerMain.class.getName())
                    .args(driver.ipcUri(), consumeFrom, mode, file.toString())));
        }
        for (final ChildJvm consumer : consumers)
        {
            consumer.awaitLine("READY", STARTUP);
        }

        final ChildJvm producer = processes.start("producer", Api.JAVAX.command(QueueProducerMain.class.getName())
            .args(driver.ipcUri(), produceTo, Integer.toString(messages), Integer.toString(modes.size())));
        assertEquals(
            "SENT count=" + messages + " markers=" + modes.size(), producer.awaitLine("SENT ", STARTUP.plus(TRANSFER)));
        assertEquals(0, producer.awaitExit(EXIT), "producer exit status" + processes.outputs());

        final String shares = ConsumedOnce.assertEachConsumedOnce(processes, consumers, modes, files, messages,
            TRANSFER);
        System.out.println("competing consumers on " + consumeFrom + ", " + messages + " messages, shares:" + shares);

        driver.stopCleanly();
    }
}
