package io.wirespeed.bench.peer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.jms.ConnectionFactory;

import io.wirespeed.bench.rig.ClusterSide;
import io.wirespeed.bench.rig.Placement;
import io.wirespeed.bench.rig.RunProfile;
import io.wirespeed.netns.NamespaceHost;

/**
 * Wirespeed between hosts as {@link WirespeedTarget#acrossHosts} configures it, whose queue host is a three-member
 * cluster ({@link ClusterSide}) on hosts of their own ({@link Placement#MEMBERS}): connections name the members with
 * {@code host=A:PORT,B:PORT,C:PORT} and hold an Aeron Cluster session with the leader, which answers on an ephemeral
 * port of the client's host. The members run with S10's failure detection ({@link ClusterSide#FAILURE_DETECTION}).
 */
public final class ClusterTarget implements JmsTarget
{
    /** How long three members starting on a loaded 2-core machine may take to elect a leader. */
    private static final Duration ELECTION = Duration.ofSeconds(60);

    private final JmsTarget clients;
    private final ClusterSide cluster;
    private final List<NamespaceHost> memberHosts;
    private final int firstLeader;

    private ClusterTarget(final JmsTarget clients, final ClusterSide cluster, final List<NamespaceHost> memberHosts,
        final int firstLeader)
    {
        this.clients = clients;
        this.cluster = cluster;
        this.memberHosts = memberHosts;
        this.firstLeader = firstLeader;
    }

    /**
     * Starts the members on their hosts, waits until they elect a leader, and targets them.
     *
     * @param profile idle strategy and threading of the clients.
     * @param near    this side's host.
     * @param far     the far side's host.
     * @param members the members' hosts, by member id.
     * @return the target; close it to stop the members.
     * @throws Exception if a member does not start or no leader is elected in time.
     */
    public static ClusterTarget start(final RunProfile profile, final NamespaceHost near, final NamespaceHost far,
        final List<NamespaceHost> members) throws Exception
    {
        final ClusterSide cluster = ClusterSide.onHosts(members, ClusterSide.FAILURE_DETECTION);
        try
        {
            final int leader = cluster.awaitLeader(ELECTION);
            final JmsTarget clients = WirespeedTarget.acrossHosts(profile, near, far)
                .withOption("host=" + cluster.hostOption());
            return new ClusterTarget(clients, cluster, List.copyOf(members), leader);
        }
        catch (final Exception ex)
        {
            cluster.close();
            throw ex;
        }
    }

    @Override
    public ConnectionFactory factory()
    {
        return clients.factory();
    }

    @Override
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = clients.settings();
        final List<String> hosts = new ArrayList<>();
        for (final NamespaceHost host : memberHosts)
        {
            hosts.add(host.toString());
        }
        settings.put("queueHost", "cluster of " + ClusterSide.SIZE + ", " + cluster.hostOption());
        settings.put("memberHosts", hosts);
        settings.put("members", cluster.members());
        settings.put("memberSettings", new TreeMap<>(ClusterSide.FAILURE_DETECTION));
        settings.put("firstLeader", firstLeader);
        settings.put("hosts", settings.get("hosts") + ", queues through the members " + cluster.hostOption());
        return settings;
    }

    @Override
    public JmsTarget withOption(final String option)
    {
        return new ClusterTarget(clients.withOption(option), cluster, memberHosts, firstLeader);
    }

    @Override
    public String uri()
    {
        return clients.uri();
    }

    @Override
    public NamespaceHost farHost()
    {
        return clients.farHost();
    }

    @Override
    public JmsTarget receivingHere(final String topic)
    {
        return new ClusterTarget(clients.receivingHere(topic), cluster, memberHosts, firstLeader);
    }

    @Override
    public boolean namesQueueHost()
    {
        return true;
    }

    @Override
    public void close() throws Exception
    {
        cluster.close();
    }
}
