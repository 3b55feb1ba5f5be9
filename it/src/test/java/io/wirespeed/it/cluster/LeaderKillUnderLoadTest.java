package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.Connection;
import javax.jms.Queue;
import javax.jms.Session;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 24's {@code LeaderKillUnderLoadTest}, on loopback: three {@code wirespeed-driver} processes as the members of
 * a clustered queue host, two producers (synchronous PERSISTENT sends; PERSISTENT sends transacted in batches of ten)
 * and two consumers (AUTO_ACKNOWLEDGE, CLIENT_ACKNOWLEDGE acknowledging every tenth) in this JVM naming the members
 * ({@code host=A:P,B:P,C:P}). The leader's process is killed (SIGKILL) once 30 %, in a second run 70 %, of the
 * messages are confirmed: no exception reaches the application, every send that returned is consumed, a message
 * that comes twice comes marked redelivered, and each producer's messages come to each consumer first time in the
 * order sent. The members' heartbeat timeout is 2 s, as this 2-core machine's load makes 1 s elect unasked. Each
 * producer sends 1,500 messages; the 100,000 in all is {@code -Dwirespeed.it.leaderKill.perProducer=50000}
 * (the deadlines grow with it; add {@code -Djunit.jupiter.execution.timeout.mode=disabled}, as the run outlasts the
 * suite's 4 minutes, and {@code -Dwirespeed.it.loopbackTwins=true} where namespaces can be made).
 * Left out where network namespaces can be made: {@link KillsAcrossHostsTest} runs the same scenario across
 * hosts there ({@link MemberProcesses#loopbackTwinCovered()}; {@code -Dwirespeed.it.loopbackTwins=true} runs it
 * anyway).
 */
@SlowTest
@DisabledIf("io.wirespeed.it.cluster.MemberProcesses#loopbackTwinCovered")
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class LeaderKillUnderLoadTest
{
    private static final int PER_PRODUCER = Integer.getInteger("wirespeed.it.leaderKill.perProducer", 1_500);
    private static final int BATCH = 10;
    /** For each step: 90 s, and a second per 100 messages a producer sends beyond the suite's 1,500. */
    private static final Duration DEADLINE = Duration.ofSeconds(90 + Math.max(0, PER_PRODUCER - 1_500) / 100);

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    private final QueueLoad load = new QueueLoad();

    @ParameterizedTest(name = "the leader killed once {0} of the sends are confirmed")
    @ValueSource(doubles = { 0.3, 0.7 })
    void everyConfirmedMessageIsConsumedOnceUnmarkedWhenTheLeadersProcessIsKilled(final double killAtShare)
        throws Exception
    {
        final AtomicInteger syncConfirmed = new AtomicInteger();
        final AtomicInteger transactedConfirmed = new AtomicInteger();
        try (MemberProcesses cluster = MemberProcesses.onLoopback(jvms, temp);
            Connection producing = load.connect(cluster.clientUri());
            Connection consuming = load.connect(cluster.clientUri()))
        {
            final Session autoSession = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Session clientSession = consuming.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            final Queue queue = autoSession.createQueue("orders");
            load.listen(autoSession.createConsumer(queue), false);
            load.listen(clientSession.createConsumer(queue), true);
            consuming.start();

            final List<Thread> producers = List.of(
                load.producer("sync", producing.createSession(false, Session.AUTO_ACKNOWLEDGE), queue,
                    PER_PRODUCER, BATCH, syncConfirmed),
                load.producer("transacted", producing.createSession(true, Session.SESSION_TRANSACTED), queue,
                    PER_PRODUCER, BATCH, transactedConfirmed));
            producers.forEach(Thread::start);

            final int killAt = (int)(2 * PER_PRODUCER * killAtShare);
            Await.until(killAt + " sends confirmed", DEADLINE,
                () -> syncConfirmed.get() + transactedConfirmed.get() >= killAt || null != load.failure());
            final int leaderId = cluster.leaderId();
            final int confirmedAtKill = syncConfirmed.get();
            final long killedNs = System.nanoTime();
            cluster.kill(leaderId);
            // the pause as the synchronous producer sees it: from the kill to its next send returned
            final long pauseMs = Await.value("a synchronous send after the kill returned", DEADLINE,
                () -> syncConfirmed.get() > confirmedAtKill + 1 || null != load.failure() ?
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNs) : null);

            for (final Thread producer : producers)
            {
                producer.join(DEADLINE.toMillis());
            }
            assertNull(load.failure(), () -> "no exception reaches the application: " + load.failure() +
                jvms.outputs());
            assertEquals(PER_PRODUCER, syncConfirmed.get(), "every synchronous send returned");
            assertEquals(PER_PRODUCER, transactedConfirmed.get(), "every commit returned");
            try
            {
                Await.until("every confirmed message to be consumed", DEADLINE,
                    () -> load.consumed() == 2 * PER_PRODUCER || null != load.failure());
            }
            catch (final AssertionError ex)
            {
                fail((2 * PER_PRODUCER - load.consumed()) + " confirmed messages never came" + jvms.outputs(), ex);
            }
            assertNull(load.failure(), () -> "no exception reaches the application: " + load.failure());
            assertEquals(List.of(), load.problems());
            System.out.println("LeaderKillUnderLoadTest: killed member " + leaderId + " (the leader) after " +
                killAt + " confirmed sends; the synchronous producer's next send returned " + pauseMs +
                " ms after the kill; all " + 2 * PER_PRODUCER + " consumed " +
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNs) + " ms after the kill; " +
                load.cameAgain() + " came again, marked");
        }
    }
}
