package io.wirespeed.transport;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;

/**
 * A {@link CounterRegistry} in this JVM's memory (Agrona's {@link CountersManager}, the layout of Aeron's CnC
 * counters): for transports with no driver to hold counters (the in-memory one), and the provider's own when its
 * transport has no registry. Only this JVM reads them. Thread safe.
 */
public final class LocalCounterRegistry implements CounterRegistry
{
    private static final int DEFAULT_COUNTERS = 4096;

    private final CountersManager counters;

    /** A registry with room for {@value #DEFAULT_COUNTERS} counters. */
    public LocalCounterRegistry()
    {
        this(DEFAULT_COUNTERS);
    }

    /**
     * A registry with room for a number of counters.
     *
     * @param capacity the most counters allocated at once.
     */
    public LocalCounterRegistry(final int capacity)
    {
        this.counters = new CountersManager(
            new UnsafeBuffer(ByteBuffer.allocateDirect(capacity * CountersReader.METADATA_LENGTH)),
            new UnsafeBuffer(ByteBuffer.allocateDirect(capacity * CountersReader.COUNTER_LENGTH)),
            StandardCharsets.US_ASCII);
    }

    /** {@inheritDoc} */
    @Override
    public synchronized AtomicCounter allocate(
        final int typeId, final DirectBuffer key, final int keyOffset, final int keyLength, final String label)
    {
        try
        {
            return counters.newCounter(
                label.length() > CountersReader.MAX_LABEL_LENGTH ? label.substring(0, CountersReader.MAX_LABEL_LENGTH) :
                label, typeId, (buffer) -> buffer.putBytes(0, key, keyOffset, keyLength));
        }
        catch (final IllegalStateException ex)
        {
            throw new TransportException("no room for another counter ('" + label + "'): " + ex.getMessage(), ex);
        }
    }

    /** {@inheritDoc} */
    @Override
    public CountersReader reader()
    {
        return counters;
    }
}
