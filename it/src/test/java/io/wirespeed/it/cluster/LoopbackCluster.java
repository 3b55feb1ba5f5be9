package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.Header;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.MediaDriverProcess;

/**
 * Three {@code wirespeed-driver} processes on loopback as the members of a clustered queue host, each with its own
 * directory under a test's temporary one, and a probe (an Aeron Cluster client of its own) that asks which member
 * leads. A member's process can be killed (SIGKILL) and started again in the same directories. The members' leader
 * heartbeat timeout is 2 s (interval 100 ms): this 2-core machine's load makes 1 s elect unasked.
 */
final class LoopbackCluster implements AutoCloseable
{
    /** How long three members starting at once on this machine may take. */
    static final Duration START = Duration.ofSeconds(60);
    private static final int SIZE = 3;

    private final ChildJvms jvms;
    private final Path temp;
    private final String members;
    private final String hostOption;
    private final List<Path> driverDirs = new ArrayList<>();
    private final List<ChildJvm> processes = new ArrayList<>();
    private MediaDriver probeDriver;
    private AeronCluster probe;

    /**
     * Starts the three members and waits until each runs.
     *
     * @param jvms the test's child JVMs, which stops what is left of them after the test.
     * @param temp the test's temporary directory: the members' directories go under it.
     * @throws Exception if a member does not start.
     */
    LoopbackCluster(final ChildJvms jvms, final Path temp) throws Exception
    {
        this.jvms = jvms;
        this.temp = temp;
        final int[] ports = new int[SIZE];
        final StringBuilder memberList = new StringBuilder();
        final StringBuilder hosts = new StringBuilder();
        for (int id = 0; id < SIZE; id++)
        {
            ports[id] = distinctRun(ports, id);
            memberList.append(id == 0 ? "" : ",").append(id).append("=127.0.0.1:").append(ports[id]);
            hosts.append(id == 0 ? "" : ",").append("127.0.0.1:").append(ports[id]);
        }
        members = memberList.toString();
        hostOption = hosts.toString();
        for (int id = 0; id < SIZE; id++)
        {
            driverDirs.add(MediaDriverProcess.newDirectory(jvms));
            processes.add(startMember(id));
        }
        for (final ChildJvm process : processes)
        {
            process.awaitLine(MediaDriverProcess.RUNNING, START);
        }
    }

    /**
     * A JMS connection URI for a client of the cluster in this JVM: an embedded driver of its own, the members as
     * {@code host=A:P,B:P,C:P}, 30 s for the host and for a send.
     *
     * @return the URI.
     */
    String clientUri()
    {
        return "wirespeed:ipc?driver=embedded&aeronDir=" + DriverDirectories.unique("cluster-client") + "&host=" +
            hostOption + "&queueHostTimeout=30000&sendTimeout=30000";
    }

    /**
     * A member's process, the one started last for its id.
     *
     * @param id the member's id.
     * @return its process.
     */
    ChildJvm process(final int id)
    {
        return processes.get(id);
    }

    /**
     * Kills a member's process (SIGKILL) and waits until it has gone.
     *
     * @param id the member's id.
     * @throws InterruptedException if interrupted while waiting.
     */
    void kill(final int id) throws InterruptedException
    {
        processes.get(id).killForcibly(Duration.ofSeconds(30));
    }

    /**
     * Starts a member's process again, in the directories of the one before it, and waits until it runs.
     *
     * @param id the member's id.
     * @return the new process.
     * @throws Exception if it does not start within {@link #START}.
     */
    ChildJvm restart(final int id) throws Exception
    {
        final ChildJvm process = startMember(id);
        processes.set(id, process);
        process.awaitLine(MediaDriverProcess.RUNNING, START);
        return process;
    }

    /**
     * Asks the cluster which member leads, through the probe (connected at the first call).
     *
     * @return the leader's id as the probe last heard it.
     */
    int leaderId()
    {
        if (null == probe)
        {
            probeDriver = MediaDriver.launch(new MediaDriver.Context()
                .aeronDirectoryName(temp.resolve("probe-driver").toString())
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new BackoffIdleStrategy())
                .termBufferSparseFile(true)
                .dirDeleteOnShutdown(true));
            probe = AeronCluster.connect(new AeronCluster.Context()
                .aeronDirectoryName(probeDriver.aeronDirectoryName())
                .ingressChannel("aeron:udp")
                .ingressEndpoints(members)
                .egressChannel("aeron:udp?endpoint=127.0.0.1:0")
                .egressListener(new EgressListener()
                {
                    @Override
                    public void onMessage(
                        final long clusterSessionId, final long timestamp, final DirectBuffer buffer,
                        final int offset, final int length, final Header header)
                    {
                    }
                })
                .messageTimeoutNs(TimeUnit.SECONDS.toNanos(10)));
        }
        probe.pollEgress();
        return probe.leaderMemberId();
    }

    @Override
    public void close()
    {
        CloseHelper.closeAll(probe, probeDriver);
    }

    private ChildJvm startMember(final int id) throws Exception
    {
        return jvms.start("member " + id, MediaDriverProcess.command(driverDirs.get(id), Map.of(
            ClusterMembers.MEMBERS_PROP, members,
            ClusterMembers.MEMBER_ID_PROP, Integer.toString(id),
            "wirespeed.cluster.dir", temp.resolve("member-" + id).toString(),
            ClusterMemberSettings.LEADER_HEARTBEAT_TIMEOUT_PROP, "2s",
            ClusterMemberSettings.LEADER_HEARTBEAT_INTERVAL_PROP, "100ms")));
    }

    private static int distinctRun(final int[] ports, final int count)
    {
        while (true)
        {
            final int base = FreePorts.udpRun(ClusterMembers.PORTS_PER_MEMBER);
            boolean overlaps = false;
            for (int i = 0; i < count; i++)
            {
                overlaps |= Math.abs(ports[i] - base) < ClusterMembers.PORTS_PER_MEMBER;
            }
            if (!overlaps)
            {
                return base;
            }
        }
    }
}
