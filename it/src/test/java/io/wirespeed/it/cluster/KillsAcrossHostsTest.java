package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.netns.NamespaceNetwork;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.NamespaceNetworks;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 24's kills with the layout it asks for: the three members of a clustered queue host in three hosts (network
 * namespaces), the clients in a fourth ({@link QueueLoadMain}: a synchronous and a transacted PERSISTENT producer, an
 * AUTO and a CLIENT_ACKNOWLEDGE consumer, each over the network). The leader's process is killed (SIGKILL) once 30 %,
 * in a second run 70 %, of {@link #SENDS} sends are confirmed, and the load goes on to {@link #SENDS}; a follower's
 * process is killed and started again at once while sends go on returning. In the end every confirmed message was
 * consumed, none came twice unmarked, each producer's came in order, and no exception reached the application. The
 * same kills on loopback, with the load in the test's JVM: {@link LeaderKillUnderLoadTest}, {@link FollowerKillTest}.
 */
@SlowTest
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class KillsAcrossHostsTest
{
    private static final int SENDS = 3_000;
    private static final int MORE = 100;

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @RegisterExtension
    final NamespaceNetworks networks = new NamespaceNetworks();

    @TempDir
    Path temp;

    @ParameterizedTest(name = "the leader killed once {0} of the sends are confirmed")
    @ValueSource(doubles = { 0.3, 0.7 })
    void everyConfirmedMessageIsConsumedOnceUnmarkedWhenTheLeadersProcessIsKilled(final double killAtShare)
        throws Exception
    {
        final NamespaceNetwork network = networks.create(MemberProcesses.network());
        try (MemberProcesses cluster = MemberProcesses.inNamespaces(jvms, temp, network))
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);
            final LoadProcess clients = LoadProcess.start(jvms, network, cluster, MORE);
            final int killAt = (int)(SENDS * killAtShare);
            clients.awaitConfirmed(killAt, "before the kill");
            final int atKill = clients.confirmed();
            final long killedNs = System.nanoTime();
            cluster.kill(leader);
            clients.awaitConfirmed(atKill + 1, "after the kill");
            final long pauseMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNs);
            clients.awaitConfirmed(SENDS, "after the kill");
            clients.stopAndCheck("KillsAcrossHostsTest: killed member " + leader + " (the leader) after " + atKill +
                " confirmed sends; sends were confirmed again within " + pauseMs + " ms");
        }
    }

    @Test
    void aFollowerKilledAndRestartedAtOnceCatchesUpWhileSendsGoOn() throws Exception
    {
        final NamespaceNetwork network = networks.create(MemberProcesses.network());
        try (MemberProcesses cluster = MemberProcesses.inNamespaces(jvms, temp, network))
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);
            final int follower = (leader + 1) % MemberProcesses.MEMBER_HOSTS.size();
            final LoadProcess clients = LoadProcess.start(jvms, network, cluster, MORE);
            final int atKill = clients.confirmed();
            cluster.kill(follower);
            clients.awaitConfirmed(atKill + MORE, "while follower " + follower + " is down");
            final ChildJvm restarted = cluster.restart(follower);
            final int rejoinedUnder = cluster.awaitRejoined(follower, LoadProcess.DEADLINE);
            // the leader and the restarted member are the majority now: sends return only if it appends the log
            cluster.kill((leader + 2) % MemberProcesses.MEMBER_HOSTS.size());
            clients.goesOnThenStopAndCheck(MORE, "KillsAcrossHostsTest: killed member " + follower + " (a follower " +
                "of " + leader + ") after " + atKill + " confirmed sends, restarted it, it rejoined (leader " +
                rejoinedUnder + "), and sends went on with it and the leader alone");
            assertTrue(restarted.isAlive(), restarted.output());
        }
    }
}
