package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.DeliveryMode;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.test.AdjustableClock;

/**
 * A connection's clock stamps a topic message's times when it is sent and decides, when it is received, whether it
 * has expired or is due: moving the clock moves them, with no waiting on the wall clock.
 */
class MessageTimesTest extends JmsTestSupport
{
    private final AdjustableClock clock = new AdjustableClock(Instant.now());
    private final AtomicInteger clockReads = new AtomicInteger();
    private Session session;
    private MessageConsumer consumer;
    private MessageProducer producer;

    @BeforeEach
    void open() throws Exception
    {
        final JmsConnection connection = ((JmsConnection)connection()).clock(() ->
        {
            clockReads.incrementAndGet();
            return clock.time();
        });
        connection.start();
        session = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(uniqueTopic());
        consumer = session.createConsumer(topic);
        producer = session.createProducer(topic);
    }

    @Test
    void theTimestampExpirationAndDeliveryTimeAreTheClocksTime() throws Exception
    {
        final TextMessage message = session.createTextMessage("stamped");
        producer.setDeliveryDelay(2_000);

        producer.send(message, DeliveryMode.NON_PERSISTENT, 4, 1_000);

        assertEquals(clock.time(), message.getJMSTimestamp());
        assertEquals(clock.time() + 1_000, message.getJMSExpiration());
        assertEquals(clock.time() + 2_000, message.getJMSDeliveryTime());
    }

    @Test
    void aMessageWhoseTimeToLiveHasPassedWhenItIsReceivedIsNotDelivered() throws Exception
    {
        producer.send(session.createTextMessage("expires"), DeliveryMode.NON_PERSISTENT, 4, 1_000);
        producer.send(session.createTextMessage("lives"), DeliveryMode.NON_PERSISTENT, 4, 0);

        clock.advance(Duration.ofMillis(1_000));

        assertNextText(consumer, "lives", "the expired message is dropped, not the one without a time to live");
    }

    @Test
    void aDelayedMessageIsHeldUntilTheClockReachesItsDeliveryTime() throws Exception
    {
        producer.setDeliveryDelay(10_000);
        producer.send(session.createTextMessage("later"));
        producer.setDeliveryDelay(0);
        producer.send(session.createTextMessage("now"));
        assertNextText(consumer, "now", "the delayed message is held back");

        clock.advance(Duration.ofMillis(9_999));
        producer.send(session.createTextMessage("still before"));
        assertNextText(consumer, "still before", "a millisecond before its delivery time it is still held back");

        clock.advance(Duration.ofMillis(1));
        assertNextText(consumer, "later", "at its delivery time it is delivered");
    }

    @Test
    void aMessageSentWithoutATimestampArrivesWithNoneAndItsSendTimeAsItsDeliveryTime() throws Exception
    {
        producer.setDisableMessageTimestamp(true);
        producer.send(session.createTextMessage("untimed"));

        final TextMessage received = (TextMessage)consumer.receive(10_000);
        assertEquals("untimed", received.getText());
        assertEquals(0, received.getJMSTimestamp());
        assertEquals(clock.time(), received.getJMSDeliveryTime());
        assertEquals(0, received.getJMSExpiration());
    }

    @Test
    void messagesWithoutTimestampsAreNotCheckedAgainstTheClockOneByOne() throws Exception
    {
        producer.setDisableMessageTimestamp(true);
        for (int i = 0; i < 100; i++)
        {
            producer.send(session.createTextMessage("untimed " + i));
        }
        clockReads.set(0);

        for (int i = 0; i < 100; i++)
        {
            assertNextText(consumer, "untimed " + i, "sent without a timestamp, delay or time to live");
        }

        // JMSDeliveryTime is the send time, with no JMSTimestamp to compare it with: once the clock has been read past
        // it, a message sent before that reading is due without another
        assertTrue(clockReads.get() <= 1, clockReads.get() + " clock reads to receive 100 messages");
    }
}
