package io.wirespeed.host.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.SemanticVersion;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.ClusterException;
import io.aeron.cluster.client.EgressListener;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.driver.MediaDriver;
import io.aeron.exceptions.AeronException;
import io.aeron.logbuffer.Header;
import io.wirespeed.test.Await;
import io.wirespeed.test.SlowTest;

/**
 * Aeron Cluster members as {@link ClusterMember} starts them, on loopback in one JVM: three elect a leader and serve a
 * client; the leader killed, the other two elect a new one within a deadline, the client follows it, and both
 * survivors applied exactly the messages committed; one member alone is a cluster too. An error reported by any
 * member before it is stopped fails the test (warnings, such as a lost peer, do not).
 */
@SlowTest
class ClusterMemberTest
{
    private static final int FIRST_BATCH = 200;
    private static final int SECOND_BATCH = 200;
    /** Startup: the three members canvass each other, then elect; on 2 loaded cores this takes a few seconds. */
    private static final Duration ELECTION_DEADLINE = Duration.ofSeconds(20);
    /** The heartbeat timeout (1 s) plus an election (rounds of 500 ms), with room for a loaded machine. */
    private static final Duration FAILOVER_DEADLINE = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private final LoopbackMembers loopback = new LoopbackMembers();
    private final List<ClusterMember> members = loopback.members();
    private final EchoListener echoes = new EchoListener();
    private final UnsafeBuffer message = new UnsafeBuffer(new byte[Long.BYTES]);
    private MediaDriver clientDriver;
    private AeronCluster client;

    @AfterEach
    void close()
    {
        CloseHelper.closeAll(client, clientDriver);
        loopback.closeAll();
        Await.until("the members' consensus module and service threads to end", () -> memberThreads().isEmpty());
    }

    /**
     * The live threads of consensus modules and service containers, by name.
     */
    private static List<String> memberThreads()
    {
        return Thread.getAllStackTraces().keySet().stream()
            .filter(Thread::isAlive)
            .map(Thread::getName)
            .filter((name) -> name.contains("consensus-module") || name.contains("clustered-service"))
            .toList();
    }

    @Test
    void threeMembersFailOverToANewLeaderWithoutLosingACommittedMessage()
    {
        final ClusterMembers list = LoopbackMembers.threeMembers();
        final List<CountingService> services = new ArrayList<>();
        for (int id = 0; id < list.size(); id++)
        {
            final CountingService service = new CountingService();
            services.add(service);
            members.add(launch(list, id, service));
        }

        final ClusterMember leader = awaitOneLeader(ELECTION_DEADLINE);
        assertEquals(6, memberThreads().size(), memberThreads().toString());
        connectClient(list);
        send(1, FIRST_BATCH);
        awaitEchoes(FIRST_BATCH);

        final long killedAt = System.nanoTime();
        leader.kill();
        Await.until("a NEW_LEADER event at the client after member " + leader.memberId() + " was killed",
            FAILOVER_DEADLINE, () -> pollClient() >= 0 && echoes.newLeaders.get() > 0);
        final ClusterMember newLeader = awaitOneLeader(FAILOVER_DEADLINE);
        final Duration failover = Duration.ofNanos(System.nanoTime() - killedAt);
        assertNotEquals(leader.memberId(), newLeader.memberId());
        Await.until("the client to follow member " + newLeader.memberId(),
            () -> pollClient() >= 0 && echoes.leaderMemberId.get() == newLeader.memberId());
        System.out.println("ClusterMemberTest: leader " + leader.memberId() + " killed, member " +
            newLeader.memberId() + " leads, client told, after " + failover.toMillis() + " ms");

        send(FIRST_BATCH + 1, SECOND_BATCH);
        final int total = FIRST_BATCH + SECOND_BATCH;
        awaitEchoes(total);
        assertEquals(sum(total), echoes.sum);

        for (final ClusterMember member : members)
        {
            final CountingService service = services.get(member.memberId());
            if (member != leader)
            {
                Await.until("member " + member.memberId() + " to apply all " + total + " committed messages",
                    () -> pollClient() >= 0 && service.count == total);
                assertEquals(sum(total), service.sum, "member " + member.memberId() + "'s sum");
            }
        }
        assertNull(services.get(newLeader.memberId()).lastDuplicate, "no message applied twice");
        loopback.failOnMemberError();
    }

    @Test
    void oneMemberElectsItselfAndServesAClientItsThreadsIdlingAsTheDriversIdleSettingSays()
    {
        final ClusterMembers list = ClusterMembers.parse("0=127.0.0.1:" + LoopbackMembers.freeBasePort());
        final CountingService service = new CountingService();
        final Properties properties = new Properties();
        properties.setProperty("wirespeed.driver.idle", "yielding");
        final ClusterMember member = ClusterMember.launch(list, 0,
            ClusterMemberSettings.fromProperties(properties, dir.resolve("member-0").toFile()), service,
            loopback.errorHandler(0));
        members.add(member);

        assertEquals(List.of(YieldingIdleStrategy.class, YieldingIdleStrategy.class, YieldingIdleStrategy.class,
            YieldingIdleStrategy.class), member.idleStrategies().stream().map(Object::getClass).toList(),
            "the driver's, the archive's, the consensus module's and the container's");
        assertEquals(0, awaitOneLeader(ELECTION_DEADLINE).memberId());
        connectClient(list);
        send(1, FIRST_BATCH);
        awaitEchoes(FIRST_BATCH);

        assertEquals(FIRST_BATCH, service.count);
        assertEquals(sum(FIRST_BATCH), service.sum);
        loopback.failOnMemberError();
    }

