package io.wirespeed.it.cluster;

import java.io.File;
import java.nio.MappedByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.IoUtil;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;

import io.aeron.AeronCounters;
import io.aeron.CncFileDescriptor;
import io.aeron.cluster.ElectionState;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.cluster.service.Cluster;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.Header;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.it.queue.QueueFeatures;
import io.wirespeed.netns.NamespaceHost;
import io.wirespeed.netns.NamespaceNetwork;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.NamespaceNetworks;

/**
 * Three {@code wirespeed-driver} processes as the members of a clustered queue host, each with its own directory under
 * a test's temporary one: on loopback ({@link #onLoopback}), each on a port of its own, or each in a host of a
 * {@link NamespaceNetwork} ({@link #inNamespaces}), on its host's address and one port for all, as on three machines.
 * A member's process can be killed (SIGKILL), frozen (SIGSTOP) or stopped (SIGTERM) and started again in the same
 * directories, one or all three at once; each member's role is read from its driver's counters (the file system is
 * shared by namespaces). On loopback a probe (an Aeron Cluster client of its own) also asks which member leads. The
 * members' leader heartbeat timeout is 2 s (interval 100 ms): this 2-core machine's load makes 1 s elect unasked.
 */
final class MemberProcesses implements AutoCloseable, QueueFeatures.Host
{
    /** The port of every member in namespaces, below the ephemeral range: each host has its own. */
    static final int NAMESPACE_PORT = 20_000;
    /** The hosts of the members in a network ({@link #network()}), by member id. */
    static final List<String> MEMBER_HOSTS = List.of("member0", "member1", "member2");
    /** The host of the clients in a network ({@link #network()}). */
    static final String CLIENTS_HOST = "clients";
    /** How long three members starting at once on this machine may take. */
    static final Duration START = Duration.ofSeconds(60);
    /** How long a member's process may take to exit once asked or killed. */
    static final Duration STOP = Duration.ofSeconds(30);
    private static final int SIZE = 3;
    /** Runs the loopback twins of the tests across hosts even where namespaces can be made. */
    private static final String LOOPBACK_TWINS_PROP = "wirespeed.it.loopbackTwins";

    private final ChildJvms jvms;
    private final Path temp;
    private final String members;
    private final String hostOption;
    private final List<Path> driverDirs = new ArrayList<>();
    private final List<ChildJvm> processes = new ArrayList<>();
    private final List<List<String>> launchers;
    private MediaDriver probeDriver;
    private AeronCluster probe;

