package io.wirespeed.transport.aeron;

import java.nio.charset.StandardCharsets;

import io.aeron.Aeron;
import io.aeron.exceptions.AeronException;
import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.TransportException;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersReader;

/**
 * The {@link CounterRegistry} of an Aeron transport: counters allocated by the media driver in its CnC file
 * ({@link Aeron#addCounter}), owned by this transport's client, so they go when it closes and any process attached
 * to the driver directory reads them.
 */
final class AeronCounterRegistry implements CounterRegistry
{
    private final Aeron aeron;

    AeronCounterRegistry(final Aeron aeron)
    {
        this.aeron = aeron;
    }

    /** {@inheritDoc} */
    @Override
    public AtomicCounter allocate(
        final int typeId, final DirectBuffer key, final int keyOffset, final int keyLength, final String label)
    {
        try
        {
            final byte[] text = label.getBytes(StandardCharsets.US_ASCII);
            return aeron.addCounter(typeId, key, keyOffset, keyLength, new UnsafeBuffer(text), 0,
                Math.min(text.length, CountersReader.MAX_LABEL_LENGTH));
        }
        catch (final AeronException | IllegalStateException ex)
        {
            throw new TransportException("the media driver allocated no counter for '" + label + "': " +
                ex.getMessage() + "; raise aeron.counters.buffer.length of the driver if its counters are full", ex);
        }
    }

    /** {@inheritDoc} */
    @Override
    public CountersReader reader()
    {
        return aeron.countersReader();
    }
}
