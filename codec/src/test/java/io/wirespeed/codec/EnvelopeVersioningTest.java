package io.wirespeed.codec;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;

import static io.wirespeed.codec.EnvelopeDescriptor.BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.BLOCK_LENGTH_V0;
import static io.wirespeed.codec.EnvelopeDescriptor.BLOCK_LENGTH_V1;
import static io.wirespeed.codec.EnvelopeDescriptor.COMPACT_BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.NAME_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.SCHEMA_VERSION;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The versioning rules of codec/README.md, each shown on an envelope crafted byte by byte.
 */
class EnvelopeVersioningTest
{
    private static final int BLOCK_LENGTH_FIELD = 0;
    private static final int TEMPLATE_ID_FIELD = 2;
    private static final int SCHEMA_ID_FIELD = 4;
    private static final int VERSION_FIELD = 6;
    private static final int PROPERTIES_HEADER = HEADER_LENGTH + BLOCK_LENGTH;

    private final EnvelopeReader reader = new EnvelopeReader();

    @Test
    void olderVersion0EnvelopeWithoutDeliveryTimeReadsWithDeliveryTimeZeroAndEveryOtherField()
    {
        final byte[] current = currentEnvelope();
        final ByteArrayOutputStream old = new ByteArrayOutputStream();
        old.write(current, 0, HEADER_LENGTH + BLOCK_LENGTH_V0);
        old.write(current, PROPERTIES_HEADER, current.length - PROPERTIES_HEADER);
        final UnsafeBuffer v0 = new UnsafeBuffer(old.toByteArray());
        v0.putShort(BLOCK_LENGTH_FIELD, (short)BLOCK_LENGTH_V0, LITTLE_ENDIAN);
        v0.putShort(VERSION_FIELD, (short)0, LITTLE_ENDIAN);

        reader.wrap(v0, 0, v0.capacity());

        assertEquals(0, reader.version());
        assertEquals(0, reader.deliveryTime());
        assertEquals(1_700_000_000_000L, reader.timestamp());
        assertEquals(42, reader.sequence());
        assertEquals(BodyType.TEXT, reader.bodyType());
        assertEquals(7, reader.properties().intValue(reader.properties().indexOf("a")));
        assertEquals("hello", reader.body().asString());
    }

    @Test
    void version0HeaderMeansDeliveryTimeIsAbsentEvenWhenTheBlockIsLonger()
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(currentEnvelope());
        envelope.putShort(VERSION_FIELD, (short)0, LITTLE_ENDIAN);

