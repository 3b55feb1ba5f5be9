package io.wirespeed.jms;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.QueueBrowser;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;

/**
 * Shared plumbing for provider tests: connections on the default (embedded IPC) factory, closed
 * after each test, unique topic names; waiting on conditions is {@code io.wirespeed.test.Await}.
 */
abstract class JmsTestSupport
{
    private static int topicCounter;
    private final List<Connection> connections = new ArrayList<>();

    /** @return a new connection on the default URI, closed after the test. */
    Connection connection() throws JMSException
    {
        return connection("wirespeed:ipc");
    }

    /**
     * @param uri the factory URI.
     * @return a new connection, closed after the test.
     */
    Connection connection(final String uri) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        connections.add(connection);
        return connection;
    }

    /** @return a topic name no other test uses. */
    static synchronized String uniqueTopic()
    {
        return "test.topic." + ProcessHandle.current().pid() + "." + (++topicCounter);
    }

    /**
     * Sends text messages "prefix0", "prefix1", ... to a queue.
     *
     * @param session the session to send on.
     * @param queue   the queue.
     * @param prefix  the start of each text.
     * @param count   how many.
     */
    static void sendTexts(final Session session, final Queue queue, final String prefix, final int count)
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
    static String text(final Message message) throws JMSException
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
    static List<String> browse(final Session session, final Queue queue)
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
    void closeConnections() throws JMSException
    {
        for (final Connection connection : connections)
        {
            connection.close();
        }
        connections.clear();
    }
}
