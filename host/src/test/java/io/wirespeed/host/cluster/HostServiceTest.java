package io.wirespeed.host.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.cluster.ClusterTool;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.ClusterException;
import io.aeron.cluster.client.EgressListener;
import io.aeron.driver.MediaDriver;
import io.aeron.exceptions.AeronException;
import io.aeron.logbuffer.Header;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.control.sbe.AcknowledgeEncoder;
import io.wirespeed.codec.control.sbe.ConnectEncoder;
import io.wirespeed.codec.control.sbe.ConnectedDecoder;
import io.wirespeed.codec.control.sbe.CreditEncoder;
import io.wirespeed.codec.control.sbe.DeliverDecoder;
import io.wirespeed.codec.control.sbe.HeartbeatDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.control.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.control.sbe.SendRefusedDecoder;
import io.wirespeed.codec.control.sbe.ResyncEncoder;
import io.wirespeed.codec.control.sbe.SubscribeEncoder;
import io.wirespeed.host.HostLimits;
import io.wirespeed.test.Await;
import io.wirespeed.transport.aeron.ArchiveSpace;
import io.wirespeed.test.SlowTest;

/**
 * The queue host's state machine as an Aeron Cluster service ({@link HostService}), three members on loopback in one
 * JVM: an {@link AeronCluster} client opens a host session with a Connect, declares a consumer with credit, sends queue
 * messages as ingress and receives and acknowledges their deliveries through the cluster's egress; the three members
 * end in one state (equal {@code stateDigest()} at one log position). The leader killed, the client follows the new
 * one and keeps its host session: it sends more and receives them, and the two survivors stay equal. Members restored
 * from a snapshot and the log after it, from the snapshot before the latest, or from the whole log, have the state of
 * one that never stopped. Garbage ingress is dropped by every member, which stays up and equal. An error reported by
 * any member fails the test.
 */
