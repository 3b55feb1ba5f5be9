package io.wirespeed.it.queue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

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
    private static final Duration TRANSFER = Duration.ofSeconds(100);

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
        final String shares = ConsumedOnce.competing(processes, reports, driver::ipcUri, consumeFrom, produceTo, modes,
            messages, TRANSFER);
        System.out.println("competing consumers on " + consumeFrom + ", " + messages + " messages, shares:" + shares);

        driver.stopCleanly();
    }
}
