package io.wirespeed.host.cluster;

import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.cluster.client.ClusterException;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import io.wirespeed.codec.snapshot.sbe.BooleanType;
import io.wirespeed.codec.snapshot.sbe.ClusterSessionDecoder;
import io.wirespeed.codec.snapshot.sbe.ClusterSessionEncoder;
import io.wirespeed.codec.snapshot.sbe.EndDecoder;
import io.wirespeed.codec.snapshot.sbe.EndEncoder;
import io.wirespeed.codec.snapshot.sbe.LogSpaceDecoder;
import io.wirespeed.codec.snapshot.sbe.LogSpaceEncoder;
import io.wirespeed.codec.snapshot.sbe.MessageHeaderDecoder;
import io.wirespeed.codec.snapshot.sbe.MessageHeaderEncoder;
import io.wirespeed.codec.snapshot.sbe.ServiceDecoder;
import io.wirespeed.codec.snapshot.sbe.ServiceEncoder;
import io.wirespeed.host.HostLimits;
import io.wirespeed.host.HostSnapshot;
import io.wirespeed.host.QueueHost;
import io.wirespeed.host.QueueLimits;
import io.wirespeed.host.QueueSelectors;
import io.wirespeed.transport.aeron.ArchiveSpace;

/**
 * The queue host's state machine ({@link QueueHost#stateMachine}) as an Aeron Cluster service: every input comes from
 * the cluster's log, so every member applies the same inputs in the same order and ends in the same state.
 * <ul>
 *     <li>Ingress: each session message is one kind byte, {@link #CONTROL_REQUEST} or {@link #QUEUE_MESSAGE},
 *     followed by the control request (the control protocol's SBE message, unchanged) or the queue message (the
 *     envelope, unchanged), handed to {@link QueueHost#onControlRequest} (as a remote client's: it must open its host
 *     session with a Connect) or {@link QueueHost#onQueueMessage}. A message too short, of another kind, or that
 *     fails the schema's checks is dropped with a warning, on every member alike; nothing it does is thrown out of
 *     the service.</li>
 *     <li>Time: cluster time, never a clock of the member's. After each message (and each session's open and close)
 *     the state machine is ticked ({@link QueueHost#onTick}) with the log's timestamp, so dispatch follows at once;
 *     and a cluster timer ticks it every {@link #TICK_INTERVAL_MS} ms of cluster time while a cluster session is open
 *     (liveness, expiry, browses, room for producers), every {@link #IDLE_TICK_INTERVAL_MS} ms while none is (the
 *     members' checks of their lists and of the leader's disk), scheduled first at a new leadership term.</li>
 *     <li>Sessions: a host session opened by a Connect inside a cluster session's message belongs to that cluster
 *     session ({@link ClusterEgress}): what the host sends it goes out on that cluster session's egress, and the
 *     cluster session's close cuts it off ({@link QueueHost#onClientLost}).</li>
 *     <li>Egress: only the leader sends ({@link ClusterEgress}).</li>
 * </ul>
 * Snapshots: {@link #onTakeSnapshot} writes the state machine's state ({@link HostSnapshot}), this service's (its
 * last cluster time, open cluster sessions, whether its tick timer is scheduled) and which cluster session each host
 * session came through, then an End record; {@link #onStart} restores them, refusing a schema version it does not
 * know. Not yet: shared non-durable subscriptions (refused), browses under way in a snapshot, the archive.
 */
