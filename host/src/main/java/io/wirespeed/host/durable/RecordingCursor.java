package io.wirespeed.host.durable;

import java.util.TreeSet;

/**
 * How far a durable subscription has got in one recording. Messages are identified by the position
 * they start at. {@code read} is where the next message starts; messages handed to consumers and not
 * yet acknowledged are {@code unacked}; messages acknowledged out of order, beyond the first
 * unacknowledged one, are {@code acked}. The acknowledged position (the watermark) is the first
 * unacknowledged message's start, or {@code read} when none is outstanding; what is stored is the
 * watermark plus the out-of-order acknowledgements above it, so a restart replays from the watermark
 * and skips what was already acknowledged.
 */
final class RecordingCursor
{
    private final TreeSet<Long> unacked = new TreeSet<>();
    private final TreeSet<Long> acked = new TreeSet<>();
    private long read;
    private long possiblyDeliveredBelow;
    private boolean done;

    RecordingCursor(final long read)
    {
        this.read = read;
    }

    long read()
    {
        return read;
    }

    boolean isDone()
    {
        return done;
    }

    void done()
    {
        done = true;
    }

    /**
     * Messages starting below this position may have reached a consumer before the host restarted.
     *
     * @param position the recording's position when the host started.
     */
    void possiblyDeliveredBelow(final long position)
    {
        possiblyDeliveredBelow = position;
    }

    boolean possiblyDelivered(final long start)
    {
        return start < possiblyDeliveredBelow;
    }

    /**
     * Moves past a gap the archive's retention left: what lay before {@code position} is gone.
     *
     * @param position the recording's start now.
     */
    void skipTo(final long position)
    {
        if (read < position)
        {
            read = position;
        }
    }

    /**
     * A message was read.
     *
     * @param start where it starts.
     * @param end   where it ends (the next one starts).
     * @return false if it was acknowledged before a restart and must be skipped.
     */
    boolean onRead(final long start, final long end)
    {
        read = end;
        return !acked.contains(start);
    }

    void kept(final long start)
    {
        unacked.add(start);
    }

    /**
     * A kept message was acknowledged.
     *
     * @param start where it starts.
     * @return true if the watermark may have moved.
     */
    boolean acknowledge(final long start)
    {
        if (!unacked.remove(start))
        {
            return false;
        }
        acked.add(start);
        final long watermark = watermark();
        acked.headSet(watermark).clear();
        return true;
    }

    long watermark()
    {
        return unacked.isEmpty() ? read : unacked.first();
    }

    boolean hasUnacknowledged()
    {
        return !unacked.isEmpty();
    }

    String encode()
    {
        final StringBuilder text = new StringBuilder().append(watermark());
        for (final long start : acked.tailSet(watermark()))
        {
            text.append(',').append(start);
        }
        return text.toString();
    }

    static RecordingCursor decode(final String text)
    {
        final String[] parts = text.split(",");
        final RecordingCursor cursor = new RecordingCursor(Long.parseLong(parts[0].trim()));
        for (int i = 1; i < parts.length; i++)
        {
            cursor.acked.add(Long.parseLong(parts[i].trim()));
        }
        return cursor;
    }
}
