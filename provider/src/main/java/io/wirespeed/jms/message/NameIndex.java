package io.wirespeed.jms.message;

import java.util.Arrays;

/**
 * A hash index from names to the slots of a {@link TypedValueTable}, used once a table holds more names than a
 * linear scan finds quickly, so that a message with thousands of properties or map entries is not quadratic to
 * build. Open addressing over an {@code int} array of slot numbers (plus one; zero marks a free bucket); it
 * allocates only when it grows, and {@link #clear()} keeps its array for the next message.
 */
final class NameIndex
{
    /** A table with at most this many slots is scanned; above it the index is used. */
    static final int SCAN_LIMIT = 16;

    private static final int[] NO_BUCKETS = new int[0];

    private int[] buckets = NO_BUCKETS;
    private int count;

    /**
     * Whether the index covers the table, which it does once the table has outgrown {@link #SCAN_LIMIT}.
     *
     * @return true when {@link #find} answers for the table.
     */
    boolean isActive()
    {
        return count > 0;
    }

    /**
     * The first slot holding a name.
     *
     * @param name  the name to look for.
     * @param names the table's names, by slot.
     * @return the slot, or -1.
     */
    int find(final String name, final String[] names)
    {
        final int mask = buckets.length - 1;
        for (int bucket = hash(name) & mask; ; bucket = (bucket + 1) & mask)
        {
            final int entry = buckets[bucket];
            if (0 == entry)
            {
                return -1;
            }
            if (name.equals(names[entry - 1]))
            {
                return entry - 1;
            }
        }
    }

    /**
     * Records the slot of a name appended to the table; a name already indexed keeps its first slot.
     *
     * @param slot  the new slot.
     * @param names the table's names, by slot, the new one included.
     */
    void add(final int slot, final String[] names)
    {
        if (null == names[slot])
        {
            return;
        }
        if (2 * (count + 1) > buckets.length)
        {
            rebuild(slot, names);
            return;
        }
        insert(slot, names);
    }

    /**
     * Indexes every slot up to and including {@code lastSlot}, growing the buckets to keep them at most half full.
     *
     * @param lastSlot the highest slot in use.
     * @param names    the table's names, by slot.
     */
    void rebuild(final int lastSlot, final String[] names)
    {
        int length = Math.max(64, buckets.length);
        while (length < 2 * (lastSlot + 1))
        {
            length <<= 1;
        }
        if (length != buckets.length)
        {
            buckets = new int[length];
        }
        else
        {
            Arrays.fill(buckets, 0);
        }
        count = 0;
        for (int slot = 0; slot <= lastSlot; slot++)
        {
            if (null != names[slot])
            {
                insert(slot, names);
            }
        }
    }

    /** Forgets every name, keeping the buckets. */
    void clear()
    {
        if (count > 0)
        {
            Arrays.fill(buckets, 0);
            count = 0;
        }
    }

    private void insert(final int slot, final String[] names)
    {
        final String name = names[slot];
        final int mask = buckets.length - 1;
        int bucket = hash(name) & mask;
        while (0 != buckets[bucket])
        {
            if (name.equals(names[buckets[bucket] - 1]))
            {
                return;
            }
            bucket = (bucket + 1) & mask;
        }
        buckets[bucket] = slot + 1;
        count++;
    }

    private static int hash(final String name)
    {
        final int h = name.hashCode();
        return h ^ (h >>> 16);
    }
}
