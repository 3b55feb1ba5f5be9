package io.wirespeed.jms.message;

import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.List;

import javax.jms.JMSException;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MessageReuseTest
{
    private static final String PREFIX = "ID:4f1c2a:7:";

    @Test
    void restampingIdPropertyAndBytesBodyOfAWarmMessageAllocatesNothing() throws JMSException
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final JmsBytesMessage message = new JmsBytesMessage();
        final byte[] payload = new byte[256];

        long allocated = -1;
        for (int round = 0; round < 10 && allocated != 0; round++)
        {
            // The first rounds warm up: JIT compilation may charge a few bytes to this thread, once.
            final long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 100_000; i++)
            {
                send(message, payload, i);
            }
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
        }

        assertEquals(0, allocated, "bytes allocated by 100,000 re-stamped sends of a warm message");
        assertEquals(PREFIX + 99_999, message.getJMSMessageID());
        assertEquals(99_999, message.getIntProperty("a"));
        assertEquals(256, message.bodyLength());
    }

    private static void send(final JmsBytesMessage message, final byte[] payload, final int i) throws JMSException
    {
        message.setMessageId(PREFIX, i);
        message.setJMSTimestamp(i);
        message.setIntProperty("a", i);
        message.clearBody();
        message.writeBytes(payload);
    }

    @Test
    void messageSentTwiceCarriesOnlyItsLatestHeadersPropertiesAndBody() throws JMSException
    {
        final JmsMapMessage message = new JmsMapMessage();
        message.setMessageId(PREFIX, 1);
        message.setStringProperty("s", "first");
        message.setInt("n", 1);
        assertEquals(PREFIX + "1", message.getJMSMessageID());

        message.setMessageId(PREFIX, 2);
        message.setLongProperty("s", 2L);
        message.clearBody();
        message.setString("m", "x");

        assertEquals(PREFIX + "2", message.getJMSMessageID());
        assertEquals(2L, message.getObjectProperty("s"));
        assertFalse(message.itemExists("n"));
        assertEquals(List.of("m"), Collections.list(message.getMapNames()));
    }

    @Test
    void clearAllReturnsAReceivedMessageToTheStateOfANewOne() throws JMSException
    {
        final JmsStreamMessage message = new JmsStreamMessage();
        message.writeInt(1);
        message.setJMSType("t");
        message.setIntProperty("p", 1);
        message.setMessageId(PREFIX, 3);
        message.setAcknowledgeCallback(m ->
        {
        });
        message.onDispatch();

        message.clearAll();

        assertNull(message.getJMSMessageID());
        assertNull(message.getJMSType());
        assertFalse(message.getPropertyNames().hasMoreElements());
        assertNull(message.acknowledgeCallback());
        assertFalse(message.isReadOnlyBody());
        assertFalse(message.properties().isReadOnly());
        message.writeString("again");
        message.setIntProperty("p", 2);
        message.reset();
        assertEquals("again", message.readString());
    }

    @Test
    void copyIsIndependentOfTheOriginal() throws JMSException
    {
        final JmsBytesMessage original = new JmsBytesMessage();
        original.setMessageId(PREFIX, 5);
        original.setJMSCorrelationIDAsBytes(new byte[]{7});
        original.setIntProperty("p", 1);
        original.writeBytes(new byte[]{1, 2});
        original.onDispatch();

        final JmsBytesMessage copy = original.copy();
        original.clearProperties();
        original.setIntProperty("p", 2);
        original.clearBody();
        original.writeByte((byte)9);

        assertNotSame(original, copy);
        assertEquals(PREFIX + "5", copy.getJMSMessageID());
        assertArrayEquals(new byte[]{7}, copy.getJMSCorrelationIDAsBytes());
        assertEquals(1, copy.getIntProperty("p"));
        assertTrue(copy.properties().isReadOnly());
        assertEquals(2, copy.getBodyLength());
        assertEquals(1, copy.readByte());
        assertEquals(2, copy.readByte());
    }

    @Test
    void copyOfEveryMessageTypeKeepsItsBody() throws JMSException
    {
        final JmsTextMessage text = JmsMessageFactory.createTextMessage("t");
        final JmsMapMessage map = new JmsMapMessage();
        map.setBytes("b", new byte[]{1});
        final JmsStreamMessage stream = new JmsStreamMessage();
        stream.writeInt(4);
        stream.reset();
        final JmsObjectMessage object = new JmsObjectMessage();
        object.setObject(5);

        assertEquals("t", text.copy().getText());
        final JmsMapMessage mapCopy = map.copy();
        map.clearBody();
        assertArrayEquals(new byte[]{1}, mapCopy.getBytes("b"));
        assertEquals(4, stream.copy().readInt());
        assertEquals(5, object.copy().getObject());
        assertSame(JmsMessage.class, new JmsMessage().copy().getClass());
    }

    @Test
    void copiedMapDoesNotShareByteArraysWithTheOriginal() throws JMSException
    {
        final JmsMapMessage map = new JmsMapMessage();
        map.setBytes("b", new byte[]{1});
        final JmsMapMessage copy = map.copy();

        assertNotSame(map.entries().object(0), copy.entries().object(0));
        assertThrows(javax.jms.MessageFormatException.class, () -> copy.getInt("b"));
    }
}
