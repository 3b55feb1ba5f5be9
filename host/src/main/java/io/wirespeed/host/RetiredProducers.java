package io.wirespeed.host;

import java.util.ArrayList;
import java.util.concurrent.TimeUnit;

import org.agrona.collections.Long2ObjectHashMap;

/**
 * The producers' last sequences ({@link ProducerSequences}) and the messages staged for commits
 * ({@link StagedTransactions}) of clients whose sessions the host gave up (not those that closed), kept by the
 * client's connection id for {@link #RETAIN_NS} of the host's clock, at most {@link #MAX_RETIRED}. A clustered host
 * closes the cluster session of a client it did not hear from for the cluster's session timeout (a partition, a long
 * pause); the client's connection opens a new one, connects again under the same connection id and sends again what
 * was not confirmed, with the same identity. The new session takes the old one's producers' sequences over
 * ({@link #adopt}), so a copy of a message applied before is still dropped, not queued twice, and its messages staged
 * for a commit under way, which the client then sends. Kept in retirement order, which every pass follows (expiry,
 * snapshot, digest), never the map's. Part of the state machine's state, so in its snapshot. Used on the host's thread
 * only.
 */
final class RetiredProducers
{
    /** How long a closed session's producers are kept for a new session of the same connection: ten minutes. */
    static final long RETAIN_NS = TimeUnit.MINUTES.toNanos(10);
    /** The most closed sessions kept: beyond, the oldest is forgotten first. */
    static final int MAX_RETIRED = 4096;

    private final Long2ObjectHashMap<Retired> byConnection = new Long2ObjectHashMap<>();
    private final ArrayList<Retired> inOrder = new ArrayList<>();

    /** One closed session's producers. */
    static final class Retired
    {
        final long high;
        final long low;
        final long closedNs;
        final ProducerSequences producers;
        final StagedTransactions staged;

        Retired(
            final long high, final long low, final long closedNs, final ProducerSequences producers,
            final StagedTransactions staged)
        {
            this.high = high;
            this.low = low;
            this.closedNs = closedNs;
            this.producers = producers;
            this.staged = staged;
        }
    }

    /**
     * Keeps a closing session's producers, if it applied any message with a sequence.
     *
     * @param session  the session, closing.
     * @param closedNs the host's clock when it closed.
     */
    void retire(final HostSession session, final long closedNs)
    {
        if (session.producers.isEmpty())
        {
            return;
        }
        add(new Retired(session.high, session.low, closedNs, session.producers, session.staged));
    }

    /**
     * A new session of a connection takes over the producers its closed session left, if any are kept.
     *
     * @param session the new session.
     */
    void adopt(final HostSession session)
    {
        final Retired retired = findRetired(session.high, session.low);
        if (null != retired)
        {
            retired.producers.forEach(session.producers::restore);
            session.staged.adopt(retired.staged);
            byConnection.remove(key(retired.high, retired.low));
            inOrder.remove(retired);
        }
    }

    /**
     * @param high the connection id's high half.
     * @param low  its low half.
     * @return the producers a closed session of that connection left, or null.
     */
    ProducerSequences find(final long high, final long low)
    {
        final Retired retired = findRetired(high, low);
        return null == retired ? null : retired.producers;
    }

    private Retired findRetired(final long high, final long low)
    {
        if (byConnection.isEmpty())
        {
            return null;
        }
        final Retired retired = byConnection.get(key(high, low));
        return null != retired && retired.high == high && retired.low == low ? retired : null;
    }

    /**
     * Forgets what was kept longer than {@link #RETAIN_NS}.
     *
     * @param nowNs the host's clock now.
     */
    void expire(final long nowNs)
    {
        while (!inOrder.isEmpty() && nowNs - inOrder.get(0).closedNs > RETAIN_NS)
        {
            final Retired oldest = inOrder.remove(0);
            if (byConnection.get(key(oldest.high, oldest.low)) == oldest)
            {
                byConnection.remove(key(oldest.high, oldest.low));
            }
        }
    }

    /** @return what is kept, in retirement order (a snapshot's). */
    ArrayList<Retired> all()
    {
        return inOrder;
    }

    /**
     * Restores a closed session's producers from a snapshot, in retirement order; the caller fills them in.
     *
     * @param high     the connection id's high half.
     * @param low      its low half.
     * @param closedNs when its session closed.
     * @return the producers to fill.
     */
    Retired restore(final long high, final long low, final long closedNs)
    {
        final Retired retired = new Retired(high, low, closedNs, new ProducerSequences(), new StagedTransactions());
        add(retired);
        return retired;
    }

    /**
     * Adds what is kept to a digest, in retirement order.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.add(inOrder.size());
        for (final Retired retired : inOrder)
        {
            digest.add(retired.high).add(retired.low).add(retired.closedNs);
            retired.producers.digest(digest);
            retired.staged.digest(digest);
        }
    }

    private void add(final Retired retired)
    {
        final Retired replaced = byConnection.put(key(retired.high, retired.low), retired);
        if (null != replaced)
        {
            inOrder.remove(replaced);
        }
        inOrder.add(retired);
        if (inOrder.size() > MAX_RETIRED)
        {
            final Retired oldest = inOrder.remove(0);
            byConnection.remove(key(oldest.high, oldest.low));
        }
    }

    private static long key(final long high, final long low)
    {
        return high * 0x9E3779B97F4A7C15L ^ low;
    }
}
