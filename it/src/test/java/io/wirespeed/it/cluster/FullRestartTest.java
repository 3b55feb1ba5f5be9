package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.Connection;
import javax.jms.Queue;
import javax.jms.Session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Issue 24's {@code FullRestartTest}, on loopback: three {@code wirespeed-driver} processes as the members of a
 * clustered queue host ({@link LoopbackCluster}), two producers (synchronous PERSISTENT sends; PERSISTENT sends
 * transacted in batches of ten) and two consumers (AUTO_ACKNOWLEDGE, CLIENT_ACKNOWLEDGE acknowledging each) in this
 * JVM naming the members ({@code host=A:P,B:P,C:P}, the default {@code failoverTimeout} of 30 s). Under that load all
 * three members' processes are killed at once (SIGKILL) and started again at once in their directories; later all
 * three are stopped at once (SIGTERM) and started again. After each restart the connected clients carry on: no
 * exception reaches the application, sends return again, every message whose send (or commit) returned is consumed,
 * none comes twice unmarked, and none whose CLIENT_ACKNOWLEDGE acknowledgement was known to be committed before
 * the stop comes again. Durable subscriptions are not part of it: the clustered host has none yet (docs/queues.md).
 */
@SlowTest
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
    private final AtomicInteger syncConfirmed = new AtomicInteger();
    private final AtomicInteger transactedConfirmed = new AtomicInteger();

    @Test
    void everyConfirmedMessageComesBackAndClientsResumeWhenAllMembersAreKilledOrStoppedAtOnce() throws Exception
    {
        try (LoopbackCluster cluster = new LoopbackCluster(jvms, temp);
            Connection producing = load.connect(cluster.clientUri());
            Connection consuming = load.connect(cluster.clientUri()))
        {
            final Session autoSession = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Session clientSession = consuming.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            final Session settling = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = autoSession.createQueue("orders");
            final Queue settled = settling.createQueue("settled");
            load.listen(autoSession.createConsumer(queue), false);
            load.listen(clientSession.createConsumer(queue), true);
            consuming.start();
            final List<Thread> producers = List.of(
                load.producer("sync", producing.createSession(false, Session.AUTO_ACKNOWLEDGE), queue,
                    Integer.MAX_VALUE, BATCH, syncConfirmed),
                load.producer("transacted", producing.createSession(true, Session.SESSION_TRANSACTED), queue,
                    Integer.MAX_VALUE, BATCH, transactedConfirmed));
            producers.forEach(Thread::start);

            awaitConfirmed(STEP, "before the kill");
            final int settledAtKill = load.settleAcknowledgements(settling, settled);
            final long killMs = restart(cluster, "after all three were killed and started again", true);

            final int settledAtStop = load.settleAcknowledgements(settling, settled);
            final long stopMs = restart(cluster, "after all three were stopped and started again", false);

            load.stop();
            for (final Thread producer : producers)
            {
                producer.join(DEADLINE.toMillis());
            }
            assertNull(load.failure(), () -> "no exception reaches the application: " + load.failure() +
                jvms.outputs());
            load.awaitConsumed(confirmed(), "at the end", DEADLINE, jvms);
            assertEquals(List.of(), load.problems());
            System.out.println("FullRestartTest: all three members killed (" + settledAtKill + " acknowledgements " +
                "settled before) and started again: sends returned again " + killMs + " ms after the kill; all " +
                "three stopped (" + settledAtStop + " settled before) and started again: " + stopMs + " ms after " +
                "the SIGTERM; " + syncConfirmed.get() + " synchronous sends and " + transactedConfirmed.get() +
                " transacted ones confirmed, all consumed, " + load.cameAgain() + " came again, marked");
        }
    }

    /**
     * Stops all three members at once, SIGKILL or SIGTERM, starts them again at once, waits until both producers'
     * sends return again and every message confirmed before the stop was consumed.
     *
     * @return the milliseconds from the stop until both producers' sends returned again.
     */
    private long restart(final LoopbackCluster cluster, final String when, final boolean kill) throws Exception
    {
        final int sync = syncConfirmed.get();
        final int transacted = transactedConfirmed.get();
        final Map<String, Integer> confirmedBefore = confirmed();
        final long stoppedNs = System.nanoTime();
        if (kill)
        {
            cluster.killAll();
        }
        else
        {
            assertEquals(List.of(0, 0, 0), cluster.terminateAll(), () -> "SIGTERM stops each member cleanly" +
                jvms.outputs());
        }
        cluster.restartAll();
        final long resumedMs = Await.value("both producers' sends to return again " + when, DEADLINE, () ->
            (syncConfirmed.get() > sync + 1 && transactedConfirmed.get() > transacted + BATCH) ||
            null != load.failure() ? TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedNs) : null);
        awaitConfirmed(syncConfirmed.get() + transactedConfirmed.get() + STEP, when);
        load.awaitConsumed(confirmedBefore, when, DEADLINE, jvms);
        return resumedMs;
    }

    private Map<String, Integer> confirmed()
    {
        return Map.of("sync", syncConfirmed.get(), "transacted", transactedConfirmed.get());
    }

    private void awaitConfirmed(final int count, final String when)
    {
        load.awaitConfirmed(() -> syncConfirmed.get() + transactedConfirmed.get(), count, when, DEADLINE, jvms);
    }
}
