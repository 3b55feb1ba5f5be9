package io.wirespeed.host.cluster;

import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import io.wirespeed.host.HostLimits;
import io.wirespeed.host.QueueHost;
import io.wirespeed.host.QueueSelectors;

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
 *     and while a cluster session is open a cluster timer ticks it every {@link #TICK_INTERVAL_MS} ms of cluster time
 *     (liveness, expiry, browses, room for producers).</li>
 *     <li>Sessions: a host session opened by a Connect inside a cluster session's message belongs to that cluster
 *     session ({@link ClusterEgress}): what the host sends it goes out on that cluster session's egress, and the
 *     cluster session's close cuts it off ({@link QueueHost#onClientLost}).</li>
 *     <li>Egress: only the leader sends ({@link ClusterEgress}).</li>
 * </ul>
 * Not yet: snapshots (a member restarting replays the whole log; one given a snapshot refuses to start), shared and
 * durable subscriptions (refused), the archive.
 */
public final class HostService implements ClusteredService
{
    /** The kind byte of an ingress message that carries a control request. */
    public static final byte CONTROL_REQUEST = 1;
    /** The kind byte of an ingress message that carries a queue message (an envelope). */
    public static final byte QUEUE_MESSAGE = 2;
    /** How often, in cluster time, the state machine is ticked while a cluster session is open. */
    public static final long TICK_INTERVAL_MS = 10;
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

    /** {@inheritDoc} */
    @Override
    public void onStart(final Cluster cluster, final Image snapshotImage)
    {
        if (null != snapshotImage)
        {
            throw new IllegalStateException("the clustered queue host cannot restore a snapshot yet (issue 24): " +
                "remove the member's snapshots (ClusterTool) so that it replays the whole log");
        }
        this.cluster = cluster;
        egress.cluster(cluster);
    }

    /** {@inheritDoc} */
    @Override
    public void onSessionOpen(final ClientSession session, final long timestamp)
    {
        egress.retry();
        openSessions++;
        tick(timestamp);
        scheduleTick(timestamp);
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
            apply(session, buffer, offset, length);
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

    private void apply(final ClientSession session, final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < 1)
        {
            dropped(session, "it is empty");
            return;
        }
        final byte kind = buffer.getByte(offset);
        switch (kind)
        {
            case CONTROL_REQUEST -> host.onControlRequest(true, buffer, offset + 1, length - 1);
            case QUEUE_MESSAGE -> host.onQueueMessage(buffer, offset + 1, length - 1);
            default -> dropped(session, "its kind " + kind + " is neither a control request (" + CONTROL_REQUEST +
                ") nor a queue message (" + QUEUE_MESSAGE + ")");
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
            tick(timestamp);
            scheduleTick(timestamp);
        }
        applied();
    }

    /** {@inheritDoc} */
    @Override
    public void onTakeSnapshot(final ExclusivePublication snapshotPublication)
    {
        LOGGER.log(System.Logger.Level.ERROR, "the clustered queue host takes no snapshot yet (issue 24): this " +
            "snapshot is empty, and a member started from it refuses to start");
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

    /** While a cluster session is open, the next tick is due {@link #TICK_INTERVAL_MS} after this one. */
    private void scheduleTick(final long timestamp)
    {
        if (tickScheduled || openSessions <= 0)
        {
            return;
        }
        final long deadline = Math.max(timestamp, lastTime) + timeUnit().convert(TICK_INTERVAL_MS,
            TimeUnit.MILLISECONDS);
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
        LOGGER.log(System.Logger.Level.WARNING, "clustered queue host dropped a message of cluster session " +
            session.id() + ": " + why + (0 == unreportedDrops ? "" : " (and " + unreportedDrops +
            " more dropped since the last such warning)"));
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
