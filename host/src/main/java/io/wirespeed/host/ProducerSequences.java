package io.wirespeed.host;

import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.LongLongConsumer;

/**
 * The last sequence a clustered host applied of each producer of one client session: a provider sends a PERSISTENT
 * queue message again when a new leader took over before it was confirmed, with the same identity (its connection,
 * session, producer and sequence), and the copy of one the host already applied is dropped ({@link #isRepeat}), its
 * confirmation sent again. A producer's sequences rise with each message; a message without one (sequence 0: its
 * producer disabled message ids) is never taken for a copy. Part of the state machine's state, so in its snapshot.
 * Used on the host's thread only.
 */
final class ProducerSequences
{
    /**
     * The producer id under which a JMS session's committed transactions are kept, their ids as its sequences: a
     * commit sent again after a change of leader is answered again, not applied twice. Producers' own ids are
     * positive.
     */
    static final int TRANSACTIONS = -1;
    private static final long NONE = 0;
    private final Long2LongHashMap last = new Long2LongHashMap(NONE);

    /**
     * @param sessionId  the producer's session, from the envelope.
     * @param producerId the producer, from the envelope.
     * @param sequence   the message's sequence, from the envelope.
     * @return whether the host applied this producer's message of this sequence, or a later one, already.
     */
    boolean isRepeat(final int sessionId, final int producerId, final long sequence)
    {
        return sequence > NONE && sequence <= last.get(key(sessionId, producerId));
    }

    /**
     * The host applied a producer's message.
     *
     * @param sessionId  the producer's session.
     * @param producerId the producer.
     * @param sequence   the message's sequence.
     */
    void applied(final int sessionId, final int producerId, final long sequence)
    {
        final long key = key(sessionId, producerId);
        if (sequence > last.get(key))
        {
            last.put(key, sequence);
        }
    }

    /** @return whether no message with a sequence was applied. */
    boolean isEmpty()
    {
        return last.isEmpty();
    }

    /**
     * Each producer's last sequence, for a snapshot.
     *
     * @param consumer takes the producer's key ({@code session << 32 | producer}) and its last sequence.
     */
    void forEach(final LongLongConsumer consumer)
    {
        last.forEachLong(consumer);
    }

    /**
     * A producer's last sequence from a snapshot.
     *
     * @param producerKey the key {@link #forEach} gave.
     * @param sequence    its last sequence.
     */
    void restore(final long producerKey, final long sequence)
    {
        last.put(producerKey, sequence);
    }

    /**
     * Adds the producers' last sequences to a digest, whatever order the map holds them in.
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        long sum = 0;
        for (final Long2LongHashMap.EntryIterator it = last.entrySet().iterator(); it.hasNext(); )
        {
            it.next();
            sum += Long.rotateLeft(it.getLongKey() * 0x9E37_79B9_7F4A_7C15L, 17) ^ it.getLongValue();
        }
        digest.add(last.size()).add(sum);
    }

    private static long key(final int sessionId, final int producerId)
    {
        return ((long)sessionId << 32) | (producerId & 0xFFFF_FFFFL);
    }
}
