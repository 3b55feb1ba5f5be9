package io.wirespeed.jms.message;

import java.util.Arrays;
import java.util.List;

import javax.jms.JMSException;
import javax.jms.MessageEOFException;
import javax.jms.MessageFormatException;
import javax.jms.MessageNotReadableException;
import javax.jms.MessageNotWriteableException;
import javax.jms.StreamMessage;

import io.wirespeed.jms.message.ConversionTable.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class StreamMessageTest
{
    static List<Arguments> everyTypePair()
    {
        return ConversionTable.pairs(Kind.values());
    }

    @ParameterizedTest(name = "{0} field read as {1}")
    @MethodSource("everyTypePair")
    void readsAFieldAsTheConversionTableSaysAndStaysOnItWhenTheConversionFails(final Kind written, final Kind read)
        throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        write(message, written, ConversionTable.sample(written));
        message.reset();

        if (ConversionTable.allowed(written, read))
        {
            final Object value = read(message, read);
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
            assertThrows(MessageFormatException.class, () -> read(message, read));
            final Object again = message.readObject();
            if (written == Kind.BYTES)
            {
                assertArrayEquals((byte[])ConversionTable.sample(written), (byte[])again);
            }
            else
            {
                assertEquals(ConversionTable.sample(written), again);
            }
        }
    }

    @Test
    void failedStringToNumberConversionThrowsNumberFormatExceptionAndDoesNotAdvance() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        message.writeString("abc");
        message.writeInt(5);
        message.reset();

        assertThrows(NumberFormatException.class, message::readInt);
        assertEquals("abc", message.readString());
        assertEquals(5, message.readInt());
    }

    @Test
    void nullFieldReadsAsValueOfNull() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        message.writeString(null);
        message.writeObject(null);
        message.writeObject(null);
        message.writeObject(null);
        message.writeObject(null);
        message.reset();

        assertThrows(NumberFormatException.class, message::readInt);
        assertThrows(NullPointerException.class, message::readChar);
        assertThrows(NullPointerException.class, message::readDouble);
        assertNull(message.readString());
        assertFalse(message.readBoolean());
        assertNull(message.readObject());
        assertEquals(-1, message.readBytes(new byte[4]));
        assertNull(message.readObject());
    }

    @Test
    void readBytesReadsAFieldInPiecesThenReturnsMinusOne() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        message.writeBytes(new byte[]{1, 2, 3, 4, 5});
        message.writeInt(9);
        message.reset();
        final byte[] buffer = new byte[2];

        assertEquals(2, message.readBytes(buffer));
        assertArrayEquals(new byte[]{1, 2}, buffer);
        assertEquals(2, message.readBytes(buffer));
        assertArrayEquals(new byte[]{3, 4}, buffer);
        assertEquals(1, message.readBytes(buffer));
        assertEquals(5, buffer[0]);
        assertEquals(9, message.readInt());
    }

    @Test
    void readBytesOfAFieldFillingTheBufferExactlyNeedsOneMoreCallReturningMinusOne() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        message.writeBytes(new byte[]{1, 2});
        message.writeInt(9);
        message.reset();
        final byte[] buffer = new byte[2];

        assertEquals(2, message.readBytes(buffer));
        assertThrows(MessageFormatException.class, message::readInt);
        assertEquals(-1, message.readBytes(buffer));
        assertEquals(9, message.readInt());
    }

    @Test
    void readingAnotherFieldBeforeAPartlyReadByteArrayIsFinishedThrowsMessageFormatException() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        message.writeBytes(new byte[]{1, 2, 3});
        message.reset();
        message.readBytes(new byte[1]);

        assertThrows(MessageFormatException.class, message::readObject);
        assertThrows(MessageFormatException.class, message::readString);
    }

    @Test
    void emptyByteArrayFieldReadsAsZero() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        message.writeBytes(new byte[0]);
        message.writeBoolean(true);
        message.reset();

        assertEquals(0, message.readBytes(new byte[4]));
        assertEquals(true, message.readBoolean());
    }

    @Test
    void writeBytesWithOffsetStoresACopyOfThatRange() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        final byte[] source = {1, 2, 3, 4};
        message.writeBytes(source, 1, 2);
        source[1] = 9;
        message.reset();

        assertArrayEquals(new byte[]{2, 3}, (byte[])message.readObject());
    }

    @Test
    void readPastTheLastFieldThrowsMessageEOFException() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        message.writeInt(1);
        message.reset();
        message.readInt();

        assertThrows(MessageEOFException.class, message::readInt);
        assertThrows(MessageEOFException.class, () -> message.readBytes(new byte[1]));
    }

    @Test
    void bodyIsWriteOnlyUntilResetAndReadOnlyAfter() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        message.writeInt(1);

        assertThrows(MessageNotReadableException.class, message::readInt);
        message.reset();
        assertThrows(MessageNotWriteableException.class, () -> message.writeInt(2));
        assertEquals(1, message.readInt());
    }

    @Test
    void clearBodyEmptiesTheStreamAndMakesItWriteOnly() throws JMSException
    {
        final StreamMessage message = new JmsStreamMessage();
        message.writeInt(1);
        message.reset();

        message.clearBody();
        message.writeString("x");
        assertThrows(MessageNotReadableException.class, message::readString);
        message.reset();
        assertEquals("x", message.readString());
        assertThrows(MessageEOFException.class, message::readString);
    }

    @Test
    void writeObjectRejectsUnsupportedClasses()
    {
        final StreamMessage message = new JmsStreamMessage();

        assertThrows(MessageFormatException.class, () -> message.writeObject(new Object()));
    }

    static void write(final StreamMessage message, final Kind kind, final Object value) throws JMSException
    {
        switch (kind)
        {
            case BOOLEAN -> message.writeBoolean((Boolean)value);
            case BYTE -> message.writeByte((Byte)value);
            case SHORT -> message.writeShort((Short)value);
            case CHAR -> message.writeChar((Character)value);
            case INT -> message.writeInt((Integer)value);
            case LONG -> message.writeLong((Long)value);
            case FLOAT -> message.writeFloat((Float)value);
            case DOUBLE -> message.writeDouble((Double)value);
            case STRING -> message.writeString((String)value);
            case BYTES -> message.writeBytes((byte[])value);
        }
    }

    static Object read(final StreamMessage message, final Kind kind) throws JMSException
    {
        return switch (kind)
        {
            case BOOLEAN -> message.readBoolean();
            case BYTE -> message.readByte();
            case SHORT -> message.readShort();
            case CHAR -> message.readChar();
            case INT -> message.readInt();
            case LONG -> message.readLong();
            case FLOAT -> message.readFloat();
            case DOUBLE -> message.readDouble();
            case STRING -> message.readString();
            case BYTES -> readWholeByteArray(message);
        };
    }

    private static byte[] readWholeByteArray(final StreamMessage message) throws JMSException
    {
        final byte[] buffer = new byte[64];
        final int length = message.readBytes(buffer);
        return Arrays.copyOf(buffer, length);
    }
}