    private MemberProcesses(
        final ChildJvms jvms, final Path temp, final List<String> endpoints, final List<List<String>> launchers)
        throws Exception
    {
        this.jvms = jvms;
        this.temp = temp;
        this.launchers = launchers;
        final StringBuilder memberList = new StringBuilder();
        for (int id = 0; id < SIZE; id++)
        {
            memberList.append(id == 0 ? "" : ",").append(id).append('=').append(endpoints.get(id));
        }
        members = memberList.toString();
        hostOption = String.join(",", endpoints);
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
     * Whether a test on loopback whose twin runs the same scenario across hosts ({@link #inNamespaces}) is left out:
     * where this process can make network namespaces (CI runs as root) the twin covers it, and each twin costs the
     * suite 10 to 20 s. {@code -Dwirespeed.it.loopbackTwins=true} runs them anyway (the twins load the cluster from
     * the test's JVM, where a debugger or a profiler reaches the client).
     *
     * @return true to leave the loopback twin out ({@code @DisabledIf}).
     */
    static boolean loopbackTwinCovered()
    {
        return !Boolean.getBoolean(LOOPBACK_TWINS_PROP) && NamespaceNetworks.canCreate();
    }

    /**
     * Starts the three members on loopback, each on a run of free ports of its own, and waits until each runs.
     *
     * @param jvms the test's child JVMs, which stops what is left of them after the test.
     * @param temp the test's temporary directory: the members' directories go under it.
     * @return the running members.
     * @throws Exception if a member does not start.
     */
    static MemberProcesses onLoopback(final ChildJvms jvms, final Path temp) throws Exception
    {
        final int[] ports = new int[SIZE];
        final List<String> endpoints = new ArrayList<>();
        for (int id = 0; id < SIZE; id++)
        {
            ports[id] = distinctRun(ports, id);
            endpoints.add("127.0.0.1:" + ports[id]);
        }
        return new MemberProcesses(jvms, temp, endpoints, Collections.nCopies(SIZE, List.of()));
    }

    /**
     * A network of four hosts, as issue 24 lays a cluster out: {@link #MEMBER_HOSTS} for the members,
     * {@link #CLIENTS_HOST} for the clients.
     *
     * @return the network's builder.
     */
    static NamespaceNetwork.Builder network()
    {
        return NamespaceNetwork.builder().hosts(MEMBER_HOSTS.get(0), MEMBER_HOSTS.get(1), MEMBER_HOSTS.get(2),
            CLIENTS_HOST);
    }

    /**
     * Starts the three members in the {@link #MEMBER_HOSTS} of a {@link #network()}, each on its host's address and
     * {@link #NAMESPACE_PORT}, and waits until each runs.
     *
     * @param jvms    the test's child JVMs, which stops what is left of them after the test.
     * @param temp    the test's temporary directory: the members' directories go under it.
     * @param network the network.
     * @return the running members.
     * @throws Exception if a member does not start.
     */
    static MemberProcesses inNamespaces(final ChildJvms jvms, final Path temp, final NamespaceNetwork network)
        throws Exception
    {
        final List<String> endpoints = new ArrayList<>();
        final List<List<String>> launchers = new ArrayList<>();
        for (final String name : MEMBER_HOSTS)
        {
            final NamespaceHost host = network.host(name);
            endpoints.add(host.address() + ":" + NAMESPACE_PORT);
            launchers.add(host.launcher());
        }
        return new MemberProcesses(jvms, temp, endpoints, launchers);
    }

    /**
     * A JMS connection URI for a client of the cluster in this JVM: an embedded driver of its own, the members as
     * {@code host=A:P,B:P,C:P}, 30 s for the host and for a send.
     *
     * @return the URI.
     */
    @Override
    public String clientUri()
    {
        return "wirespeed:ipc?" + clientOptions();
    }

    /**
     * A JMS connection URI as {@link #clientUri()}'s, whose topics travel over UDP to an endpoint.
     *
     * @param topicEndpoint the topics' {@code ADDRESS:PORT}.
     * @return the URI.
     */
    @Override
    public String clientUri(final String topicEndpoint)
    {
        return "wirespeed:udp?endpoint=" + topicEndpoint + "&" + clientOptions();
    }

    private String clientOptions()
    {
        return "driver=embedded&aeronDir=" + DriverDirectories.unique("cluster-client") + "&host=" + hostOption +
            "&queueHostTimeout=30000&sendTimeout=30000";
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
     * Freezes a member's process (SIGSTOP): it stays alive, its sockets open, and does nothing, so that what is sent to
     * it meanwhile is neither taken nor refused; {@link #kill} ends it (SIGKILL ends a stopped process too), {@link
     * #thaw} lets it go on.
     *
     * @param id the member's id.
     * @throws Exception if {@code kill -STOP} cannot be run or fails.
     */
    void freeze(final int id) throws Exception
    {
        signal(id, "STOP");
    }

    /**
     * Thaws a frozen member's process (SIGCONT).
     *
     * @param id the member's id.
     * @throws Exception if the signal cannot be sent.
     */
    void thaw(final int id) throws Exception
    {
        signal(id, "CONT");
    }

    private void signal(final int id, final String signal) throws Exception
    {
        final Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(processes.get(id).pid()))
            .redirectErrorStream(true).start();
        final String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!kill.waitFor(STOP.toSeconds(), TimeUnit.SECONDS) || 0 != kill.exitValue())
        {
            throw new IllegalStateException("kill -" + signal + " of member " + id + " failed: " + output);
        }
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
     * Kills every member's process at once (SIGKILL to all three before waiting for any) and waits until all have gone.
     *
     * @throws InterruptedException if interrupted while waiting.
     */
    void killAll() throws InterruptedException
    {
        for (final ChildJvm process : processes)
        {
            ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroyForcibly);
        }
        awaitAllExited();
    }

    /**
     * Asks a member's process to stop (SIGTERM, as a service manager would) and waits until it has exited.
     *
     * @param id the member's id.
     * @return its exit status.
     * @throws InterruptedException if interrupted while waiting.
     */
    int terminate(final int id) throws InterruptedException
    {
        processes.get(id).terminate();
        return processes.get(id).awaitExit(STOP);
    }

    /**
     * Asks every member's process to stop at once (SIGTERM to all three before waiting for any) and waits until all
     * have exited.
     *
     * @return their exit statuses, by member id.
     * @throws InterruptedException if interrupted while waiting.
     */
    List<Integer> terminateAll() throws InterruptedException
    {
        processes.forEach(ChildJvm::terminate);
        return awaitAllExited();
    }

    /**
     * Stops all three members at once, SIGKILL or SIGTERM (each must then exit with 0), and starts them again at once
     * in their directories ({@link #restartAll}).
     *
     * @param kill true for SIGKILL, false for SIGTERM.
     * @throws Exception if a member stopped by SIGTERM exits otherwise, or one does not start again.
     */
    void stopAllAndRestart(final boolean kill) throws Exception
    {
        if (kill)
        {
            killAll();
        }
        else
        {
            final List<Integer> statuses = terminateAll();
            if (!List.of(0, 0, 0).equals(statuses))
            {
                throw new AssertionError("SIGTERM stops each member cleanly: exit statuses " + statuses +
                    jvms.outputs());
            }
        }
        restartAll();
    }

    /**
     * Starts every member's process again at once, each in the directories of the one before it, and waits until all
     * run.
     *
     * @throws Exception if one does not start within {@link #START}.
     */
    void restartAll() throws Exception
    {
        for (int id = 0; id < SIZE; id++)
        {
            processes.set(id, startMember(id));
        }
        for (final ChildJvm process : processes)
        {
            process.awaitLine(MediaDriverProcess.RUNNING, START);
        }
    }

    /**
     * A member's role as its consensus module counts it in the counters of the member's own media driver, read from
     * that driver's directory (under the member's {@code wirespeed.cluster.dir}).
     *
     * @param id the member's id.
     * @return its role, or null while its process does not run, has no such counter yet, or is in an election.
     */
    Cluster.Role settledRole(final int id)
    {
        final File cncFile = memberDir(id).resolve(ClusterMemberSettings.DRIVER_DIR)
            .resolve(CncFileDescriptor.CNC_FILE).toFile();
        if (!processes.get(id).isAlive() || !cncFile.exists())
        {
            return null;
        }
        final MappedByteBuffer cnc = IoUtil.mapExistingFile(cncFile, CncFileDescriptor.CNC_FILE);
        try
        {
            final UnsafeBuffer meta = CncFileDescriptor.createMetaDataBuffer(cnc);
            if (CncFileDescriptor.CNC_VERSION != meta.getIntVolatile(CncFileDescriptor.cncVersionOffset(0)))
            {
                return null;
            }
            final CountersReader counters = new CountersReader(
                CncFileDescriptor.createCountersMetaDataBuffer(cnc, meta),
                CncFileDescriptor.createCountersValuesBuffer(cnc, meta), StandardCharsets.US_ASCII);
            final long[] roleAndElection = {-1, -1};
            counters.forEach((counterId, typeId, keyBuffer, label) ->
            {
                if (AeronCounters.CLUSTER_NODE_ROLE_TYPE_ID == typeId)
                {
                    roleAndElection[0] = counters.getCounterValue(counterId);
                }
                else if (AeronCounters.CLUSTER_ELECTION_STATE_TYPE_ID == typeId)
                {
                    roleAndElection[1] = counters.getCounterValue(counterId);
                }
            });
            final boolean inElection = ElectionState.CLOSED.code() != roleAndElection[1];
            return roleAndElection[0] < 0 || inElection ? null : Cluster.Role.get(roleAndElection[0]);
        }
        finally
        {
            IoUtil.unmap(cnc);
        }
    }

    /**
     * Waits until a member leads with its election over, as the members' counters tell.
     *
     * @param deadline how long to wait.
     * @return the leader's id.
     */
    int awaitLeader(final Duration deadline)
    {
        return Await.value("a member to lead", deadline, this::settledLeader);
    }

    /**
     * Waits until a member has rejoined the cluster: its election is over (it caught up with the leader's log) and it
     * is a follower of another member that leads with its own election over, or it leads again itself. A stopped
     * leader that starts again before the others time it out ({@code leaderHeartbeatTimeout}) stands in the election
     * that follows with a log as long as theirs, and may win it: Raft lets any up-to-date member lead.
     *
     * @param id       the member's id.
     * @param deadline how long to wait.
     * @return the id of the member that leads.
     */
    int awaitRejoined(final int id, final Duration deadline)
    {
        return Await.value("member " + id + " to have rejoined (a follower of a leader, or the leader)", deadline,
            () ->
            {
                final Cluster.Role role = settledRole(id);
                if (Cluster.Role.LEADER == role)
                {
                    return id;
                }
                return Cluster.Role.FOLLOWER == role ? settledLeader() : null;
            });
    }

    private Integer settledLeader()
    {
        for (int id = 0; id < SIZE; id++)
        {
            if (Cluster.Role.LEADER == settledRole(id))
            {
                return id;
            }
        }
        return null;
    }

    /**
     * Asks the cluster which member leads, through the probe (connected at the first call).
     *
     * @return the leader's id as the probe last heard it.
     */
    int leaderId()
    {
        if (!launchers.get(0).isEmpty())
        {
            throw new IllegalStateException("the probe runs on loopback: in namespaces use awaitLeader");
        }
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

    private List<Integer> awaitAllExited() throws InterruptedException
    {
        final List<Integer> statuses = new ArrayList<>();
        for (final ChildJvm process : processes)
        {
            statuses.add(process.awaitExit(STOP));
        }
        return statuses;
    }

    private ChildJvm startMember(final int id) throws Exception
    {
        final JvmCommand command = MediaDriverProcess.command(driverDirs.get(id), Map.of(
            ClusterMembers.MEMBERS_PROP, members,
            ClusterMembers.MEMBER_ID_PROP, Integer.toString(id),
            "wirespeed.cluster.dir", memberDir(id).toString(),
            ClusterMemberSettings.LEADER_HEARTBEAT_TIMEOUT_PROP, "2s",
            ClusterMemberSettings.LEADER_HEARTBEAT_INTERVAL_PROP, "100ms"));
        return jvms.start("member " + id, launchers.get(id).isEmpty() ? command : command.launcher(launchers.get(id)));
    }

    /**
     * A member's consensus module's and service container's directory, for {@code ClusterTool}: the file system is
     * shared by the namespaces, and so is the member's media driver's directory under the member's, through which
     * {@code ClusterTool snapshot} asks the member.
     *
     * @param id the member's id.
     * @return the directory.
     */
    Path clusterDir(final int id)
    {
        return memberDir(id).resolve(ClusterMemberSettings.CLUSTER_DIR);
    }

    private Path memberDir(final int id)
    {
        return temp.resolve("member-" + id);
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
