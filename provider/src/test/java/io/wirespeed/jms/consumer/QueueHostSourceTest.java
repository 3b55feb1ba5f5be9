package io.wirespeed.jms.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.test.Await;

/**
 * A {@link QueueHostSource} on its own, at the embedded queue host of a real connection, with no consumer around
 * it: the test does what the consumer does with what the source hands out.
 */
class QueueHostSourceTest extends JmsTestSupport
{
    private static final Duration QUIET = Duration.ofMillis(300);

    @Test
    void subscribedWithoutCreditItTakesOneMessageAtFirstThenOpensItsWindowAsMessagesAreConsumed() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue("test.queue.source." + uniqueTopic());
        final MessageProducer producer = session.createProducer(queue);
        for (int i = 0; i < 5; i++)
        {
            producer.send(session.createTextMessage("m" + i));
        }
        final AtomicInteger arrivals = new AtomicInteger();
        final QueueHostSource source = QueueHostSource.open(
            connection, ConsumerSpec.of(JmsDestination.ofGiven(queue, false), null, false), arrivals::incrementAndGet);
        final Reader reader = new Reader(connection, source);

        Await.during("nothing arrives before the source gives credit", QUIET, () -> !source.hasDeliveries());
        source.resume();
        Await.until("the first message arrives", source::hasDeliveries);
        Await.during("one credit, one message", QUIET, () -> 1 == arrivals.get());

        final JmsMessage first = reader.pollOne();
        assertEquals("m0", ((TextMessage)first).getText());
        assertNotEquals(0, first.deliveryTag(), "tagged with the host's delivery id, for its acknowledgement");
        assertEquals(1, first.deliveryCount());
        assertFalse(first.getJMSRedelivered());

        source.acknowledge(first.deliveryTag());
        source.consumed();
        Await.until("the window opened to two: two more arrive", () -> 3 == arrivals.get());
        assertEquals("m1", ((TextMessage)reader.pollOne()).getText());
        assertEquals("m2", ((TextMessage)reader.pollOne()).getText());
        assertFalse(source.hasDeliveries());
        source.close(false);
    }

    @Test
    void aDeliveryThatExpiredOnTheWayIsSkippedAcknowledgedAndItsCreditReturned() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue("test.queue.source." + uniqueTopic());
        final MessageProducer producer = session.createProducer(queue);
        producer.setTimeToLive(60_000);
        producer.send(session.createTextMessage("expiring"));
        producer.setTimeToLive(0);
        producer.send(session.createTextMessage("lasting"));
        connection.clock(() -> System.currentTimeMillis() + 3_600_000);

        final QueueHostSource source = QueueHostSource.open(
            connection, ConsumerSpec.of(JmsDestination.ofGiven(queue, false), null, false), () -> {});
        final Reader reader = new Reader(connection, source);
        source.resume();
        Await.until("the first message arrives", source::hasDeliveries);
        assertNull(reader.pollOne(), "expired by the consumer's clock: skipped");
        Await.until("its credit came back: the next message arrives", source::hasDeliveries);
        final JmsMessage lasting = reader.pollOne();
        assertEquals("lasting", ((TextMessage)lasting).getText());
        source.acknowledge(lasting.deliveryTag());
        source.close(false);

        final javax.jms.Connection other = connection();
        other.start();
        final MessageConsumer consumer = other.createSession().createConsumer(queue);
        assertNull(consumer.receive(QUIET.toMillis()), "the skipped message was acknowledged, not given back");
    }

    @Test
    void theSourceOwnsItsInboxAndTheQueueClientRoutesIntoItOnlyWhileTheSourceIsOpen() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue("test.queue.source." + uniqueTopic());
        session.createProducer(queue).send(session.createTextMessage("m0"));
        final QueueHostSource source = QueueHostSource.open(
            connection, ConsumerSpec.of(JmsDestination.ofGiven(queue, false), null, false), () -> {});
        assertTrue(source.client().routesTo(source.inbox()), "deliveries are routed into the source's own inbox");
        source.resume();
        Await.until("the message arrives in it", source::hasDeliveries);

        source.close(false);
        assertFalse(source.client().routesTo(source.inbox()), "the closed consumer's inbox is not retained");
        final javax.jms.Connection other = connection();
        other.start();
        final TextMessage back = (TextMessage)other.createSession().createConsumer(queue).receive(10_000);
        assertEquals("m0", back.getText(), "what waited in the closed inbox went back to the queue");
    }

    /** Reads as the consumer does: wraps each envelope, asks the source about it, decodes and tags what it admits. */
    private static final class Reader
    {
        private final QueueHostSource source;
        private final MessageDecoder decoder;
        private final List<JmsMessage> admitted = new ArrayList<>();

        Reader(final JmsConnection connection, final QueueHostSource source)
        {
            this.source = source;
            this.decoder = new MessageDecoder(connection.config().deserializationPolicy());
        }

        JmsMessage pollOne()
        {
            admitted.clear();
            assertEquals(1, source.poll((buffer, offset, length) ->
            {
                if (!decoder.wrap(buffer, offset, length))
                {
                    source.discard();
                }
                else if (MessageSource.Admission.DELIVER == source.admit(decoder))
                {
                    final JmsMessage message = decoder.decode();
                    source.tag(message);
                    admitted.add(message);
                }
            }, 1), "one envelope handed out");
            return admitted.isEmpty() ? null : admitted.get(0);
        }
    }
}
