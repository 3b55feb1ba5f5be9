package io.wirespeed.it.cluster;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.cluster.ClusterTool;
import io.wirespeed.netns.NamespaceNetwork;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.NamespaceNetworks;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 24's restarts with the layout it asks for: the three members of a clustered queue host in three hosts (network
 * namespaces), the clients in a fourth ({@link QueueLoadMain}: a synchronous and a transacted PERSISTENT producer, an
 * AUTO and a CLIENT_ACKNOWLEDGE consumer, each over the network, seen through {@link LoadProcess}).
 * <ul>
 *     <li>Full restart: all three members' processes are killed at once (SIGKILL) and started again at once; later
 *     all three are stopped at once (SIGTERM, each must exit with 0) and started again. Before each stop the
 *     CLIENT_ACKNOWLEDGE consumer's acknowledgements are settled in the log
 *     ({@link LoadProcess#settleAcknowledgements}). After each restart both producers' sends return again.</li>
 *     <li>Rolling restart: each member in turn is stopped (SIGTERM) and started again under the load, the next only
 *     once it has rejoined ({@link MemberProcesses#awaitRejoined}); both producers' sends return again after each.</li>
 *     <li>Snapshot replay: two snapshots under the load ({@code ClusterTool snapshot} on the leader), every member
 *     logging the same state digest at each ({@code HostService} logs the digest at every snapshot it takes or
 *     restores); one follower is stopped and started again from its latest snapshot and the log after it, then the
 *     other from its previous snapshot and the longer log after it (its latest invalidated, {@code ClusterTool
 *     invalidate-latest-snapshot}): each logs at its restore the digest that snapshot had when it was taken. A third
 *     snapshot, once both rejoined and the load went on: both restored members log the digest of the leader, which
 *     never stopped and applied the whole log.</li>
 * </ul>
 * In the end, in each case, every confirmed message was consumed, none came twice unmarked, none whose acknowledgement
 * was settled came again, each producer's came in order, and no exception reached the application. The full and
 * rolling restart on loopback, with the load in the test's JVM: {@link FullRestartTest}, {@link RollingRestartTest};
 * the snapshot replay with the members in one JVM: {@code HostServiceTest} (module host).
 */
@SlowTest
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class RestartsAcrossHostsTest
{
    /** Sends confirmed at the start, and after each restart or snapshot. */
    private static final int STEP = 100;
    private static final Pattern DIGEST = Pattern.compile("clustered queue host (took a snapshot|restored its state " +
        "from the snapshot) at log position (\\d+): state digest ([0-9a-f]+)");
    private static final String TOOK = "took a snapshot";

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @RegisterExtension
    final NamespaceNetworks networks = new NamespaceNetworks();

    @TempDir
    Path temp;

    @Test
    void everyConfirmedMessageComesBackAndClientsResumeWhenAllMembersAreKilledOrStoppedAtOnce() throws Exception
    {
        final NamespaceNetwork network = networks.create(MemberProcesses.network());
        try (MemberProcesses cluster = MemberProcesses.inNamespaces(jvms, temp, network))
        {
            cluster.awaitLeader(MemberProcesses.START);
            final LoadProcess clients = LoadProcess.start(jvms, network, cluster, STEP);
            final int settledAtKill = clients.settleAcknowledgements();
            final long killMs = restartAll(cluster, clients, true, "after all three were killed and started again");
            final int settledAtStop = clients.settleAcknowledgements();
            final long stopMs = restartAll(cluster, clients, false, "after all three were stopped and started again");
            clients.stopAndCheck("RestartsAcrossHostsTest: all three members killed (" + settledAtKill +
                " acknowledgements settled before) and started again, both producers' sends returned again " +
                killMs + " ms after the kill; all three stopped (" + settledAtStop + " settled before) and started " +
                "again, " + stopMs + " ms after the SIGTERM");
        }
    }

    @Test
    void noClientErrorAndEveryConfirmedMessageConsumedWhenEachMemberIsStoppedAndStartedInTurn() throws Exception
    {
        final NamespaceNetwork network = networks.create(MemberProcesses.network());
        try (MemberProcesses cluster = MemberProcesses.inNamespaces(jvms, temp, network))
        {
            cluster.awaitLeader(MemberProcesses.START);
            final LoadProcess clients = LoadProcess.start(jvms, network, cluster, STEP);
            final List<String> steps = new ArrayList<>();
            for (int id = 0; id < MemberProcesses.MEMBER_HOSTS.size(); id++)
            {
                final int leaderBefore = cluster.awaitLeader(LoadProcess.DEADLINE);
                final Map<String, Integer> before = clients.confirmedByProducer();
                final long stoppedNs = System.nanoTime();
                final int member = id;
                assertEquals(0, cluster.terminate(id), () -> "SIGTERM stops member " + member + " cleanly" +
                    jvms.outputs());
                cluster.restart(id);
                final int leader = cluster.awaitRejoined(id, LoadProcess.DEADLINE);
                final long rejoinedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedNs);
                final String when = "after member " + id + (leaderBefore == id ? " (the leader)" : "") +
                    " was stopped and started again";
                clients.awaitEachProducerConfirmedMore(before, when);
                clients.awaitConfirmed(clients.confirmed() + STEP, when);
                steps.add("member " + id + (leaderBefore == id ? " (leader)" : "") + " rejoined, " +
                    (leader == id ? "leading again" : "a follower of " + leader) + ", " + rejoinedMs +
                    " ms after its SIGTERM");
            }
            clients.stopAndCheck("RestartsAcrossHostsTest: " + String.join("; ", steps));
        }
    }

    @Test
    void membersRestoredFromTheLatestOrThePreviousSnapshotAndTheLogTailHaveTheStateOfTheLeader() throws Exception
    {
        final NamespaceNetwork network = networks.create(MemberProcesses.network());
        try (MemberProcesses cluster = MemberProcesses.inNamespaces(jvms, temp, network))
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);
            final LoadProcess clients = LoadProcess.start(jvms, network, cluster, STEP);
            final List<Digest> snapshots = new ArrayList<>();
            for (int snapshot = 1; snapshot <= 2; snapshot++)
            {
                clients.awaitConfirmed(clients.confirmed() + STEP, "before snapshot " + snapshot);
                snapshots.add(snapshotOnEveryMember(cluster, leader, snapshots));
            }
            clients.awaitConfirmed(clients.confirmed() + STEP, "after the snapshots");

            final List<String> restored = new ArrayList<>();
            for (int invalidated = 0; invalidated <= 1; invalidated++)
            {
                final int id = (leader + 1 + invalidated) % MemberProcesses.MEMBER_HOSTS.size();
                final int member = id;
                final String which = 1 == invalidated ? "previous" : "latest";
                assertEquals(0, cluster.terminate(id), () -> "SIGTERM stops member " + member + " cleanly" +
                    jvms.outputs());
                if (1 == invalidated)
                {
                    final ByteArrayOutputStream out = new ByteArrayOutputStream();
                    assertTrue(ClusterTool.invalidateLatestSnapshot(
                        new PrintStream(out, true, StandardCharsets.UTF_8), cluster.clusterDir(id).toFile()),
                        () -> "member " + member + "'s latest snapshot invalidated: " +
                        out.toString(StandardCharsets.UTF_8));
                }
                cluster.restart(id);
                final Digest expected = snapshots.get(snapshots.size() - 1 - invalidated);
                final Digest atRestore = Await.value("member " + id + " to restore a snapshot", LoadProcess.DEADLINE,
                    () -> last(cluster, id, false));
                assertEquals(expected, atRestore, () -> "member " + member + " restored the " + which +
                    " snapshot, with the state it had when taken " + snapshots + jvms.outputs());
                cluster.awaitRejoined(id, LoadProcess.DEADLINE);
                clients.awaitConfirmed(clients.confirmed() + STEP, "after member " + id + " restored a snapshot");
                restored.add("member " + id + " from its " + which + " snapshot (" + atRestore.position + ")");
            }

            final Digest after = snapshotOnEveryMember(cluster, cluster.awaitLeader(LoadProcess.DEADLINE), snapshots);
            clients.stopAndCheck("RestartsAcrossHostsTest: snapshots at " + snapshots.subList(0, 2) + ", " +
                String.join(" and ", restored) + " and the log after it; all three members' state digest at the " +
                "next snapshot: " + after);
        }
    }

    /**
     * Stops all three members at once, SIGKILL or SIGTERM, starts them again at once, waits until both producers'
     * sends return again and then {@link #STEP} more.
     *
     * @return the milliseconds from the stop until both producers' sends returned again.
     */
    private long restartAll(final MemberProcesses cluster, final LoadProcess clients, final boolean kill,
        final String when) throws Exception
    {
        final Map<String, Integer> before = clients.confirmedByProducer();
        final long stoppedNs = System.nanoTime();
        cluster.stopAllAndRestart(kill);
        clients.awaitEachProducerConfirmedMore(before, when);
        final long resumedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedNs);
        clients.awaitConfirmed(clients.confirmed() + STEP, when);
        return resumedMs;
    }

    /**
     * Asks the leader for a snapshot ({@code ClusterTool snapshot}) and waits until every member logged one past the
     * snapshots before; all three must have taken it at the same log position with the same state digest.
     *
     * @return the snapshot's position and digest.
     */
    private Digest snapshotOnEveryMember(final MemberProcesses cluster, final int leader, final List<Digest> before)
    {
        final long after = before.isEmpty() ? -1 : before.get(before.size() - 1).position;
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(ClusterTool.snapshot(cluster.clusterDir(leader).toFile(),
            new PrintStream(out, true, StandardCharsets.UTF_8)), () -> "ClusterTool snapshot on the leader, member " +
            leader + ": " + out.toString(StandardCharsets.UTF_8) + jvms.outputs());
        final List<Digest> taken = new ArrayList<>();
        try
        {
            Await.until("every member to take snapshot " + (before.size() + 1), LoadProcess.DEADLINE, () ->
            {
                taken.clear();
                for (int id = 0; id < MemberProcesses.MEMBER_HOSTS.size(); id++)
                {
                    final Digest digest = last(cluster, id, true);
                    if (null == digest || digest.position <= after)
                    {
                        return false;
                    }
                    taken.add(digest);
                }
                return true;
            });
        }
        catch (final AssertionError ex)
        {
            fail("a member took no snapshot after " + before + ": " + taken + jvms.outputs(), ex);
        }
        for (int id = 1; id < taken.size(); id++)
        {
            assertEquals(taken.get(0), taken.get(id), "members 0 and " + id + " took snapshot " +
                (before.size() + 1) + " at the same position with the same state: " + taken + jvms.outputs());
        }
        return taken.get(0);
    }

    /**
     * The last snapshot a member's running process logged it took, or restored.
     *
     * @return its position and digest, or null if it logged none.
     */
    private static Digest last(final MemberProcesses cluster, final int id, final boolean took)
    {
        final Matcher line = DIGEST.matcher(cluster.process(id).output());
        Digest last = null;
        while (line.find())
        {
            if (took == TOOK.equals(line.group(1)))
            {
                last = new Digest(Long.parseLong(line.group(2)), line.group(3));
            }
        }
        return last;
    }

    /**
     * A member's state digest at a snapshot's log position.
     *
     * @param position the log position.
     * @param digest   the digest, in hex.
     */
    private record Digest(long position, String digest)
    {
        @Override
        public String toString()
        {
            return position + ":" + digest;
        }
    }
}
