package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

/**
 * Connection factories of one JVM whose URIs differ in a transport setting (idle strategy, term length, ...) but
 * not in {@code aeronDir}: they share the JVM's embedded media driver, and so its one queue host. The driver's
 * threading cannot differ: it is the one setting only the driver has.
 */
class EmbeddedDriverSharingTest extends JmsTestSupport
{
    @Test
    void aQueueMessageIsDeliveredOnceWhenTwoDifferentlyConfiguredFactoriesUseQueues() throws JMSException
    {
        final Connection plain = connection("wirespeed:ipc");
        final Connection sleeping = connection("wirespeed:ipc?idle=sleeping");
        plain.start();
        sleeping.start();
        final Session sleepingSession = sleeping.createSession();
        sleepingSession.createConsumer(sleepingSession.createQueue("test.queue." + uniqueTopic())).close();
        final Session session = plain.createSession();
        final Queue queue = session.createQueue("test.queue." + uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(queue);

        session.createProducer(queue).send(session.createTextMessage("once"));

        final Message first = consumer.receive(5_000);
        assertNotNull(first, "the message did not arrive");
        assertEquals("once", ((TextMessage)first).getText());
        session.createProducer(queue).send(session.createTextMessage("end"));
        assertNextText(consumer, "end", "the message was delivered once");
    }

    @Test
    void aFactoryAskingForOtherThreadingThanTheRunningEmbeddedDriverIsRefusedWithTheRemedy() throws JMSException
    {
        final Connection running = connection("wirespeed:ipc");

        final JMSException refused = assertThrows(JMSException.class,
            () -> connection("wirespeed:ipc?threading=shared-network"));

        final String message = refused.getMessage();
        assertTrue(message.contains("runs with threading shared") && message.contains("asks for shared-network") &&
            message.contains("the same threading") && message.contains("aeronDir"), message);
        final Session session = running.createSession();
        session.createProducer(session.createTopic(uniqueTopic())).send(session.createTextMessage("still running"));
    }
}
