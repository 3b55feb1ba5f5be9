package io.wirespeed.jms.runtime;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

import io.wirespeed.transport.Transport;

/**
 * What the runtime keeps open for the next user of a stream (a transport's channel and stream id): things given back,
 * oldest first per stream, each with who gave it back and when, taken again or expired after {@code idleNs}. The
 * shared part of {@link PublicationPool} and {@link SubscriptionPool}; not thread safe: each pool guards it with its
 * own monitor.
 *
 * @param <T> what is kept.
 */
final class KeptByStream<T>
{
    private final Map<Key, ArrayDeque<Kept<T>>> kept = new HashMap<>();
    private final long idleNs;
    private int size;
    private boolean closed;

    /**
     * @param idleNs how long something given back is kept without being taken again.
     */
    KeptByStream(final long idleNs)
    {
        this.idleNs = idleNs;
    }

    /**
     * Keeps something given back, unless closed.
     *
     * @param transport the transport it came from.
     * @param channel   the channel it was made for.
     * @param streamId  the stream it was made for.
     * @param item      what is given back.
     * @param nowNs     {@link System#nanoTime()}.
     * @return false if closed: the caller closes it.
     */
    boolean keep(final Transport transport, final String channel, final int streamId, final T item, final long nowNs)
    {
        if (closed)
        {
            return false;
        }
        kept.computeIfAbsent(new Key(transport, channel, streamId), (k) -> new ArrayDeque<>())
            .addLast(new Kept<>(item, Thread.currentThread(), nowNs));
        size++;
        return true;
    }

    /**
     * Takes the newest kept for a stream that the condition accepts.
     *
     * @param transport the transport.
     * @param channel   the channel.
     * @param streamId  the stream.
     * @param givenBack accepts the thread that gave an item back.
     * @return the item, or null if none.
     */
    T take(final Transport transport, final String channel, final int streamId, final Predicate<Thread> givenBack)
    {
        final ArrayDeque<Kept<T>> stream = kept.get(new Key(transport, channel, streamId));
        if (null != stream)
        {
            for (final Iterator<Kept<T>> newestFirst = stream.descendingIterator(); newestFirst.hasNext();)
            {
                final Kept<T> entry = newestFirst.next();
                if (givenBack.test(entry.givenBackBy))
                {
                    newestFirst.remove();
                    size--;
                    return entry.item;
                }
            }
        }
        return null;
    }

    /**
     * Removes what was kept for longer than {@code idleNs}, and shows each one still kept to a visitor.
     *
     * @param nowNs   {@link System#nanoTime()}.
     * @param expired takes what expired, for the caller to close outside its monitor.
     * @param still   visits each item still kept, or null.
     */
    void expire(final long nowNs, final List<T> expired, final Consumer<T> still)
    {
        if (0 == size)
        {
            return;
        }
        for (final Iterator<ArrayDeque<Kept<T>>> streams = kept.values().iterator(); streams.hasNext();)
        {
            final ArrayDeque<Kept<T>> stream = streams.next();
            while (!stream.isEmpty() && nowNs - stream.peekFirst().sinceNs >= idleNs)
            {
                expired.add(stream.pollFirst().item);
                size--;
            }
            if (null != still)
            {
                stream.forEach((entry) -> still.accept(entry.item));
            }
            if (stream.isEmpty())
            {
                streams.remove();
            }
        }
    }

    /**
     * Closes the keeping: what is kept is handed out, and nothing is kept from now on.
     *
     * @return what was kept, for the caller to close outside its monitor.
     */
    List<T> close()
    {
        closed = true;
        final List<T> all = new ArrayList<>();
        kept.values().forEach((stream) -> stream.forEach((entry) -> all.add(entry.item)));
        kept.clear();
        size = 0;
        return all;
    }

    /** @return how many are kept. */
    int size()
    {
        return size;
    }

    private record Key(Transport transport, String channel, int streamId)
    {
    }

    private record Kept<T>(T item, Thread givenBackBy, long sinceNs)
    {
    }
}
