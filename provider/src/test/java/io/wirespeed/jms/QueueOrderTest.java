package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;

import javax.jms.Connection;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;

import org.junit.jupiter.api.Test;

/**
 * Queue order when consumers come and go: what a closing consumer held goes back to the queue in the
 * order the queue had it, ahead of later messages, whether the application saw it or not.
 */
class QueueOrderTest extends JmsTestSupport
{
    private static String uniqueQueue()
    {
        return "test.order." + uniqueTopic();
    }

    @Test
    void messagesReceivedByAConsumerPerReceiveArriveInTheOrderTheyWereSent() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue(uniqueQueue());
        sendTexts(session, queue, "o", 10);

        final List<String> received = new ArrayList<>();
        for (int i = 0; i < 10; i++)
        {
            final MessageConsumer consumer = session.createConsumer(queue);
            received.add(text(consumer.receive(5_000)));
            consumer.close();
        }
        assertEquals(List.of("o0", "o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8", "o9"), received);
    }

    @Test
    void unacknowledgedAndUnseenMessagesOfAClosedSessionGoBackInTheirOriginalOrder() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session clientAck = connection.createSession(Session.CLIENT_ACKNOWLEDGE);
        final Queue queue = clientAck.createQueue(uniqueQueue());
        final Session sending = connection.createSession();
        sendTexts(sending, queue, "o", 10);
        final MessageConsumer first = clientAck.createConsumer(queue);
        assertEquals("o0", text(first.receive(5_000)));
        assertEquals("o1", text(first.receive(5_000)));
        first.close();
        clientAck.close();

        final MessageConsumer second = connection.createSession().createConsumer(queue);
        final List<String> received = new ArrayList<>();
        for (int i = 0; i < 10; i++)
        {
            final Message message = second.receive(5_000);
            received.add(text(message));
            assertEquals(i < 2, message.getJMSRedelivered(), "redelivered flag of " + text(message));
        }
        assertEquals(List.of("o0", "o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8", "o9"), received);
    }

    @Test
    void returnedMessagesGoAheadOfMessagesSentAfterThem() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue(uniqueQueue());
        sendTexts(session, queue, "o", 5);
        final MessageConsumer first = session.createConsumer(queue);
        assertEquals("o0", text(first.receive(5_000)));
        first.close();
        final MessageProducer producer = session.createProducer(queue);
        producer.send(session.createTextMessage("later"));

        final MessageConsumer second = session.createConsumer(queue);
        final List<String> received = new ArrayList<>();
        for (int i = 0; i < 5; i++)
        {
            final Message message = second.receive(5_000);
            received.add(text(message));
            assertFalse(message.getJMSRedelivered(), "never seen by the application: " + text(message));
        }
        assertEquals(List.of("o1", "o2", "o3", "o4", "later"), received);
    }
}
