package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.wirespeed.jms.transport.SharedTransports;

/**
 * A queue belongs to the queue host, not to a connection: with the embedded driver, what was sent
 * stays queued when every connection of the JVM has closed, as it does for an application that
 * opens a connection per operation (Spring's JmsTemplate without a caching factory).
 */
class QueueLifetimeTest
{
    private static final String AERON_DIR = "/dev/shm/wirespeed-lifetime-test-" + ProcessHandle.current().pid();
    private static final String URI = "wirespeed:ipc?aeronDir=" + AERON_DIR;
    private static int counter;

    private static synchronized String uniqueQueue()
    {
        return "test.lifetime." + ProcessHandle.current().pid() + "." + (++counter);
    }

    private static void sendOnAConnectionOfItsOwn(final String queueName, final String text) throws JMSException
    {
        try (Connection connection = new JmsConnectionFactory(URI).createConnection())
        {
            final Session session = connection.createSession();
            session.createProducer(session.createQueue(queueName)).send(session.createTextMessage(text));
        }
    }

    private static String receiveOnAConnectionOfItsOwn(final String queueName) throws JMSException
    {
        try (Connection connection = new JmsConnectionFactory(URI).createConnection())
        {
            connection.start();
            final Session session = connection.createSession();
            final Message message = session.createConsumer(session.createQueue(queueName)).receive(5_000);
            assertNotNull(message, "the message sent on a connection that has closed is no longer queued");
            return ((TextMessage)message).getText();
        }
    }

    @AfterAll
    static void closeTheEmbeddedHosts()
    {
        SharedTransports.closeEmbeddedHosts();
    }

    @Test
    void queuedMessagesOutliveEveryConnectionOfTheJvm() throws Exception
    {
        final String queueName = uniqueQueue();
        sendOnAConnectionOfItsOwn(queueName, "first");
        sendOnAConnectionOfItsOwn(queueName, "second");
        assertEquals("first", receiveOnAConnectionOfItsOwn(queueName));
        assertEquals("second", receiveOnAConnectionOfItsOwn(queueName));
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aConnectionClosesWithoutWaitingForAQueueHostThatHasGone() throws Exception
    {
        final Connection connection = new JmsConnectionFactory(URI + "&queueHostTimeout=60000").createConnection();
        connection.start();
        final Session session = connection.createSession(Session.CLIENT_ACKNOWLEDGE);
        final Queue queue = session.createQueue(uniqueQueue());
        session.createProducer(queue).send(session.createTextMessage("held"));
        final MessageConsumer consumer = session.createConsumer(queue);
        assertNotNull(consumer.receive(5_000));
        SharedTransports.closeEmbeddedHosts();
        // as when the JVM's shutdown hook closed the host before the application's own hook closes this
        connection.close();
    }
}
