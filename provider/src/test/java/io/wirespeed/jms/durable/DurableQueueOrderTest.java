package io.wirespeed.jms.durable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.jms.Connection;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.transport.SharedTransports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * With archive=on the queue host keeps queue messages in the archive, and still gives them to consumers in the
 * order they arrived: one thread that sends through a new connection and session each time (Spring's
 * connection-per-call JmsTemplate) has its messages received in the order it sent them.
 */
class DurableQueueOrderTest
{
    private static final int MESSAGES = 40;

    @TempDir
    Path archiveDir;

    @BeforeEach
    @AfterEach
    void closeTheEmbeddedHosts()
    {
        SharedTransports.closeEmbeddedHosts();
    }

    @Test
    void oneThreadSendingThroughANewSessionEachTimeIsReceivedInOrder() throws Exception
    {
        final String uri = "wirespeed:ipc?archive=on&archiveDir=" + archiveDir + "&connectWait=50";
        final String queueName = "ordered." + ProcessHandle.current().pid();
        for (int i = 0; i < MESSAGES; i++)
        {
            try (Connection connection = new JmsConnectionFactory(uri).createConnection())
            {
                final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                session.createProducer(session.createQueue(queueName)).send(session.createTextMessage("m" + i));
            }
        }

        final List<String> received = new ArrayList<>();
        try (Connection connection = new JmsConnectionFactory(uri).createConnection())
        {
            connection.start();
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer consumer = session.createConsumer(session.createQueue(queueName));
            for (int i = 0; i < MESSAGES; i++)
            {
                final Message message = consumer.receive(10_000);
                assertNotNull(message, "message " + i + " of " + MESSAGES + " did not come; got " + received);
                received.add(((TextMessage)message).getText());
            }
        }

        final List<String> sent = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++)
        {
            sent.add("m" + i);
        }
        assertEquals(sent, received, "messages of one thread come in the order it sent them");
    }
}
