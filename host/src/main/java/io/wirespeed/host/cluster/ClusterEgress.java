package io.wirespeed.host.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableRingBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.collections.LongArrayList;

import io.aeron.Publication;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.host.HostEgress;
import io.wirespeed.host.HostSession;

/**
 * The clustered host's egress: what the state machine sends to a host session goes to the Aeron Cluster session it
 * opened through (its Connect's), and only from the leader. Every member keeps which host sessions each cluster
 * session opened (the same on all, as it follows the log), so that a cluster session's close cuts off its host
 * sessions everywhere ({@link HostService#onSessionClose}).
 * <p>
 * On the leader a message the cluster session's egress publication does not take now (back-pressured, an admin
 * action, not connected yet) waits in that host session's send queue and goes, in order, when the queue is retried
 * ({@link #retry}), which {@link HostService} does at the start of each callback of the log (at least every tick while
 * a session is open): never by waiting in the callback. Aeron Cluster 1.51.0 refuses {@code ClientSession.offer} from
 * {@code doBackgroundWork} ("sending messages or scheduling timers is not allowed from doBackgroundWork"), so the retry
 * cannot run there. A queue beyond {@link #maxQueuedBytes} is dropped and its cluster session is closed (through the
 * log: its close reaches every member), as the single host gives up a client whose send queue overflowed.
 * <p>
 * A follower sends nothing and keeps nothing to send. A role change, either way, empties the send queues: a new
 * leader starts with none, and a client resends what it was not confirmed (the client's side, not done yet).
 * Used on the service's thread only.
 */
public final class ClusterEgress implements HostEgress
{
    /** How many bytes one host session's send queue holds at most by default. */
    public static final int DEFAULT_MAX_QUEUED_BYTES = 16 * 1024 * 1024;
    private static final System.Logger LOGGER = System.getLogger(ClusterEgress.class.getName());
    private static final long NONE = -1;
    private static final long HEARTBEAT_INTERVAL_NS = QueueStreams.HEARTBEAT_INTERVAL_MS * 1_000_000L;

    private final int maxQueuedBytes;
    /** The cluster session each open host session came through, by host session id: state, the same on every member. */
    private final Long2LongHashMap clusterSessionByHostSession = new Long2LongHashMap(NONE);
    /** The host sessions each cluster session opened, in the order they opened: state, as above. */
    private final Long2ObjectHashMap<LongArrayList> hostSessionsByClusterSession = new Long2ObjectHashMap<>();
    /** When the leader last sent each host session something ({@link System#nanoTime()}): not state. */
    private final Long2LongHashMap lastSentNsByHostSession = new Long2LongHashMap(NONE);
    /** The leader's send queues by host session id: not state (empty on every role change). */
    private final Long2ObjectHashMap<Outbound> queued = new Long2ObjectHashMap<>();
    /** Cluster sessions whose send queue overflowed, to close (the leader's only). */
    private final LongArrayList overflowed = new LongArrayList();
    private final List<Outbound> retrying = new ArrayList<>();
    private final LongArrayList heartbeats = new LongArrayList();
    private Cluster cluster;
    private ClientSession current;
    private volatile long queuedMessages;

    /** One host session's send queue, on the leader. */
    private static final class Outbound implements ExpandableRingBuffer.MessageConsumer
    {
        final long clusterSessionId;
        final ExpandableRingBuffer queue;
        ClientSession session;

        Outbound(final long clusterSessionId, final int maxBytes)
        {
            this.clusterSessionId = clusterSessionId;
            this.queue = new ExpandableRingBuffer(4096, maxBytes, false);
        }

        @Override
        public boolean onMessage(
            final MutableDirectBuffer buffer, final int offset, final int length, final int headOffset)
        {
            final long result = session.offer(buffer, offset, length);
            return result > 0 || isLost(result);
        }
    }

    /**
     * An egress whose send queues hold {@link #DEFAULT_MAX_QUEUED_BYTES} each at most.
     */
    public ClusterEgress()
    {
        this(DEFAULT_MAX_QUEUED_BYTES);
    }

