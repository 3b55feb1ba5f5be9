package io.wirespeed.codec;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static io.wirespeed.codec.EnvelopeDescriptor.BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.HEADER_LENGTH;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MalformedEnvelopeTest
{
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
    private final EnvelopeReader reader = new EnvelopeReader();

    private int writeEnvelope()
    {
        final EnvelopeWriter writer = new EnvelopeWriter().wrap(buffer, 0);
        writer.properties().stringValue("color", "red").intValue("n", 1);
        return writer.destination(DestinationKind.TOPIC, "t").textBody("body text").finish();
    }

    @Test
    void everyTruncationIsRejectedAtAnOffsetInsideTheTruncatedRegion()
    {
        final int length = writeEnvelope();
        for (int truncated = 0; truncated < length; truncated++)
        {
            final int regionLength = truncated;
            final MalformedEnvelopeException ex =
                assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(buffer, 0, regionLength));
            assertTrue(ex.offset() <= truncated, ex.getMessage());
        }
    }

    @Test
    void aBodyLengthBeyondTheRegionIsRejectedNamingTheBody()
    {
        final int length = writeEnvelope();
        final int bodyLengthOffset = length - "body text".length() - EnvelopeDescriptor.DATA_HEADER_LENGTH;
        buffer.putInt(bodyLengthOffset, -1, LITTLE_ENDIAN);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(buffer, 0, length));
        assertEquals("body length 4294967295 runs past the end at offset " + bodyLengthOffset, ex.getMessage());
    }

    @Test
    void anEntryCountThatCannotFitIsRejectedBeforeAnyEntryIsRead()
    {
        final int length = writeEnvelope();
        buffer.putShort(HEADER_LENGTH + BLOCK_LENGTH + 2, (short)0xFFFF, LITTLE_ENDIAN);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(buffer, 0, length));
        assertTrue(ex.getMessage().startsWith("65535 property entries cannot fit"), ex.getMessage());
    }

    @Test
    void aPropertyOfATypeJmsPropertiesCannotHoldIsRejected()
    {
        final int length = writeEnvelope();
        final int entry = HEADER_LENGTH + BLOCK_LENGTH + EnvelopeDescriptor.GROUP_HEADER_LENGTH;
        buffer.putByte(entry, (byte)EntryType.BYTES.code());

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(buffer, 0, length));
        assertEquals("value type 10 is not allowed in property at offset " + entry, ex.getMessage());
    }

    @Test
    void randomBytesAreRejected()
    {
        final java.util.Random random = new java.util.Random(7);
        final byte[] bytes = new byte[200];
        for (int i = 0; i < 1000; i++)
        {
            random.nextBytes(bytes);
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(new UnsafeBuffer(bytes), 0, 200));
        }
    }

    @Test
    void aRegionOutsideTheBufferIsACallerErrorNotMalformedBytes()
    {
        final UnsafeBuffer small = new UnsafeBuffer(new byte[16]);
        assertThrows(IllegalArgumentException.class, () -> reader.wrap(small, 8, 9));
        assertThrows(IllegalArgumentException.class, () -> reader.wrap(small, -1, 4));
    }

    @Test
    void readingAnEntryIndexOutsideTheGroupThrowsIndexOutOfBounds()
    {
        reader.wrap(buffer, 0, writeEnvelope());
        assertThrows(IndexOutOfBoundsException.class, () -> reader.properties().type(2));
        assertThrows(IndexOutOfBoundsException.class, () -> reader.properties().longValue(-1));
    }
}