    @Test
    void aMemberWhosePortIsTakenFailsToStartAndLeavesNothingRunning() throws IOException
    {
        final int port = LoopbackMembers.freeBasePort();
        final ClusterMembers list = ClusterMembers.parse("0=127.0.0.1:" + port);
        final File base = dir.resolve("member-0").toFile();
        try (DatagramSocket taken = new DatagramSocket(new InetSocketAddress(
            InetAddress.getLoopbackAddress(), port + ClusterMembers.ARCHIVE_CONTROL_OFFSET)))
        {
            final IllegalStateException ex = assertThrows(IllegalStateException.class, () -> ClusterMember.launch(
                list, 0, ClusterMemberSettings.defaults(base), new CountingService(), (error) -> { }));
            assertTrue(ex.getMessage().startsWith("cluster member 0 did not start: "), ex.getMessage());
            assertTrue(ex.getMessage().contains("Address already in use"), ex.getMessage());
            assertTrue(ex.getMessage().contains("127.0.0.1:" + (port + 4) + " (archive control)"), ex.getMessage());
        }
        Await.until("no consensus module or service thread", () -> memberThreads().isEmpty());
        assertFalse(new File(base, ClusterMemberSettings.DRIVER_DIR).exists(), "the member's driver closed");
    }

    @Test
    void aMemberOfAnotherStateMachineVersionStopsNamingBothVersionsAndTheOthersServeOn()
    {
        final ClusterMembers list = LoopbackMembers.threeMembers();
        for (int id = 0; id < list.size(); id++)
        {
            members.add(launch(list, id, new CountingService()));
        }
        awaitOneLeader(ELECTION_DEADLINE);
        connectClient(list);
        send(1, FIRST_BATCH);
        awaitEchoes(FIRST_BATCH);

        // a follower replaced by one of another release, in a new directory: the leader's term tells it the version
        final ClusterMember follower = members.stream().filter((member) -> !member.isLeader()).findFirst()
            .orElseThrow();
        final int id = follower.memberId();
        follower.close();
        final int other = otherVersion();
        final AtomicReference<Throwable> refusal = new AtomicReference<>();
        members.add(ClusterMember.launch(list, id,
            ClusterMemberSettings.defaults(dir.resolve("member-" + id + "-other").toFile()).withAppVersion(other),
            new CountingService(), (ex) -> refusal.compareAndSet(null, ex)));
        final Throwable ex = Await.value("member " + id + " to refuse the leader's log of another version",
            ELECTION_DEADLINE, () -> pollClient() >= 0 ? refusal.get() : null);
        assertVersionsNamed(ex, id, other, StateMachineVersion.CURRENT);

        send(FIRST_BATCH + 1, SECOND_BATCH);
        awaitEchoes(FIRST_BATCH + SECOND_BATCH);
        loopback.failOnMemberError();
    }

    @Test
    void aMemberRestartedWithAnotherStateMachineVersionOnItsLogStopsNamingBothVersions()
    {
        final ClusterMembers list = ClusterMembers.parse("0=127.0.0.1:" + LoopbackMembers.freeBasePort());
        final ClusterMember first = launch(list, 0, new CountingService());
        members.add(first);
        awaitOneLeader(ELECTION_DEADLINE);
        connectClient(list);
        send(1, FIRST_BATCH);
        awaitEchoes(FIRST_BATCH);
        CloseHelper.closeAll(client, clientDriver);
        client = null;
        clientDriver = null;
        first.close();

        final int other = otherVersion();
        final AtomicReference<Throwable> refusal = new AtomicReference<>();
        members.add(ClusterMember.launch(list, 0, first.settings().withAppVersion(other), new CountingService(),
            (ex) -> refusal.compareAndSet(null, ex)));
        final Throwable ex = Await.value("member 0 to refuse its own log of another version", ELECTION_DEADLINE,
            refusal::get);
        assertVersionsNamed(ex, 0, other, StateMachineVersion.CURRENT);
    }

    /** This build's version with the snapshot schema's one higher: what another release could run. */
    private static int otherVersion()
    {
        final int current = StateMachineVersion.CURRENT;
        final int control = SemanticVersion.minor(current);
        final int snapshot = SemanticVersion.patch(current);
        final int envelope = SemanticVersion.major(current) - control - snapshot - StateMachineVersion.SERVICE_MESSAGES;
        return StateMachineVersion.of(envelope, control, snapshot + 1);
    }

