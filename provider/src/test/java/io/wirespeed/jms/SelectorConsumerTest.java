package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.InvalidSelectorException;
import javax.jms.InvalidSelectorRuntimeException;
import javax.jms.JMSContext;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.QueueConnection;
import javax.jms.QueueBrowser;
import javax.jms.QueueSession;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

class SelectorConsumerTest extends JmsTestSupport
{
    @Test
    void topicAndQueueConsumersReceiveOnlyWhatTheirSelectorSelects() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        for (final Destination destination : List.of(session.createTopic(uniqueTopic()),
            session.createQueue("selected." + uniqueTopic())))
        {
            final MessageConsumer large = session.createConsumer(destination, "size >= 100 AND venue LIKE 'X%'");
            final MessageConsumer urgent = session.createConsumer(destination, "JMSPriority > 6");
            final MessageProducer producer = session.createProducer(destination);
            send(session, producer, "small", 10, "XLON", 4);
            send(session, producer, "large", 500, "XPAR", 4);
            send(session, producer, "large-elsewhere", 500, "BATS", 4);
            send(session, producer, "urgent", 1, "BATS", 9);
            send(session, producer, "end of large", 500, "XLON", 4);
            send(session, producer, "end of urgent", 1, "BATS", 9);
            assertNextText(large, "large", "the one large message from X...");
            assertNextText(large, "end of large", "nothing else selected, on " + destination);
            assertNextText(urgent, "urgent", "the one urgent message");
            assertNextText(urgent, "end of urgent", "nothing else selected, on " + destination);
            large.close();
            urgent.close();
        }
    }

    private static void send(
        final Session session, final MessageProducer producer, final String text, final int size, final String venue,
        final int priority) throws Exception
    {
        final TextMessage message = session.createTextMessage(text);
        message.setIntProperty("size", size);
        message.setStringProperty("venue", venue);
        producer.send(message, javax.jms.DeliveryMode.NON_PERSISTENT, priority, 0);
    }

    @Test
    void aBrowserWithASelectorShowsOnlyMatchingMessages() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue("browsed." + uniqueTopic());
        final MessageProducer producer = session.createProducer(queue);
        send(session, producer, "a", 1, "XLON", 4);
        send(session, producer, "b", 2, "XPAR", 4);
        send(session, producer, "c", 3, "XLON", 4);
        final List<String> seen = new ArrayList<>();
        Await.until("the browser to show the two XLON messages", () ->
        {
            seen.clear();
            try
            {
                final QueueBrowser browser = session.createBrowser(queue, "venue = 'XLON'");
                for (final Object message : Collections.list(browser.getEnumeration()))
                {
                    seen.add(((TextMessage)message).getText());
                }
            }
            catch (final Exception ex)
            {
                throw new java.lang.IllegalStateException(ex);
            }
            return seen.size() == 2;
        });
        assertEquals(List.of("a", "c"), seen);
    }

    @Test
    void anInvalidSelectorFailsWithInvalidSelectorExceptionNamingThePosition() throws Exception
    {
        final Session session = connection().createSession();
        final InvalidSelectorException onTopic = assertThrows(InvalidSelectorException.class,
            () -> session.createConsumer(session.createTopic(uniqueTopic()), "price >< 3"));
        assertTrue(onTopic.getMessage().contains("position 7"), onTopic.getMessage());
        assertThrows(InvalidSelectorException.class,
            () -> session.createConsumer(session.createQueue("q." + uniqueTopic()), "a LIKE"));
        assertThrows(InvalidSelectorException.class,
            () -> session.createBrowser(session.createQueue("q." + uniqueTopic()), "NOT"));
    }

    @Test
    void aSelectorComparingABooleanLiteralWithANumberIsRefusedWhereverAConsumerIsCreated() throws Exception
    {
        final Connection connection = connection();
        final QueueSession queueSession =
            ((QueueConnection)connection).createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
        final Session session = connection.createSession();
        for (final String selector : List.of("TRUE = 0", "FALSE = 0"))
        {
            assertThrows(InvalidSelectorException.class,
                () -> session.createConsumer(session.createTopic(uniqueTopic()), selector), selector);
            assertThrows(InvalidSelectorException.class,
                () -> queueSession.createReceiver(queueSession.createQueue("q." + uniqueTopic()), selector), selector);
            try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
            {
                assertThrows(InvalidSelectorRuntimeException.class,
                    () -> context.createConsumer(context.createQueue("q." + uniqueTopic()), selector), selector);
            }
        }
    }
}
