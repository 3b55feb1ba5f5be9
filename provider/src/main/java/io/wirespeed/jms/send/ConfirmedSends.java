package io.wirespeed.jms.send;

import java.util.Arrays;

import javax.jms.JMSException;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.transport.TransportPublication;

/**
 * A session's PERSISTENT queue messages sent to a queue host that confirms what it keeps (a cluster, or a single host
 * over UDP that keeps its queues in the archive), from when they are published until the host confirms them: a
 * synchronous send's one message, a commit's messages, and the asynchronous sends still waiting. What a cluster's new
 * leader may lack goes again from here, in the order it was first sent.
 * <p>
 * The host drops a producer's message whose sequence it has passed, taking it for a copy. So nothing new may reach a
 * new leader ahead of an older message the lost leader did not keep: each message is offered only while the
 * cluster's ingress still reaches the leader it reached when this session last looked
 * ({@link TransportPublication#offer(DirectBuffer, int, int, long)}), and once the leader changed, every message still
 * unconfirmed goes again, in order, before anything new. A single host never changes leader, and nothing goes again.
 * <p>
 * Used by the session's thread (sends and commits) and by its completion thread (asynchronous sends waiting for their
 * confirmation), under this object's lock; with its own encoder and gate, so that neither disturbs the other's send.
 * Nothing allocated per message once the window has grown to its use.
 */
final class ConfirmedSends
{
    /** How many asynchronous sends a session may have waiting for the host before the next one waits. */
    static final int MAX_WAITING = 256;
    private static final int INITIAL_ENTRIES = 16;
    private static final int INITIAL_BYTES = 4096;

    private final SendSession session;
    private final SendEncoder encoder;
    private final SendGate gate;
    private final ExpandableArrayBuffer bytes = new ExpandableArrayBuffer(INITIAL_BYTES);
    private SendRoute[] routes = new SendRoute[INITIAL_ENTRIES];
    private int[] offsets = new int[INITIAL_ENTRIES];
    private int[] lengths = new int[INITIAL_ENTRIES];
    private int[] producerIds = new int[INITIAL_ENTRIES];
    private long[] sequences = new long[INITIAL_ENTRIES];
    private int first;
    private int count;
    private int bytesEnd;
    private long sentAtLeaderChanges;

    /**
     * The window of a session's confirmed sends.
     *
     * @param session the session.
     */
    ConfirmedSends(final SendSession session)
    {
        this.session = session;
        this.encoder = new SendEncoder(session);
        this.gate = new SendGate(session, session.connection().config().idle().newIdleStrategy());
    }

    /**
     * Publishes a PERSISTENT queue message and keeps it until the host confirms it. The session's earlier messages go
     * again first, in order, when the cluster's leader changed since they were sent.
     *
     * @param route      where it goes.
     * @param envelope   the buffer holding its envelope, from offset 0.
     * @param length     the envelope's length.
     * @param producerId the sending producer, as in the envelope.
     * @param sequence   its sequence, as in the envelope.
     * @return the position the publication returned for it.
     * @throws JMSException as {@link SendGate#publish} throws.
     */
    synchronized long publish(
        final SendRoute route, final DirectBuffer envelope, final int length, final int producerId,
        final long sequence) throws JMSException
    {
        prune();
        final long leaderChanges = client().leaderChanges();
        if (first < count && leaderChanges != sentAtLeaderChanges)
        {
            resendAll();
        }
        else
        {
            sentAtLeaderChanges = leaderChanges;
        }
        final int entry = append(route, envelope, length, producerId, sequence);
        final long position = offer(entry);
        // the leader changed as it went: everything unconfirmed goes again to the new one, this message last
        return TransportPublication.LEADER_CHANGED == position ? resendAll() : position;
    }

