package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Queue;
import javax.jms.Session;

import org.junit.jupiter.api.Test;

/**
 * Acknowledgement of queue deliveries belongs to the session: commit and {@code Message.acknowledge}
 * acknowledge what the session received, even from a consumer closed before (as Spring's
 * JmsTemplate.receive closes its consumer before JmsTransactionManager commits); rollback, recover
 * and closing the session give such messages back to the queue marked redelivered.
 */
class QueueAcknowledgementTest extends JmsTestSupport
{
    private Connection connection;
    private Session sending;
    private Queue queue;

    private Session open(final int mode) throws JMSException
    {
        connection = connection();
        connection.start();
        sending = connection.createSession();
        final Session session = connection.createSession(mode);
        queue = session.createQueue("test.ack." + uniqueTopic());
        return session;
    }

    private void send(final String text) throws JMSException
    {
        sending.createProducer(queue).send(sending.createTextMessage(text));
    }

    /** Receives on a consumer that is closed before the method returns, as JmsTemplate.receive does. */
    private static Message receiveAndClose(final Session session, final Queue queue) throws JMSException
    {
        final MessageConsumer consumer = session.createConsumer(queue);
        final Message message = consumer.receive(5_000);
        consumer.close();
        assertNotNull(message, "no message");
        return message;
    }

    /** The next message any other consumer gets: what is left on the queue, in order. */
    private Message next() throws JMSException
    {
        final Session other = connection.createSession();
        final Message message = other.createConsumer(queue).receive(5_000);
        other.close();
        assertNotNull(message, "no message left on the queue");
        return message;
    }

    @Test
    void commitAcknowledgesWhatAConsumerClosedBeforeTheCommitReceived() throws Exception
    {
        final Session transacted = open(Session.SESSION_TRANSACTED);
        send("consumed");
        assertEquals("consumed", text(receiveAndClose(transacted, queue)));
        transacted.commit();
        send("after");
        assertEquals("after", text(next()), "the committed message must not stay on the queue");
    }

    @Test
    void acknowledgeAfterTheConsumerClosedStillAcknowledges() throws Exception
    {
        final Session clientAck = open(Session.CLIENT_ACKNOWLEDGE);
        send("consumed");
        final Message message = receiveAndClose(clientAck, queue);
        message.acknowledge();
        send("after");
        assertEquals("after", text(next()), "the acknowledged message must not stay on the queue");
    }

    @Test
    void rollbackAfterTheConsumerClosedReturnsTheMessagesMarkedRedelivered() throws Exception
    {
        final Session transacted = open(Session.SESSION_TRANSACTED);
        send("first");
        send("second");
        assertEquals("first", text(receiveAndClose(transacted, queue)));
        transacted.rollback();
        final Message again = next();
        assertEquals("first", text(again));
        assertTrue(again.getJMSRedelivered());
        assertEquals(2, again.getIntProperty("JMSXDeliveryCount"));
        final Message second = next();
        assertEquals("second", text(second));
        assertFalse(second.getJMSRedelivered());
    }

    @Test
    void recoverAfterTheConsumerClosedReturnsTheMessagesMarkedRedelivered() throws Exception
    {
        final Session clientAck = open(Session.CLIENT_ACKNOWLEDGE);
        send("first");
        assertEquals("first", text(receiveAndClose(clientAck, queue)));
        clientAck.recover();
        final Message again = next();
        assertEquals("first", text(again));
        assertTrue(again.getJMSRedelivered());
    }

    @Test
    void closingTheSessionReturnsWhatItsClosedConsumersLeftUncommitted() throws Exception
    {
        final Session transacted = open(Session.SESSION_TRANSACTED);
        send("first");
        assertEquals("first", text(receiveAndClose(transacted, queue)));
        transacted.close();
        final Message again = next();
        assertEquals("first", text(again));
        assertTrue(again.getJMSRedelivered());
    }

    @Test
    void aTransactionSpanningConsumersCommitsEveryReceive() throws Exception
    {
        final Session transacted = open(Session.SESSION_TRANSACTED);
        send("one");
        send("two");
        assertEquals("one", text(receiveAndClose(transacted, queue)));
        final MessageConsumer open = transacted.createConsumer(queue);
        assertEquals("two", text(open.receive(5_000)));
        transacted.commit();
        open.close();
        send("after");
        assertEquals("after", text(next()));
    }
}
