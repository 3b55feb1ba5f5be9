package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.it.queue.ConsumedOnce;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

/**
 * {@code CompetingConsumersAcrossProcessesTest} against a clustered queue host: three {@code wirespeed-driver}
 * processes as its members on loopback ({@link MemberProcesses}), consumer processes in three styles (receive with
 * AUTO_ACKNOWLEDGE, receive with CLIENT_ACKNOWLEDGE, a listener) competing for one queue, then two sharing a topic's
 * subscription, and a producer process sending synchronous PERSISTENT messages: every message consumed exactly once
 * across them. Fewer messages than on the single host: each send waits for the cluster's commit.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CompetingConsumersOnAClusterTest
{
    private static final int MESSAGES = 2_000;
    private static final Duration TRANSFER = Duration.ofSeconds(100);

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path temp;

    @Test
    void threeConsumerProcessesShareAQueuesMessagesEachConsumedExactlyOnceNoneLost() throws Exception
    {
        final String queue = "it.cluster.competing." + UUID.randomUUID();
        assertEachMessageConsumedOnce(queue, queue, List.of("auto", "client", "listener"));
    }

    @Test
    void twoProcessesSharingATopicSubscriptionEachGetADistinctShareOfEveryMessage() throws Exception
    {
        final String topic = "it.cluster.shared." + UUID.randomUUID();
        assertEachMessageConsumedOnce("shared:workers:" + topic, "topic:" + topic, List.of("auto", "listener"));
    }

    private void assertEachMessageConsumedOnce(final String consumeFrom, final String produceTo,
        final List<String> modes) throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(processes, temp.resolve("members")))
        {
            cluster.awaitLeader(MemberProcesses.START);
            final String shares = ConsumedOnce.competing(processes, temp, cluster::clientUri, consumeFrom, produceTo,
                modes, MESSAGES, TRANSFER);
            System.out.println("CompetingConsumersOnAClusterTest: on " + consumeFrom + ", " + MESSAGES +
                " messages, shares:" + shares);
        }
    }
}