    private static void assertVersionsNamed(final Throwable ex, final int memberId, final int own, final int log)
    {
        assertTrue(ex instanceof ClusterException, String.valueOf(ex));
        assertEquals(AeronException.Category.FATAL, ((ClusterException)ex).category());
        assertTrue(ex.getMessage().startsWith("FATAL - cluster member " + memberId + " runs the queue host's state " +
            "machine version " + StateMachineVersion.describe(own) + ", but the cluster's log or snapshot was " +
            "written by version " + StateMachineVersion.describe(log) + ": "), ex.getMessage());
        assertTrue(ex.getMessage().contains("Run the same Wirespeed release on every member"), ex.getMessage());
        assertTrue(ex.getCause().getMessage().contains("incompatible"), "Aeron's own error is the cause");
        System.out.println("ClusterMemberTest: " + ex.getMessage());
    }

    private ClusterMember launch(final ClusterMembers list, final int id, final ClusteredService service)
    {
        final File base = dir.resolve("member-" + id).toFile();
        return ClusterMember.launch(
            list, id, ClusterMemberSettings.defaults(base), service, loopback.errorHandler(id));
    }

    private ClusterMember awaitOneLeader(final Duration deadline)
    {
        return loopback.awaitOneLeader(deadline, () ->
        {
            if (null != client)
            {
                pollClient();
            }
        });
    }

    private void connectClient(final ClusterMembers list)
    {
        clientDriver = LoopbackMembers.launchClientDriver(dir.resolve("client-driver"));
        client = LoopbackMembers.connect(clientDriver, list, "aeron:udp?endpoint=127.0.0.1:0", echoes);
    }

    private int pollClient()
    {
        client.sendKeepAlive();
        return client.pollEgress();
    }

    private void send(final long first, final int count)
    {
        for (long value = first; value < first + count; value++)
        {
            message.putLong(0, value);
            final long sending = value;
            Await.until("the cluster to take message " + sending, () ->
            {
                if (client.offer(message, 0, Long.BYTES) > 0)
                {
                    return true;
                }
                if (client.isClosed())
                {
                    throw new ClusterException("the cluster client closed while sending " + sending);
                }
                pollClient();
                return false;
            });
            client.pollEgress();
        }
    }

    private void awaitEchoes(final int count)
    {
        Await.until(count + " echoes", () -> pollClient() >= 0 && echoes.count >= count);
        assertEquals(count, echoes.count, "echoes");
        assertNull(echoes.lastDuplicate, "an echo came twice");
    }

    private static long sum(final long count)
    {
        return count * (count + 1) / 2;
    }

    /**
     * The client's side: echoes counted and summed, any value that came twice, NEW_LEADER events.
     */
    private static final class EchoListener implements EgressListener
    {
        private final AtomicInteger newLeaders = new AtomicInteger();
        private final AtomicInteger leaderMemberId = new AtomicInteger(-1);
        private final BitSet seen = new BitSet();
        private int count;
        private long sum;
        private Long lastDuplicate;

        @Override
        public void onMessage(
            final long clusterSessionId,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header header)
        {
            final long value = buffer.getLong(offset);
            if (seen.get((int)value))
            {
                lastDuplicate = value;
            }
            seen.set((int)value);
            count++;
            sum += value;
        }

        @Override
        public void onNewLeader(
            final long clusterSessionId,
            final long leadershipTermId,
            final int leaderMemberId,
            final String ingressEndpoints)
        {
            this.leaderMemberId.set(leaderMemberId);
            newLeaders.incrementAndGet();
        }
    }

    /**
     * The state machine under test: the count and sum of the session messages it applied (each a long), each echoed
     * to its session by the leader. Its state is read by the test's thread. The test takes no snapshot.
     */
    private static final class CountingService implements ClusteredService
    {
        private final BitSet seen = new BitSet();
        private Cluster cluster;
        private volatile int count;
        private volatile long sum;
        private volatile Long lastDuplicate;

        @Override
        public void onStart(final Cluster cluster, final Image snapshotImage)
        {
            this.cluster = cluster;
        }

        @Override
        public void onSessionOpen(final ClientSession session, final long timestamp)
        {
        }

        @Override
        public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason)
        {
        }

        @Override
        public void onSessionMessage(
            final ClientSession session,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header header)
        {
            final long value = buffer.getLong(offset);
            if (seen.get((int)value))
            {
                lastDuplicate = value;
            }
            seen.set((int)value);
            sum += value;
            count++;
            for (int attempt = 0; attempt < 1000 && session.offer(buffer, offset, length) < 0; attempt++)
            {
                cluster.idleStrategy().idle();
            }
        }

        @Override
        public void onTimerEvent(final long correlationId, final long timestamp)
        {
        }

        @Override
        public void onTakeSnapshot(final ExclusivePublication snapshotPublication)
        {
        }

        @Override
        public void onRoleChange(final Cluster.Role newRole)
        {
        }

        @Override
        public void onTerminate(final Cluster cluster)
        {
        }
    }
}
