package io.wirespeed.it.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * Durability with real processes and SIGKILL: the driver process runs the archive and the queue
 * host; subscribers, publishers and the driver itself are killed mid-stream and started again.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DurabilityAcrossProcessesTest
{
    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path archiveDir;

    @Test
    void aDurableSubscriberKilledMidStreamResumesFromItsLastAcknowledgement() throws Exception
    {
        final String uri = startDriver().uri;
        KilledSubscriber.check(processes, () -> uri);
    }

    @Test
    void persistentMessagesSentBeforeTheDriverWasKilledAreDeliveredAfterItsRestart() throws Exception
    {
        final Driver driver = startDriver();
        final String topic = "durable.crash." + UUID.randomUUID();
        final String queue = "durable.crash.queue." + UUID.randomUUID();
        final ChildJvm subscription = client("create-subscription", "subscribe", driver.uri, "crash", topic,
            "-1");
        assertEquals(0, subscription.awaitExit(Duration.ofSeconds(60)), subscription.output());

        final ChildJvm topicPublisher =
            client("topic-publisher", "publish", driver.uri, "topic", topic, "0", "499");
        final ChildJvm queuePublisher =
            client("queue-publisher", "publish", driver.uri, "queue", queue, "0", "499");
        topicPublisher.awaitLine("sent 499", Duration.ofSeconds(60));
        queuePublisher.awaitLine("sent 499", Duration.ofSeconds(60));
        driver.process.killForcibly(Duration.ofSeconds(10));
        topicPublisher.killForcibly(Duration.ofSeconds(10));
        queuePublisher.killForcibly(Duration.ofSeconds(10));

        final Driver restarted = startDriver();
        final ChildJvm subscriber = client("subscriber", "subscribe", restarted.uri, "crash", topic, "499");
        final ChildJvm consumer = client("queue-consumer", "consume", restarted.uri, queue, "499");
        subscriber.awaitLine("done", Duration.ofSeconds(90));
        consumer.awaitLine("done", Duration.ofSeconds(90));
        final Map<Integer, Boolean> topicMessages = KilledSubscriber.got(subscriber.output());
        final Map<Integer, Boolean> queueMessages = KilledSubscriber.got(consumer.output());
        for (int i = 0; i < 500; i++)
        {
            assertTrue(topicMessages.containsKey(i), "topic message " + i + " was lost:\n" + subscriber.output());
            assertTrue(queueMessages.containsKey(i), "queue message " + i + " was lost:\n" + consumer.output());
        }
    }

    private Driver startDriver() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes, Map.of(
            "wirespeed.driver.timeout", "2s",
            "wirespeed.archive.enabled", "true",
            "wirespeed.archive.dir", archiveDir.toString(),
            "wirespeed.archive.segment.length", "1m"));
        return new Driver(driver.process(), driver.ipcUri() + "&driverTimeout=2000");
    }

    private ChildJvm client(final String name, final String... args) throws Exception
    {
        return KilledSubscriber.client(processes, name, args);
    }

    private record Driver(ChildJvm process, String uri)
    {
    }
}
