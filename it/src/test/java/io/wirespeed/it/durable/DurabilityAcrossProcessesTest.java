package io.wirespeed.it.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * Durability with real processes and SIGKILL: the driver process runs the archive and the queue
 * host; subscribers, publishers and the driver itself are killed mid-stream and started again.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DurabilityAcrossProcessesTest
{
    private static final String CLIENT = "io.wirespeed.it.durable.DurableClientMain";

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @TempDir
    Path archiveDir;

    @Test
    void aDurableSubscriberKilledMidStreamResumesFromItsLastAcknowledgement() throws Exception
    {
        final String uri = startDriver().uri;
        final String topic = "durable.kill." + UUID.randomUUID();
        final ChildJvm first = client("subscriber-1", "subscribe", uri, "killed", topic, "1999");
        first.awaitLine("ready", Duration.ofSeconds(60));
        final ChildJvm publisher = client("publisher", "publish", uri, "topic", topic, "0", "1999");
        first.awaitLine("acked 300", Duration.ofSeconds(60));
        first.killForcibly(Duration.ofSeconds(10));
        publisher.awaitLine("done", Duration.ofSeconds(60));

        final ChildJvm second = client("subscriber-2", "subscribe", uri, "killed", topic, "1999");
        second.awaitLine("done", Duration.ofSeconds(90));
        // Read the killed one's output only now: lines it wrote just before dying may still be in the pipe.
        final Map<Integer, Boolean> gotFirst = got(first.output());
        final Set<Integer> ackedFirst = lines(first.output(), "acked");
        final Set<Integer> ackingFirst = lines(first.output(), "acking");
        final Map<Integer, Boolean> gotSecond = got(second.output());
        assertEquals(0, second.awaitExit(Duration.ofSeconds(30)));

        final List<Integer> missing = new java.util.ArrayList<>();
        for (int i = 0; i < 2000; i++)
        {
            if (!(ackedFirst.contains(i) || ackingFirst.contains(i) || gotSecond.containsKey(i)))
            {
                missing.add(i);
            }
        }
        assertTrue(missing.isEmpty(), "lost " + missing + "; second got first " +
            gotSecond.keySet().stream().sorted().limit(5).toList() + "; first got last " +
            gotFirst.keySet().stream().sorted().skip(Math.max(0, gotFirst.size() - 3)).toList());
        for (int i = 0; i < 2000; i++)
        {
            // An acknowledgement the first subscriber started but did not report may have reached the host.
            assertTrue(ackedFirst.contains(i) || ackingFirst.contains(i) || gotSecond.containsKey(i),
                "message " + i + " was lost; first acknowledged " + ackedFirst.size() + ", second got " +
                gotSecond.size());
        }
        for (final Map.Entry<Integer, Boolean> again : gotSecond.entrySet())
        {
            if (gotFirst.containsKey(again.getKey()))
            {
                assertTrue(again.getValue(), "message " + again.getKey() + " came again without JMSRedelivered");
            }
        }
        assertTrue(gotSecond.keySet().stream().noneMatch(ackedFirst::contains) ||
            gotSecond.entrySet().stream().filter(e -> ackedFirst.contains(e.getKey())).allMatch(Map.Entry::getValue),
            "an acknowledged message came again unmarked");
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
        final Map<Integer, Boolean> topicMessages = got(subscriber.output());
        final Map<Integer, Boolean> queueMessages = got(consumer.output());
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
        return processes.start(name, Api.JAVAX.command(CLIENT).args(args));
    }

    private static Map<Integer, Boolean> got(final String output)
    {
        final Map<Integer, Boolean> got = new HashMap<>();
        for (final String line : output.split("\n"))
        {
            final String[] parts = line.trim().split(" ");
            if (parts.length == 3 && "got".equals(parts[0]))
            {
                final int i = Integer.parseInt(parts[1]);
                if (got.put(i, Boolean.parseBoolean(parts[2])) != null && !Boolean.parseBoolean(parts[2]))
                {
                    throw new AssertionError("message " + i + " came twice, the second time unmarked");
                }
            }
        }
        return got;
    }

    private static Set<Integer> lines(final String output, final String word)
    {
        final Set<Integer> acked = new HashSet<>();
        for (final String line : output.split("\n"))
        {
            final String[] parts = line.trim().split(" ");
            if (parts.length == 2 && word.equals(parts[0]))
            {
                acked.add(Integer.parseInt(parts[1]));
            }
        }
        return acked;
    }

    private record Driver(ChildJvm process, String uri)
    {
    }
}