        assertEquals(0, reader.wrap(envelope, 0, envelope.capacity()).deliveryTime());
    }

    @Test
    void newerEnvelopeWithLongerBlockLongerEntriesAndTrailingDataReadsEveryKnownField()
    {
        final byte[] current = currentEnvelope();
        reader.wrap(new UnsafeBuffer(current), 0, current.length);
        final int firstEntry = reader.properties().name(0).offset() - NAME_HEADER_LENGTH - ENTRY_BLOCK_LENGTH;
        final int secondEntry = reader.properties().name(1).offset() - NAME_HEADER_LENGTH - ENTRY_BLOCK_LENGTH;
        final int extraBlock = 16;
        final int extraEntry = 5;

        final ByteArrayOutputStream newer = new ByteArrayOutputStream();
        newer.write(current, 0, PROPERTIES_HEADER);
        newer.write(filler(extraBlock), 0, extraBlock);
        newer.write(current, PROPERTIES_HEADER, firstEntry + ENTRY_BLOCK_LENGTH - PROPERTIES_HEADER);
        newer.write(filler(extraEntry), 0, extraEntry);
        newer.write(current, firstEntry + ENTRY_BLOCK_LENGTH, secondEntry - firstEntry);
        newer.write(filler(extraEntry), 0, extraEntry);
        newer.write(current, secondEntry + ENTRY_BLOCK_LENGTH, current.length - secondEntry - ENTRY_BLOCK_LENGTH);
        newer.write(filler(11), 0, 11);
        final UnsafeBuffer envelope = new UnsafeBuffer(newer.toByteArray());
        envelope.putShort(BLOCK_LENGTH_FIELD, (short)(BLOCK_LENGTH + extraBlock), LITTLE_ENDIAN);
        envelope.putShort(VERSION_FIELD, (short)(SCHEMA_VERSION + 1), LITTLE_ENDIAN);
        envelope.putShort(PROPERTIES_HEADER + extraBlock, (short)(ENTRY_BLOCK_LENGTH + extraEntry), LITTLE_ENDIAN);

        reader.wrap(envelope, 0, envelope.capacity());

        assertEquals(SCHEMA_VERSION + 1, reader.version());
        assertEquals(1_700_000_000_500L, reader.deliveryTime());
        assertEquals(7, reader.properties().intValue(reader.properties().indexOf("a")));
        assertEquals("b", reader.properties().name(1).asString());
        assertEquals("x", reader.properties().data(1).asString());
        assertEquals("queue.orders", reader.destinationName().asString());
        assertEquals("hello", reader.body().asString());
    }

    @Test
    void trailingBytesAfterAnEnvelopeOfThisVersionAreRejected()
    {
        final byte[] current = currentEnvelope();
        final UnsafeBuffer padded = new UnsafeBuffer(new byte[current.length + 1]);
        padded.putBytes(0, current);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(padded, 0, padded.capacity()));
        assertEquals(current.length, ex.offset());
        assertTrue(ex.getMessage().contains("1 bytes follow"), ex.getMessage());
    }

    @Test
    void anotherSchemaIdIsRejectedNamingBothIds()
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(currentEnvelope());
        envelope.putShort(SCHEMA_ID_FIELD, (short)7002, LITTLE_ENDIAN);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(envelope, 0, envelope.capacity()));
        assertEquals("schema id 7002 is not the envelope schema 7001 at offset 4", ex.getMessage());
    }

    @Test
    void anUnknownTemplateIdIsRejected()
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(currentEnvelope());
        envelope.putShort(TEMPLATE_ID_FIELD, (short)3, LITTLE_ENDIAN);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(envelope, 0, envelope.capacity()));
        assertEquals("template id 3 is not an envelope template of version 2 at offset 2", ex.getMessage());
    }

    @Test
    void aBlockShorterThanItsVersionRequiresIsRejected()
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(currentEnvelope());
        envelope.putShort(BLOCK_LENGTH_FIELD, (short)BLOCK_LENGTH_V0, LITTLE_ENDIAN);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(envelope, 0, envelope.capacity()));
        assertTrue(ex.getMessage().startsWith("block length 59 is shorter than the 71 bytes of version 2"),
            ex.getMessage());
    }

    @Test
    void olderVersion1EnvelopeWithoutTopicHashReadsWithTheHashOfItsDestinationName()
    {
        final byte[] current = currentEnvelope();
        final ByteArrayOutputStream old = new ByteArrayOutputStream();
        old.write(current, 0, HEADER_LENGTH + BLOCK_LENGTH_V1);
        old.write(current, PROPERTIES_HEADER, current.length - PROPERTIES_HEADER);
        final UnsafeBuffer v1 = new UnsafeBuffer(old.toByteArray());
        v1.putShort(BLOCK_LENGTH_FIELD, (short)BLOCK_LENGTH_V1, LITTLE_ENDIAN);
        v1.putShort(VERSION_FIELD, (short)1, LITTLE_ENDIAN);

        reader.wrap(v1, 0, v1.capacity());

        assertEquals(1, reader.version());
        assertEquals(TopicHash.of("queue.orders"), reader.topicHash());
        assertEquals(1_700_000_000_500L, reader.deliveryTime());
        assertEquals(EnvelopeReader.NO_TOPIC_HASH, EnvelopeReader.peekTopicHash(v1, 0, v1.capacity()),
            "a version 1 envelope carries no hash to peek at: receivers wrap it and hash its name");
    }

    @Test
    void version1HeaderMeansTheTopicHashIsAbsentEvenWhenTheBlockIsLonger()
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(currentEnvelope());
        envelope.putInt(HEADER_LENGTH + BLOCK_LENGTH_V1, 12345, LITTLE_ENDIAN);
        envelope.putShort(VERSION_FIELD, (short)1, LITTLE_ENDIAN);

        assertEquals(TopicHash.of("queue.orders"), reader.wrap(envelope, 0, envelope.capacity()).topicHash());
    }

    @Test
    void aCompactEnvelopeUnderAVersion1HeaderIsRejectedAsThatVersionHadNoSuchTemplate()
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(compactEnvelope());
        envelope.putShort(VERSION_FIELD, (short)1, LITTLE_ENDIAN);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(envelope, 0, envelope.capacity()));
        assertEquals("template id 2 is not an envelope template of version 1 at offset 2", ex.getMessage());
    }

    @Test
    void newerCompactEnvelopeWithLongerBlockAndTrailingDataReadsEveryKnownField()
    {
        final byte[] current = compactEnvelope();
        final int extraBlock = 12;
        final ByteArrayOutputStream newer = new ByteArrayOutputStream();
        newer.write(current, 0, HEADER_LENGTH + COMPACT_BLOCK_LENGTH);
        newer.write(filler(extraBlock), 0, extraBlock);
        final int varStart = HEADER_LENGTH + COMPACT_BLOCK_LENGTH;
        newer.write(current, varStart, current.length - varStart);
        newer.write(filler(7), 0, 7);
        final UnsafeBuffer envelope = new UnsafeBuffer(newer.toByteArray());
        envelope.putShort(BLOCK_LENGTH_FIELD, (short)(COMPACT_BLOCK_LENGTH + extraBlock), LITTLE_ENDIAN);
        envelope.putShort(VERSION_FIELD, (short)(SCHEMA_VERSION + 1), LITTLE_ENDIAN);

        reader.wrap(envelope, 0, envelope.capacity());

        assertTrue(reader.isCompact());
        assertEquals(TopicHash.of("prices.eurusd"), reader.topicHash());
        assertEquals(TopicHash.of("prices.eurusd") & 0xFFFF_FFFFL,
            EnvelopeReader.peekTopicHash(envelope, 0, envelope.capacity()));
        assertEquals(42, reader.sequence());
        assertEquals(7, reader.properties().intValue(reader.properties().indexOf("a")));
        assertEquals("prices.eurusd", reader.destinationName().asString());
        assertEquals("hello", reader.body().asString());
    }

    @Test
    void aCompactBlockShorterThanThisVersionsIsRejected()
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(compactEnvelope());
        envelope.putShort(BLOCK_LENGTH_FIELD, (short)(COMPACT_BLOCK_LENGTH - 1), LITTLE_ENDIAN);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(envelope, 0, envelope.capacity()));
        assertTrue(ex.getMessage().startsWith("block length 48 is shorter than the 49 bytes of version 2"),
            ex.getMessage());
        assertEquals(EnvelopeReader.NO_TOPIC_HASH, EnvelopeReader.peekTopicHash(envelope, 0, envelope.capacity()));
    }

    @Test
    void aGroupEntryShorterThanThisVersionsEntryIsRejected()
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(currentEnvelope());
        envelope.putShort(PROPERTIES_HEADER, (short)(ENTRY_BLOCK_LENGTH - 1), LITTLE_ENDIAN);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(envelope, 0, envelope.capacity()));
        assertEquals(PROPERTIES_HEADER, ex.offset());
    }

    @Test
    void anEnumValueFromANewerVersionIsRejectedRatherThanMisread()
    {
        final UnsafeBuffer envelope = new UnsafeBuffer(currentEnvelope());
        envelope.putByte(HEADER_LENGTH + io.wirespeed.codec.sbe.EnvelopeDecoder.bodyTypeEncodingOffset(), (byte)6);

        final MalformedEnvelopeException ex =
            assertThrows(MalformedEnvelopeException.class, () -> reader.wrap(envelope, 0, envelope.capacity()));
        assertTrue(ex.getMessage().startsWith("unknown body type 6"), ex.getMessage());
    }

    private static byte[] currentEnvelope()
    {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
        final EnvelopeWriter writer = new EnvelopeWriter().wrap(buffer, 0)
            .messageId(1, 2, 3, 4, 42).timestamp(1_700_000_000_000L).deliveryTime(1_700_000_000_500L);
        writer.properties().intValue("a", 7).stringValue("b", "x");
        writer.destination(DestinationKind.QUEUE, "queue.orders").textBody("hello");
        final int length = writer.finish();
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    private static byte[] compactEnvelope()
    {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
        final EnvelopeWriter writer = new EnvelopeWriter().wrapCompact(buffer, 0)
            .messageId(1, 2, 3, 4, 42).timestamp(1_700_000_000_000L);
        writer.properties().intValue("a", 7);
        writer.destination(DestinationKind.TOPIC, "prices.eurusd").textBody("hello");
        final int length = writer.finish();
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    private static byte[] filler(final int length)
    {
        final byte[] bytes = new byte[length];
        java.util.Arrays.fill(bytes, (byte)0x5A);
        return bytes;
    }
}
