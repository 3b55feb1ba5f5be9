package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.JMSProducer;
import javax.jms.JMSRuntimeException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Times at the edges of {@code long}: the largest receive timeout, time to live and delivery delay saturate instead
 * of overflowing, a negative receive timeout does not block, and a negative time to live or delivery delay is
 * refused.
 */
class ExtremeTimeValuesTest extends JmsTestSupport
{
    private Session session;
    private Topic topic;
    private MessageConsumer consumer;
    private MessageProducer producer;

    @BeforeEach
    void open() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        session = connection.createSession();
        topic = session.createTopic(uniqueTopic());
        consumer = session.createConsumer(topic);
        producer = session.createProducer(topic);
    }

    @Test
    void receiveWithTheLargestTimeoutWaitsForTheNextMessage() throws Exception
    {
        final CompletableFuture<Message> receive =
            CompletableFuture.supplyAsync(() -> receive(consumer, Long.MAX_VALUE));

        producer.send(session.createTextMessage("late"));
        assertEquals("late", ReceiveAssertions.describe(receive.get(10, TimeUnit.SECONDS)),
            "receive(Long.MAX_VALUE) waited for the next message instead of returning at once");
    }

    @Test
    void receiveWithANegativeTimeoutReturnsAtOnceWhenNothingIsThere() throws Exception
    {
        final CompletableFuture<Message> receive = CompletableFuture.supplyAsync(() -> receive(consumer, -5));

        assertNull(receive.get(10, TimeUnit.SECONDS));
    }

    @Test
    void theLargestTimeToLiveNeverExpires() throws Exception
    {
        producer.setTimeToLive(Long.MAX_VALUE);

        final TextMessage sent = session.createTextMessage("forever");
        producer.send(sent);

        assertEquals(Long.MAX_VALUE, sent.getJMSExpiration());
        final Message received = consumer.receive(5_000);
        assertNotNull(received, "a message with time to live Long.MAX_VALUE was not delivered");
        assertEquals(Long.MAX_VALUE, received.getJMSExpiration());
    }

    @Test
    void theLargestDeliveryDelayHoldsTheMessageBackForever() throws Exception
    {
        producer.setDeliveryDelay(Long.MAX_VALUE);

        final TextMessage sent = session.createTextMessage("never");
        producer.send(sent);

        assertEquals(Long.MAX_VALUE, sent.getJMSDeliveryTime());
        producer.setDeliveryDelay(0);
        producer.send(session.createTextMessage("now"));
        assertNextText(consumer, "now", "a message with delivery delay Long.MAX_VALUE is held back");
    }

    @Test
    void aNegativeTimeToLiveOrDeliveryDelayIsRefusedByTheClassicApiAndNothingIsSent() throws Exception
    {
        final JMSException ttl = assertThrows(JMSException.class, () -> producer.setTimeToLive(-1));
        assertTrue(ttl.getMessage().contains("time to live -1 ms is not valid"), ttl.getMessage());
        final JMSException delay = assertThrows(JMSException.class, () -> producer.setDeliveryDelay(-1));
        assertTrue(delay.getMessage().contains("delivery delay -1 ms is not valid"), delay.getMessage());
        assertEquals(0, producer.getTimeToLive(), "the refused value was kept");
        assertEquals(0, producer.getDeliveryDelay(), "the refused value was kept");

        final TextMessage refused = session.createTextMessage("refused");
        assertThrows(JMSException.class, () -> producer.send(refused, DeliveryMode.NON_PERSISTENT, 4, -1));
        producer.send(session.createTextMessage("sent"));
        assertNextText(consumer, "sent", "the send with a negative time to live went out");
    }

    @Test
    void aNegativeTimeToLiveOrDeliveryDelayIsRefusedByTheSimplifiedApi()
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final JMSProducer jmsProducer = context.createProducer();
            final JMSRuntimeException ttl =
                assertThrows(JMSRuntimeException.class, () -> jmsProducer.setTimeToLive(-1));
            assertTrue(ttl.getMessage().contains("time to live -1 ms is not valid"), ttl.getMessage());
            final JMSRuntimeException delay =
                assertThrows(JMSRuntimeException.class, () -> jmsProducer.setDeliveryDelay(-1));
            assertTrue(delay.getMessage().contains("delivery delay -1 ms is not valid"), delay.getMessage());
            assertEquals(0, jmsProducer.getTimeToLive(), "the refused value was kept");
            assertEquals(0, jmsProducer.getDeliveryDelay(), "the refused value was kept");
        }
    }

    @Test
    void theSimplifiedApiSaturatesTimeToLiveDeliveryDelayAndReceiveTimeoutToo() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Topic topic = context.createTopic(uniqueTopic());
            final JMSConsumer consumer = context.createConsumer(topic);

            context.createProducer().setTimeToLive(Long.MAX_VALUE).send(topic, "forever");
            final Message received = consumer.receive(5_000);
            assertNotNull(received, "a message with time to live Long.MAX_VALUE was not delivered");
            assertEquals(Long.MAX_VALUE, received.getJMSExpiration());

            context.createProducer().setDeliveryDelay(Long.MAX_VALUE).send(topic, "never");
            context.createProducer().send(topic, "now");
            assertEquals("now", ((TextMessage)consumer.receive(5_000)).getText(),
                "a message with delivery delay Long.MAX_VALUE is held back");

            final CompletableFuture<String> receive =
                CompletableFuture.supplyAsync(() -> consumer.receiveBody(String.class, Long.MAX_VALUE));
            context.createProducer().send(topic, "late");
            assertEquals("late", receive.get(10, TimeUnit.SECONDS),
                "receiveBody(String.class, Long.MAX_VALUE) waited for the next message instead of returning at once");
        }
    }

    private static Message receive(final MessageConsumer consumer, final long timeout)
    {
        try
        {
            return consumer.receive(timeout);
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
