package io.wirespeed.host;

/**
 * A 64-bit hash of the host's logical state, taken in a fixed order ({@link QueueHost#stateDigest()}): two hosts
 * that hold the same queues, messages, consumers, credit, deliveries, room, sessions and subscriptions have the same
 * digest, and a change to any of them changes it (but for a collision, one in 2^64). Left out: what is not state of
 * the host's state machine (counters' addresses, object identities, publications, the time of the duty cycle, the
 * archive's replays under way, and caches that change the cost of a step but never its outcome). For tests and for
 * comparing state machines that were fed the same inputs (issue 24: members of a cluster, a member restored from a
 * snapshot). Not thread-safe; used on the host's thread, or while the host does not run.
 */
final class HostStateDigest
{
    private static final long SEED = 0x5157_4972_6573_7064L;
    private static final long MULTIPLIER = 0x9E37_79B9_7F4A_7C15L;

    private long hash = SEED;
    private long count;

    /**
     * Adds a value.
     *
     * @param value the value.
     * @return this digest.
     */
    HostStateDigest add(final long value)
    {
        hash = Long.rotateLeft(hash ^ mix(value + count++ * MULTIPLIER), 29) * MULTIPLIER;
        return this;
    }

    /**
     * Adds a flag.
     *
     * @param value the flag.
     * @return this digest.
     */
    HostStateDigest add(final boolean value)
    {
        return add(value ? 1L : 0L);
    }

    /**
     * Adds a text: its length, then its chars.
     *
     * @param value the text, or null (added as a length of -1).
     * @return this digest.
     */
    HostStateDigest add(final String value)
    {
        if (null == value)
        {
            return add(-1L);
        }
        add(value.length());
        for (int i = 0; i < value.length(); i++)
        {
            add(value.charAt(i));
        }
        return this;
    }

    /**
     * Adds bytes: their length, then their values, eight at a time.
     *
     * @param value the bytes.
     * @return this digest.
     */
    HostStateDigest add(final byte[] value)
    {
        add(value.length);
        long word = 0;
        for (int i = 0; i < value.length; i++)
        {
            word = word << 8 | (value[i] & 0xFF);
            if ((i & 7) == 7)
            {
                add(word);
                word = 0;
            }
        }
        return add(word);
    }

    /**
     * Adds a marker that starts a part of the state, so that values of different parts never run into each other.
     *
     * @param part the part's name.
     * @return this digest.
     */
    HostStateDigest part(final String part)
    {
        return add(part);
    }

    /** @return the digest of what was added. */
    long value()
    {
        return mix(hash ^ count);
    }

    /** MurmurHash3's 64-bit finalizer. */
    private static long mix(final long value)
    {
        long h = value;
        h ^= h >>> 33;
        h *= 0xFF51_AFD7_ED55_8CCDL;
        h ^= h >>> 33;
        h *= 0xC4CE_B9FE_1A85_EC53L;
        h ^= h >>> 33;
        return h;
    }
}
