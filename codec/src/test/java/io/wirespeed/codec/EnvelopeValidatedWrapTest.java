package io.wirespeed.codec;

import java.util.Random;
import java.util.TreeSet;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link EnvelopeReader#wrapValidated} reads a copy of what {@link EnvelopeReader#wrap} accepted exactly as wrap
 * reads it, without counting as a validation: what a receiver that validated an envelope once relies on.
 */
class EnvelopeValidatedWrapTest
{
    private static final int COPY_OFFSET = 13;

    private final EnvelopeReader reader = new EnvelopeReader();
    private final EnvelopeReader trusted = new EnvelopeReader();
    private final ExpandableArrayBuffer copy = new ExpandableArrayBuffer(1024);

    @Test
    void whatWrapAcceptsReadsTheSameFromACopyWithoutValidation()
    {
        final Random random = new Random(27);
        final TreeSet<Integer> versions = new TreeSet<>();
        int accepted = 0;
        int compact = 0;
        for (int i = 0; i < 20_000; i++)
        {
            final byte[] sample = EnvelopeFuzzTest.randomEnvelope(random);
            final byte[] candidate = 0 == i % 2 ? sample : EnvelopeFuzzTest.mutate(random, sample);
            try
            {
                reader.wrap(new UnsafeBuffer(candidate), 0, candidate.length);
            }
            catch (final MalformedEnvelopeException ex)
            {
                continue;
            }
            accepted++;
            compact += reader.isCompact() ? 1 : 0;
            versions.add(reader.version());
            final long expected = EnvelopeFuzzTest.digest(reader);

            copy.setMemory(0, copy.capacity(), (byte)random.nextInt());
            copy.putBytes(COPY_OFFSET, candidate);
            trusted.wrapValidated(copy, COPY_OFFSET, candidate.length);
            assertEquals(expected, EnvelopeFuzzTest.digest(trusted), "envelope " + i);
            assertEquals(COPY_OFFSET, trusted.offset());
            assertEquals(candidate.length, trusted.length());
        }
        assertTrue(accepted > 10_000, "accepted " + accepted);
        assertTrue(compact > 1_000, "compact " + compact);
        assertTrue(versions.size() >= 3, "versions read: " + versions);
        assertEquals(0, trusted.validations(), "a trusted read validates nothing");
    }

    @Test
    void everyWrapCountsAsAValidationAcceptedOrNotAndATrustedReadDoesNot()
    {
        final byte[] envelope = EnvelopeFuzzTest.randomEnvelope(new Random(5));
        final UnsafeBuffer buffer = new UnsafeBuffer(envelope);

        reader.wrap(buffer, 0, envelope.length);
        assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(buffer, 0, 3));
        reader.wrapValidated(buffer, 0, envelope.length);

        assertEquals(2, reader.validations());
    }
}
