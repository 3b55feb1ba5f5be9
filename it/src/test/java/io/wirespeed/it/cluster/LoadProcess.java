package io.wirespeed.it.cluster;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.netns.NamespaceNetwork;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link QueueLoadMain}'s process on a host of its own, as a test sees it: how many sends it has confirmed so far,
 * and at the end what its consumers saw, checked.
 */
final class LoadProcess
{
    /** How long each step may take: the confirmations a test waits for, the clients' start. */
    static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Pattern OUTCOME = Pattern.compile(" missing=(\\d+) cameAgain=(\\d+) problems=\\[(.*)] " +
        "failure=(.*) missingByProducer=");

    private static final Pattern BY_PRODUCER = Pattern.compile(" (\\w+)=(\\d+)");

    private final ChildJvms jvms;
    private final ChildJvm process;
    private int settles;

    private LoadProcess(final ChildJvms jvms, final ChildJvm process)
    {
        this.jvms = jvms;
        this.process = process;
    }

    /**
     * Starts the load on the {@link MemberProcesses#CLIENTS_HOST} of a network, as clients of the cluster in its
     * other hosts, and waits until it confirmed some sends.
     *
     * @param jvms    the test's child JVMs.
     * @param network the network.
     * @param cluster the cluster.
     * @param first   how many sends to wait for.
     * @return the running load.
     * @throws Exception if it does not start or confirm them in time.
     */
    static LoadProcess start(final ChildJvms jvms, final NamespaceNetwork network, final MemberProcesses cluster,
        final int first) throws Exception
    {
        final LoadProcess load = new LoadProcess(jvms, jvms.start("clients", JvmCommand.small(QueueLoadMain.class)
            .launcher(network.host(MemberProcesses.CLIENTS_HOST).launcher()).args(cluster.clientUri(), "orders")));
        load.process.awaitLine(QueueLoadMain.STARTED, DEADLINE);
        load.awaitConfirmed(first, "at the start");
        return load;
    }

    /** @return how many sends (and committed messages) it confirmed by its last report. */
    int confirmed()
    {
        final String report = lastReport();
        final int space = report.indexOf(' ');
        return report.isEmpty() ? 0 : Integer.parseInt(space < 0 ? report : report.substring(0, space));
    }

    /** @return the number of the last confirmed message of each producer by its last report (none before one). */
    Map<String, Integer> confirmedByProducer()
    {
        final Map<String, Integer> confirmed = new TreeMap<>();
        final Matcher producer = BY_PRODUCER.matcher(lastReport());
        while (producer.find())
        {
            confirmed.put(producer.group(1), Integer.parseInt(producer.group(2)));
        }
        return confirmed;
    }

    /** @return what follows {@link QueueLoadMain#CONFIRMED} on its last such line, or "" before the first. */
    private String lastReport()
    {
        final String output = process.output();
        final int last = output.lastIndexOf(QueueLoadMain.CONFIRMED);
        if (last < 0)
        {
            return "";
        }
        final int end = output.indexOf('\n', last);
        return output.substring(last + QueueLoadMain.CONFIRMED.length(), end < 0 ? output.length() : end).trim();
    }

    /**
     * Waits until each producer confirmed more than it had (the transacted one a commit more), and fails the test if
     * that takes longer than {@link #DEADLINE}.
     *
     * @param before each producer's confirmed count before, {@link #confirmedByProducer()}.
     * @param when   when, for the failure's message.
     */
    void awaitEachProducerConfirmedMore(final Map<String, Integer> before, final String when)
    {
        try
        {
            Await.until("each producer's sends to return again " + when, DEADLINE, () ->
            {
                final Map<String, Integer> now = confirmedByProducer();
                return !before.isEmpty() && before.entrySet().stream()
                    .allMatch((e) -> now.getOrDefault(e.getKey(), 0) > e.getValue());
            });
        }
        catch (final AssertionError ex)
        {
            fail("each producer's confirmed sends were " + before + ", and are " + confirmedByProducer() + " " +
                when + jvms.outputs(), ex);
        }
    }

    /**
     * Makes sure that the acknowledgements its CLIENT_ACKNOWLEDGE consumer made so far are in the cluster's log
     * ({@link QueueLoad#settleAcknowledgements}): from then on one of their messages coming again is a problem that
     * {@link #stopAndCheck} reports. Call it while the cluster's leader stays.
     *
     * @return how many acknowledgements it settled.
     * @throws InterruptedException if interrupted while waiting.
     */
    int settleAcknowledgements() throws InterruptedException
    {
        settles++;
        process.sendLine(QueueLoadMain.SETTLE);
        final String line = process.awaitLine(QueueLoadMain.SETTLED + settles + " ", DEADLINE);
        final String settled = line.substring((QueueLoadMain.SETTLED + settles + " ").length()).trim();
        assertTrue(settled.matches("\\d+"), () -> "the acknowledgements are settled: " + line + jvms.outputs());
        return Integer.parseInt(settled);
    }

    /**
     * Waits until it confirmed a number of sends, and fails the test if that takes longer than {@link #DEADLINE}.
     *
     * @param count how many.
     * @param when  when, for the failure's message.
     */
    void awaitConfirmed(final int count, final String when)
    {
        try
        {
            Await.until(count + " sends confirmed " + when, DEADLINE, () -> confirmed() >= count);
        }
        catch (final AssertionError ex)
        {
            fail(confirmed() + " of " + count + " sends confirmed " + when + jvms.outputs(), ex);
        }
    }

    /**
     * Waits until it confirmed a number of sends more than so far, showing that the load goes on, then
     * {@link #stopAndCheck}s it.
     *
     * @param more how many more sends to wait for.
     * @param what what happened, for the line printed and the failure's message.
     * @return the load's result line.
     * @throws InterruptedException if interrupted while waiting.
     */
    String goesOnThenStopAndCheck(final int more, final String what) throws InterruptedException
    {
        awaitConfirmed(confirmed() + more, "at the end (" + what + ")");
        return stopAndCheck(what);
    }

    /**
     * Stops the producers, waits until the consumers consumed what was confirmed, and checks that every confirmed
     * message was consumed, none came twice unmarked or out of its producer's order, and no exception reached the
     * application.
     *
     * @param what what happened, for the line printed and the failure's message.
     * @return the load's result line.
     * @throws InterruptedException if interrupted while waiting.
     */
    String stopAndCheck(final String what) throws InterruptedException
    {
        process.sendLine(QueueLoadMain.STOP);
        final String result = process.awaitLine(QueueLoadMain.RESULT, QueueLoadMain.DRAIN.plus(DEADLINE));
        System.out.println(what + ": " + result);
        // its runtime's exit removes its driver's directory: killed after the test, it would leave it behind
        assertEquals(0, process.awaitExit(DEADLINE), () -> "the clients' exit status" + jvms.outputs());
        final Matcher outcome = OUTCOME.matcher(result);
        assertTrue(outcome.find(), result);
        assertEquals("null", outcome.group(4), () -> "no exception reaches the application (" + what + "): " +
            result + jvms.outputs());
        assertEquals("0", outcome.group(1), () -> "every confirmed message is consumed (" + what + "): " + result +
            jvms.outputs());
        assertEquals("", outcome.group(3), () -> "nothing twice unmarked or out of order (" + what + "): " + result +
            jvms.outputs());
        return result;
    }
}
