package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.Queue;
import javax.jms.Session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Issue 24's {@code FullRestartTest}, on loopback: three {@code wirespeed-driver} processes as the members of a
 * clustered queue host ({@link MemberProcesses}), two producers (synchronous PERSISTENT sends; PERSISTENT sends
 * transacted in batches of ten) and two consumers (AUTO_ACKNOWLEDGE, CLIENT_ACKNOWLEDGE acknowledging every tenth) in
 * this JVM naming the members ({@code host=A:P,B:P,C:P}, the default {@code failoverTimeout} of 30 s). Under that load
 * all three members' processes are killed at once (SIGKILL) and started again at once in their directories; later all
 * three are stopped at once (SIGTERM) and started again. After each restart the connected clients carry on: no
 * exception reaches the application, sends return again, every message whose send (or commit) returned is consumed,
 * none comes twice unmarked, and none whose CLIENT_ACKNOWLEDGE acknowledgement was known to be committed before
 * the stop comes again. Durable subscriptions are not part of it ({@link DurableSubscriptionAcrossFailoverTest} has
 * them across a leader kill).
 * The same restarts with the layout issue 24 asks for (the members in three network namespaces, the load in a process
 * in a fourth): {@link RestartsAcrossHostsTest}.
 * Left out where network namespaces can be made: {@link RestartsAcrossHostsTest} runs the same scenario across
 * hosts there ({@link MemberProcesses#loopbackTwinCovered()}; {@code -Dwirespeed.it.loopbackTwins=true} runs it
 * anyway).
 */
@SlowTest
@DisabledIf("io.wirespeed.it.cluster.MemberProcesses#loopbackTwinCovered")
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class FullRestartTest
{
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    /** Sends confirmed before each stop, and after each restart. */
    private static final int STEP = 200;
    private static final int BATCH = 10;

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    private final QueueLoad load = new QueueLoad();

    @Test
    void everyConfirmedMessageComesBackAndClientsResumeWhenAllMembersAreKilledOrStoppedAtOnce() throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(jvms, temp);
            Connection producing = load.connect(cluster.clientUri());
            Connection consuming = load.connect(cluster.clientUri()))
        {
            final List<Thread> producers = load.startSyncAndTransacted(producing, consuming, "orders", BATCH);
            final Session settling = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue settled = settling.createQueue("settled");

            awaitConfirmed(STEP, "before the kill");
            final int settledAtKill = load.settleAcknowledgements(settling, settled);
            final long killMs = restart(cluster, "after all three were killed and started again", true);

            final int settledAtStop = load.settleAcknowledgements(settling, settled);
            final long stopMs = restart(cluster, "after all three were stopped and started again", false);

            load.stopAndJoin(producers, DEADLINE);
            assertNull(load.failure(), () -> "no exception reaches the application: " + load.failure() +
                jvms.outputs());
            load.awaitConsumed(load.confirmed(), "at the end", DEADLINE, jvms);
            assertEquals(List.of(), load.problems());
            System.out.println("FullRestartTest: all three members killed (" + settledAtKill + " acknowledgements " +
                "settled before) and started again: sends returned again " + killMs + " ms after the kill; all " +
                "three stopped (" + settledAtStop + " settled before) and started again: " + stopMs + " ms after " +
                "the SIGTERM; confirmed " + load.confirmed() + ", all consumed, " + load.cameAgain() +
                " came again, marked");
        }
    }

    /**
     * Stops all three members at once, SIGKILL or SIGTERM, starts them again at once, waits until both producers'
     * sends return again and every message confirmed before the stop was consumed.
     *
     * @return the milliseconds from the stop until both producers' sends returned again.
     */
    private long restart(final MemberProcesses cluster, final String when, final boolean kill) throws Exception
    {
        final Map<String, Integer> before = load.confirmed();
        final long stoppedNs = System.nanoTime();
        cluster.stopAllAndRestart(kill);
        final long resumedMs = Await.value("both producers' sends to return again " + when, DEADLINE, () ->
            (load.confirmed().get("sync") > before.get("sync") + 1 &&
            load.confirmed().get("transacted") > before.get("transacted") + BATCH) || null != load.failure() ?
            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedNs) : null);
        awaitConfirmed(load.confirmedTotal() + STEP, when);
        load.awaitConsumed(before, when, DEADLINE, jvms);
        return resumedMs;
    }

    private void awaitConfirmed(final int count, final String when)
    {
        load.awaitConfirmed(load::confirmedTotal, count, when, DEADLINE, jvms);
    }
}
