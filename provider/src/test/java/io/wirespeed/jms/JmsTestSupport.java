package io.wirespeed.jms;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.QueueBrowser;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;

/**
 * Shared plumbing for provider tests: connections on the default (embedded IPC) factory, closed
 * after each test, unique topic names; waiting on conditions is {@code io.wirespeed.test.Await}.
 */
public abstract class JmsTestSupport
{
    private static int topicCounter;
    private final List<Connection> connections = new ArrayList<>();

    /** @return a new connection on the default URI, closed after the test. */
    protected Connection connection() throws JMSException
    {
        return connection("wirespeed:ipc");
    }

    /**
     * @param uri the factory URI.
     * @return a new connection, closed after the test.
     */
    protected Connection connection(final String uri) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        connections.add(connection);
        return connection;
    }

    /** @return a topic name no other test uses. */
    protected static synchronized String uniqueTopic()
    {
        return "test.topic." + ProcessHandle.current().pid() + "." + (++topicCounter);
    }

    /**
     * Subscribes to a topic, publishes text messages "prefix0", "prefix1", ... to it and receives each.
     *
     * @param session a session of a started connection.
     * @param topic   the topic.
     * @param prefix  the start of each text.
     * @param count   how many.
     */
    protected static void publishAndReceive(
        final Session session, final Topic topic, final String prefix, final int count) throws JMSException
    {
        final MessageConsumer consumer = session.createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        for (int i = 0; i < count; i++)
        {
            producer.send(session.createTextMessage(prefix + i));
        }
        for (int i = 0; i < count; i++)
        {
            Assertions.assertEquals(prefix + i, text(consumer.receive(5_000)), "message " + i);
        }
        consumer.close();
        producer.close();
    }

    /**
     * Sends text messages "prefix0", "prefix1", ... to a queue.
     *
     * @param session the session to send on.
     * @param queue   the queue.
     * @param prefix  the start of each text.
     * @param count   how many.
     */
    protected static void sendTexts(final Session session, final Queue queue, final String prefix, final int count)
        throws JMSException
    {
        final MessageProducer producer = session.createProducer(queue);
        for (int i = 0; i < count; i++)
        {
            producer.send(session.createTextMessage(prefix + i));
        }
        producer.close();
    }

    /**
     * @param message a received text message, or null.
     * @return its text; fails the test on null.
     */
    protected static String text(final Message message) throws JMSException
    {
        Assertions.assertNotNull(message, "no message");
        return ((TextMessage)message).getText();
    }

    /**
     * The texts a QueueBrowser shows now, in order.
     *
     * @param session the session to browse on.
     * @param queue   the queue.
     * @return the texts.
     */
    protected static List<String> browse(final Session session, final Queue queue)
    {
        try
        {
            final QueueBrowser browser = session.createBrowser(queue);
            final List<String> texts = new ArrayList<>();
            for (final Object message : Collections.list(browser.getEnumeration()))
            {
                texts.add(((TextMessage)message).getText());
            }
            browser.close();
            return texts;
        }
        catch (final JMSException ex)
        {
            throw new java.lang.IllegalStateException(ex);
        }
    }

    @AfterEach
    protected void closeConnections() throws JMSException
    {
        for (final Connection connection : connections)
        {
            connection.close();
        }
        connections.clear();
    }
}
