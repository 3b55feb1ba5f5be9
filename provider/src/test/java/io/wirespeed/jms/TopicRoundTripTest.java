package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TopicRoundTripTest
{
    private Connection connection;

    @BeforeEach
    void connect() throws Exception
    {
        connection = new JmsConnectionFactory().createConnection();
        connection.start();
    }

    @AfterEach
    void close() throws Exception
    {
        connection.close();
    }

    @Test
    void receivesATextMessageSentAfterTheConsumerWasCreated() throws Exception
    {
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic("round.trip.text");
        final MessageConsumer consumer = session.createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);

        producer.send(session.createTextMessage("hello"));

        final TextMessage received = (TextMessage)consumer.receive(5_000);
        assertNotNull(received);
        assertEquals("hello", received.getText());
        assertEquals(topic, received.getJMSDestination());
        assertTrue(received.getJMSMessageID().startsWith("ID:"));
        producer.send(session.createTextMessage("end"));
        assertNextText(consumer, "end", "the message once");
    }

    @Test
    void listenerReceivesMessagesInPublishOrder() throws Exception
    {
        final Session consumerSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Session producerSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = producerSession.createTopic("round.trip.order");
        final int count = 10_000;
        final List<Long> received = new ArrayList<>();
        final CountDownLatch done = new CountDownLatch(1);
        consumerSession.createConsumer(topic).setMessageListener(message ->
        {
            try
            {
                received.add(((BytesMessage)message).readLong());
            }
            catch (final Exception ex)
            {
                throw new IllegalStateException(ex);
            }
            if (received.size() == count)
            {
                done.countDown();
            }
        });
        final MessageProducer producer = producerSession.createProducer(topic);
        final BytesMessage message = producerSession.createBytesMessage();
        for (long i = 0; i < count; i++)
        {
            message.clearBody();
            message.writeLong(i);
            producer.send(message);
        }
        assertTrue(done.await(30, TimeUnit.SECONDS), "received " + received.size());
        for (int i = 0; i < count; i++)
        {
            assertEquals(i, received.get(i));
        }
        assertInstanceOf(BytesMessage.class, message);
    }
}
