package io.wirespeed.jms.message;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageFormatException;
import javax.jms.MessageNotWriteableException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PropertyRulesTest
{
    @Test
    void nullOrEmptyPropertyNameThrowsIllegalArgumentException()
    {
        final Message message = new JmsMessage();

        assertThrows(IllegalArgumentException.class, () -> message.setIntProperty(null, 1));
        assertThrows(IllegalArgumentException.class, () -> message.setStringProperty("", "x"));
        assertThrows(IllegalArgumentException.class, () -> message.setObjectProperty(null, 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1abc", "a-b", "a b", "a.b", "NULL", "TRUE", "FALSE", "NOT", "AND", "OR", "BETWEEN",
        "LIKE", "IN", "IS", "ESCAPE"})
    void nameThatIsNotASelectorIdentifierThrowsIllegalArgumentException(final String name)
    {
        final Message message = new JmsMessage();

        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> message.setBooleanProperty(name, true));
        assertTrue(ex.getMessage().contains("'" + name + "'"), ex.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "_x", "$y", "price2", "JMSXGroupID", "JMS_wirespeed_hint", "\u00e9t\u00e9", "INDEX"})
    void selectorIdentifiersAreAcceptedAsNames(final String name) throws JMSException
    {
        final Message message = new JmsMessage();
        message.setStringProperty(name, "v");

        assertEquals("v", message.getStringProperty(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"true", "in", "False", "null", "Not", "and", "or", "between", "Like", "is", "escape"})
    void selectorKeywordsSpelledOtherThanInUpperCaseAreAcceptedAsQpidAndActiveMqDo(final String name)
        throws JMSException
    {
        final Message message = new JmsMessage();
        message.setIntProperty(name, 7);

        assertEquals(7, message.getIntProperty(name));
        assertEquals(Set.of(name), new HashSet<>(Collections.list(message.getPropertyNames())));
    }

    @Test
    void receivedPropertiesAreReadOnlyUntilClearProperties() throws JMSException
    {
        final JmsMessage message = new JmsMessage();
        message.setIntProperty("a", 1);
        message.onDispatch();

        assertThrows(MessageNotWriteableException.class, () -> message.setIntProperty("a", 2));
        assertThrows(MessageNotWriteableException.class, () -> message.setObjectProperty("b", "x"));
        assertEquals(1, message.getIntProperty("a"));

        message.clearProperties();
        assertFalse(message.propertyExists("a"));
        message.setIntProperty("a", 3);
        assertEquals(3, message.getIntProperty("a"));
    }

    @Test
    void headersStayWritableOnAReceivedMessage() throws JMSException
    {
        final JmsMessage message = new JmsMessage();
        message.onDispatch();

        message.setJMSType("t");
        message.setJMSPriority(9);

        assertEquals("t", message.getJMSType());
        assertEquals(9, message.getJMSPriority());
    }

    @Test
    void setObjectPropertyAcceptsOnlyPrimitiveWrappersAndString()
    {
        final Message message = new JmsMessage();

        assertThrows(MessageFormatException.class, () -> message.setObjectProperty("c", 'c'));
        assertThrows(MessageFormatException.class, () -> message.setObjectProperty("b", new byte[1]));
        assertThrows(MessageFormatException.class, () -> message.setObjectProperty("d", new java.util.Date()));
    }

    @Test
    void getPropertyNamesListsEveryPropertySetIncludingJmsxOnes() throws JMSException
    {
        final JmsMessage message = new JmsMessage();
        message.setIntProperty("a", 1);
        message.setStringProperty(PropertyNames.JMSX_GROUP_ID, "g");
        message.setIntProperty(PropertyNames.JMSX_GROUP_SEQ, 2);
        message.setDeliveryCount(1);
        message.setIntProperty("a", 5);

        final Set<Object> names = new HashSet<>(Collections.list(message.getPropertyNames()));
        assertEquals(Set.of("a", "JMSXGroupID", "JMSXGroupSeq", "JMSXDeliveryCount"), names);
    }

    @Test
    void jmsxGroupSeqMustBeSetAsAnInt() throws JMSException
    {
        final Message message = new JmsMessage();

        assertThrows(MessageFormatException.class, () -> message.setStringProperty("JMSXGroupSeq", "1"));
        assertThrows(MessageFormatException.class, () -> message.setLongProperty("JMSXGroupSeq", 1L));
        assertThrows(MessageFormatException.class, () -> message.setObjectProperty("JMSXGroupSeq", (short)1));
        assertFalse(message.propertyExists("JMSXGroupSeq"));
        message.setObjectProperty("JMSXGroupSeq", 4);
        assertEquals(4, message.getIntProperty("JMSXGroupSeq"));
    }

    @Test
    void jmsxGroupIdMustBeSetAsAString() throws JMSException
    {
        final Message message = new JmsMessage();

        assertThrows(MessageFormatException.class, () -> message.setIntProperty("JMSXGroupID", 1));
        message.setStringProperty("JMSXGroupID", "orders");
        assertEquals("orders", message.getStringProperty("JMSXGroupID"));
    }

    @Test
    void deliveryCountIsAnIntPropertyAndMarksRedelivery() throws JMSException
    {
        final JmsMessage message = new JmsMessage();
        message.onDispatch();

        message.setDeliveryCount(2);

        assertEquals(2, message.getIntProperty("JMSXDeliveryCount"));
        assertEquals(2, message.deliveryCount());
        assertTrue(message.getJMSRedelivered());
    }

    @Test
    void decoderPutsPropertiesBypassingTheReadOnlyState() throws JMSException
    {
        final JmsMessage message = new JmsMessage();
        message.onDispatch();

        final TypedValueTable values = message.properties().values();
        values.putInt("qty", 3);
        values.putDouble("px", 1.5);
        values.putString("sym", "ABC");

        assertEquals(3, message.getIntProperty("qty"));
        assertEquals(1.5, message.getDoubleProperty("px"));
        assertEquals("ABC", message.getStringProperty("sym"));
        assertThrows(MessageNotWriteableException.class, () -> message.setIntProperty("qty", 4));
    }

    @Test
    void encoderIteratesPropertiesWithTypeTagsAndRawBits() throws JMSException
    {
        final JmsMessage message = new JmsMessage();
        message.setIntProperty("i", -7);
        message.setFloatProperty("f", 2.5f);
        message.setStringProperty("s", "x");

        final TypedValueTable values = message.properties().values();
        assertEquals(3, values.size());
        assertEquals("i", values.name(0));
        assertEquals(ValueType.INT, values.type(0));
        assertEquals(-7, values.longBits(0));
        assertEquals(ValueType.FLOAT, values.type(1));
        assertEquals(2.5f, Float.intBitsToFloat((int)values.longBits(1)));
        assertEquals(ValueType.STRING, values.type(2));
        assertEquals("x", values.object(2));
    }
}
