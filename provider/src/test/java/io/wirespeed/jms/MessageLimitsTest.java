package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSContext;
import javax.jms.JMSProducer;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageFormatException;
import javax.jms.MessageFormatRuntimeException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.StreamMessage;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

/**
 * What a message cannot hold is refused with the exception the API promises, naming the limit and what raises it,
 * and data is never changed on the way: a message larger than the term allows, more entries than the envelope
 * holds, text with a lone UTF-16 surrogate.
 */
class MessageLimitsTest extends JmsTestSupport
{
    private static final String SMALL_TERM = "wirespeed:ipc?termLength=65536";
    private static final int MAX_ENTRIES = 65_535;

    @Test
    void aMessageLargerThanTheTermAllowsIsRefusedWithMessageFormatExceptionNamingTermLength() throws Exception
    {
        final Connection connection = connection(SMALL_TERM);
        final Session session = connection.createSession();
        final MessageProducer producer = session.createProducer(session.createTopic(uniqueTopic()));
        final BytesMessage message = session.createBytesMessage();
        message.writeBytes(new byte[100_000]);

        final MessageFormatException refused = assertThrows(MessageFormatException.class, () -> producer.send(message));

        assertTrue(refused.getMessage().contains("termLength"), refused.getMessage());
        assertTrue(refused.getMessage().contains("8192"), refused.getMessage());
    }

    @Test
    void aMessageTooLargeForItsRoutesTermNamesTheRouteToChange() throws Exception
    {
        final Session session = connection("wirespeed:ipc?route.small.>=aeron:ipc?term-length=65536").createSession();
        final MessageProducer producer = session.createProducer(session.createTopic("small." + uniqueTopic()));
        final BytesMessage message = session.createBytesMessage();
        message.writeBytes(new byte[100_000]);

        final MessageFormatException refused = assertThrows(MessageFormatException.class, () -> producer.send(message));

        assertTrue(refused.getMessage().contains("route.<pattern>"), refused.getMessage());
        assertTrue(refused.getMessage().contains("aeron:ipc?term-length=65536"), refused.getMessage());
    }

    @Test
    void theSimplifiedApiRefusesATooLargeMessageWithMessageFormatRuntimeException() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory(SMALL_TERM).createContext())
        {
            final Topic topic = context.createTopic(uniqueTopic());
            final JMSProducer producer = context.createProducer();

            final MessageFormatRuntimeException refused =
                assertThrows(MessageFormatRuntimeException.class, () -> producer.send(topic, new byte[100_000]));

            assertTrue(refused.getMessage().contains("termLength"), refused.getMessage());
        }
    }

    @Test
    void aMessageTakesAsManyPropertiesAsTheEnvelopeHoldsAndRefusesOneMore() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        final Message message = session.createMessage();
        for (int i = 0; i < MAX_ENTRIES; i++)
        {
            message.setIntProperty("p" + i, i);
        }

        final MessageFormatException refused =
            assertThrows(MessageFormatException.class, () -> message.setIntProperty("oneTooMany", 0));

        assertTrue(refused.getMessage().contains("65535"), refused.getMessage());
        message.setIntProperty("p0", 7);
        session.createProducer(topic).send(message);
        final Message received = consumer.receive(10_000);
        assertEquals(7, received.getIntProperty("p0"));
        assertEquals(MAX_ENTRIES - 1, received.getIntProperty("p" + (MAX_ENTRIES - 1)));
        assertEquals(1, received.getIntProperty("JMSXDeliveryCount"));
    }

    @Test
    void mapAndStreamBodiesRefuseMoreEntriesThanTheEnvelopeHolds() throws Exception
    {
        final Session session = connection().createSession();
        final MapMessage map = session.createMapMessage();
        final StreamMessage stream = session.createStreamMessage();
        for (int i = 0; i < MAX_ENTRIES; i++)
        {
            map.setInt("e" + i, i);
            stream.writeInt(i);
        }

        assertThrows(MessageFormatException.class, () -> map.setInt("oneTooMany", 0));
        assertThrows(MessageFormatException.class, () -> stream.writeInt(0));
        map.setInt("e0", 1);
    }

    @Test
    void theSimplifiedApiRefusesOnePropertyTooManyWithMessageFormatRuntimeException() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final JMSProducer producer = context.createProducer();
            for (int i = 0; i < MAX_ENTRIES; i++)
            {
                producer.setProperty("p" + i, i);
            }

            assertThrows(MessageFormatRuntimeException.class, () -> producer.setProperty("oneTooMany", 0));
        }
    }

    @Test
    void textWithALoneSurrogateIsRefusedRatherThanChanged() throws Exception
    {
        final Session session = connection().createSession();
        final TextMessage text = session.createTextMessage();
        final Message message = session.createMessage();
        final MapMessage map = session.createMapMessage();
        final StreamMessage stream = session.createStreamMessage();

        assertThrows(MessageFormatException.class, () -> text.setText("a\uD800b"));
        assertThrows(MessageFormatException.class, () -> session.createTextMessage("\uDC00"));
        assertThrows(MessageFormatException.class, () -> message.setStringProperty("p", "x\uDBFF"));
        assertThrows(MessageFormatException.class, () -> message.setObjectProperty("p", "\uDFFFx"));
        assertThrows(MessageFormatException.class, () -> map.setString("k", "\uD800"));
        assertThrows(MessageFormatException.class, () -> map.setObject("k", "\uD800"));
        assertThrows(MessageFormatException.class, () -> stream.writeString("\uDC00\uD800"));
        assertThrows(MessageFormatException.class, () -> stream.writeObject("\uD800"));
    }

    @Test
    void surrogatePairsTravelUnchanged() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        final String emoji = "price \uD83D\uDCC8 up";
        final TextMessage sent = session.createTextMessage(emoji);
        sent.setStringProperty("trend", emoji);

        session.createProducer(topic).send(sent);

        final TextMessage received = (TextMessage)consumer.receive(5_000);
        assertEquals(emoji, received.getText());
        assertEquals(emoji, received.getStringProperty("trend"));
    }

    @Test
    void theSimplifiedApiRefusesALoneSurrogateWithMessageFormatRuntimeException() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Topic topic = context.createTopic(uniqueTopic());
            final JMSProducer producer = context.createProducer();

            assertThrows(MessageFormatRuntimeException.class, () -> producer.setProperty("p", "\uD800"));
            assertThrows(MessageFormatRuntimeException.class, () -> producer.send(topic, "\uDC00"));
        }
    }
}
