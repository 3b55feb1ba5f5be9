package io.wirespeed.jms.runtime;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

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
    private final Map<Key, ArrayDeque<Idle>> idle = new HashMap<>();
    private final long idleNs;
    private int size;
    private boolean closed;

    /**
     * An empty pool.
     *
     * @param idleNs how long a publication given back stays open without being taken again.
     */
    PublicationPool(final long idleNs)
    {
        this.idleNs = idleNs;
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
        final Key key = new Key(transport, channel, streamId);
        synchronized (this)
        {
            final ArrayDeque<Idle> kept = idle.get(key);
            if (null != kept)
            {
                final Thread thread = Thread.currentThread();
                for (final Iterator<Idle> newestFirst = kept.descendingIterator(); newestFirst.hasNext();)
                {
                    final Idle entry = newestFirst.next();
                    if (entry.releasedBy == thread)
                    {
                        newestFirst.remove();
                        size--;
                        return entry.publication;
                    }
                }
            }
        }
        return transport.addPublication(channel, streamId);
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
        synchronized (this)
        {
            if (!closed)
            {
                final Idle entry = new Idle(publication, Thread.currentThread(), System.nanoTime());
                idle.computeIfAbsent(new Key(transport, channel, streamId), (k) -> new ArrayDeque<>()).addLast(entry);
                size++;
                return;
            }
        }
        publication.close();
    }

    /** @return how many publications wait to be taken again. */
    public synchronized int idleCount()
    {
        return size;
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
            if (0 == size)
            {
                return 0;
            }
            for (final Iterator<ArrayDeque<Idle>> streams = idle.values().iterator(); streams.hasNext();)
            {
                final ArrayDeque<Idle> kept = streams.next();
                while (!kept.isEmpty() && nowNs - kept.peekFirst().sinceNs >= idleNs)
                {
                    toClose.add(kept.pollFirst().publication);
                    size--;
                }
                if (kept.isEmpty())
                {
                    streams.remove();
                }
            }
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
        final List<TransportPublication> toClose = new ArrayList<>();
        synchronized (this)
        {
            closed = true;
            idle.values().forEach((kept) -> kept.forEach((entry) -> toClose.add(entry.publication)));
            idle.clear();
            size = 0;
        }
        for (final TransportPublication publication : toClose)
        {
            publication.closeAfterDelivery(deadlineNs);
        }
    }

    private record Key(Transport transport, String channel, int streamId)
    {
    }

    private record Idle(TransportPublication publication, Thread releasedBy, long sinceNs)
    {
    }
}
