package io.wirespeed.host;

import java.util.ArrayDeque;
import java.util.Iterator;

import io.wirespeed.transport.PersistenceWatch;
import io.wirespeed.transport.TransportPublication;

/**
 * The PERSISTENT queue messages of clients over UDP that the host passed on to the recorded inbound stream (the
 * relay), each waiting until the archive's recording of the relay's session has passed its end: then its client is
 * told ({@link ClientProxy#recorded}), and the send that waits for it returns. The archive's recording position is
 * read from its counter, as a local client's send reads it ({@link PersistenceWatch}); a run of messages of one
 * producer is confirmed by its last. Used on the host's thread only.
 */
final class RecordingConfirmations
{
    private final PersistenceWatch watch;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private int counter = PersistenceWatch.NOT_FOUND;

    /**
     * @param watch reads the archive's recording positions, or null where the transport has none (nothing is
     *              confirmed then, and clients' sends time out).
     */
    RecordingConfirmations(final PersistenceWatch watch)
    {
        this.watch = watch;
    }

    /**
     * A PERSISTENT queue message of a client over UDP was passed on to the relay.
     *
     * @param client     its client.
     * @param sessionId  its session, from the envelope.
     * @param producerId its producer, from the envelope.
     * @param sequence   its sequence, from the envelope.
     * @param queue      its queue's name.
     * @param position   the relay's position after it.
     */
    void relayed(
        final HostSession client, final int sessionId, final int producerId, final long sequence, final String queue,
        final long position)
    {
        pending.add(new Pending(client, sessionId, producerId, sequence, queue, position));
    }

    /**
     * Tells clients of the messages the archive has recorded now.
     *
     * @param relay the relay publication.
     * @param proxy answers clients.
     * @return how many confirmations went.
     */
    int confirm(final TransportPublication relay, final ClientProxy proxy)
    {
        if (pending.isEmpty() || null == watch)
        {
            return 0;
        }
        final int sessionId = relay.sessionId();
        long recorded = watch.recordedPosition(counter, sessionId);
        if (recorded < 0)
        {
            counter = watch.findRecordingCounter(sessionId);
            recorded = watch.recordedPosition(counter, sessionId);
        }
        int sent = 0;
        Pending next;
        while ((next = pending.peek()) != null && next.position <= recorded)
        {
            pending.poll();
            final Pending after = pending.peek();
            if (null == after || after.position > recorded || !after.sameProducer(next))
            {
                proxy.recorded(next.client, next.sessionId, next.producerId, next.sequence);
                sent++;
            }
        }
        return sent;
    }

    /**
     * The archive stopped recording for want of disk space: the messages that wait may never be recorded, and their
     * clients are told they were refused, as the host refuses PERSISTENT messages while recording is stopped.
     *
     * @param proxy answers clients.
     * @param why   what to tell them.
     */
    void refuseAll(final ClientProxy proxy, final String why)
    {
        Pending next;
        while ((next = pending.poll()) != null)
        {
            proxy.sendRefused(next.client, next.sessionId, next.producerId, next.queue,
                "a message to queue '" + next.queue + "' may not have been kept: " + why);
        }
    }

    /**
     * A client went: nothing more is confirmed to it.
     *
     * @param client the client.
     */
    void forget(final HostSession client)
    {
        final Iterator<Pending> it = pending.iterator();
        while (it.hasNext())
        {
            if (it.next().client == client)
            {
                it.remove();
            }
        }
    }

    /** @return how many messages wait for the archive. */
    int waiting()
    {
        return pending.size();
    }

    private record Pending(
        HostSession client, int sessionId, int producerId, long sequence, String queue, long position)
    {
        boolean sameProducer(final Pending other)
        {
            return client == other.client && sessionId == other.sessionId && producerId == other.producerId;
        }
    }
}
