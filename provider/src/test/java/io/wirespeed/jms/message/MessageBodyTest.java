package io.wirespeed.jms.message;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.jms.JMSException;
import javax.jms.MessageFormatException;
import javax.jms.MessageNotWriteableException;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MessageBodyTest
{
    @Test
    void messageWithoutBodyReturnsNullForAnyType() throws JMSException
    {
        final JmsMessage message = new JmsMessage();

        assertNull(message.getBody(Integer.class));
        assertTrue(message.isBodyAssignableTo(Integer.class));
    }

    @Test
    void emptyBodiesReturnNullAndAreAssignableToAnyType() throws JMSException
    {
        for (final JmsMessageType type : List.of(
            JmsMessageType.TEXT, JmsMessageType.BYTES, JmsMessageType.MAP, JmsMessageType.OBJECT))
        {
            final JmsMessage message = JmsMessageFactory.create(type);
            assertNull(message.getBody(Integer.class), type.name());
            assertTrue(message.isBodyAssignableTo(Integer.class), type.name());
        }
    }

    @Test
    void textBodyIsAssignableToStringAndItsSupertypesOnly() throws JMSException
    {
        final JmsTextMessage message = JmsMessageFactory.createTextMessage("hi");

        assertEquals("hi", message.getBody(String.class));
        assertEquals("hi", message.getBody(CharSequence.class));
        assertEquals("hi", message.getBody(Object.class));
        assertFalse(message.isBodyAssignableTo(Integer.class));
        assertThrows(MessageFormatException.class, () -> message.getBody(Integer.class));
    }

    @Test
    void bytesBodyIsReturnedAsACopyOfTheWholeBody() throws JMSException
    {
        final JmsBytesMessage message = new JmsBytesMessage();
        message.writeBytes(new byte[]{1, 2, 3});
        message.reset();
        message.readByte();

        assertArrayEquals(new byte[]{1, 2, 3}, message.getBody(byte[].class));
        assertEquals(1, message.readByte());
        assertTrue(message.isBodyAssignableTo(byte[].class));
        assertTrue(message.isBodyAssignableTo(Object.class));
        assertFalse(message.isBodyAssignableTo(String.class));
        assertThrows(MessageFormatException.class, () -> message.getBody(String.class));
    }

    @Test
    void mapBodyIsReturnedAsAMapOfObjectifiedValues() throws JMSException
    {
        final JmsMapMessage message = new JmsMapMessage();
        message.setInt("i", 1);
        message.setString("s", "x");

        @SuppressWarnings("unchecked")
        final Map<String, Object> body = message.getBody(Map.class);
        assertEquals(Map.of("i", 1, "s", "x"), body);
        assertTrue(message.isBodyAssignableTo(Object.class));
        assertFalse(message.isBodyAssignableTo(java.util.HashMap.class));
        assertThrows(MessageFormatException.class, () -> message.getBody(String.class));
    }

    @Test
    void streamBodyCannotBeReturnedEvenWhenEmpty() throws JMSException
    {
        final JmsStreamMessage message = new JmsStreamMessage();

        assertThrows(MessageFormatException.class, () -> message.getBody(Object.class));
        assertFalse(message.isBodyAssignableTo(Object.class));
    }

    @Test
    void objectBodyIsADeserializedCopyAssignableToItsSupertypes() throws JMSException
    {
        final ArrayList<String> original = new ArrayList<>(List.of("a"));
        final JmsObjectMessage message = new JmsObjectMessage();
        message.setObject(original);
        original.add("b");

        final Object body = message.getBody(Serializable.class);
        assertEquals(List.of("a"), body);
        assertNotSame(message.getObject(), message.getObject());
        assertEquals(List.of("a"), message.getBody(List.class));
        assertTrue(message.isBodyAssignableTo(ArrayList.class));
        assertFalse(message.isBodyAssignableTo(String.class));
        assertThrows(MessageFormatException.class, () -> message.getBody(String.class));
    }

    @Test
    void objectThatCannotBeSerializedIsRefusedWithMessageFormatException()
    {
        final JmsObjectMessage message = new JmsObjectMessage();
        final ArrayList<Object> holder = new ArrayList<>();
        holder.add(new Object());

        assertThrows(MessageFormatException.class, () -> message.setObject(holder));
    }

    @Test
    void corruptSerializedBodyIsNotAssignableAndGetBodyThrowsMessageFormatException() throws JMSException
    {
        final JmsObjectMessage message = new JmsObjectMessage();
        message.setSerializedObjectUnchecked(new byte[]{1, 2, 3});

        assertThrows(MessageFormatException.class, message::getObject);
        assertThrows(MessageFormatException.class, () -> message.getBody(Serializable.class));
        assertFalse(message.isBodyAssignableTo(Serializable.class));
    }

    @Test
    void receivedTextAndObjectBodiesAreReadOnlyUntilClearBody() throws JMSException
    {
        final JmsTextMessage text = JmsMessageFactory.createTextMessage("a");
        final JmsObjectMessage object = new JmsObjectMessage();
        text.onDispatch();
        object.onDispatch();

        assertThrows(MessageNotWriteableException.class, () -> text.setText("b"));
        assertThrows(MessageNotWriteableException.class, () -> object.setObject("b"));

        text.clearBody();
        object.clearBody();
        assertNull(text.getText());
        text.setText("c");
        object.setObject("d");
        assertEquals("c", text.getText());
        assertEquals("d", object.getObject());
    }

    @Test
    void clearBodyKeepsHeadersAndProperties() throws JMSException
    {
        final JmsTextMessage message = JmsMessageFactory.createTextMessage("a");
        message.setJMSType("t");
        message.setIntProperty("p", 1);

        message.clearBody();

        assertEquals("t", message.getJMSType());
        assertEquals(1, message.getIntProperty("p"));
    }
}
