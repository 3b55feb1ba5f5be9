package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.aeron.cluster.service.Cluster;
import io.wirespeed.netns.NamespaceNetwork;
import io.wirespeed.netns.UdpLoss;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.NamespaceNetworks;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Issue 24's partition: the three members of a clustered queue host in three hosts (network namespaces) and the
 * clients in a fourth ({@link QueueLoadMain}: a synchronous and a transacted PERSISTENT producer, an AUTO and a
 * CLIENT_ACKNOWLEDGE consumer). Under that load the leader's host is cut off ({@link Cut}: both ways, or only what
 * it sends, or only what it receives; every UDP datagram dropped by nftables) for {@link #CUT} and then healed. The
 * other two elect a leader among themselves and the clients follow it: sends are confirmed again while the cut
 * lasts; the old leader no longer leads; after the heal it rejoins, and in the end every confirmed message was
 * consumed, none came twice unmarked, each producer's came in order, and no exception reached the application. A
 * brief cut ({@link #BRIEF}: the new leader is elected while it lasts) heals while the old leader's egress
 * publications may still be lingering, so that what they lost can still be repaired to the clients. The clients' own
 * host cut off for less than {@code failoverTimeout} is a pause to them, not an error, with the same outcome.
 */
@SlowTest
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class PartitionTest
{
    private static final Duration LONG = Duration.ofSeconds(10);
    private static final Duration BRIEF = Duration.ofMillis(4500);
    private static final Duration DEADLINE = LoadProcess.DEADLINE;
    private static final int MORE = 100;

    /** What of the leader's host's traffic is dropped. */
    enum Cut
    {
        BOTH_WAYS(new UdpLoss(100, 100), LONG),
        WHAT_IT_SENDS(UdpLoss.sending(100), LONG),
        WHAT_IT_RECEIVES(new UdpLoss(0, 100), LONG),
        BOTH_WAYS_BRIEFLY(new UdpLoss(100, 100), BRIEF),
        WHAT_IT_SENDS_BRIEFLY(UdpLoss.sending(100), BRIEF);

        private final UdpLoss loss;
        private final Duration length;

        Cut(final UdpLoss loss, final Duration length)
        {
            this.loss = loss;
            this.length = length;
        }
    }

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @RegisterExtension
    final NamespaceNetworks networks = new NamespaceNetworks();

    @TempDir
    Path temp;

    @ParameterizedTest(name = "the leader's host cut off: {0}")
    @EnumSource(Cut.class)
    void theMajorityCarriesOnAndAfterTheHealNothingConfirmedIsLostOrComesTwiceUnmarked(final Cut cut) throws Exception
    {
        final NamespaceNetwork network = networks.create(MemberProcesses.network());
        try (MemberProcesses cluster = MemberProcesses.inNamespaces(jvms, temp, network))
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);
            final LoadProcess clients = LoadProcess.start(jvms, network, cluster, MORE);

            network.udpLoss(MemberProcesses.MEMBER_HOSTS.get(leader), cut.loss);
            final long cutNs = System.nanoTime();
            final int atCut = clients.confirmed();
            final int newLeader = Await.value("one of the other two members to lead", DEADLINE,
                () -> otherLeader(cluster, leader));
            clients.awaitConfirmed(atCut + MORE, "while the leader's host is cut off");
            Await.until("the old leader to stop leading", DEADLINE,
                () -> Cluster.Role.LEADER != cluster.settledRole(leader));
            final long electedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cutNs);
            awaitCutLasted(cutNs, cut.length);

            network.udpLoss(MemberProcesses.MEMBER_HOSTS.get(leader), UdpLoss.NONE);
            final int ledAfterHeal = cluster.awaitRejoined(leader, DEADLINE);
            assertNotEquals(leader, newLeader);
            clients.goesOnThenStopAndCheck(MORE, "PartitionTest, " + cut + ": member " + leader + " led when cut " +
                "off; member " + newLeader + " led within " + electedMs + " ms; member " + ledAfterHeal + " led " +
                "after the heal");
        }
    }

    @Test
    void clientsCutOffForLessThanTheFailoverTimeoutCarryOnAfterTheHealWithoutAnException() throws Exception
    {
        final NamespaceNetwork network = networks.create(MemberProcesses.network());
        try (MemberProcesses cluster = MemberProcesses.inNamespaces(jvms, temp, network))
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);
            final LoadProcess clients = LoadProcess.start(jvms, network, cluster, MORE);
            network.udpLoss(MemberProcesses.CLIENTS_HOST, new UdpLoss(100, 100));
            awaitCutLasted(System.nanoTime(), BRIEF);
            network.udpLoss(MemberProcesses.CLIENTS_HOST, UdpLoss.NONE);
            clients.goesOnThenStopAndCheck(MORE, "PartitionTest, the clients' host cut off for " + BRIEF + ", member " +
                leader + " led");
        }
    }

    private static void awaitCutLasted(final long cutNs, final Duration length)
    {
        Await.until("the cut to have lasted " + length, length.plus(DEADLINE),
            () -> System.nanoTime() - cutNs >= length.toNanos());
    }

    private static Integer otherLeader(final MemberProcesses cluster, final int leader)
    {
        for (int id = 0; id < MemberProcesses.MEMBER_HOSTS.size(); id++)
        {
            if (id != leader && Cluster.Role.LEADER == cluster.settledRole(id))
            {
                return id;
            }
        }
        return null;
    }
}