public final class HostService implements ClusteredService
{
    /** The kind byte of an ingress message that carries a control request. */
    public static final byte CONTROL_REQUEST = 1;
    /** The kind byte of an ingress message that carries a queue message (an envelope). */
    public static final byte QUEUE_MESSAGE = 2;
    /**
     * The kind byte of the service's own message (the leader's, never a client's): one more byte, 1 when the leader's
     * disk fell below {@code wirespeed.archive.min.free}, 0 when it has room again.
     */
    public static final byte LOG_SPACE = 3;
    /**
     * The kind byte of the service's own message that carries the member list its member was given (the leader's,
     * never a client's), for {@link MemberListCheck}.
     */
    public static final byte MEMBERS = 4;
    /**
     * The kind byte of an ingress message that carries a queue message staged for a transaction's commit: the
     * transaction's id (little-endian int64), then the envelope.
     */
    public static final byte STAGED_QUEUE_MESSAGE = 5;
    /** The kind byte of an ingress message that carries a topic message forwarded to its durable subscriptions. */
    public static final byte TOPIC_MESSAGE = 6;
    /** How often, in cluster time, the state machine is ticked while a cluster session is open. */
    public static final long TICK_INTERVAL_MS = 10;
    /**
     * How often, in cluster time, the state machine is ticked while no cluster session is open: the members' own
     * checks ({@link MemberListCheck}, the leader's disk) go on while no client is connected.
     */
    public static final long IDLE_TICK_INTERVAL_MS = 1_000;
    /** The correlation id of the tick's cluster timer. */
    static final long TICK_TIMER_ID = 1;
    private static final System.Logger LOGGER = System.getLogger(HostService.class.getName());
    private static final long DROP_LOG_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);

    private final QueueHost host;
    private final ClusterEgress egress;
    private Cluster cluster;
    private long lastTime = Long.MIN_VALUE;
    private boolean tickScheduled;
    private int openSessions;
    private long lastDropLogNs = System.nanoTime() - DROP_LOG_INTERVAL_NS;
    private long unreportedDrops;
    private volatile long appliedPosition;
    private volatile long digestRequestedAt = Long.MAX_VALUE;
    private volatile long digestPosition = -1;
    private volatile long digest;
    private volatile boolean restoredFromSnapshot;
    private final UnsafeBuffer logSpaceMessage = new UnsafeBuffer(new byte[2]);
    private ArchiveSpace logSpace;
    private volatile boolean logSpaceLow;
    private MemberListCheck memberListCheck;

    /**
     * A service with the host's limits from the system properties ({@link HostLimits#fromSystemProperties()}).
     */
    public HostService()
    {
        this(HostLimits.fromSystemProperties(), new ClusterEgress());
    }

    /**
     * @param limits what the host grants each client, and its client timeout (in cluster time).
     * @param egress where what the host sends goes.
     */
    public HostService(final HostLimits limits, final ClusterEgress egress)
    {
        this.egress = egress;
        this.host = QueueHost.stateMachine(QueueSelectors::compile, limits, egress);
    }

    /**
     * Gives the state machine limits on what its queues (and its subscriptions' queues) hold, and their full policies,
     * other than the system properties' ({@link QueueLimits#fromSystemProperties()}). Every member of a cluster must
     * be given the same. Call before the member starts.
     *
     * @param limits the limits.
     * @return this service.
     */
    public HostService queueLimits(final QueueLimits limits)
    {
        host.queueLimits(limits);
        return this;
    }

    /**
     * Has the member watch its disk, where its archive records the log: each second of cluster time the leader's
     * state of its disk goes into the log as a {@link #LOG_SPACE} message; while it says the disk is below the space's
     * minimum ({@code wirespeed.archive.min.free}) every member refuses PERSISTENT queue messages
     * ({@link QueueHost#onLogSpaceLow}), their senders told, before the log's recording fails for want of disk. Every
     * member of a cluster must be given one, or none (Aeron counts a service's own messages on every member). Call
     * before the member starts.
     *
     * @param space the member's disk.
     * @return this service.
     */
    public HostService watchLogSpace(final ArchiveSpace space)
    {
        this.logSpace = space;
        return this;
    }

    /**
     * Has the member check that it was given the leader's member list ({@link MemberListCheck}): every
     * {@link MemberListCheck#INTERVAL_S} seconds of cluster time (clients connected or not) the leader's list goes
     * into the log as a {@link #MEMBERS} message; a member whose own list differs reports a fatal error naming both
     * (the driver process then stops). Every member of a cluster must be given one, or none (Aeron counts a service's
     * own messages on every member). Call before the member starts.
     *
     * @param members the list this member was given.
     * @return this service.
     */
    public HostService checkMembers(final ClusterMembers members)
    {
        this.memberListCheck = new MemberListCheck(members, System.currentTimeMillis());
        return this;
    }

    /**
     * Whether the log said the leader's disk is low (PERSISTENT queue messages refused).
     *
     * @return true while low; any thread.
     */
    public boolean logSpaceLow()
    {
        return logSpaceLow;
    }

    /** {@inheritDoc} */
    @Override
    public void onStart(final Cluster cluster, final Image snapshotImage)
    {
        this.cluster = cluster;
        egress.cluster(cluster);
        if (null != snapshotImage)
        {
            restore(snapshotImage);
        }
    }

    /** Reads the snapshot's records until its End, the host's into the state machine and the service's here. */
    private void restore(final Image image)
    {
        final HostSnapshot.Reader reader = host.snapshotReader();
        final MessageHeaderDecoder header = new MessageHeaderDecoder();
        final ServiceDecoder service = new ServiceDecoder();
        final ClusterSessionDecoder clusterSession = new ClusterSessionDecoder();
        final LogSpaceDecoder spaceRecord = new LogSpaceDecoder();
        final boolean[] ended = new boolean[1];
        final FragmentAssembler assembler = new FragmentAssembler((buffer, offset, length, fragmentHeader) ->
        {
            if (ended[0] || reader.read(buffer, offset, length))
            {
                return;
            }
            header.wrap(buffer, offset);
            final int at = offset + MessageHeaderDecoder.ENCODED_LENGTH;
            switch (header.templateId())
            {
                case ServiceDecoder.TEMPLATE_ID ->
                {
                    service.wrap(buffer, at, header.blockLength(), header.version());
                    lastTime = service.lastTime();
                    openSessions = service.openSessions();
                    tickScheduled = BooleanType.TRUE == service.tickScheduled();
                }
                case ClusterSessionDecoder.TEMPLATE_ID ->
                {
                    clusterSession.wrap(buffer, at, header.blockLength(), header.version());
                    egress.restore(clusterSession.hostSessionId(), clusterSession.clusterSessionId());
                }
                case LogSpaceDecoder.TEMPLATE_ID ->
                {
                    spaceRecord.wrap(buffer, at, header.blockLength(), header.version());
                    onLogSpace(BooleanType.TRUE == spaceRecord.low());
                }
                case EndDecoder.TEMPLATE_ID -> ended[0] = true;
                default -> throw new IllegalStateException("snapshot has a record of template " +
                    header.templateId() + ", which version " + header.version() + " of its schema does not have");
            }
        });
        while (!ended[0])
        {
            final int fragments = image.poll(assembler, 16);
            if (0 == fragments && image.isEndOfStream())
            {
                throw new IllegalStateException("the queue host's snapshot ended before its End record: it is " +
                    "incomplete; remove it (ClusterTool) so that the member replays the log");
            }
            cluster.idleStrategy().idle(fragments);
        }
        restoredFromSnapshot = true;
        logDigest("restored its state from the snapshot at log position ");
    }

    /**
     * Whether this service started from a snapshot ({@link #onStart} given one, and restored it).
     *
     * @return true if it did; any thread.
     */
    public boolean restoredFromSnapshot()
    {
        return restoredFromSnapshot;
    }

    /** {@inheritDoc} */
    @Override
    public void onSessionOpen(final ClientSession session, final long timestamp)
    {
        egress.retry();
        openSessions++;
        tick(timestamp);
        if (1 == openSessions)
        {
            // the idle tick may be a second away: the first session's is due at the interval (the same timer id
            // replaces it)
            scheduleTickIn(timestamp, TICK_INTERVAL_MS);
        }
        else
        {
            scheduleTick(timestamp);
        }
        applied();
    }

    /** {@inheritDoc} */
    @Override
    public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason)
    {
        egress.retry();
        openSessions--;
        tick(timestamp);
        for (final long hostSessionId : egress.hostSessionsOf(session.id()))
        {
            host.onClientLost(hostSessionId, "its cluster session " + session.id() + " closed (" + closeReason + ")");
        }
        applied();
    }

    /** {@inheritDoc} */
    @Override
    public void onSessionMessage(
        final ClientSession session,
        final long timestamp,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final Header header)
    {
        egress.retry();
        egress.current(session);
        try
        {
            apply(session, buffer, offset, length, timestamp);
        }
        catch (final RuntimeException ex)
        {
            // the same input throws on every member: each drops it alike, and none leaves the cluster over it
            dropped(session, "it failed: " + ex);
        }
        finally
        {
            egress.current(null);
        }
        tick(timestamp);
        scheduleTick(timestamp);
        applied();
    }

    private void apply(
        final ClientSession session,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final long timestamp)
    {
        if (length < 1)
        {
            dropped(session, "it is empty");
            return;
        }
        final byte kind = buffer.getByte(offset);
        if (null == session)
        {
            // the service's own message, from the leader's service (clients cannot send one)
            if (LOG_SPACE == kind && 2 == length)
            {
                onLogSpace(0 != buffer.getByte(offset + 1));
            }
            else if (MEMBERS == kind)
            {
                onMembers(buffer, offset, length, timestamp);
            }
            else
            {
                dropped(null, "it is a service message of kind " + kind + " and length " + length + ", neither " +
                    LOG_SPACE + " and 2 nor " + MEMBERS);
            }
            return;
        }
        switch (kind)
        {
            case CONTROL_REQUEST -> host.onControlRequest(true, buffer, offset + 1, length - 1);
            case QUEUE_MESSAGE -> host.onQueueMessage(buffer, offset + 1, length - 1);
            case STAGED_QUEUE_MESSAGE -> host.onStagedQueueMessage(buffer, offset + 1, length - 1);
            case TOPIC_MESSAGE -> host.onTopicMessage(buffer, offset + 1, length - 1);
            default -> dropped(session, "its kind " + kind + " is none of a control request (" + CONTROL_REQUEST +
                "), a queue message (" + QUEUE_MESSAGE + "), a staged queue message (" + STAGED_QUEUE_MESSAGE +
                ") and a topic message (" + TOPIC_MESSAGE + ")");
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onTimerEvent(final long correlationId, final long timestamp)
    {
        egress.retry();
        if (TICK_TIMER_ID == correlationId)
        {
            tickScheduled = false;
            final long before = lastTime;
            tick(timestamp);
            scheduleTick(timestamp);
            egress.heartbeats(host::heartbeat);
            announceLogSpace(before, lastTime);
            announceMembers(before, lastTime);
        }
        applied();
    }

    /** {@inheritDoc} */
    @Override
    public void onTakeSnapshot(final ExclusivePublication snapshotPublication)
    {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(64);
        final MessageHeaderEncoder header = new MessageHeaderEncoder();
        final HostSnapshot.Sink sink = (recordBuffer, offset, length) ->
            offer(snapshotPublication, recordBuffer, offset, length);
        host.takeSnapshot(sink);
        final ServiceEncoder service = new ServiceEncoder().wrapAndApplyHeader(buffer, 0, header)
            .lastTime(lastTime).openSessions(openSessions)
            .tickScheduled(tickScheduled ? BooleanType.TRUE : BooleanType.FALSE);
        sink.write(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + service.encodedLength());
        if (logSpaceLow)
        {
            final LogSpaceEncoder space = new LogSpaceEncoder().wrapAndApplyHeader(buffer, 0, header)
                .low(BooleanType.TRUE);
            sink.write(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + space.encodedLength());
        }
        final long[] pairs = egress.sessionsForSnapshot();
        final ClusterSessionEncoder clusterSession = new ClusterSessionEncoder();
        for (int i = 0; i < pairs.length; i += 2)
        {
            clusterSession.wrapAndApplyHeader(buffer, 0, header).hostSessionId(pairs[i])
                .clusterSessionId(pairs[i + 1]);
            sink.write(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + clusterSession.encodedLength());
        }
        final EndEncoder end = new EndEncoder().wrapAndApplyHeader(buffer, 0, header);
        sink.write(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + end.encodedLength());
        logDigest("took a snapshot at log position ");
    }

    /**
     * Logs the state's digest ({@link QueueHost#stateDigest()}) at the log position of a snapshot this member took or
     * restored: every member takes a snapshot at the same position, so their lines can be compared from outside the
     * process (a test's, an operator's), and a member restored from a snapshot logs the digest that snapshot had.
     */
    private void logDigest(final String what)
    {
        LOGGER.log(System.Logger.Level.INFO, "clustered queue host " + what + cluster.logPosition() +
            ": state digest " + Long.toHexString(host.stateDigest()));
    }

    /** Offers one snapshot record, waiting while the publication is back-pressured. */
    private void offer(
        final ExclusivePublication publication, final DirectBuffer buffer, final int offset, final int length)
    {
        long result;
        while ((result = publication.offer(buffer, offset, length)) < 0)
        {
            if (Publication.CLOSED == result || Publication.MAX_POSITION_EXCEEDED == result)
            {
                throw new IllegalStateException("the snapshot publication refused a record: " +
                    Publication.errorString(result));
            }
            cluster.idleStrategy().idle();
        }
    }

    /** {@inheritDoc} */
    @Override
    public void onNewLeadershipTermEvent(
        final long leadershipTermId,
        final long logPosition,
        final long timestamp,
        final long termBaseLogPosition,
        final int leaderMemberId,
        final int logSessionId,
        final TimeUnit timeUnit,
        final int appVersion)
    {
        host.onNewLeadershipTerm();
        // a fresh cluster has no tick until one is scheduled at an entry of the log
        scheduleTick(timestamp);
        applied();
    }

    /** {@inheritDoc} */
    @Override
    public void onRoleChange(final Cluster.Role newRole)
    {
        egress.onRoleChange();
    }

    /** {@inheritDoc} */
    @Override
    public void onTerminate(final Cluster cluster)
    {
        host.close();
    }

    /**
     * With a disk to watch, once per second of cluster time (the first tick of each second, while clients are
     * connected): offers this member's disk's state as a {@link #LOG_SPACE} message. Every member offers at the same
     * log entries, as Aeron Cluster requires of a service's own messages (it counts them on the followers); only the
     * leader's offer enters the log, so what every member applies is the leader's disk's state. The disk is read here
     * only; a member's own reading changes nothing but the message it offers.
     *
     * @param before the cluster time before this tick.
     * @param now    this tick's cluster time.
     */
    private void announceLogSpace(final long before, final long now)
    {
        final TimeUnit unit = timeUnit();
        if (null == logSpace || unit.toSeconds(before) == unit.toSeconds(now))
        {
            return;
        }
        logSpace.poll(System.nanoTime());
        final boolean low = logSpace.isLow();
        logSpaceMessage.putByte(0, LOG_SPACE);
        logSpaceMessage.putByte(1, (byte)(low ? 1 : 0));
        while (cluster.offer(logSpaceMessage, 0, 2) < 0)
        {
            cluster.idleStrategy().idle();
        }
        if (low != logSpaceLow && Cluster.Role.LEADER == cluster.role())
        {
            LOGGER.log(System.Logger.Level.WARNING, low ?
                "clustered queue host: " + logSpace.describe() + "; PERSISTENT queue sends are refused until it has " +
                logSpace.resumeLevel() + " free" :
                "clustered queue host: the leader's disk has room again; PERSISTENT queue sends are taken");
        }
    }

    /**
     * With a member list to check, once per {@link MemberListCheck#INTERVAL_S} seconds of cluster time: offers this
     * member's list as a {@link #MEMBERS} message, at the same log entries as every member (Aeron's rule for a
     * service's own messages); only the leader's enters the log.
     *
     * @param before the cluster time before this tick.
     * @param now    this tick's cluster time.
     */
    private void announceMembers(final long before, final long now)
    {
        if (null == memberListCheck || !MemberListCheck.due(timeUnit(), before, now))
        {
            return;
        }
        final DirectBuffer message = memberListCheck.message(cluster.memberId());
        while (cluster.offer(message, 0, message.capacity()) < 0)
        {
            cluster.idleStrategy().idle();
        }
    }

    /**
     * The leader's member list, from the log: a member given another list reports a fatal error (its process stops);
     * nothing of the state changes, on any member.
     */
    private void onMembers(final DirectBuffer buffer, final int offset, final int length, final long timestamp)
    {
        if (null == memberListCheck)
        {
            return;
        }
        final ClusterException differs = memberListCheck.check(
            cluster.memberId(), buffer, offset, length, timeUnit().toMillis(timestamp));
        if (null != differs)
        {
            LOGGER.log(System.Logger.Level.ERROR, differs.getMessage());
            cluster.context().countedErrorHandler().onError(differs);
        }
    }

    /** The log said the leader's disk is low, or has room again: every member refuses or takes alike. */
    private void onLogSpace(final boolean low)
    {
        logSpaceLow = low;
        host.onLogSpaceLow(low);
    }

    /** Time moves to the log's timestamp (never back): the state machine takes it and does its timed work. */
    private void tick(final long timestamp)
    {
        if (timestamp > lastTime)
        {
            lastTime = timestamp;
        }
        final TimeUnit unit = timeUnit();
        host.onTick(unit.toNanos(lastTime), unit.toMillis(lastTime));
    }

    /** The unit of cluster time: the log's, known once the service joined the log (not yet in onStart). */
    private TimeUnit timeUnit()
    {
        final TimeUnit unit = cluster.timeUnit();
        if (null == unit)
        {
            throw new IllegalStateException("the cluster's time unit is not known before its log is joined");
        }
        return unit;
    }

    /**
     * Unless a tick is scheduled, the next is due {@link #TICK_INTERVAL_MS} after this one while a cluster session is
     * open, {@link #IDLE_TICK_INTERVAL_MS} while none is.
     */
    private void scheduleTick(final long timestamp)
    {
        if (!tickScheduled)
        {
            scheduleTickIn(timestamp, openSessions > 0 ? TICK_INTERVAL_MS : IDLE_TICK_INTERVAL_MS);
        }
    }

    /** The next tick is due so many milliseconds of cluster time after this one, whatever was scheduled. */
    private void scheduleTickIn(final long timestamp, final long intervalMs)
    {
        final long deadline = Math.max(timestamp, lastTime) + timeUnit().convert(intervalMs, TimeUnit.MILLISECONDS);
        while (!cluster.scheduleTimer(TICK_TIMER_ID, deadline))
        {
            cluster.idleStrategy().idle();
        }
        tickScheduled = true;
    }

    private void applied()
    {
        final long position = cluster.logPosition();
        appliedPosition = position;
        if (position >= digestRequestedAt && digestPosition < digestRequestedAt)
        {
            digest = host.stateDigest();
            digestPosition = position;
        }
    }

    /** Logs a dropped ingress message, at most one line a second (a count of the rest): never per frame. */
    private void dropped(final ClientSession session, final String why)
    {
        final long now = System.nanoTime();
        if (now - lastDropLogNs < DROP_LOG_INTERVAL_NS)
        {
            unreportedDrops++;
            return;
        }
        LOGGER.log(System.Logger.Level.WARNING, "clustered queue host dropped a message of " +
            (null == session ? "its own service" : "cluster session " + session.id()) + ": " + why +
            (0 == unreportedDrops ? "" : " (and " + unreportedDrops + " more dropped since the last such warning)"));
        lastDropLogNs = now;
        unreportedDrops = 0;
    }

    /**
     * The log position this member's service has applied the log to.
     *
     * @return the position; any thread.
     */
    public long appliedPosition()
    {
        return appliedPosition;
    }

    /**
     * Asks for the state's digest ({@link QueueHost#stateDigest()}) once the log is applied to a position: it is taken
     * on the service's thread, after the first log entry at or past the position (the same entry on every member, so
     * members fed the same log give the same digest), and read with {@link #digestPosition()} and {@link #digest()}.
     *
     * @param position the log position.
     */
    public void requestDigestAt(final long position)
    {
        digestRequestedAt = position;
    }

    /**
     * The position at which the last requested digest was taken, or -1 if none was.
     *
     * @return the position; any thread.
     */
    public long digestPosition()
    {
        return digestPosition;
    }

    /**
     * The last requested digest (valid once {@link #digestPosition()} is at or past the requested position).
     *
     * @return the digest; any thread.
     */
    public long digest()
    {
        return digest;
    }
}
