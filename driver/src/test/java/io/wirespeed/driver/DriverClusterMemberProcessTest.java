package io.wirespeed.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.SemanticVersion;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.cluster.codecs.EventCode;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.exceptions.AeronException;
import io.aeron.logbuffer.Header;
import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.codec.control.sbe.ConnectEncoder;
import io.wirespeed.codec.control.sbe.ConnectedDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.host.cluster.ClusterMemberSettings;
import io.wirespeed.host.cluster.ClusterMembers;
import io.wirespeed.host.cluster.HostService;
import io.wirespeed.host.cluster.StateMachineVersion;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * {@code wirespeed-driver} as a member of a clustered queue host ({@code wirespeed.cluster.members} and
 * {@code memberId}): three driver processes on loopback elect a leader and serve an Aeron Cluster client's control
 * requests; the leader's process killed (SIGKILL), the client is told of a new leader among the others and its next
 * request is answered; SIGTERM stops a member cleanly. A member killed and started again at once in the same directory
 * starts (its dead process's files recognised by their pid) and carries the log again; a second start while one runs
 * is refused, naming its process. Settings that make no member, or a port another process holds,
 * stop the process at start with status 1 and what to change.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class DriverClusterMemberProcessTest
{
    private static final Duration START = Duration.ofSeconds(60);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final long CLIENT_HIGH = 0xC1A5;
    /**
     * Twice Wirespeed's default: three member processes share this machine's cores with the build, and a member that
     * misses the leader's heartbeats for 1 s under that load starts an election the test did not ask for.
     */
    private static final String HEARTBEAT_TIMEOUT = "2s";
    private static final String HEARTBEAT_INTERVAL = "200ms";

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    private final Answers answers = new Answers();
    private final UnsafeBuffer frame = new UnsafeBuffer(new byte[512]);
    private MediaDriver clientDriver;
    private AeronCluster client;
    private String members;

    @AfterEach
    void close()
    {
        CloseHelper.closeAll(client, clientDriver);
    }

    @Test
    void threeMemberProcessesServeAClientAndAnotherLeadsOnceTheLeadersProcessIsKilled() throws Exception
    {
        final List<Path> driverDirs = new ArrayList<>();
        final List<ChildJvm> processes = startThreeMembers(driverDirs);
        for (int id = 0; id < 3; id++)
        {
            final ChildJvm process = processes.get(id);
            final String running = process.awaitLine(MediaDriverProcess.RUNNING, START);
            assertTrue(running.contains(" queue-host=cluster cluster-member=" + id + " cluster-members=" + members),
                running);
            assertTrue(running.endsWith(" state-machine-version=" +
                SemanticVersion.toString(StateMachineVersion.CURRENT)), running);
            final String output = process.output();
            assertTrue(output.contains("wirespeed-driver cluster member " + id + " of 3 (" + members + "): ingress "),
                output);
            assertTrue(output.contains(" wirespeed.cluster.leaderHeartbeatTimeout=" + HEARTBEAT_TIMEOUT + " "), output);
            assertTrue(output.contains("wirespeed-driver queue host: the cluster's"), output);
            assertTrue(Files.isDirectory(driverDirs.get(id)), "the process's own driver runs in " + driverDirs.get(id));
        }
        connectAndAsk();

        final int leaderId = client.leaderMemberId();
        final ChildJvm leader = processes.get(leaderId);
        leader.killForcibly(TIMEOUT);
        Await.until("a NEW_LEADER other than member " + leaderId + " at the client", TIMEOUT,
            () -> poll() >= 0 && answers.newLeaderId >= 0 && answers.newLeaderId != leaderId);
        assertNotEquals(leaderId, client.leaderMemberId());

        sendConnect(2);
        awaitConnected(2);

        for (int id = 0; id < 3; id++)
        {
            if (id != leaderId)
            {
                final ChildJvm survivor = processes.get(id);
                survivor.terminate();
                assertEquals(0, survivor.awaitExit(TIMEOUT), "member " + id + "'s exit status: " + survivor.output());
                survivor.awaitLine(MediaDriverProcess.STOPPED, TIMEOUT);
                assertFalse(Files.exists(driverDirs.get(id)), "member " + id + " left " + driverDirs.get(id));
            }
        }
    }

    @Test
    void aMemberRestartedAtOnceAfterItsProcessWasKilledStartsAndRejoinsAndASecondOneIsRefused() throws Exception
    {
        final List<Path> driverDirs = new ArrayList<>();
        final List<ChildJvm> processes = startThreeMembers(driverDirs);
        for (final ChildJvm process : processes)
        {
            process.awaitLine(MediaDriverProcess.RUNNING, START);
        }
        connectAndAsk();

        final int leaderId = client.leaderMemberId();
        final int restartedId = (leaderId + 1) % 3;
        final int otherId = (leaderId + 2) % 3;
        final ChildJvm killed = processes.get(restartedId);
        final long killedPid = killed.pid();
        killed.killForcibly(TIMEOUT);
        final long killedNs = System.nanoTime();
        // at once, in the same directories: the dead process's media driver, archive and cluster mark files are
        // younger than their timeouts (10 s), so only their pid tells that their owner has gone
        final ChildJvm restarted = startMember(restartedId, driverDirs.get(restartedId));
        restarted.awaitLine(MediaDriverProcess.RUNNING, START);
        final long restartMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNs);
        final Path memberDir = temp.resolve("member-" + restartedId);
        assertTrue(restarted.output().contains("removed " + memberDir.resolve("driver").resolve("cnc.dat") +
            ": the media driver of process " + killedPid + " "), restarted.output());
        assertTrue(restarted.output().contains("removed " + memberDir.resolve("cluster").resolve("cluster-mark.dat") +
            ": the consensus module of process " + killedPid + " "), restarted.output());

        // the restarted member is one of the two that now make the majority: the other follower's process killed,
        // a request still commits only if the restarted member appends the log
        processes.get(otherId).killForcibly(TIMEOUT);
        sendConnect(2);
        awaitConnected(2);

        // its files are a live process's now: another start in its directory is refused, saying so
        final ChildJvm second = startMember(restartedId, MediaDriverProcess.newDirectory(jvms));
        assertEquals(WirespeedMediaDriver.EXIT_CANNOT_START, second.awaitExit(TIMEOUT), second.output());
        assertTrue(second.output().contains("process " + restarted.pid() + ", which is running"), second.output());
        assertTrue(restarted.isAlive(), restarted.output());
        System.out.println("DriverClusterMemberProcessTest: member " + restartedId + " restarted " + restartMs +
            " ms after its process was killed");
    }

    @Test
    void aMemberFromAPropertiesFileStopsCleanlyOnSigterm() throws Exception
    {
        members = "0=127.0.0.1:" + FreePorts.udpRun(ClusterMembers.PORTS_PER_MEMBER);
        final Path file = temp.resolve("member.properties");
        Files.writeString(file, String.join("\n",
            ClusterMembers.MEMBERS_PROP + "=" + members,
            ClusterMembers.MEMBER_ID_PROP + "=0",
            DriverSettings.CLUSTER_DIR_PROP + "=" + temp.resolve("member-0"),
            "wirespeed.cluster.electionTimeout=400ms"));
        final MediaDriverProcess member = MediaDriverProcess.start(jvms, Map.of(), file.toString());

        assertTrue(member.process().output().contains("wirespeed-driver setting wirespeed.cluster.memberId=0 " +
            "(default none, from " + file + ")"), member.process().output());
        assertTrue(member.process().output().contains(" wirespeed.cluster.electionTimeout=400ms "),
            member.process().output());
        assertTrue(member.runningLine().contains(" queue-host=cluster cluster-member=0 "), member.runningLine());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
            temp.resolve("member-0"))), "the member's directory is its user's alone");
        member.stopCleanly();
        assertTrue(Files.isDirectory(temp.resolve("member-0").resolve("cluster")), "the member's files are kept");
    }

    @Test
    void twoOrFourMembersAreRefusedSayingWhy() throws Exception
    {
        assertRefused(Map.of(ClusterMembers.MEMBERS_PROP, "0=127.0.0.1:9000,1=127.0.0.1:9010",
            ClusterMembers.MEMBER_ID_PROP, "0"), "wirespeed-driver: wirespeed.cluster.members lists 2 members: a " +
            "cluster of 2 members cannot elect a leader once one is lost; use 1, 3 or 5");
        assertRefused(Map.of(ClusterMembers.MEMBERS_PROP,
            "0=127.0.0.1:9000,1=127.0.0.1:9010,2=127.0.0.1:9020,3=127.0.0.1:9030", ClusterMembers.MEMBER_ID_PROP, "0"),
            "wirespeed-driver: wirespeed.cluster.members lists 4 members: a cluster of 4 members survives no more " +
            "lost members than one of 3");
    }

    @Test
    void aMemberIdNotInTheListOrWithoutAListIsRefusedNamingTheOther() throws Exception
    {
        assertRefused(Map.of(ClusterMembers.MEMBERS_PROP, "0=127.0.0.1:9000,1=127.0.0.1:9010,2=127.0.0.1:9020",
            ClusterMembers.MEMBER_ID_PROP, "5"), "wirespeed-driver: wirespeed.cluster.memberId=5 names no member of " +
            "wirespeed.cluster.members: use one of its ids (0, 1, 2)");
        assertRefused(Map.of(ClusterMembers.MEMBER_ID_PROP, "1"), "wirespeed-driver: wirespeed.cluster.memberId " +
            "(a -D system property) is a setting of a cluster member, but wirespeed.cluster.members is not set: " +
            "give it");
    }

    @Test
    void aPortInUseIsRefusedNamingItAndTheSettingToChange() throws Exception
    {
        final int base = FreePorts.udpRun(ClusterMembers.PORTS_PER_MEMBER);
        try (DatagramSocket taken = new DatagramSocket(new InetSocketAddress("127.0.0.1", base + 1)))
        {
            assertRefused(Map.of(ClusterMembers.MEMBERS_PROP, "0=127.0.0.1:" + base,
                ClusterMembers.MEMBER_ID_PROP, "0",
                DriverSettings.CLUSTER_DIR_PROP, temp.resolve("member-0").toString()),
                "wirespeed-driver: wirespeed.cluster.members: member 0's consensus port 127.0.0.1:" + (base + 1) +
                " (PORT+1) cannot be bound: ");
            assertTrue(taken.isBound());
        }
    }

    @Test
    void aMemberThatCannotStartInItsDirectoryEndsWithStatusOneNamingTheSetting() throws Exception
    {
        final Path notADirectory = Files.writeString(temp.resolve("not-a-directory"), "a file");

        assertRefused(Map.of(ClusterMembers.MEMBERS_PROP,
            "0=127.0.0.1:" + FreePorts.udpRun(ClusterMembers.PORTS_PER_MEMBER),
            ClusterMembers.MEMBER_ID_PROP, "0",
            DriverSettings.CLUSTER_DIR_PROP, notADirectory.toString()),
            "wirespeed-driver: the cluster member's directory " + notADirectory + " cannot be made this user's alone " +
            "(0700): java.nio.file.FileAlreadyExistsException: " + notADirectory + "; give wirespeed.cluster.dir a " +
            "directory this user can create and own");
    }

    /** Starts three member processes, each with a driver directory of its own (added to the list), not waiting. */
    private List<ChildJvm> startThreeMembers(final List<Path> driverDirs) throws Exception
    {
        members = threeMembers();
        final List<ChildJvm> processes = new ArrayList<>();
        for (int id = 0; id < 3; id++)
        {
            driverDirs.add(MediaDriverProcess.newDirectory(jvms));
            processes.add(startMember(id, driverDirs.get(id)));
        }
        return processes;
    }

    /** Connects the client to the cluster's leader and has its first Connect answered. */
    private void connectAndAsk()
    {
        clientDriver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(temp.resolve("client-driver").toString())
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy())
            .termBufferSparseFile(true)
            .dirDeleteOnShutdown(true));
        client = Await.value("a cluster client connected to the leader", START, this::connectClient);
        sendConnect(1);
        awaitConnected(1);
    }

    private ChildJvm startMember(final int id, final Path driverDir) throws Exception
    {
        return jvms.start("member " + id, MediaDriverProcess.command(driverDir, Map.of(
            ClusterMembers.MEMBERS_PROP, members,
            ClusterMembers.MEMBER_ID_PROP, Integer.toString(id),
            DriverSettings.CLUSTER_DIR_PROP, temp.resolve("member-" + id).toString(),
            ClusterMemberSettings.LEADER_HEARTBEAT_TIMEOUT_PROP, HEARTBEAT_TIMEOUT,
            ClusterMemberSettings.LEADER_HEARTBEAT_INTERVAL_PROP, HEARTBEAT_INTERVAL)));
    }

    private void assertRefused(final Map<String, String> settings, final String message) throws Exception
    {
        final ChildJvm driver = jvms.start("media driver",
            MediaDriverProcess.command(MediaDriverProcess.newDirectory(jvms), settings));

        assertEquals(WirespeedMediaDriver.EXIT_CANNOT_START, driver.awaitExit(TIMEOUT), driver.output());
        assertTrue(driver.output().contains(message), driver.output());
        assertFalse(driver.output().contains(MediaDriverProcess.RUNNING), driver.output());
    }

    /** Three members on 127.0.0.1, each on five ports that were free when asked, no two runs overlapping. */
    private static String threeMembers()
    {
        final List<Integer> ports = new ArrayList<>();
        while (ports.size() < 3)
        {
            final int port = FreePorts.udpRun(ClusterMembers.PORTS_PER_MEMBER);
            if (ports.stream().allMatch((other) -> Math.abs(other - port) >= ClusterMembers.PORTS_PER_MEMBER))
            {
                ports.add(port);
            }
        }
        return "0=127.0.0.1:" + ports.get(0) + ",1=127.0.0.1:" + ports.get(1) + ",2=127.0.0.1:" + ports.get(2);
    }

    private AeronCluster connectClient()
    {
        try
        {
            return AeronCluster.connect(new AeronCluster.Context()
                .aeronDirectoryName(clientDriver.aeronDirectoryName())
                .ingressChannel("aeron:udp")
                .ingressEndpoints(ClusterMembers.parse(members).ingressEndpoints())
                .egressChannel("aeron:udp?endpoint=127.0.0.1:0")
                .egressListener(answers)
                .messageTimeoutNs(TimeUnit.SECONDS.toNanos(5)));
        }
        catch (final AeronException ex)
        {
            // no leader yet: try again
            return null;
        }
    }

    private void sendConnect(final long correlationId)
    {
        final MessageHeaderEncoder header = new MessageHeaderEncoder();
        final ConnectEncoder encoder = new ConnectEncoder().wrapAndApplyHeader(frame, 1, header)
            .correlationId(correlationId).protocolVersion(MessageHeaderEncoder.SCHEMA_VERSION).sessionId(0);
        encoder.client().high(CLIENT_HIGH).low(correlationId).replyStreamId(0);
        encoder.user("").password("");
        frame.putByte(0, HostService.CONTROL_REQUEST);
        final int length = 1 + MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
        try
        {
            Await.until("the cluster to take Connect " + correlationId, TIMEOUT, () ->
            {
                if (client.offer(frame, 0, length) > 0)
                {
                    return true;
                }
                poll();
                return false;
            });
        }
        catch (final AssertionError ex)
        {
            throw new AssertionError(ex.getMessage() + "; the client's leader " + client.leaderMemberId() +
                ", its ingress " + (client.ingressPublication().isConnected() ? "connected" : "not connected") +
                ", last offer " + client.offer(frame, 0, length) + ", last session event " + answers.lastEvent +
                ", last new leader " + answers.newLeaderId, ex);
        }
        client.pollEgress();
    }

    private void awaitConnected(final long correlationId)
    {
        Await.until("Connected " + correlationId + " through the cluster's egress", TIMEOUT,
            () -> poll() >= 0 && answers.connected.contains(correlationId));
    }

    private int poll()
    {
        if (client.isClosed())
        {
            throw new AssertionError("the cluster client closed; its last session event: " + answers.lastEvent +
                jvms.outputs());
        }
        client.sendKeepAlive();
        return client.pollEgress();
    }

    /** What the client hears: the correlation ids of Connected answers, and the last new leader. */
    private static final class Answers implements EgressListener
    {
        private final MessageHeaderDecoder header = new MessageHeaderDecoder();
        private final ConnectedDecoder connectedDecoder = new ConnectedDecoder();
        private final Set<Long> connected = new HashSet<>();
        private volatile int newLeaderId = -1;
        private volatile String lastEvent = "none";

        @Override
        public void onMessage(
            final long clusterSessionId,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header fragmentHeader)
        {
            header.wrap(buffer, offset);
            if (ConnectedDecoder.TEMPLATE_ID == header.templateId())
            {
                connectedDecoder.wrap(buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH, header.blockLength(),
                    header.version());
                connected.add(connectedDecoder.correlationId());
            }
        }

        @Override
        public void onSessionEvent(
            final long correlationId,
            final long clusterSessionId,
            final long leadershipTermId,
            final int leaderMemberId,
            final EventCode code,
            final String detail)
        {
            lastEvent = code + " " + detail + " (leader " + leaderMemberId + ")";
        }

        @Override
        public void onNewLeader(
            final long clusterSessionId,
            final long leadershipTermId,
            final int leaderMemberId,
            final String ingressEndpoints)
        {
            newLeaderId = leaderMemberId;
        }
    }
}
