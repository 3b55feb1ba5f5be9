package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.test.Await;
import io.wirespeed.transport.TransportPublication;

/**
 * Each envelope is validated once per delivery: a topic stream validates what it reads, and its consumers read
 * their copies without validating them again; what the stream found malformed reaches them marked so, and each
 * consumer validates it, reports it to the connection's exception listener and drops it. What no stream of the
 * connection validated (a queue host's deliveries) the consumer validates. Raw envelopes are published on the
 * topic's own stream, beside the connection's messages.
 */
class EnvelopeValidatedOnceTest extends JmsTestSupport
{
    private static final String DROPPED = "dropped a malformed message";

    private final List<JMSException> faults = new CopyOnWriteArrayList<>();
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[512]);
    private TransportPublication raw;

    @AfterEach
    void closeRawPublication()
    {
        if (null != raw)
        {
            raw.close();
        }
    }

    @Test
    void aReceivingTopicConsumerValidatesOnlyWhatItsStreamFoundMalformed() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.setExceptionListener(faults::add);
        final Session session = connection.createSession();
        final JmsTopic topic = (JmsTopic)session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        connection.start();

        publishMalformedThenWellFormed(connection, session, topic, topic);

        assertNextTexts(consumer);
        assertNull(consumer.receive(200), "the malformed envelope was dropped");
        assertDroppedOnce();
        assertEquals(1, ((JmsMessageConsumer)consumer).decoder().reader().validations(),
            "the consumer validated the malformed envelope alone: the stream had validated the others");
    }

    @Test
    void aListeningTopicConsumerValidatesOnlyWhatItsStreamFoundMalformed() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.setExceptionListener(faults::add);
        final Session session = connection.createSession();
        final JmsTopic topic = (JmsTopic)session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
        consumer.setMessageListener(received::add);
        connection.start();

        publishMalformedThenWellFormed(connection, session, topic, topic);

        for (int i = 0; i < 3; i++)
        {
            final Message message = received.poll(10, TimeUnit.SECONDS);
            assertEquals("well formed " + i, ((TextMessage)message).getText());
        }
        assertDroppedOnce();
        assertNull(received.poll(200, TimeUnit.MILLISECONDS), "the malformed envelope was dropped");
        assertEquals(1, ((JmsMessageConsumer)consumer).decoder().reader().validations(),
            "the consumer validated the malformed envelope alone: the stream had validated the others");
    }

    @Test
    void aWildcardConsumerValidatesOnlyWhatItsStreamFoundMalformed() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.setExceptionListener(faults::add);
        final Session session = connection.createSession();
        final String prefix = uniqueTopic();
        final MessageConsumer consumer = session.createConsumer(session.createTopic(prefix + ".>"));
        connection.start();
        final JmsTopic topic = (JmsTopic)session.createTopic(prefix + ".a");

        publishMalformedThenWellFormed(connection, session, topic, topic);

        assertNextTexts(consumer);
        assertNull(consumer.receive(200), "the malformed envelope was dropped");
        assertDroppedOnce();
        assertEquals(1, ((JmsMessageConsumer)consumer).decoder().reader().validations(),
            "the consumer validated the malformed envelope alone: the stream had validated the others");
    }

    @Test
    void aQueueConsumerValidatesEveryDeliveryAsNoStreamOfItsConnectionDid() throws Exception
    {
        final JmsConnection connection = (JmsConnection)connection();
        connection.setExceptionListener(faults::add);
        final Session session = connection.createSession();
        final Queue queue = session.createQueue(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(queue);
        connection.start();
        sendTexts(session, queue, "well formed ", 3);

        assertNextTexts(consumer);
        assertEquals(3, ((JmsMessageConsumer)consumer).decoder().reader().validations());
        assertTrue(faults.isEmpty(), faults.toString());
    }

    /**
     * Publishes a malformed envelope of the topic on its stream, raw, then three well-formed messages through the
     * connection, once the malformed one is out.
     */
    private void publishMalformedThenWellFormed(
        final JmsConnection connection, final Session session, final JmsTopic streamOf, final JmsTopic topic)
        throws JMSException
    {
        final TransportChannel target = connection.channelFor(streamOf.getTopicName());
        raw = target.transport().addPublication(target.channel(), connection.routing().streamId(streamOf.name()));
        final int length = new EnvelopeWriter().wrap(buffer, 0)
            .messageId(1, 2, 3, 4, 5).priority(4).deliveryMode(EnvelopeDescriptor.NON_PERSISTENT)
            .topicHash(topic.topicHash()).destination(topic.kind(), topic.utf8Name())
            .textBody("malformed").finish();
        final int truncated = length - 1;
        Await.until("the malformed envelope is published", () -> raw.offer(buffer, 0, truncated) > 0);

        final MessageProducer producer = session.createProducer(topic);
        for (int i = 0; i < 3; i++)
        {
            producer.send(session.createTextMessage("well formed " + i));
        }
    }

    private static void assertNextTexts(final MessageConsumer consumer) throws JMSException
    {
        for (int i = 0; i < 3; i++)
        {
            final Message message = consumer.receive(10_000);
            assertEquals("well formed " + i, ((TextMessage)message).getText());
        }
    }

    private void assertDroppedOnce()
    {
        Await.until("the connection reports the malformed envelope", () -> !faults.isEmpty());
        assertEquals(1, faults.size(), faults.toString());
        assertTrue(faults.get(0).getMessage().contains(DROPPED), faults.get(0).getMessage());
    }
}
