package io.wirespeed.it.cluster;

import javax.jms.Connection;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A transformer in a process of its own, as a service that consumes and produces in one transaction is written: a
 * transacted session receives up to {@value #BATCH} messages of one queue, sends a copy of each (its {@value #ID}
 * property kept) to another queue, and commits; again, until the process is killed. Arguments: the connection URI,
 * the queue read, the queue written. Prints {@value #STARTED} once it consumes, then {@value #COMMITTED} and the
 * number of messages committed so far after each commit.
 */
public final class TransformMain
{
    /** Printed once the consumer is open. */
    static final String STARTED = "STARTED";
    /** Starts the line printed after each commit. */
    static final String COMMITTED = "COMMITTED ";
    /** The property that names a message. */
    static final String ID = "id";
    /** The most messages one transaction transforms. */
    static final int BATCH = 200;

    private TransformMain()
    {
    }

    /**
     * Transforms until killed.
     *
     * @param args the connection URI, the queue read, the queue written.
     * @throws Exception if the connection, session, consumer or producer cannot be made, or a commit fails.
     */
    public static void main(final String[] args) throws Exception
    {
        try (Connection connection = new JmsConnectionFactory(args[0]).createConnection())
        {
            final Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
            final MessageConsumer consumer = session.createConsumer(session.createQueue(args[1]));
            final MessageProducer producer = session.createProducer(session.createQueue(args[2]));
            connection.start();
            System.out.println(STARTED);
            long committed = 0;
            while (true)
            {
                int received = 0;
                Message message = consumer.receive(1_000);
                while (null != message)
                {
                    producer.send(copy(session, message));
                    received++;
                    message = received < BATCH ? consumer.receive(100) : null;
                }
                if (received > 0)
                {
                    session.commit();
                    committed += received;
                    System.out.println(COMMITTED + committed);
                }
            }
        }
    }

    /**
     * A copy of a message to send on: its text and its {@value #ID}.
     *
     * @param session the session that sends it.
     * @param message the message received.
     * @return the copy.
     * @throws javax.jms.JMSException if the message cannot be read.
     */
    static TextMessage copy(final Session session, final Message message) throws javax.jms.JMSException
    {
        final TextMessage copy = session.createTextMessage(((TextMessage)message).getText());
        copy.setIntProperty(ID, message.getIntProperty(ID));
        return copy;
    }
}
