package io.wirespeed.codec;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static io.wirespeed.codec.EnvelopeDescriptor.EMPTY_ENVELOPE_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.NON_PERSISTENT;
import static io.wirespeed.codec.EnvelopeDescriptor.PERSISTENT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnvelopeRoundTripTest
{
    private static final String UNICODE = "prix \u20ac \u00e9t\u00e9 \uD83D\uDE80 \u4e2d\u6587";

    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(64);
    private final EnvelopeWriter writer = new EnvelopeWriter();
    private final EnvelopeReader reader = new EnvelopeReader();

    private EnvelopeReader read(final int length)
    {
        return reader.wrap(buffer, 0, length);
    }

    @Test
    void emptyEnvelopeReadsAsDefaultsWithNothingSet()
    {
        final int length = writer.wrap(buffer, 0).finish();
        assertEquals(EMPTY_ENVELOPE_LENGTH, length);

        read(length);
        assertEquals(EnvelopeDescriptor.SCHEMA_VERSION, reader.version());
        assertEquals(EnvelopeDescriptor.DEFAULT_PRIORITY, reader.priority());
        assertEquals(PERSISTENT, reader.deliveryMode());
        assertEquals(DestinationKind.NONE, reader.destinationKind());
        assertEquals(DestinationKind.NONE, reader.replyToKind());
        assertEquals(CorrelationIdKind.NONE, reader.correlationIdKind());
        assertEquals(BodyType.NONE, reader.bodyType());
        assertFalse(reader.hasType());
        assertFalse(reader.redelivered());
        assertFalse(reader.messageIdDisabled());
        assertFalse(reader.isBodyNull());
        assertEquals(0, reader.properties().count());
        assertEquals(0, reader.bodyEntries().count());
        assertTrue(reader.body().isEmpty());
    }

    @Test
    void everyHeaderFieldRoundTripsAtItsExtremes()
    {
        final int length = writer.wrap(buffer, 0)
            .messageId(Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, -1L)
            .timestamp(Long.MAX_VALUE).expiration(Long.MIN_VALUE).deliveryTime(1_700_000_000_123L)
            .priority(9).deliveryMode(NON_PERSISTENT).deliveryCount(Integer.MAX_VALUE)
            .redelivered(true).messageIdDisabled(true)
            .destination(DestinationKind.TEMPORARY_TOPIC, "tmp.topic." + UNICODE)
            .replyTo(DestinationKind.TEMPORARY_QUEUE, "reply")
            .type("")
            .correlationId(UNICODE)
            .finish();

        read(length);
        assertEquals(Long.MIN_VALUE, reader.connectionIdHigh());
        assertEquals(Long.MAX_VALUE, reader.connectionIdLow());
        assertEquals(Integer.MIN_VALUE, reader.sessionId());
        assertEquals(Integer.MAX_VALUE, reader.producerId());
        assertEquals(-1L, reader.sequence());
        assertEquals(Long.MAX_VALUE, reader.timestamp());
        assertEquals(Long.MIN_VALUE, reader.expiration());
        assertEquals(1_700_000_000_123L, reader.deliveryTime());
        assertEquals(9, reader.priority());
        assertEquals(NON_PERSISTENT, reader.deliveryMode());
        assertEquals(Integer.MAX_VALUE, reader.deliveryCount());
        assertTrue(reader.redelivered());
        assertTrue(reader.messageIdDisabled());
        assertEquals(DestinationKind.TEMPORARY_TOPIC, reader.destinationKind());
        assertEquals("tmp.topic." + UNICODE, reader.destinationName().asString());
        assertTrue(reader.destinationName().contentEquals("tmp.topic." + UNICODE));
        assertEquals(DestinationKind.TEMPORARY_QUEUE, reader.replyToKind());
        assertEquals("reply", reader.replyToName().asString());
        assertTrue(reader.hasType());
        assertEquals("", reader.type().asString());
        assertEquals(CorrelationIdKind.STRING, reader.correlationIdKind());
        assertEquals(UNICODE, reader.correlationId().appendTo(new StringBuilder()).toString());
    }

    @Test
    void correlationIdAsBytesRoundTrips()
    {
        final byte[] id = { 0, -1, 127, -128, 42 };
        final int length = writer.wrap(buffer, 0).correlationIdBytes(id, 0, id.length).finish();

        read(length);
        assertEquals(CorrelationIdKind.BYTES, reader.correlationIdKind());
        assertArrayEquals(id, reader.correlationId().toByteArray());
    }

    @Test
    void everyPropertyTypeRoundTripsAndIsFoundByName()
    {
        writer.wrap(buffer, 0).properties()
            .booleanValue("bool", true)
            .byteValue("byte", Byte.MIN_VALUE)
            .shortValue("short", Short.MIN_VALUE)
            .intValue("int", Integer.MIN_VALUE)
            .longValue("long", Long.MIN_VALUE)
            .floatValue("float", Float.NaN)
            .doubleValue("double", -0.0d)
            .stringValue("string", UNICODE)
            .stringValue("empty", "")
            .stringValue("null", null)
            .nullValue("JMSXGroupID")
            .longValue("\u00e9t\u00e9", Long.MAX_VALUE);
        final int length = writer.finish();

        final EntriesReader properties = read(length).properties();
        assertEquals(12, properties.count());
        assertTrue(properties.booleanValue(properties.indexOf("bool")));
        assertEquals(Byte.MIN_VALUE, properties.byteValue(properties.indexOf("byte")));
        assertEquals(Short.MIN_VALUE, properties.shortValue(properties.indexOf("short")));
        assertEquals(Integer.MIN_VALUE, properties.intValue(properties.indexOf("int")));
        assertEquals(Long.MIN_VALUE, properties.longValue(properties.indexOf("long")));
        assertTrue(Float.isNaN(properties.floatValue(properties.indexOf("float"))));
        assertEquals(Double.doubleToRawLongBits(-0.0d),
            Double.doubleToRawLongBits(properties.doubleValue(properties.indexOf("double"))));
        assertEquals(UNICODE, properties.data(properties.indexOf("string")).asString());
        assertEquals(EntryType.STRING, properties.type(properties.indexOf("empty")));
        assertTrue(properties.data(properties.indexOf("empty")).isEmpty());
        assertEquals(EntryType.NULL, properties.type(properties.indexOf("null")));
        assertEquals(EntryType.NULL, properties.type(properties.indexOf("JMSXGroupID")));
        assertEquals(Long.MAX_VALUE, properties.longValue(properties.indexOf("\u00e9t\u00e9")));
        assertEquals(-1, properties.indexOf("missing"));
        assertEquals(-1, properties.indexOf("boo"));
        assertEquals(-1, properties.indexOf("bool2"));

        assertEquals("bool", properties.name(0).asString());
        assertEquals(EntryType.BOOLEAN, properties.type(0));
        assertEquals(EntryType.DOUBLE, properties.type(6));
    }

    @Test
    void propertyLookupAcceptsPreEncodedUtf8Names()
    {
        writer.wrap(buffer, 0).properties().intValue("x", 8).intValue("\u00e9t\u00e9", 7);
        final EntriesReader properties = read(writer.finish()).properties();

        final byte[] name = "\u00e9t\u00e9".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        final int index = properties.indexOf(new UnsafeBuffer(name), 0, name.length);
        assertEquals(1, index);
        assertEquals(7, properties.intValue(index));
        assertEquals(-1, properties.indexOf(new UnsafeBuffer(name), 0, 2));
    }

    @Test
    void everyMapEntryTypeRoundTripsAndIsFoundByName()
    {
        final byte[] bytes = { 1, 2, 3, 4, 5 };
        writer.wrap(buffer, 0).bodyEntries(BodyType.MAP)
            .booleanValue("bool", false)
            .byteValue("byte", Byte.MAX_VALUE)
            .shortValue("short", Short.MAX_VALUE)
            .charValue("char", '\uFFFF')
            .intValue("int", Integer.MAX_VALUE)
            .longValue("long", Long.MAX_VALUE)
            .floatValue("float", Float.MIN_VALUE)
            .doubleValue("double", Double.NaN)
            .stringValue("string", UNICODE)
            .bytesValue("bytes", bytes, 1, 3)
            .bytesValue("emptyBytes", new UnsafeBuffer(bytes), 0, 0)
            .nullValue("null");
        final int length = writer.finish();

        read(length);
        assertEquals(BodyType.MAP, reader.bodyType());
        final EntriesReader map = reader.bodyEntries();
        assertEquals(12, map.count());
        assertFalse(map.booleanValue(map.indexOf("bool")));
        assertEquals(Byte.MAX_VALUE, map.byteValue(map.indexOf("byte")));
        assertEquals(Short.MAX_VALUE, map.shortValue(map.indexOf("short")));
        assertEquals('\uFFFF', map.charValue(map.indexOf("char")));
        assertEquals(Integer.MAX_VALUE, map.intValue(map.indexOf("int")));
        assertEquals(Long.MAX_VALUE, map.longValue(map.indexOf("long")));
        assertEquals(Float.MIN_VALUE, map.floatValue(map.indexOf("float")));
        assertTrue(Double.isNaN(map.doubleValue(map.indexOf("double"))));
        assertEquals(UNICODE, map.data(map.indexOf("string")).asString());
        assertArrayEquals(new byte[]{ 2, 3, 4 }, map.data(map.indexOf("bytes")).toByteArray());
        assertEquals(EntryType.BYTES, map.type(map.indexOf("emptyBytes")));
        assertEquals(0, map.data(map.indexOf("emptyBytes")).length());
        assertEquals(EntryType.NULL, map.type(map.indexOf("null")));
    }

    @Test
    void streamEntriesRoundTripInOrderWithoutNames()
    {
        writer.wrap(buffer, 0).bodyEntries(BodyType.STREAM)
            .intValue(null, 1).nullValue(null).stringValue(null, "").charValue(null, 'x')
            .doubleValue(null, Double.NEGATIVE_INFINITY).bytesValue(null, (byte[])null, 0, 0)
            .floatValue(null, Float.intBitsToFloat(0x7fc00001));
        final int length = writer.finish();

        final EntriesReader stream = read(length).bodyEntries();
        assertEquals(BodyType.STREAM, reader.bodyType());
        assertEquals(7, stream.count());
        assertEquals(1, stream.intValue(0));
        assertEquals(EntryType.NULL, stream.type(1));
        assertEquals(EntryType.STRING, stream.type(2));
        assertEquals(0, stream.data(2).length());
        assertEquals('x', stream.charValue(3));
        assertEquals(Double.NEGATIVE_INFINITY, stream.doubleValue(4));
        assertEquals(EntryType.NULL, stream.type(5));
        assertEquals(0x7fc00001, Float.floatToRawIntBits(stream.floatValue(6)));
        assertTrue(stream.name(0).isEmpty());
    }

    @Test
    void textBodyRoundTripsIncludingSurrogatePairs()
    {
        final int length = writer.wrap(buffer, 0).textBody(UNICODE).finish();

        read(length);
        assertEquals(BodyType.TEXT, reader.bodyType());
        assertFalse(reader.isBodyNull());
        assertEquals(UNICODE, reader.body().asString());
        assertTrue(reader.body().contentEquals(UNICODE));
    }

    @Test
    void nullTextBodyIsDistinctFromEmptyTextBody()
    {
        read(writer.wrap(buffer, 0).textBody(null).finish());
        assertEquals(BodyType.TEXT, reader.bodyType());
        assertTrue(reader.isBodyNull());

        read(writer.wrap(buffer, 0).textBody("").finish());
        assertFalse(reader.isBodyNull());
        assertTrue(reader.body().isEmpty());
    }

    @Test
    void bytesAndObjectBodiesRoundTrip()
    {
        final byte[] body = new byte[1000];
        for (int i = 0; i < body.length; i++)
        {
            body[i] = (byte)(i * 31);
        }

        read(writer.wrap(buffer, 0).bytesBody(new UnsafeBuffer(body), 0, body.length).finish());
        assertEquals(BodyType.BYTES, reader.bodyType());
        assertArrayEquals(body, reader.body().toByteArray());

        read(writer.wrap(buffer, 0).objectBody(body, 10, 20).finish());
        assertEquals(BodyType.OBJECT, reader.bodyType());
        final byte[] copy = new byte[20];
        reader.body().getBytes(copy, 0);
        assertEquals(body[10], copy[0]);
        assertEquals(body[29], copy[19]);

        read(writer.wrap(buffer, 0).objectBody(null, 0, 0).finish());
        assertTrue(reader.isBodyNull());
    }

    @Test
    void measuredLengthEqualsWrittenLength()
    {
        final ExpandableDirectByteBuffer direct = new ExpandableDirectByteBuffer(16);
        final int measured = new EnvelopeLength().full().stringEntry("k", UNICODE).entry("i")
            .text("prices.eur").text(UNICODE).length();

        writer.wrap(direct, 7).properties().stringValue("k", UNICODE).intValue("i", 1);
        writer.destination(DestinationKind.TOPIC, "prices.eur").textBody(UNICODE);
        assertEquals(measured, writer.finish());

        reader.wrap(direct, 7, measured);
        assertEquals("prices.eur", reader.destinationName().asString());
    }

    @Test
    void compactEnvelopeRoundTripsAndReadsItsRareHeadersAsDefaults()
    {
        writer.wrapCompact(buffer, 0).messageId(-1, 2, 3, 4, 5).timestamp(1_700_000_000_000L)
            .deliveryTime(1_700_000_000_000L).expiration(0).deliveryCount(1).priority(9)
            .deliveryMode(NON_PERSISTENT).redelivered(true).properties().stringValue("k", UNICODE);
        writer.destination(DestinationKind.TOPIC, "prices.eur").replyTo(DestinationKind.NONE, null).type(null)
            .correlationId(null);
        final int length = writer.bytesBody(new byte[]{ 1, 2 }, 0, 2).finish();
        assertEquals(new EnvelopeLength().compact().stringEntry("k", UNICODE).text("prices.eur").bytes(2).length(),
            length);

        read(length);
        assertTrue(reader.isCompact());
        assertEquals(-1, reader.connectionIdHigh());
        assertEquals(5, reader.sequence());
        assertEquals(1_700_000_000_000L, reader.deliveryTime(), "a compact envelope's delivery time is its timestamp");
        assertEquals(0, reader.expiration());
        assertEquals(0, reader.deliveryCount());
        assertEquals(9, reader.priority());
        assertEquals(NON_PERSISTENT, reader.deliveryMode());
        assertTrue(reader.redelivered());
        assertEquals(DestinationKind.NONE, reader.replyToKind());
        assertEquals(CorrelationIdKind.NONE, reader.correlationIdKind());
        assertFalse(reader.hasType());
        assertEquals(UNICODE, reader.properties().data(reader.properties().indexOf("k")).asString());
        assertEquals(TopicHash.of("prices.eur"), reader.topicHash());
        assertEquals("prices.eur", reader.destinationName().asString());
        assertEquals(2, reader.body().length());
    }

    @Test
    void compactEnvelopeRefusesEveryRareHeaderSaidOtherwise()
    {
        final Runnable[] rare = {
            () -> writer.wrapCompact(buffer, 0).expiration(1),
            () -> writer.wrapCompact(buffer, 0).timestamp(5).deliveryTime(6),
            () -> writer.wrapCompact(buffer, 0).deliveryCount(2),
            () -> writer.wrapCompact(buffer, 0).replyTo(DestinationKind.QUEUE, "q"),
            () -> writer.wrapCompact(buffer, 0).type("t"),
            () -> writer.wrapCompact(buffer, 0).correlationId("c"),
            () -> writer.wrapCompact(buffer, 0).bodyEntries(BodyType.MAP),
        };
        for (final Runnable write : rare)
        {
            final IllegalStateException ex = assertThrows(IllegalStateException.class, write::run);
            assertTrue(ex.getMessage().startsWith("a compact envelope has no room for "), ex.getMessage());
        }
    }

    @Test
    void theTopicHashGivenIsWrittenInsteadOfTheOneComputed()
    {
        final int length = writer.wrap(buffer, 0).topicHash(77).destination(DestinationKind.TOPIC, "t").finish();

        assertEquals(77, read(length).topicHash());
        assertEquals(77, EnvelopeReader.peekTopicHash(buffer, 0, length));
    }

    @Test
    void writingPastAClaimedRegionFailsWithoutTouchingBytesBeyondIt()
    {
        final UnsafeBuffer claimed = new UnsafeBuffer(new byte[EMPTY_ENVELOPE_LENGTH + 10]);
        writer.wrap(claimed, 0, EMPTY_ENVELOPE_LENGTH);
        assertThrows(IllegalStateException.class, () -> writer.textBody("more than fits"));
        for (int i = EMPTY_ENVELOPE_LENGTH; i < claimed.capacity(); i++)
        {
            assertEquals(0, claimed.getByte(i));
        }
    }

    @Test
    void partsWrittenOutOfSchemaOrderAreRefused()
    {
        writer.wrap(buffer, 0).destination(DestinationKind.QUEUE, "q");
        assertThrows(IllegalStateException.class, () -> writer.properties());
        assertThrows(IllegalStateException.class, () -> writer.destination(DestinationKind.QUEUE, "again"));
    }

    @Test
    void propertiesRefuseCharAndBytesAndEmptyNames()
    {
        final EntriesWriter properties = writer.wrap(buffer, 0).properties();
        assertThrows(IllegalArgumentException.class, () -> properties.charValue("c", 'c'));
        assertThrows(IllegalArgumentException.class, () -> properties.bytesValue("b", new byte[1], 0, 1));
        assertThrows(IllegalArgumentException.class, () -> properties.intValue("", 1));
    }

    @Test
    void aBodyHasOneType()
    {
        writer.wrap(buffer, 0).bodyEntries(BodyType.MAP).intValue("a", 1);
        assertThrows(IllegalStateException.class, () -> writer.textBody("x"));
    }
}
