package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import javax.jms.Connection;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.MessageConsumer;
import javax.jms.Queue;
import javax.jms.Session;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

/**
 * Queue messages go only to consumers that can take them: a consumer whose connection is not started
 * gets none (its connection's stop gives back what it held, in order; start lets it take again), and a
 * browser shows what consumers hold but have not handed to their application.
 */
class StoppedConnectionQueueTest extends JmsTestSupport
{
    private static String uniqueQueue()
    {
        return "test.stopped." + uniqueTopic();
    }

    @Test
    void aConsumerWhoseConnectionWasNeverStartedTakesNoQueueMessages() throws Exception
    {
        final Connection idle = connection();
        final Session idleSession = idle.createSession();
        final Queue queue = idleSession.createQueue(uniqueQueue());
        idleSession.createConsumer(queue);

        final Connection active = connection();
        active.start();
        final Session session = active.createSession();
        final MessageConsumer consumer = session.createConsumer(queue);
        sendTexts(session, queue, "m", 3);
        for (int i = 0; i < 3; i++)
        {
            assertEquals("m" + i, text(consumer.receive(5_000)));
        }
    }

    @Test
    void aBrowserSeesTheMessagesWhileOnlyAConsumerOfAStoppedConnectionIsThere() throws Exception
    {
        final Connection idle = connection();
        final Session session = idle.createSession();
        final Queue queue = session.createQueue(uniqueQueue());
        final MessageConsumer consumer = session.createConsumer(queue);
        sendTexts(session, queue, "m", 3);
        Await.until("a browser to see the three messages", () -> browse(session, queue).size() == 3);
        assertEquals(List.of("m0", "m1", "m2"), browse(session, queue));
        assertNull(consumer.receiveNoWait(), "a stopped connection delivers nothing");

        idle.start();
        for (int i = 0; i < 3; i++)
        {
            assertEquals("m" + i, text(consumer.receive(5_000)));
        }
    }

    @Test
    void aBrowserShowsMessagesAConsumerHoldsButHasNotDelivered() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue(uniqueQueue());
        final MessageConsumer consumer = session.createConsumer(queue);
        sendTexts(session, queue, "m", 3);
        Await.until("a browser to see the three prefetched messages", () -> browse(session, queue).size() == 3);
        assertEquals("m0", text(consumer.receive(5_000)));
        Await.until("the browser to show the two left", () -> browse(session, queue).equals(List.of("m1", "m2")));
    }

    @Test
    void stoppingAConnectionGivesBackWhatItsConsumersHeldInOrder() throws Exception
    {
        final Connection first = connection();
        first.start();
        final Session firstSession = first.createSession();
        final Queue queue = firstSession.createQueue(uniqueQueue());
        final MessageConsumer stopping = firstSession.createConsumer(queue);
        sendTexts(firstSession, queue, "m", 5);
        assertEquals("m0", text(stopping.receive(5_000)));
        first.stop();

        final Connection second = connection();
        second.start();
        final MessageConsumer other = second.createSession().createConsumer(queue);
        for (int i = 1; i < 5; i++)
        {
            assertEquals("m" + i, text(other.receive(5_000)));
        }
        other.close();

        sendTexts(firstSession, queue, "m", 2);
        assertNull(stopping.receiveNoWait(), "a stopped connection delivers nothing");
        first.start();
        assertEquals("m0", text(stopping.receive(5_000)));
        assertEquals("m1", text(stopping.receive(5_000)));
    }

    @Test
    void aContextThatIsNotStartedLeavesQueueMessagesToOneThatIs() throws Exception
    {
        final JmsConnectionFactory factory = new JmsConnectionFactory();
        try (JMSContext idle = factory.createContext(); JMSContext active = factory.createContext())
        {
            idle.setAutoStart(false);
            final Queue queue = idle.createQueue(uniqueQueue());
            idle.createConsumer(queue);
            final JMSConsumer consumer = active.createConsumer(queue);
            for (int i = 0; i < 3; i++)
            {
                active.createProducer().send(queue, "m" + i);
            }
            assertEquals("m0", consumer.receiveBody(String.class, 5_000));
            assertEquals("m1", text(consumer.receive(5_000)));
            assertEquals("m2", consumer.receiveBody(String.class, 5_000));
        }
    }
}
