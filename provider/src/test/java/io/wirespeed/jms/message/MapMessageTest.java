package io.wirespeed.jms.message;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import javax.jms.JMSException;
import javax.jms.MapMessage;
import javax.jms.MessageFormatException;
import javax.jms.MessageNotWriteableException;

import io.wirespeed.jms.message.ConversionTable.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MapMessageTest
{
    static List<Arguments> everyTypePair()
    {
        return ConversionTable.pairs(Kind.values());
    }

    @ParameterizedTest(name = "{0} entry read as {1}")
    @MethodSource("everyTypePair")
    void readsAnEntryAsTheConversionTableSays(final Kind written, final Kind read) throws JMSException
    {
        final MapMessage message = new JmsMapMessage();
        set(message, written, "e", ConversionTable.sample(written));

        if (ConversionTable.allowed(written, read))
        {
            final Object value = get(message, read, "e");
            if (read == Kind.BYTES)
            {
                assertArrayEquals((byte[])ConversionTable.sample(written), (byte[])value);
            }
            else
            {
                assertEquals(ConversionTable.expected(written, read), value);
            }
        }
        else
        {
            assertThrows(MessageFormatException.class, () -> get(message, read, "e"));
        }
    }

    @Test
    void setObjectAndGetObjectRoundTripEverySupportedType() throws JMSException
    {
        final MapMessage message = new JmsMapMessage();
        for (final Kind kind : Kind.values())
        {
            message.setObject(kind.name(), ConversionTable.sample(kind));
        }
        for (final Kind kind : Kind.values())
        {
            if (kind == Kind.BYTES)
            {
                assertArrayEquals((byte[])ConversionTable.sample(kind), (byte[])message.getObject(kind.name()));
            }
            else
            {
                assertEquals(ConversionTable.sample(kind), message.getObject(kind.name()));
            }
        }
    }

    @Test
    void setBytesKeepsACopyAndGetBytesReturnsACopy() throws JMSException
    {
        final MapMessage message = new JmsMapMessage();
        final byte[] value = {1, 2, 3};
        message.setBytes("b", value);
        value[0] = 9;

        final byte[] first = message.getBytes("b");
        first[1] = 9;

        assertArrayEquals(new byte[]{1, 2, 3}, message.getBytes("b"));
        assertNotSame(message.getBytes("b"), message.getBytes("b"));
    }

    @Test
    void setBytesWithOffsetAndLengthStoresThatRange() throws JMSException
    {
        final MapMessage message = new JmsMapMessage();
        message.setBytes("b", new byte[]{1, 2, 3, 4, 5}, 1, 3);

        assertArrayEquals(new byte[]{2, 3, 4}, message.getBytes("b"));
    }

    @Test
    void absentEntryReadsAsValueOfNullAndCharThrowsNullPointerException() throws JMSException
    {
        final MapMessage message = new JmsMapMessage();

        assertFalse(message.getBoolean("x"));
        assertNull(message.getString("x"));
        assertNull(message.getBytes("x"));
        assertNull(message.getObject("x"));
        assertThrows(NumberFormatException.class, () -> message.getInt("x"));
        assertThrows(NumberFormatException.class, () -> message.getLong("x"));
        assertThrows(NullPointerException.class, () -> message.getDouble("x"));
        assertThrows(NullPointerException.class, () -> message.getChar("x"));
    }

    @Test
    void mapNamesAndItemExistsReflectTheEntriesSet() throws JMSException
    {
        final MapMessage message = new JmsMapMessage();
        message.setInt("a", 1);
        message.setString("b", "x");
        message.setInt("a", 2);

        final Set<String> names = new TreeSet<>(Collections.list(message.getMapNames()).stream()
            .map(String.class::cast).toList());
        assertEquals(Set.of("a", "b"), names);
        assertTrue(message.itemExists("a"));
        assertFalse(message.itemExists("c"));
        assertEquals(2, message.getInt("a"));
    }

    @Test
    void entryNameMustNotBeNullOrEmpty()
    {
        final MapMessage message = new JmsMapMessage();

        assertThrows(IllegalArgumentException.class, () -> message.setInt(null, 1));
        assertThrows(IllegalArgumentException.class, () -> message.setString("", "x"));
    }

    @Test
    void setObjectRejectsUnsupportedClassesWithoutAddingAnEntry() throws JMSException
    {
        final MapMessage message = new JmsMapMessage();

        assertThrows(MessageFormatException.class, () -> message.setObject("d", new java.util.Date()));
        assertFalse(message.itemExists("d"));
    }

    @Test
    void receivedMapIsReadOnlyUntilClearBody() throws JMSException
    {
        final JmsMapMessage message = new JmsMapMessage();
        message.setInt("a", 1);
        message.onDispatch();

        assertThrows(MessageNotWriteableException.class, () -> message.setInt("b", 2));
        assertEquals(1, message.getInt("a"));

        message.clearBody();
        message.setInt("b", 2);
        assertFalse(message.itemExists("a"));
        assertEquals(2, message.getInt("b"));
    }

    static void set(final MapMessage message, final Kind kind, final String name, final Object value)
        throws JMSException
    {
        switch (kind)
        {
            case BOOLEAN -> message.setBoolean(name, (Boolean)value);
            case BYTE -> message.setByte(name, (Byte)value);
            case SHORT -> message.setShort(name, (Short)value);
            case CHAR -> message.setChar(name, (Character)value);
            case INT -> message.setInt(name, (Integer)value);
            case LONG -> message.setLong(name, (Long)value);
            case FLOAT -> message.setFloat(name, (Float)value);
            case DOUBLE -> message.setDouble(name, (Double)value);
            case STRING -> message.setString(name, (String)value);
            case BYTES -> message.setBytes(name, (byte[])value);
        }
    }

    static Object get(final MapMessage message, final Kind kind, final String name) throws JMSException
    {
        return switch (kind)
        {
            case BOOLEAN -> message.getBoolean(name);
            case BYTE -> message.getByte(name);
            case SHORT -> message.getShort(name);
            case CHAR -> message.getChar(name);
            case INT -> message.getInt(name);
            case LONG -> message.getLong(name);
            case FLOAT -> message.getFloat(name);
            case DOUBLE -> message.getDouble(name);
            case STRING -> message.getString(name);
            case BYTES -> message.getBytes(name);
        };
    }
}
