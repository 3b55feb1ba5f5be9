package io.wirespeed.transport;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersReader;

/**
 * A transport capability ({@link Transport#capability(Class)}): counters where a process outside can read them.
 * For Aeron they live in the media driver's CnC file beside the driver's own counters, so that a tool attached to
 * the driver directory ({@code wirespeed-stat}, {@code AeronStat}) sees the figures of every JVM using that driver;
 * a transport without a shared place keeps them in its own memory. Counter type ids and key layout of Wirespeed's
 * counters are {@link CounterTypes}'. Allocating is a round trip to the driver: done when a producer, consumer or
 * connection is made, never per message.
 */
public interface CounterRegistry
{
    /**
     * Allocates a counter, zero, until it is closed.
     *
     * @param typeId    what it counts ({@link CounterTypes}).
     * @param key       the key identifying what it counts ({@link CounterTypes#encodeKey}).
     * @param keyOffset where the key starts in {@code key}.
     * @param keyLength the key's length, at most {@link CountersReader#MAX_KEY_LENGTH} bytes.
     * @param label     the text a reader shows, at most {@link CountersReader#MAX_LABEL_LENGTH} characters.
     * @return the counter; thread safe; {@link AtomicCounter#close()} gives it back.
     * @throws TransportException if no counter can be allocated.
     */
    AtomicCounter allocate(int typeId, DirectBuffer key, int keyOffset, int keyLength, String label);

    /**
     * Reads every counter of the place this registry allocates in: for Aeron, every counter of the media driver
     * (other processes' included).
     *
     * @return the reader.
     */
    CountersReader reader();
}
