package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageFormatException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;


class ProducerBehaviourTest extends JmsTestSupport
{
    private Connection connection;
    private Session session;
    private Topic topic;
    private MessageConsumer consumer;

    @BeforeEach
    void open() throws Exception
    {
        connection = connection();
        connection.start();
        session = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        topic = session.createTopic(uniqueTopic());
        consumer = session.createConsumer(topic);
    }

    @Test
    void sendStampsHeadersOnTheMessageAndTheReceiverSeesThem() throws Exception
    {
        final MessageProducer producer = session.createProducer(topic);
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        producer.setPriority(7);
        producer.setTimeToLive(60_000);
        final TextMessage message = session.createTextMessage("headers");
        message.setJMSCorrelationID("corr-1");
        message.setJMSType("quote");
        message.setJMSReplyTo(topic);
        message.setStringProperty("venue", "XLON");
        message.setIntProperty("size", 100);
        final long before = System.currentTimeMillis();
        producer.send(message);

        assertEquals(topic, message.getJMSDestination());
        assertEquals(DeliveryMode.NON_PERSISTENT, message.getJMSDeliveryMode());
        assertEquals(7, message.getJMSPriority());
        assertTrue(message.getJMSTimestamp() >= before);
        assertEquals(message.getJMSTimestamp() + 60_000, message.getJMSExpiration());
        assertNotNull(message.getJMSMessageID());

        final Message received = consumer.receive(5_000);
        assertEquals(message.getJMSMessageID(), received.getJMSMessageID());
        assertEquals(message.getJMSTimestamp(), received.getJMSTimestamp());
        assertEquals(message.getJMSExpiration(), received.getJMSExpiration());
        assertEquals(7, received.getJMSPriority());
        assertEquals(DeliveryMode.NON_PERSISTENT, received.getJMSDeliveryMode());
        assertEquals("corr-1", received.getJMSCorrelationID());
        assertEquals("quote", received.getJMSType());
        assertEquals(topic, received.getJMSReplyTo());
        assertEquals("XLON", received.getStringProperty("venue"));
        assertEquals(100, received.getIntProperty("size"));
    }

    @Test
    void messageIdsAreUniqueAndCanBeDisabledAlongWithTimestamps() throws Exception
    {
        final MessageProducer producer = session.createProducer(topic);
        final Message message = session.createMessage();
        final Set<String> ids = new HashSet<>();
        for (int i = 0; i < 100; i++)
        {
            producer.send(message);
            assertTrue(ids.add(message.getJMSMessageID()));
        }
        final MessageProducer other = connection().createSession().createProducer(topic);
        other.send(message);
        assertTrue(ids.add(message.getJMSMessageID()));

        producer.setDisableMessageID(true);
        producer.setDisableMessageTimestamp(true);
        producer.send(message);
        assertNull(message.getJMSMessageID());
        assertEquals(0, message.getJMSTimestamp());
        int withoutId = 0;
        for (int received = 0; received < 102; received++)
        {
            final Message m = consumer.receive(5_000);
            assertNotNull(m, "message " + received + " of 102");
            if (m.getJMSMessageID() == null)
            {
                withoutId++;
                assertEquals(0, m.getJMSTimestamp());
            }
        }
        assertEquals(1, withoutId);
        producer.send(session.createTextMessage("end"));
        other.send(session.createTextMessage("end"));
        assertNextText(consumer, "end", "102 messages and no more");
        assertNextText(consumer, "end", "102 messages and no more");
    }

    @Test
    void anonymousProducersNameTheDestinationPerSend() throws Exception
    {
        final MessageProducer anonymous = session.createProducer(null);
        assertNull(anonymous.getDestination());
        assertThrows(UnsupportedOperationException.class, () -> anonymous.send(session.createMessage()));
        assertThrows(InvalidDestinationException.class, () -> anonymous.send(null, session.createMessage()));
        anonymous.send(topic, session.createTextMessage("anon"));
        assertEquals("anon", ((TextMessage)consumer.receive(5_000)).getText());

        final MessageProducer bound = session.createProducer(topic);
        assertThrows(UnsupportedOperationException.class, () -> bound.send(topic, session.createMessage()));
    }

    @Test
    void badArgumentsAreRejectedWithTheExceptionsTheSpecificationNames() throws Exception
    {
        final MessageProducer producer = session.createProducer(topic);
        assertThrows(MessageFormatException.class, () -> producer.send(null));
        assertEquals("priority 10 is not valid; use a value from 0 to 9 (default 4)",
            assertThrows(JMSException.class, () -> producer.setPriority(10)).getMessage());
        assertEquals("delivery mode 3 is not valid; use DeliveryMode.PERSISTENT (2) or DeliveryMode.NON_PERSISTENT (1)",
            assertThrows(JMSException.class, () -> producer.setDeliveryMode(3)).getMessage());
        assertThrows(InvalidDestinationException.class, () -> session.createConsumer(null));
        assertThrows(InvalidDestinationException.class, () -> session.createTopic(""));
    }

    @Test
    void noLocalConsumersDoNotSeeTheirOwnConnectionsMessages() throws Exception
    {
        final MessageConsumer noLocal = session.createConsumer(topic, null, true);
        session.createProducer(topic).send(session.createTextMessage("mine"));
        final Session remote = connection().createSession();
        remote.createProducer(topic).send(remote.createTextMessage("theirs"));
        assertNextText(noLocal, "theirs", "not its own connection's message");
        session.createProducer(topic).send(session.createTextMessage("mine too"));
        final List<String> all = new ArrayList<>();
        for (int i = 0; i < 3; i++)
        {
            all.add(ReceiveAssertions.describe(consumer.receive(5_000)));
        }
        all.remove("theirs");
        assertEquals(List.of("mine", "mine too"), all, "a consumer without noLocal gets its connection's messages");
        // Both of its connection's messages are in the stream now: receiveNoWait reads past them.
        assertNull(noLocal.receiveNoWait(), "a noLocal consumer got its own connection's message");
    }

    @Test
    void oneMessageObjectCanBeSentManyTimesWithNewContent() throws Exception
    {
        final MessageProducer producer = session.createProducer(topic);
        final TextMessage message = session.createTextMessage();
        String firstId = null;
        for (int i = 0; i < 3; i++)
        {
            message.setText("v" + i);
            message.setIntProperty("i", i);
            producer.send(message);
            firstId = firstId == null ? message.getJMSMessageID() : firstId;
        }
        assertNotEquals(firstId, message.getJMSMessageID());
        for (int i = 0; i < 3; i++)
        {
            final TextMessage received = (TextMessage)consumer.receive(5_000);
            assertEquals("v" + i, received.getText());
            assertEquals(i, received.getIntProperty("i"));
        }
    }

    @Test
    void aMessageLargerThanATermFragmentArrivesWhole() throws Exception
    {
        final MessageProducer producer = session.createProducer(topic);
        final javax.jms.BytesMessage message = session.createBytesMessage();
        final byte[] body = new byte[200_000];
        for (int i = 0; i < body.length; i++)
        {
            body[i] = (byte)(i * 31);
        }
        message.writeBytes(body);
        producer.send(message);
        final javax.jms.BytesMessage received = (javax.jms.BytesMessage)consumer.receive(5_000);
        final byte[] copy = new byte[body.length];
        assertEquals(body.length, received.getBodyLength());
        received.readBytes(copy);
        assertTrue(java.util.Arrays.equals(body, copy));
    }
}