    /**
     * Sends every message still unconfirmed again, in the order first sent, to the leader the cluster has now: what
     * {@link QueueClient#awaitRecorded} calls when the leader changed, or the host said nothing for a while. The
     * host drops a copy of a message it has and confirms it again.
     *
     * @throws JMSException as {@link SendGate#publish} throws.
     */
    synchronized void sendAgain() throws JMSException
    {
        prune();
        if (first < count)
        {
            resendAll();
        }
    }

    /**
     * @return how many messages wait for the host's confirmation, as far as this window has seen.
     */
    synchronized int waiting()
    {
        prune();
        return count - first;
    }

    /** @return the producer of the oldest message waiting; valid while {@link #waiting()} is positive. */
    synchronized int oldestProducer()
    {
        return producerIds[first];
    }

    /** @return the sequence of the oldest message waiting; valid while {@link #waiting()} is positive. */
    synchronized long oldestSequence()
    {
        return sequences[first];
    }

    /** @return the leader changes count the window's messages were last sent at. */
    synchronized long sentAtLeaderChanges()
    {
        return sentAtLeaderChanges;
    }

    /** Sends the window again, from its first message, until one pass went to a leader that did not change. */
    private long resendAll() throws JMSException
    {
        long position = TransportPublication.LEADER_CHANGED;
        while (TransportPublication.LEADER_CHANGED == position)
        {
            sentAtLeaderChanges = client().leaderChanges();
            for (int entry = first; entry < count; entry++)
            {
                position = offer(entry);
                if (TransportPublication.LEADER_CHANGED == position)
                {
                    break;
                }
            }
        }
        return position;
    }

    private long offer(final int entry) throws JMSException
    {
        encoder.offerWhileLeader(bytes, offsets[entry], lengths[entry], sentAtLeaderChanges);
        try
        {
            return gate.publish(routes[entry], encoder, lengths[entry]);
        }
        finally
        {
            encoder.clear();
        }
    }

    /** Forgets the confirmed messages at the head: a producer's confirmation covers its earlier messages too. */
    private void prune()
    {
        final QueueClient client = session.connection().queueClientIfOpen();
        while (first < count && null != client && client.isRecorded(session.id(), producerIds[first], sequences[first]))
        {
            routes[first] = null;
            first++;
        }
        if (first == count)
        {
            first = 0;
            count = 0;
            bytesEnd = 0;
        }
    }

    private int append(
        final SendRoute route, final DirectBuffer envelope, final int length, final int producerId, final long sequence)
    {
        if (count == routes.length)
        {
            if (first > 0)
            {
                compact();
            }
            else
            {
                grow();
            }
        }
        final int entry = count++;
        routes[entry] = route;
        offsets[entry] = bytesEnd;
        lengths[entry] = length;
        producerIds[entry] = producerId;
        sequences[entry] = sequence;
        bytes.putBytes(bytesEnd, envelope, 0, length);
        bytesEnd += length;
        return entry;
    }

    /** Moves the unconfirmed messages to the front of the arrays and of the bytes. */
    private void compact()
    {
        final int kept = count - first;
        final int bytesStart = offsets[first];
        bytes.putBytes(0, bytes, bytesStart, bytesEnd - bytesStart);
        for (int i = 0; i < kept; i++)
        {
            routes[i] = routes[first + i];
            offsets[i] = offsets[first + i] - bytesStart;
            lengths[i] = lengths[first + i];
            producerIds[i] = producerIds[first + i];
            sequences[i] = sequences[first + i];
        }
        Arrays.fill(routes, kept, count, null);
        bytesEnd -= bytesStart;
        first = 0;
        count = kept;
    }

    private void grow()
    {
        final int capacity = routes.length * 2;
        routes = Arrays.copyOf(routes, capacity);
        offsets = Arrays.copyOf(offsets, capacity);
        lengths = Arrays.copyOf(lengths, capacity);
        producerIds = Arrays.copyOf(producerIds, capacity);
        sequences = Arrays.copyOf(sequences, capacity);
    }

    private QueueClient client() throws JMSException
    {
        return session.connection().queueClient();
    }
}