@SlowTest
class HostServiceTest
{
    private static final HostLimits LIMITS = new HostLimits(64, 8192, 8L << 20, TimeUnit.SECONDS.toNanos(60));
    private static final int FIRST_BATCH = 100;
    private static final int SECOND_BATCH = 100;
    private static final long CLIENT_HIGH = 0x5EED;
    private static final long CLIENT_LOW = 24;
    private static final long CONSUMER = 1;
    private static final String QUEUE = "orders";
    private static final int BACK_PRESSURED_MESSAGES = 3_000;
    private static final Duration ELECTION_DEADLINE = Duration.ofSeconds(20);
    private static final Duration FAILOVER_DEADLINE = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private final LoopbackMembers loopback = new LoopbackMembers();
    private final List<ClusterMember> members = loopback.members();
    private final List<HostService> services = new ArrayList<>();
    private final Deliveries deliveries = new Deliveries();
    private final UnsafeBuffer frame = new UnsafeBuffer(new byte[4096]);
    private final UnsafeBuffer envelope = new UnsafeBuffer(new byte[2048]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private MediaDriver clientDriver;
    private AeronCluster client;

    @AfterEach
    void close()
    {
        CloseHelper.closeAll(client, clientDriver);
        loopback.closeAll();
    }

    @Test
    void threeMembersServeAHostSessionAndKeepItAcrossALeaderKill()
    {
        final ClusterMembers list = launchThree();
        final ClusterMember leader = awaitOneLeader(ELECTION_DEADLINE);
        connectClient(list);

        connect();
        subscribe(FIRST_BATCH + SECOND_BATCH + 100);
        sendQueueMessages(1, FIRST_BATCH);
        awaitDeliveries(FIRST_BATCH);
        acknowledgeAll();
        awaitEqualDigests("after the first batch, acknowledged");

        sendGarbage(new Random(24_001L));
        awaitEqualDigests("after garbage ingress");
        loopback.failOnMemberError();

        leader.kill();
        Await.until("a NEW_LEADER event at the client after member " + leader.memberId() + " was killed",
            FAILOVER_DEADLINE, () -> pollClient() >= 0 && deliveries.newLeaders > 0);
        final ClusterMember newLeader = awaitOneLeader(FAILOVER_DEADLINE);
        assertNotEquals(leader.memberId(), newLeader.memberId());
        // as a provider does at a new leader: the new term's deliveries wait for it
        resync(deliveries.lastDeliveryId, FIRST_BATCH + SECOND_BATCH + 100 - deliveries.count);

        sendQueueMessages(FIRST_BATCH + 1, SECOND_BATCH);
        awaitDeliveries(FIRST_BATCH + SECOND_BATCH);
        acknowledgeAll();
        awaitEqualDigests("on the survivors after the failover");
        assertEquals(1, deliveries.connectedCount, "the host session was kept: no second Connect");
        assertEquals(0, deliveries.duplicates, "no delivery twice");
        loopback.failOnMemberError();
    }

    @Test
    void aStoppedLeaderHandsOverAndTheNextLeaderResumesTheClusterItSuspended()
    {
        final ClusterMembers list = launchThree();
        final ClusterMember leader = awaitOneLeader(ELECTION_DEADLINE);
        connectClient(list);
        connect();
        subscribe(FIRST_BATCH + SECOND_BATCH);
        sendQueueMessages(1, FIRST_BATCH);
        awaitDeliveries(FIRST_BATCH);

        leader.close();
        assertTrue(leader.handedOver(), "the leader suspended the cluster and all it appended was committed");
        Await.until("a NEW_LEADER event at the client after member " + leader.memberId() + " was stopped",
            FAILOVER_DEADLINE, () -> pollClient() >= 0 && deliveries.newLeaders > 0);
        final ClusterMember newLeader = awaitOneLeader(FAILOVER_DEADLINE);
        assertNotEquals(leader.memberId(), newLeader.memberId());
        Await.until("the new leader to resume the cluster that the stopped one suspended", FAILOVER_DEADLINE,
            () -> pollClient() >= 0 && ConsensusModule.State.ACTIVE == newLeader.moduleState());
        resync(deliveries.lastDeliveryId, SECOND_BATCH);

        sendQueueMessages(FIRST_BATCH + 1, SECOND_BATCH);
        awaitDeliveries(FIRST_BATCH + SECOND_BATCH);
        assertEquals(0, deliveries.duplicates, "no delivery twice");
        loopback.failOnMemberError();
    }

    @Test
    void anIdleClientHearsTheLeadersHeartbeatsAsAClientOfASingleHostDoes()
    {
        final ClusterMembers list = launchThree();
        awaitOneLeader(ELECTION_DEADLINE);
        connectClient(list);
        connect();

        // the client sends nothing but the cluster's keep-alive: its provider takes a host it hears nothing from for
        // the driver timeout for lost
        Await.until("three heartbeats from the leader to an idle client", Duration.ofSeconds(10),
            () -> pollClient() >= 0 && deliveries.heartbeats >= 3);
        loopback.failOnMemberError();
    }

    @Test
    void aMemberRestartedFromASnapshotAndTheLogTailHasTheSameState()
    {
        final ClusterMembers list = launchThree();
        final ClusterMember leader = awaitOneLeader(ELECTION_DEADLINE);
        connectClient(list);
        connect();
        subscribe(FIRST_BATCH / 2);
        sendQueueMessages(1, FIRST_BATCH);
        // half delivered and in flight, half waiting in the queue: both are in the snapshot
        awaitDeliveries(FIRST_BATCH / 2);
        awaitEqualDigests("before the snapshot");

        snapshotOnEveryMember(leader, 1);
        final ClusterMember follower = members.stream().filter((member) -> !member.isLeader()).findFirst()
            .orElseThrow();
        final int id = follower.memberId();
        final HostService restarted = restart(list, follower, new HostService(LIMITS, new ClusterEgress()));
        awaitEqualDigests("with the member restarted from its snapshot");
        assertTrue(restarted.restoredFromSnapshot(), "member " + id + " started from its snapshot");

        acknowledgeAll();
        sendQueueMessages(FIRST_BATCH + 1, SECOND_BATCH);
        awaitEqualDigests("after more input, with the member restarted from its snapshot");
        loopback.failOnMemberError();
    }

    /**
     * Issue 24's snapshot replay: two snapshots taken under load (messages sent, delivered and acknowledged between
     * and after them); a follower restarted from the previous snapshot (its latest invalidated, as {@code ClusterTool
     * invalidate-latest-snapshot} does) and the longer log tail after it, the other with both invalidated, replaying
     * the whole log: each ends with the state of the leader, which never stopped, and goes on alike.
     */
    @Test
    void membersRestoredFromThePreviousSnapshotOrFromTheWholeLogHaveTheSameState()
    {
        final ClusterMembers list = launchThree();
        final ClusterMember leader = awaitOneLeader(ELECTION_DEADLINE);
        connectClient(list);
        connect();
        subscribe(FIRST_BATCH / 2);
        long sent = 0;
        for (int snapshot = 1; snapshot <= 2; snapshot++)
        {
            sendQueueMessages(sent + 1, FIRST_BATCH);
            sent += FIRST_BATCH;
            awaitDeliveries(snapshot * FIRST_BATCH / 2);
            snapshotOnEveryMember(leader, snapshot);
            acknowledgeAll();
            grantCredit(FIRST_BATCH / 2);
        }
        sendQueueMessages(sent + 1, SECOND_BATCH);
        sent += SECOND_BATCH;
        awaitEqualDigests("after two snapshots and the log after them");

        final List<ClusterMember> followers = members.stream().filter((member) -> !member.isLeader()).toList();
        for (int invalidated = 1; invalidated <= 2; invalidated++)
        {
            final ClusterMember follower = followers.get(invalidated - 1);
            final int id = follower.memberId();
            follower.close();
            for (int i = 0; i < invalidated; i++)
            {
                assertTrue(ClusterTool.invalidateLatestSnapshot(System.out, follower.settings().clusterDir()),
                    "member " + id + "'s snapshot invalidated");
            }
            final HostService restarted = restart(list, follower, new HostService(LIMITS, new ClusterEgress()));
            final String how = 1 == invalidated ? "from its previous snapshot and the log after it" :
                "from the whole log";
            awaitEqualDigests("with member " + id + " restarted " + how);
            assertEquals(1 == invalidated, restarted.restoredFromSnapshot(), "member " + id + " restarted " + how);

            acknowledgeAll();
            sendQueueMessages(sent + 1, SECOND_BATCH);
            sent += SECOND_BATCH;
            awaitEqualDigests("after more input, with member " + id + " restarted " + how);
        }
        loopback.failOnMemberError();
    }

    @Test
    void belowMinFreeOnTheLeadersDiskEveryMemberRefusesPersistentQueueMessagesAndTakesOthers()
    {
        // a minimum no disk has: the leader's disk is low from its first look
        final ClusterMembers list = launchThree(Long.MAX_VALUE / 4);
        final ClusterMember leader = awaitOneLeader(ELECTION_DEADLINE);
        connectClient(list);
        connect();
        Await.until("every member to read in the log that the leader's disk is low", () ->
        {
            loopback.failOnMemberError();
            return pollClient() >= 0 && services.stream().allMatch(HostService::logSpaceLow);
        });
        subscribe(10);
        sendQueueMessages(1, 1, EnvelopeDescriptor.PERSISTENT);
        sendQueueMessages(2, 1, EnvelopeDescriptor.NON_PERSISTENT);
        awaitDeliveries(1);
        Await.until("the PERSISTENT message's refusal", () -> pollClient() >= 0 && !deliveries.refusals.isEmpty());
        assertEquals(1, deliveries.refusals.size(), deliveries.refusals::toString);
        assertTrue(deliveries.refusals.get(0).startsWith(QUEUE + ": a message to queue '" + QUEUE + "' was refused " +
            "and dropped: the disk of the clustered queue host's leader") &&
            deliveries.refusals.get(0).contains("wirespeed.archive.min.free"), deliveries.refusals::toString);
        assertEquals(2, deliveries.lastSequence, "the NON_PERSISTENT message was delivered");
        awaitEqualDigests("with PERSISTENT messages refused");

        // the state is in the snapshot: a member restarted from it refuses alike
        snapshotOnEveryMember(leader, 1);
        final ClusterMember follower = members.stream().filter((member) -> !member.isLeader()).findFirst()
            .orElseThrow();
        final int id = follower.memberId();
        final HostService restarted = restart(list, follower, new HostService(LIMITS, new ClusterEgress())
            .watchLogSpace(new ArchiveSpace(dir, Long.MAX_VALUE / 4)));
        awaitEqualDigests("with member " + id + " restarted from its snapshot");
        assertTrue(restarted.restoredFromSnapshot() && restarted.logSpaceLow(), "member " + id + " restored it");
        sendQueueMessages(3, 1, EnvelopeDescriptor.PERSISTENT);
        Await.until("the second PERSISTENT message's refusal", () -> pollClient() >= 0 &&
            deliveries.refusals.size() == 2);
        awaitEqualDigests("after another PERSISTENT message refused");
        loopback.failOnMemberError();
    }

    @Test
    void aMemberGivenAnotherMemberListReportsAFatalErrorNamingBothLists()
    {
        aMemberGivenAnotherListReportsIt(true);
    }

    @Test
    void aMemberGivenAnotherMemberListReportsItWhileNoClientIsConnected()
    {
        aMemberGivenAnotherListReportsIt(false);
    }

    private void aMemberGivenAnotherListReportsIt(final boolean withClient)
    {
        final ClusterMembers list = LoopbackMembers.threeMembers();
        // member 2 is given member 1's host written otherwise: it reaches member 1 alike, but its list is another
        final ClusterMembers other = ClusterMembers.parse(list.toString().replace(",1=127.0.0.1:", ",1=localhost:"));
        assertNotEquals(list.toString(), other.toString());
        final Map<Integer, Throwable> fatal = new ConcurrentHashMap<>();
        for (int id = 0; id < list.size(); id++)
        {
            final ClusterMembers given = 2 == id ? other : list;
            final HostService service = new HostService(LIMITS, new ClusterEgress()).checkMembers(given);
            services.add(service);
            final int memberId = id;
            final ErrorHandler otherwise = loopback.errorHandler(id);
            members.add(ClusterMember.launch(given, id, ClusterMemberSettings.defaults(
                dir.resolve("member-" + id).toFile()), service, (ex) ->
                {
                    if (ex instanceof ClusterException && AeronException.Category.FATAL ==
                        ((ClusterException)ex).category() && ex.getMessage().contains(" was given "))
                    {
                        fatal.putIfAbsent(memberId, ex);
                    }
                    else
                    {
                        otherwise.onError(ex);
                    }
                }));
        }
        final ClusterMember leader = awaitOneLeader(ELECTION_DEADLINE);
        if (withClient)
        {
            connectClient(list);
            connect();
        }
        // the list goes into the log every 10 s of cluster time, whether or not a client is connected
        final Set<Integer> expected = 2 == leader.memberId() ? Set.of(0, 1) : Set.of(2);
        Await.until("members " + expected + " to find that the leader, member " + leader.memberId() + ", was given " +
            "another list", Duration.ofSeconds(30), () ->
            {
                loopback.failOnMemberError();
                return pollClient() >= 0 && fatal.keySet().equals(expected);
            });
        final int reporter = expected.iterator().next();
        final String leaders = 2 == leader.memberId() ? other.toString() : list.toString();
        final String own = 2 == reporter ? other.toString() : list.toString();
        final String message = fatal.get(reporter).getMessage();
        assertTrue(message.startsWith("FATAL - cluster member " + reporter + " was given wirespeed.cluster.members=" +
            own + ", but the leader, member " + leader.memberId() + ", was given wirespeed.cluster.members=" +
            leaders + ": every member must be given the same list"), message);
        System.out.println("HostServiceTest: " + message);

        // the check changes no state: the members, running on here, stay equal (the log grows fast enough for the
        // digests' positions only with a client); no member with the leader's list reported anything
        if (withClient)
        {
            awaitEqualDigests("with member " + reporter + "'s list reported");
        }
        assertEquals(expected, fatal.keySet(), "only members given another list than the leader's report it");
        loopback.failOnMemberError();
    }

    @Test
    void egressTheClientDoesNotReadWaitsInItsSendQueueAndGoesInOrder()
    {
        final ClusterMembers list = ClusterMembers.parse("0=127.0.0.1:" + LoopbackMembers.freeBasePort());
        final ClusterEgress egress = new ClusterEgress();
        final HostService service = new HostService(
            new HostLimits(64, 8192, 8L << 20, TimeUnit.SECONDS.toNanos(60)), egress);
        services.add(service);
        members.add(ClusterMember.launch(list, 0, ClusterMemberSettings.defaults(dir.resolve("member-0").toFile()),
            service, loopback.errorHandler(0)));
        awaitOneLeader(ELECTION_DEADLINE);
        // short terms on the egress: its publication is back-pressured once 32 KiB wait unread, not 8 MiB
        connectClient(list, "aeron:udp?endpoint=127.0.0.1:0|term-length=64k");
        connect();
        subscribe(BACK_PRESSURED_MESSAGES);

        // the client reads nothing while it sends: the deliveries' egress fills its window and is back-pressured
        final String body = "x".repeat(300);
        for (long sequence = 1; sequence <= BACK_PRESSURED_MESSAGES; sequence++)
        {
            final int length = new EnvelopeWriter().wrap(envelope, 0).messageId(CLIENT_HIGH, CLIENT_LOW, 1, 1, sequence)
                .timestamp(sequence).priority(4).destination(DestinationKind.QUEUE, QUEUE).textBody(body).finish();
            frame.putByte(0, HostService.QUEUE_MESSAGE);
            frame.putBytes(1, envelope, 0, length);
            Await.until("the cluster to take queue message " + sequence, () ->
            {
                loopback.failOnMemberError();
                return client.offer(frame, 0, 1 + length) > 0;
            });
        }
        Await.until("the leader's egress to be back-pressured", () ->
        {
            loopback.failOnMemberError();
            client.sendKeepAlive();
            return egress.queuedMessages() > 0;
        });

        awaitDeliveries(BACK_PRESSURED_MESSAGES);
        assertEquals(0, deliveries.duplicates, "no delivery twice");
        assertEquals(0, deliveries.outOfOrder, "deliveries in the producer's order");
        System.out.println("HostServiceTest: " + egress.queuedMessages() + " messages waited in the send queue");
        loopback.failOnMemberError();
    }

    /** Opens the host session with a Connect and waits for its Connected. */
    private void connect()
    {
        final ConnectEncoder encoder = new ConnectEncoder().wrapAndApplyHeader(frame, 1, header).correlationId(1)
            .protocolVersion(MessageHeaderEncoder.SCHEMA_VERSION).sessionId(0);
        encoder.client().high(CLIENT_HIGH).low(CLIENT_LOW).replyStreamId(0);
        encoder.user("").password("");
        sendControl(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
        Await.until("Connected through the cluster's egress", () -> pollClient() >= 0 && deliveries.connected);
    }

    private void subscribe(final int credit)
    {
        final SubscribeEncoder encoder = new SubscribeEncoder().wrapAndApplyHeader(frame, 1, header)
            .consumerId(CONSUMER).credit(credit);
        encoder.client().high(CLIENT_HIGH).low(CLIENT_LOW).replyStreamId(0);
        encoder.queue(QUEUE).selector("");
        sendControl(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void resync(final long lastDeliveryId, final long credit)
    {
        final ResyncEncoder encoder = new ResyncEncoder().wrapAndApplyHeader(frame, 1, header)
            .consumerId(CONSUMER).lastDeliveryId(lastDeliveryId).credit(credit);
        encoder.client().high(CLIENT_HIGH).low(CLIENT_LOW).replyStreamId(0);
        sendControl(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    /** Asks the leader for a snapshot and waits until every member has taken {@code count} in all. */
    private void snapshotOnEveryMember(final ClusterMember leader, final int count)
    {
        Await.until("the leader to take snapshot request " + count, leader::requestSnapshot);
        Await.until("every member to take snapshot " + count, () ->
        {
            loopback.failOnMemberError();
            pollClient();
            return members.stream().allMatch((member) -> member.snapshotCount() >= count);
        });
    }

    /**
     * Launches a member again on its directories with a new service, closing it first if it still runs.
     *
     * @return the new service.
     */
    private HostService restart(final ClusterMembers list, final ClusterMember member, final HostService service)
    {
        member.close();
        final int id = member.memberId();
        services.set(id, service);
        members.add(ClusterMember.launch(list, id, member.settings(), service, loopback.errorHandler(id)));
        return service;
    }

    private void grantCredit(final int credit)
    {
        final CreditEncoder encoder = new CreditEncoder().wrapAndApplyHeader(frame, 1, header)
            .consumerId(CONSUMER).credit(credit);
        encoder.client().high(CLIENT_HIGH).low(CLIENT_LOW).replyStreamId(0);
        sendControl(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private void acknowledgeAll()
    {
        for (final long deliveryId : deliveries.takeUnacknowledged())
        {
            final AcknowledgeEncoder encoder = new AcknowledgeEncoder().wrapAndApplyHeader(frame, 1, header)
                .consumerId(CONSUMER).deliveryId(deliveryId);
            encoder.client().high(CLIENT_HIGH).low(CLIENT_LOW).replyStreamId(0);
            sendControl(MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
        }
    }

    private void sendControl(final int length)
    {
        frame.putByte(0, HostService.CONTROL_REQUEST);
        offer(frame, 1 + length);
    }

    private void sendQueueMessages(final long first, final int count)
    {
        sendQueueMessages(first, count, 0);
    }

    /** Queue messages of a delivery mode ({@link EnvelopeDescriptor}'s; 0 leaves it unset). */
    private void sendQueueMessages(final long first, final int count, final int deliveryMode)
    {
        for (long sequence = first; sequence < first + count; sequence++)
        {
            final EnvelopeWriter writer = new EnvelopeWriter().wrap(envelope, 0);
            if (0 != deliveryMode)
            {
                writer.deliveryMode(deliveryMode);
            }
            final int length = writer.messageId(CLIENT_HIGH, CLIENT_LOW, 1, 1, sequence)
                .timestamp(sequence).priority(4).destination(DestinationKind.QUEUE, QUEUE).textBody("m" + sequence)
                .finish();
            frame.putByte(0, HostService.QUEUE_MESSAGE);
            frame.putBytes(1, envelope, 0, length);
            offer(frame, 1 + length);
        }
    }

    /** Frames no member may take: a kind that is none, a short control request, random bytes of each kind. */
    private void sendGarbage(final Random random)
    {
        frame.putByte(0, (byte)9);
        offer(frame, 1);
        frame.putByte(0, HostService.CONTROL_REQUEST);
        offer(frame, 1);
        frame.putByte(0, HostService.QUEUE_MESSAGE);
        offer(frame, 1);
        final byte[] bytes = new byte[200];
        for (int i = 0; i < 60; i++)
        {
            random.nextBytes(bytes);
            bytes[0] = (byte)(i % 3);
            final int length = 1 + random.nextInt(bytes.length - 1);
            frame.putBytes(0, bytes, 0, length);
            offer(frame, length);
        }
        // a control request with a valid header whose body runs past its end
        final SubscribeEncoder encoder = new SubscribeEncoder().wrapAndApplyHeader(frame, 1, header)
            .consumerId(CONSUMER).credit(5);
        encoder.client().high(CLIENT_HIGH).low(CLIENT_LOW).replyStreamId(0);
        encoder.queue(QUEUE).selector("");
        frame.putByte(0, HostService.CONTROL_REQUEST);
        offer(frame, 1 + MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength() - 3);
    }

    private void offer(final DirectBuffer buffer, final int length)
    {
        LoopbackMembers.offer(client, buffer, length, this::pollClient);
    }

    private void awaitDeliveries(final int count)
    {
        Await.until(count + " deliveries through the cluster's egress", () ->
        {
            loopback.failOnMemberError();
            return pollClient() >= 0 && deliveries.count >= count;
        });
        assertEquals(count, deliveries.count);
    }

    private long awaitEqualDigests(final String when)
    {
        return loopback.awaitEqualDigests(services, when, this::pollClient);
    }

    /** Keeps the client's session alive and reads its egress; nothing without a client. */
    private int pollClient()
    {
        if (null == client)
        {
            return 0;
        }
        client.sendKeepAlive();
        return client.pollEgress();
    }

    private void connectClient(final ClusterMembers list)
    {
        connectClient(list, "aeron:udp?endpoint=127.0.0.1:0");
    }

    private void connectClient(final ClusterMembers list, final String egressChannel)
    {
        clientDriver = LoopbackMembers.launchClientDriver(dir.resolve("client-driver"));
        client = LoopbackMembers.connect(clientDriver, list, egressChannel, deliveries);
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

    /** Three members on loopback, each running a HostService, in this test's directory. */
    private ClusterMembers launchThree()
    {
        return launchThree(0);
    }

    /** Three members; with a {@code minFree} above 0 each watches its disk with it (only the leader's counts). */
    private ClusterMembers launchThree(final long minFree)
    {
        final ClusterMembers list = LoopbackMembers.threeMembers();
        for (int id = 0; id < list.size(); id++)
        {
            final HostService service = new HostService(LIMITS, new ClusterEgress());
            if (minFree > 0)
            {
                service.watchLogSpace(new ArchiveSpace(dir, minFree));
            }
            services.add(service);
            members.add(ClusterMember.launch(list, id, ClusterMemberSettings.defaults(
                dir.resolve("member-" + id).toFile()), service, loopback.errorHandler(id)));
        }
        return list;
    }

    /** The client's side: Connected, the deliveries (by their producer's sequence), NEW_LEADER events. */
    private static final class Deliveries implements EgressListener
    {
        private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
        private final DeliverDecoder deliver = new DeliverDecoder();
        private final SendRefusedDecoder sendRefused = new SendRefusedDecoder();
        private final List<String> refusals = new ArrayList<>();
        private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
        private final EnvelopeReader reader = new EnvelopeReader();
        private final BitSet seen = new BitSet();
        private final List<Long> unacknowledged = new ArrayList<>();
        private boolean connected;
        private int connectedCount;
        private int count;
        private int duplicates;
        private int outOfOrder;
        private long lastSequence;
        private long lastDeliveryId;
        private int newLeaders;
        private int heartbeats;

        @Override
        public void onMessage(
            final long clusterSessionId,
            final long timestamp,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final Header header)
        {
            headerDecoder.wrap(buffer, offset);
            final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
            if (ConnectedDecoder.TEMPLATE_ID == headerDecoder.templateId())
            {
                connected = true;
                connectedCount++;
            }
            else if (HeartbeatDecoder.TEMPLATE_ID == headerDecoder.templateId())
            {
                heartbeats++;
            }
            else if (SendRefusedDecoder.TEMPLATE_ID == headerDecoder.templateId())
            {
                sendRefused.wrap(buffer, body, headerDecoder.blockLength(), headerDecoder.version());
                refusals.add(sendRefused.queue() + ": " + sendRefused.message());
            }
            else if (DeliverDecoder.TEMPLATE_ID == headerDecoder.templateId())
            {
                deliver.wrap(buffer, body, headerDecoder.blockLength(), headerDecoder.version());
                unacknowledged.add(deliver.deliveryId());
                lastDeliveryId = Math.max(lastDeliveryId, deliver.deliveryId());
                deliver.wrapEnvelope(view);
                final long sequence = reader.wrap(view, 0, view.capacity()).sequence();
                if (seen.get((int)sequence))
                {
                    duplicates++;
                }
                seen.set((int)sequence);
                if (sequence < lastSequence)
                {
                    outOfOrder++;
                }
                lastSequence = sequence;
                count++;
            }
        }

        @Override
        public void onNewLeader(
            final long clusterSessionId,
            final long leadershipTermId,
            final int leaderMemberId,
            final String ingressEndpoints)
        {
            newLeaders++;
        }

        List<Long> takeUnacknowledged()
        {
            final List<Long> taken = new ArrayList<>(unacknowledged);
            unacknowledged.clear();
            return taken;
        }
    }
}
