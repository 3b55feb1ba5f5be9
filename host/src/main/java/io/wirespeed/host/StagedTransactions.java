package io.wirespeed.host;

import java.util.ArrayList;
import java.util.Arrays;

import org.agrona.collections.Int2ObjectHashMap;

/**
 * The messages a clustered host's client session staged for its JMS sessions' commits: a transacted session sends its
 * queue messages (and its messages to topics with durable subscriptions) at commit, each staged under the
 * transaction's id ({@link HostInputs#onStagedQueueMessage}) and invisible to consumers, then commits them in one log
 * entry ({@link ControlListener#onCommit}), which takes them all into their queues and subscriptions at once or none.
 * One transaction per JMS session at a time: a message staged under a new id drops what an abandoned commit (one that
 * failed part way) left. A session the host gives up leaves them to the next session of its connection
 * ({@link RetiredProducers}) for as long as it keeps that connection's producers; a commit the host no longer has the
 * messages of is refused. Part of the state machine's state, so in its snapshot. Used on the host's thread only.
 */
final class StagedTransactions
{
    /** One JMS session's transaction being staged. */
    static final class Staged
    {
        final int jmsSessionId;
        final long transactionId;
        final ArrayList<String> destinations = new ArrayList<>();
        final ArrayList<byte[]> envelopes = new ArrayList<>();

        Staged(final int jmsSessionId, final long transactionId)
        {
            this.jmsSessionId = jmsSessionId;
            this.transactionId = transactionId;
        }

        /** @return how many messages are staged. */
        int size()
        {
            return envelopes.size();
        }
    }

    private final Int2ObjectHashMap<Staged> bySession = new Int2ObjectHashMap<>();

    /**
     * Stages a message for a transaction's commit; a transaction of the same JMS session staged before under another
     * id is dropped (its commit failed part way, and it was never committed).
     *
     * @param jmsSessionId  the client's JMS session.
     * @param transactionId the transaction.
     * @param destination   the queue (or topic) the message goes to at commit.
     * @param envelope      the message, copied.
     */
    void stage(final int jmsSessionId, final long transactionId, final String destination, final byte[] envelope)
    {
        Staged staged = bySession.get(jmsSessionId);
        if (null == staged || staged.transactionId != transactionId)
        {
            staged = new Staged(jmsSessionId, transactionId);
            bySession.put(jmsSessionId, staged);
        }
        staged.destinations.add(destination);
        staged.envelopes.add(envelope);
    }

    /**
     * Takes what a JMS session staged for a transaction, for its commit; what it staged for another is dropped.
     *
     * @param jmsSessionId  the client's JMS session.
     * @param transactionId the transaction committing.
     * @return its staged messages, or null if none are staged under that id.
     */
    Staged take(final int jmsSessionId, final long transactionId)
    {
        final Staged staged = bySession.remove(jmsSessionId);
        return null != staged && staged.transactionId == transactionId ? staged : null;
    }

    /**
     * Takes over what a closed session of the same connection staged (a new session after the cluster gave the old
     * one up): its commits under way go on in the new session.
     *
     * @param closed what the closed session staged.
     */
    void adopt(final StagedTransactions closed)
    {
        for (final Staged staged : closed.inSessionOrder())
        {
            bySession.putIfAbsent(staged.jmsSessionId, staged);
        }
    }

    /** @return whether nothing is staged. */
    boolean isEmpty()
    {
        return bySession.isEmpty();
    }

    /** @return the staged transactions in JMS session order (a snapshot's and a digest's). */
    ArrayList<Staged> inSessionOrder()
    {
        final int[] ids = new int[bySession.size()];
        int count = 0;
        for (final Int2ObjectHashMap<Staged>.KeyIterator it = bySession.keySet().iterator(); it.hasNext(); )
        {
            ids[count++] = it.nextInt();
        }
        Arrays.sort(ids);
        final ArrayList<Staged> ordered = new ArrayList<>(count);
        for (final int id : ids)
        {
            ordered.add(bySession.get(id));
        }
        return ordered;
    }

    /**
     * Adds the staged messages to a digest, in JMS session order.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        final ArrayList<Staged> ordered = inSessionOrder();
        digest.add(ordered.size());
        for (final Staged staged : ordered)
        {
            digest.add(staged.jmsSessionId).add(staged.transactionId).add(staged.size());
            for (int i = 0; i < staged.size(); i++)
            {
                digest.add(staged.destinations.get(i)).add(staged.envelopes.get(i));
            }
        }
    }
}