    /**
     * @param maxQueuedBytes how many bytes one host session's send queue holds at most (a power of two).
     */
    public ClusterEgress(final int maxQueuedBytes)
    {
        this.maxQueuedBytes = maxQueuedBytes;
    }

    /**
     * The cluster this member's service runs in; from {@link HostService#onStart}.
     *
     * @param cluster the cluster.
     */
    void cluster(final Cluster cluster)
    {
        this.cluster = cluster;
    }

    /**
     * The cluster session whose message the state machine is handling now, or null between messages: a host session
     * that opens now opens through it.
     *
     * @param session the cluster session, or null.
     */
    void current(final ClientSession session)
    {
        current = session;
    }

    /**
     * The host sessions a cluster session opened, in the order they opened.
     *
     * @param clusterSessionId the cluster session.
     * @return their ids (a copy), empty if none.
     */
    long[] hostSessionsOf(final long clusterSessionId)
    {
        final LongArrayList ids = hostSessionsByClusterSession.get(clusterSessionId);
        return null == ids ? new long[0] : ids.toLongArray();
    }

    /**
     * The member's role changed: the send queues are emptied, a new leader starts with none.
     */
    void onRoleChange()
    {
        queued.clear();
        overflowed.clear();
    }

    /**
     * The host sessions it knows, each with the cluster session it came through, for a snapshot: in host session id
     * order, the order they opened.
     *
     * @return pairs of host session id and cluster session id, in a new array.
     */
    long[] sessionsForSnapshot()
    {
        final long[] hostSessions = new long[clusterSessionByHostSession.size()];
        int count = 0;
        final Long2LongHashMap.KeyIterator keys = clusterSessionByHostSession.keySet().iterator();
        while (keys.hasNext())
        {
            hostSessions[count++] = keys.nextValue();
        }
        java.util.Arrays.sort(hostSessions);
        final long[] pairs = new long[count * 2];
        for (int i = 0; i < count; i++)
        {
            pairs[2 * i] = hostSessions[i];
            pairs[2 * i + 1] = clusterSessionByHostSession.get(hostSessions[i]);
        }
        return pairs;
    }

    /**
     * Restores from a snapshot which cluster session a host session came through (in the order they opened).
     *
     * @param hostSessionId    the host session.
     * @param clusterSessionId the cluster session.
     */
    void restore(final long hostSessionId, final long clusterSessionId)
    {
        bind(hostSessionId, clusterSessionId);
    }

    /** {@inheritDoc} */
    @Override
    public boolean open(final HostSession session, final int replyStreamId)
    {
        if (null == current)
        {
            return false;
        }
        bind(session.id(), current.id());
        return true;
    }

    private void bind(final long hostSessionId, final long clusterSessionId)
    {
        clusterSessionByHostSession.put(hostSessionId, clusterSessionId);
        LongArrayList ids = hostSessionsByClusterSession.get(clusterSessionId);
        if (null == ids)
        {
            ids = new LongArrayList();
            hostSessionsByClusterSession.put(clusterSessionId, ids);
        }
        ids.addLong(hostSessionId);
    }

    /**
     * On the leader, has a heartbeat sent to each host session that was sent nothing for the heartbeat interval
     * ({@link QueueStreams#HEARTBEAT_INTERVAL_MS}), as the single host's egress does: a client that hears nothing from
     * its host for the driver timeout takes it for lost. Not state: a follower sends none.
     *
     * @param heartbeat sends one to a host session ({@code QueueHost#heartbeat}).
     */
    public void heartbeats(final LongConsumer heartbeat)
    {
        if (null == cluster || Cluster.Role.LEADER != cluster.role())
        {
            return;
        }
        final long nowNs = System.nanoTime();
        final Long2LongHashMap.KeyIterator ids = clusterSessionByHostSession.keySet().iterator();
        while (ids.hasNext())
        {
            final long hostSessionId = ids.nextValue();
            final long lastSentNs = lastSentNsByHostSession.get(hostSessionId);
            if (NONE == lastSentNs || nowNs - lastSentNs >= HEARTBEAT_INTERVAL_NS)
            {
                heartbeats.addLong(hostSessionId);
            }
        }
        for (int i = 0; i < heartbeats.size(); i++)
        {
            heartbeat.accept(heartbeats.getLong(i));
        }
        heartbeats.clear();
    }

