package io.wirespeed.jms.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.EntryType;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.jms.wire.MessageEncoder;

/**
 * The message model's type tags and the codec's entry types are two enums; they are mapped by name, so that a type
 * added to one of them, or the two declared in different orders, is caught here rather than decoded as another type.
 */
class ValueTypeTest
{
    @Test
    void everyEntryTypeOfTheCodecMapsToTheValueTypeOfTheSameNameAndBack()
    {
        for (final EntryType entryType : EntryType.values())
        {
            final ValueType type = ValueType.of(entryType);
            assertEquals(entryType.name(), type.name());
            assertSame(entryType, type.entryType());
        }
    }

    @Test
    void everyValueTypeTravelsAsTheEntryTypeOfTheSameNameAndComesBackAsItself()
    {
        for (final ValueType type : ValueType.values())
        {
            assertEquals(type.name(), type.entryType().name());
            assertSame(type, ValueType.of(type.entryType()));
        }
        assertEquals(EntryType.values().length, ValueType.values().length);
    }

    @Test
    void aMapOfEveryTypeComesBackFromItsEnvelopeWithEachEntryOfItsOwnType() throws Exception
    {
        final JmsMapMessage sent = new JmsMapMessage();
        sent.setJMSDestination(new JmsTopic("types"));
        sent.setMessageId("ID:t", 1);
        sent.setObject("null", null);
        sent.setBoolean("boolean", true);
        sent.setByte("byte", (byte)-2);
        sent.setShort("short", (short)-3);
        sent.setChar("char", '\u20ac');
        sent.setInt("int", -4);
        sent.setLong("long", -5L);
        sent.setFloat("float", 6.5f);
        sent.setDouble("double", 7.25);
        sent.setString("String", "eight");
        sent.setBytes("byte[]", new byte[]{ 9, 10 });

        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(256);
        final int length = new MessageEncoder().encode(sent, ConnectionId.next(), 1, 2, buffer, 0);
        final MessageDecoder decoder = new MessageDecoder();
        decoder.wrap(buffer, 0, length);
        final JmsMapMessage received = (JmsMapMessage)decoder.decode();

        final TypedValueTable entries = received.entries();
        assertEquals(ValueType.values().length, entries.size());
        for (int i = 0; i < entries.size(); i++)
        {
            assertEquals(entries.name(i), entries.type(i).javaName());
        }
        assertEquals(null, received.getObject("null"));
        assertEquals(true, received.getObject("boolean"));
        assertEquals((byte)-2, received.getObject("byte"));
        assertEquals((short)-3, received.getObject("short"));
        assertEquals('\u20ac', received.getObject("char"));
        assertEquals(-4, received.getObject("int"));
        assertEquals(-5L, received.getObject("long"));
        assertEquals(6.5f, received.getObject("float"));
        assertEquals(7.25, received.getObject("double"));
        assertEquals("eight", received.getObject("String"));
        assertArrayEquals(new byte[]{ 9, 10 }, (byte[])received.getObject("byte[]"));
    }
}
