package io.wirespeed.jms.runtime;

import java.util.ArrayList;
import java.util.List;

import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportFactories;
import io.wirespeed.transport.TransportPublication;

/**
 * The publications that closed sessions gave back, kept open for the next session that sends to the same stream: a
 * session takes one (or the transport makes one, a round trip to the media driver) on its first send to a stream,
 * and gives it back when it closes, if its subscribers read it in shared memory ({@link #keepsOpen}); a network
 * publication is closed by its session as before, waiting for its subscribers until the {@code linger} deadline, so
 * that an application that closes its connection and exits loses nothing. A thread takes back the publication it
 * gave back last, never one another thread gave back, so that the messages one thread sends one after another through
 * successive connections travel on one publication, and so arrive in the order sent, however many threads send to the
 * stream at once (a subscriber reads each publication in order, several in any order: a thread that went on on a
 * publication another thread had just sent on could overtake its own earlier messages). A publication is
 * held by one session at a time, as an exclusive publication must be. One given back and not taken again for
 * {@code idleNs} is closed, so that a stream nobody sends to any more holds no log buffer. Thread safe.
 */
public final class PublicationPool
{
    private final KeptByStream<TransportPublication> idle;

    /**
     * An empty pool.
     *
     * @param idleNs how long a publication given back stays open without being taken again.
     */
    PublicationPool(final long idleNs)
    {
        this.idle = new KeptByStream<>(idleNs);
    }

    /**
     * Whether a closed session's publication on a channel is kept open here: where its subscribers read the log in
     * shared memory (Aeron IPC, the in-memory test transport: the channel's transport says so,
     * {@link TransportFactories#isSharedMemory}), which outlives a close anyway, so keeping it open loses nothing at
     * the JVM's exit. Network publications are not kept.
     *
     * @param channel the channel the publication was made for.
     * @return true if so.
     */
    public static boolean keepsOpen(final String channel)
    {
        return TransportFactories.installed().isSharedMemory(channel);
    }

    /**
     * A publication to a stream: the one the calling thread gave back last, or a new one.
     *
     * @param transport the transport.
     * @param channel   the channel, as the transport names it.
     * @param streamId  the stream.
     * @return the publication, the caller's until {@link #release}.
     * @throws io.wirespeed.transport.TransportException if a new one cannot be made.
     */
    public TransportPublication acquire(final Transport transport, final String channel, final int streamId)
    {
        final Thread thread = Thread.currentThread();
        final TransportPublication kept;
        synchronized (this)
        {
            kept = idle.take(transport, channel, streamId, (givenBackBy) -> givenBackBy == thread);
        }
        return null != kept ? kept : transport.addPublication(channel, streamId);
    }

    /**
     * Gives a publication back for the next session; closes it if the pool is closed.
     *
     * @param transport   the transport it came from.
     * @param channel     the channel it was acquired for.
     * @param streamId    the stream it was acquired for.
     * @param publication the publication.
     */
    public void release(
        final Transport transport, final String channel, final int streamId, final TransportPublication publication)
    {
        final boolean kept;
        synchronized (this)
        {
            kept = idle.keep(transport, channel, streamId, publication, System.nanoTime());
        }
        if (!kept)
        {
            publication.close();
        }
    }

    /** @return how many publications wait to be taken again. */
    public synchronized int idleCount()
    {
        return idle.size();
    }

    /**
     * Closes the publications idle for longer than the pool keeps them.
     *
     * @param nowNs      {@link System#nanoTime()}.
     * @param deadlineNs how long a close may wait for network subscribers to have everything.
     * @return how many were closed.
     */
    int closeIdle(final long nowNs, final long deadlineNs)
    {
        final List<TransportPublication> toClose = new ArrayList<>();
        synchronized (this)
        {
            idle.expire(nowNs, toClose, null);
        }
        for (final TransportPublication publication : toClose)
        {
            publication.closeAfterDelivery(deadlineNs);
        }
        return toClose.size();
    }

    /**
     * Closes every publication kept, each once its network subscribers have everything or the deadline passed; what
     * is given back from now on is closed at once.
     *
     * @param deadlineNs the {@link System#nanoTime()} until which a close may wait.
     */
    void close(final long deadlineNs)
    {
        final List<TransportPublication> toClose;
        synchronized (this)
        {
            toClose = idle.close();
        }
        for (final TransportPublication publication : toClose)
        {
            publication.closeAfterDelivery(deadlineNs);
        }
    }
}