    /** {@inheritDoc} */
    @Override
    public void send(final HostSession session, final DirectBuffer buffer, final int offset, final int length)
    {
        if (null == cluster || Cluster.Role.LEADER != cluster.role())
        {
            return;
        }
        final long clusterSessionId = clusterSessionByHostSession.get(session.id());
        final ClientSession clientSession = NONE == clusterSessionId ? null :
            cluster.getClientSession(clusterSessionId);
        if (null == clientSession)
        {
            return;
        }
        lastSentNsByHostSession.put(session.id(), System.nanoTime());
        Outbound out = queued.get(session.id());
        if (null == out || out.queue.isEmpty())
        {
            final long result = clientSession.offer(buffer, offset, length);
            if (result > 0 || isLost(result))
            {
                return;
            }
        }
        if (null == out)
        {
            out = new Outbound(clusterSessionId, maxQueuedBytes);
            queued.put(session.id(), out);
        }
        if (out.queue.append(buffer, offset, length))
        {
            queuedMessages++;
        }
        else
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host cluster egress: the send queue of host session " +
                session.id() + " (cluster session " + clusterSessionId + ") overflowed " + maxQueuedBytes +
                " bytes; its cluster session is closed");
            queued.remove(session.id());
            if (!overflowed.containsLong(clusterSessionId))
            {
                overflowed.addLong(clusterSessionId);
            }
        }
    }

    /** {@inheritDoc} */
    @Override
    public void close(final HostSession session)
    {
        queued.remove(session.id());
        lastSentNsByHostSession.remove(session.id());
        final long clusterSessionId = clusterSessionByHostSession.remove(session.id());
        if (NONE == clusterSessionId)
        {
            return;
        }
        final LongArrayList ids = hostSessionsByClusterSession.get(clusterSessionId);
        if (null != ids)
        {
            ids.removeLong(session.id());
            if (ids.isEmpty())
            {
                hostSessionsByClusterSession.remove(clusterSessionId);
            }
        }
    }

    /**
     * Sends what waits in the send queues, each in order as far as its publication takes it now, and asks the
     * cluster to close the sessions whose queue overflowed. Call from a callback of the log (onSessionMessage,
     * onTimerEvent, onSessionOpen, onSessionClose), where the cluster lets the service send.
     *
     * @return how many bytes went.
     */
    int retry()
    {
        int work = 0;
        if (!overflowed.isEmpty())
        {
            for (int i = overflowed.size() - 1; i >= 0; i--)
            {
                final long clusterSessionId = overflowed.getLong(i);
                if (null == cluster.getClientSession(clusterSessionId) ||
                    cluster.closeClientSession(clusterSessionId))
                {
                    overflowed.removeAt(i);
                }
            }
        }
        if (queued.isEmpty())
        {
            return work;
        }
        retrying.addAll(queued.values());
        for (final Outbound out : retrying)
        {
            out.session = cluster.getClientSession(out.clusterSessionId);
            if (null == out.session)
            {
                out.queue.reset(0);
                continue;
            }
            work += out.queue.consume(out, Integer.MAX_VALUE);
            out.session = null;
        }
        retrying.clear();
        return work;
    }

    /**
     * How many messages have waited in a send queue since this egress was made: back-pressure met, for tests and
     * monitoring.
     *
     * @return the count; any thread.
     */
    public long queuedMessages()
    {
        return queuedMessages;
    }

    /**
     * How many bytes wait in the send queues now (the leader's; a follower's is always 0).
     *
     * @return the bytes.
     */
    long queuedBytes()
    {
        long bytes = 0;
        for (final Outbound out : queued.values())
        {
            bytes += out.queue.size();
        }
        return bytes;
    }

    /** A result after which the message is dropped rather than kept: the session's publication is gone for good. */
    private static boolean isLost(final long result)
    {
        return Publication.CLOSED == result || Publication.MAX_POSITION_EXCEEDED == result;
    }
}
