package io.wirespeed.jms.message;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.MessageEOFException;
import javax.jms.MessageFormatException;
import javax.jms.MessageNotReadableException;
import javax.jms.MessageNotWriteableException;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BytesMessageTest
{
    @Test
    void everyPrimitiveRoundTripsInWriteOrder() throws JMSException
    {
        final BytesMessage message = new JmsBytesMessage();
        message.writeBoolean(true);
        message.writeBoolean(false);
        message.writeByte((byte)-5);
        message.writeShort((short)-30_000);
        message.writeChar('\u20AC');
        message.writeInt(Integer.MIN_VALUE);
        message.writeLong(Long.MAX_VALUE);
        message.writeFloat(-1.25f);
        message.writeDouble(Math.PI);
        message.writeUTF("h\u00e9llo \u20AC \0");
        message.reset();

        assertTrue(message.readBoolean());
        assertFalse(message.readBoolean());
        assertEquals(-5, message.readByte());
        assertEquals(-30_000, message.readShort());
        assertEquals('\u20AC', message.readChar());
        assertEquals(Integer.MIN_VALUE, message.readInt());
        assertEquals(Long.MAX_VALUE, message.readLong());
        assertEquals(-1.25f, message.readFloat());
        assertEquals(Math.PI, message.readDouble());
        assertEquals("h\u00e9llo \u20AC \0", message.readUTF());
        assertEquals(-1, message.readBytes(new byte[1]));
    }

    @Test
    void unsignedReadsReturnTheUnsignedValue() throws JMSException
    {
        final BytesMessage message = new JmsBytesMessage();
        message.writeByte((byte)-1);
        message.writeShort((short)-1);
        message.reset();

        assertEquals(255, message.readUnsignedByte());
        assertEquals(65_535, message.readUnsignedShort());
    }

    @Test
    void bytesAreBigEndianAndUtfIsModifiedUtf8AsDataOutputStreamWritesThem() throws JMSException, IOException
    {
        final JmsBytesMessage message = new JmsBytesMessage();
        message.writeInt(0x01020304);
        message.writeLong(-2L);
        message.writeDouble(1.5);
        message.writeUTF("a\0\u00e9\u20AC\uD83D\uDE00");

        final ByteArrayOutputStream expected = new ByteArrayOutputStream();
        final DataOutputStream out = new DataOutputStream(expected);
        out.writeInt(0x01020304);
        out.writeLong(-2L);
        out.writeDouble(1.5);
        out.writeUTF("a\0\u00e9\u20AC\uD83D\uDE00");

        assertArrayEquals(expected.toByteArray(), Arrays.copyOf(message.bodyBuffer(), message.bodyLength()));
    }

    @Test
    void readUtfOfATruncatedStringThrowsMessageEOFExceptionAndKeepsThePosition() throws JMSException
    {
        final JmsBytesMessage message = new JmsBytesMessage();
        message.writeShort((short)10);
        message.writeByte((byte)'a');
        message.reset();

        assertThrows(MessageEOFException.class, message::readUTF);
        assertEquals(10, message.readShort());
    }

    @Test
    void readUtfOfMalformedBytesThrowsMessageFormatException() throws JMSException
    {
        final JmsBytesMessage message = new JmsBytesMessage();
        message.writeShort((short)2);
        message.writeByte((byte)0xC3);
        message.writeByte((byte)0x41);
        message.reset();

        assertThrows(MessageFormatException.class, message::readUTF);
    }

    @Test
    void writeUtfRefusesAStringLongerThan65535EncodedBytes()
    {
        final BytesMessage message = new JmsBytesMessage();

        assertThrows(MessageFormatException.class, () -> message.writeUTF("x".repeat(65_536)));
    }

    @Test
    void readBytesFillsTheBufferThenReturnsTheRestThenMinusOne() throws JMSException
    {
        final BytesMessage message = new JmsBytesMessage();
        message.writeBytes(new byte[]{1, 2, 3, 4, 5});
        message.reset();
        final byte[] buffer = new byte[3];

        assertEquals(3, message.readBytes(buffer));
        assertArrayEquals(new byte[]{1, 2, 3}, buffer);
        assertEquals(2, message.readBytes(buffer));
        assertEquals(4, buffer[0]);
        assertEquals(5, buffer[1]);
        assertEquals(-1, message.readBytes(buffer));
    }

    @Test
    void readBytesWithLengthReadsAtMostThatMany() throws JMSException
    {
        final BytesMessage message = new JmsBytesMessage();
        message.writeBytes(new byte[]{9, 8, 7, 6}, 1, 3);
        message.reset();
        final byte[] buffer = new byte[4];

        assertEquals(2, message.readBytes(buffer, 2));
        assertEquals(8, buffer[0]);
        assertEquals(7, buffer[1]);
        assertEquals(1, message.readBytes(buffer, 4));
        assertEquals(6, buffer[0]);
        assertThrows(IndexOutOfBoundsException.class, () -> message.readBytes(buffer, 5));
        assertThrows(IndexOutOfBoundsException.class, () -> message.readBytes(buffer, -1));
    }

    @Test
    void readPastTheEndThrowsMessageEOFException() throws JMSException
    {
        final BytesMessage message = new JmsBytesMessage();
        message.writeShort((short)1);
        message.reset();

        assertThrows(MessageEOFException.class, message::readInt);
        assertEquals(1, message.readShort());
        assertThrows(MessageEOFException.class, message::readByte);
    }

    @Test
    void writeObjectWritesEachSupportedTypeAsItsWriteMethod() throws JMSException
    {
        final BytesMessage message = new JmsBytesMessage();
        message.writeObject(7);
        message.writeObject("s");
        message.writeObject(new byte[]{4});
        message.writeObject('c');
        message.reset();

        assertEquals(7, message.readInt());
        assertEquals("s", message.readUTF());
        assertEquals(4, message.readByte());
        assertEquals('c', message.readChar());
        assertThrows(NullPointerException.class, () -> new JmsBytesMessage().writeObject(null));
        assertThrows(MessageFormatException.class, () -> new JmsBytesMessage().writeObject(new Object()));
    }

    @Test
    void bodyIsWriteOnlyUntilResetAndReadOnlyAfter() throws JMSException
    {
        final BytesMessage message = new JmsBytesMessage();
        message.writeInt(3);

        assertThrows(MessageNotReadableException.class, message::readInt);
        assertThrows(MessageNotReadableException.class, message::getBodyLength);
        message.reset();
        assertThrows(MessageNotWriteableException.class, () -> message.writeInt(4));
        assertEquals(4, message.getBodyLength());
        assertEquals(3, message.readInt());
        assertEquals(4, message.getBodyLength());
    }

    @Test
    void clearBodyEmptiesTheBodyKeepsTheCapacityAndMakesItWriteOnly() throws JMSException
    {
        final JmsBytesMessage message = new JmsBytesMessage();
        message.writeBytes(new byte[100]);
        final byte[] storage = message.bodyBuffer();
        message.reset();

        message.clearBody();
        assertEquals(0, message.bodyLength());
        assertThrows(MessageNotReadableException.class, message::readByte);
        message.writeBytes(new byte[100]);
        assertSame(storage, message.bodyBuffer());
    }

    @Test
    void dispatchedMessageIsReadableFromTheStart() throws JMSException
    {
        final JmsBytesMessage message = new JmsBytesMessage();
        final byte[] target = message.prepareBody(4);
        target[3] = 42;

        message.onDispatch();

        assertEquals(42, message.readInt());
        assertThrows(MessageNotWriteableException.class, () -> message.writeByte((byte)1));
    }

    @Test
    void asyncSendCompletionResetsTheBodyForTheCompletionListener() throws JMSException
    {
        final JmsBytesMessage message = new JmsBytesMessage();
        message.writeLong(11);

        message.onAsyncSendComplete();

        assertEquals(11, message.readLong());
    }
}
