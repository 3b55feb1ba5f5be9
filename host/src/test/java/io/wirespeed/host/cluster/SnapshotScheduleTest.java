package io.wirespeed.host.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.archive.Archive;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.driver.MediaDriver;
import io.aeron.logbuffer.Header;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.sbe.ConnectEncoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.host.HostLimits;
import io.wirespeed.test.Await;
import io.wirespeed.test.FreePorts;
import io.wirespeed.test.SlowTest;

/**
 * Bounded disk on three members on loopback, each running the queue host's service, with a snapshot interval of 1 s
 * and, so that a few hundred KiB of log fill several segments, a 64 KiB log term and 64 KiB archive segments: under
 * a load of queue messages, the leader's member asks for snapshots on schedule and every member takes them; every
 * member then purges its log behind the older of its two latest snapshots (the log recording's first segment files
 * are gone, never one at or past that snapshot) and the snapshots before it (their recordings' files are gone). A
 * follower stopped holds the leader's schedule back (at most one more snapshot while it is down, so no member purges
 * what it needs); started again, it restores its latest snapshot, replays its purged log's tail, catches up from the
 * leader's log, the schedule resumes, and it ends with the same state digest as the others.
 */
@SlowTest
class SnapshotScheduleTest
{
    private static final HostLimits LIMITS = new HostLimits(64, 8192, 8L << 20, TimeUnit.SECONDS.toNanos(60));
    private static final Duration INTERVAL = Duration.ofSeconds(1);
    private static final int SEGMENT_LENGTH = 64 * 1024;
    private static final String LOG_CHANNEL = "aeron:udp?term-length=64k";
    private static final int ROUNDS = 2;
    private static final int MESSAGES_PER_ROUND = 100;
    private static final String BODY = "x".repeat(1000);
    private static final long CLIENT_HIGH = 0x5EED;
    private static final long CLIENT_LOW = 8;
    private static final Duration ELECTION_DEADLINE = Duration.ofSeconds(20);
    private static final Duration SNAPSHOT_DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final LoopbackMembers loopback = new LoopbackMembers();
    private final List<ClusterMember> members = loopback.members();
    private final List<HostService> services = new ArrayList<>();
    private final UnsafeBuffer frame = new UnsafeBuffer(new byte[4096]);
    private final UnsafeBuffer envelope = new UnsafeBuffer(new byte[2048]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final EgressListener ignore = new EgressListener()
    {
        @Override
        public void onMessage(
            final long clusterSessionId,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header header)
        {
        }
    };
    private MediaDriver clientDriver;
    private AeronCluster client;
    private long sequence;

    @AfterEach
    void close()
    {
        CloseHelper.closeAll(client, clientDriver);
        loopback.closeAll();
    }

    @Test
    void everyMemberSnapshotsOnScheduleAndPurgesBehindTheOlderOfItsTwoLatestSnapshots()
    {
        // one run of fifteen free ports: three runs asked for apart may overlap
        final int step = ClusterMembers.PORTS_PER_MEMBER;
        final int first = FreePorts.udpRun(3 * step);
        final ClusterMembers list = ClusterMembers.parse("0=127.0.0.1:" + first + ",1=127.0.0.1:" + (first + step) +
            ",2=127.0.0.1:" + (first + 2 * step));
        for (int id = 0; id < list.size(); id++)
        {
            services.add(new HostService(LIMITS, new ClusterEgress()));
            members.add(launch(list, id, ClusterMemberSettings.defaults(dir.resolve("member-" + id).toFile())
                .withSnapshotInterval(INTERVAL), services.get(id)));
        }
        final ClusterMember leader = loopback.awaitOneLeader(ELECTION_DEADLINE, () -> { });
        connectClient(list);

        for (int round = 1; round <= ROUNDS; round++)
        {
            final long before = leader.snapshotCount();
            sendQueueMessages(MESSAGES_PER_ROUND);
            Await.until("a scheduled snapshot on every member after round " + round, SNAPSHOT_DEADLINE, () ->
            {
                loopback.failOnMemberError();
                pollClient();
                return members.stream().allMatch((member) -> member.snapshotCount() > before);
            });
        }
        // two more snapshots after the load: the older of the two latest is past almost all of the log
        final long afterLoad = members.stream().mapToLong(ClusterMember::snapshotCount).max().orElseThrow();
        Await.until("two more snapshots on every member", SNAPSHOT_DEADLINE, () ->
        {
            loopback.failOnMemberError();
            pollClient();
            return members.stream().allMatch((member) -> member.snapshotCount() >= afterLoad + 2);
        });

        for (final ClusterMember member : members)
        {
            Await.until("member " + member.memberId() + " to purge its log and old snapshots", SNAPSHOT_DEADLINE,
                () ->
                {
                    loopback.failOnMemberError();
                    pollClient();
                    return purged(member);
                });
            final LogPurge.Plan plan = LogPurge.plan(member.settings().clusterDir());
            final long logStart = firstSegment(member, plan.logRecordingId());
            assertTrue(logStart > 0 && logStart <= plan.olderSnapshotPosition(), "member " + member.memberId() +
                "'s log starts at " + logStart + ", after 0 and not after the older snapshot " + plan);
            System.out.println("SnapshotScheduleTest: member " + member.memberId() + " took " +
                member.snapshotCount() + " snapshots; its log recording " + plan.logRecordingId() + " starts at " +
                logStart + ", the older of its two latest snapshots is at " + plan.olderSnapshotPosition() +
                ", the latest at " + plan.latestSnapshotPosition() + "; recordings left: " +
                recordingIds(member));
        }
        loopback.awaitEqualDigests(services, "after the load and the purges", this::pollClient);

        // a follower away: the leader takes at most one more snapshot (the follower's log had reached the latest),
        // then holds the schedule back, so that no member purges the log the follower needs to catch up
        final ClusterMember follower = members.stream().filter((member) -> !member.isLeader()).findFirst()
            .orElseThrow();
        final int id = follower.memberId();
        follower.close();
        final long atClose = leader.snapshotCount();
        Await.during("the leader to hold its scheduled snapshots back while member " + id + " is down",
            INTERVAL.multipliedBy(4), () ->
            {
                pollClient();
                return leader.snapshotCount() <= atClose + 1;
            });
        sendQueueMessages(MESSAGES_PER_ROUND);
        final HostService restarted = new HostService(LIMITS, new ClusterEgress());
        services.set(id, restarted);
        members.add(launch(list, id, follower.settings(), restarted));
        Await.until("scheduled snapshots again on the leader once member " + id + " caught up", SNAPSHOT_DEADLINE,
            () ->
            {
                loopback.failOnMemberError();
                pollClient();
                return leader.snapshotCount() >= atClose + 3;
            });

        sendQueueMessages(1);
        loopback.awaitEqualDigests(services, "with member " + id + " restarted after the purges", this::pollClient);
        assertTrue(restarted.restoredFromSnapshot(), "member " + id + " started from its latest snapshot");
        loopback.failOnMemberError();
    }

    /**
     * Whether a member's log recording lost its first segment and no snapshot before the older of its two latest
     * is left.
     */
    private static boolean purged(final ClusterMember member)
    {
        final LogPurge.Plan plan = LogPurge.plan(member.settings().clusterDir());
        if (null == plan || firstSegment(member, plan.logRecordingId()) <= 0)
        {
            return false;
        }
        final TreeSet<Long> left = recordingIds(member);
        return plan.oldSnapshotRecordingIds().stream().noneMatch(left::contains);
    }

    /** The base position of the first segment file of a recording in the member's archive, -1 if none. */
    private static long firstSegment(final ClusterMember member, final long recordingId)
    {
        long first = -1;
        for (final String name : segmentFiles(member))
        {
            final int dash = name.indexOf('-');
            if (Long.parseLong(name.substring(0, dash)) == recordingId)
            {
                final long base = Long.parseLong(name.substring(dash + 1, name.length() - ".rec".length()));
                first = first < 0 ? base : Math.min(first, base);
            }
        }
        return first;
    }

    /** The recordings that have segment files in the member's archive. */
    private static TreeSet<Long> recordingIds(final ClusterMember member)
    {
        final TreeSet<Long> ids = new TreeSet<>();
        for (final String name : segmentFiles(member))
        {
            ids.add(Long.parseLong(name.substring(0, name.indexOf('-'))));
        }
        return ids;
    }

    private static List<String> segmentFiles(final ClusterMember member)
    {
        final String[] names = member.settings().archiveDir().list((directory, name) -> name.endsWith(".rec"));
        return null == names ? List.of() : List.of(names);
    }

    /** Launches a member with a short log term and short archive segments (Aeron reads both when it starts). */
    private ClusterMember launch(
        final ClusterMembers list, final int id, final ClusterMemberSettings settings, final HostService service)
    {
        System.setProperty(ConsensusModule.Configuration.LOG_CHANNEL_PROP_NAME, LOG_CHANNEL);
        System.setProperty(Archive.Configuration.SEGMENT_FILE_LENGTH_PROP_NAME, Integer.toString(SEGMENT_LENGTH));
        try
        {
            return ClusterMember.launch(list, id, settings, service, loopback.errorHandler(id));
        }
        finally
        {
            System.clearProperty(ConsensusModule.Configuration.LOG_CHANNEL_PROP_NAME);
            System.clearProperty(Archive.Configuration.SEGMENT_FILE_LENGTH_PROP_NAME);
        }
    }

    private void connectClient(final ClusterMembers list)
    {
        if (null == clientDriver)
        {
            clientDriver = LoopbackMembers.launchClientDriver(dir.resolve("client-driver"));
        }
        client = LoopbackMembers.connect(clientDriver, list, "aeron:udp?endpoint=127.0.0.1:0", ignore);
        final ConnectEncoder encoder = new ConnectEncoder().wrapAndApplyHeader(frame, 1, header)
            .correlationId(++sequence).protocolVersion(MessageHeaderEncoder.SCHEMA_VERSION).sessionId(0);
        encoder.client().high(CLIENT_HIGH).low(CLIENT_LOW).replyStreamId(0);
        encoder.user("").password("");
        frame.putByte(0, HostService.CONTROL_REQUEST);
        LoopbackMembers.offer(client, frame, 1 + MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength(),
            this::pollClient);
    }

    private void sendQueueMessages(final int count)
    {
        for (int i = 0; i < count; i++)
        {
            sequence++;
            final int length = new EnvelopeWriter().wrap(envelope, 0)
                .messageId(CLIENT_HIGH, CLIENT_LOW, 1, 1, sequence).timestamp(sequence).priority(4)
                .destination(DestinationKind.QUEUE, "bounded").textBody(BODY).finish();
            frame.putByte(0, HostService.QUEUE_MESSAGE);
            frame.putBytes(1, envelope, 0, length);
            LoopbackMembers.offer(client, frame, 1 + length, this::pollClient);
        }
    }

    private void pollClient()
    {
        if (null != client)
        {
            client.sendKeepAlive();
            client.pollEgress();
        }
    }
}
