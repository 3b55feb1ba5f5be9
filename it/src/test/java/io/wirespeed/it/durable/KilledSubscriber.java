package io.wirespeed.it.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.Api;
import io.wirespeed.test.ChildJvms;

/**
 * A durable subscriber ({@link DurableClientMain}, CLIENT_ACKNOWLEDGE) killed with SIGKILL mid-stream while a publisher
 * process sends 2,000 PERSISTENT messages, and started again: it resumes from its last acknowledgement, loses nothing,
 * and what comes again is marked redelivered. Run against the single host ({@link DurabilityAcrossProcessesTest}) and
 * a three-member cluster ({@code io.wirespeed.it.cluster.ClientKillsOnAClusterTest}).
 */
public final class KilledSubscriber
{
    private KilledSubscriber()
    {
    }

    /**
     * Runs the kill and checks what each subscriber got.
     *
     * @param processes the test's child JVMs.
     * @param uris      gives each process its connection URI (each may need a driver directory of its own).
     * @throws Exception if a process fails.
     */
    public static void check(final ChildJvms processes, final Supplier<String> uris) throws Exception
    {
        final String topic = "durable.kill." + UUID.randomUUID();
        final ChildJvm first = client(processes, "subscriber-1", "subscribe", uris.get(), "killed", topic, "1999");
        first.awaitLine("ready", Duration.ofSeconds(60));
        final ChildJvm publisher = client(processes, "publisher", "publish", uris.get(), "topic", topic, "0", "1999");
        first.awaitLine("acked 300", Duration.ofSeconds(60));
        first.killForcibly(Duration.ofSeconds(10));
        publisher.awaitLine("done", Duration.ofSeconds(60));

        final ChildJvm second = client(processes, "subscriber-2", "subscribe", uris.get(), "killed", topic, "1999");
        second.awaitLine("done", Duration.ofSeconds(90));
        // Read the killed one's output only now: lines it wrote just before dying may still be in the pipe.
        final Map<Integer, Boolean> gotFirst = got(first.output());
        final Set<Integer> ackedFirst = lines(first.output(), "acked");
        final Set<Integer> ackingFirst = lines(first.output(), "acking");
        final Map<Integer, Boolean> gotSecond = got(second.output());
        assertEquals(0, second.awaitExit(Duration.ofSeconds(30)));

        final List<Integer> missing = new ArrayList<>();
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

    /**
     * Starts a {@link DurableClientMain} process.
     *
     * @param processes the test's child JVMs.
     * @param name      what to call it.
     * @param args      its role and arguments.
     * @return the process.
     * @throws Exception if it does not start.
     */
    static ChildJvm client(final ChildJvms processes, final String name, final String... args) throws Exception
    {
        return processes.start(name, Api.JAVAX.command(DurableClientMain.class.getName()).args(args));
    }

    /**
     * What a {@link DurableClientMain} got, from its output.
     *
     * @param output its output.
     * @return each message's number, with whether it came marked redelivered.
     */
    static Map<Integer, Boolean> got(final String output)
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
}
