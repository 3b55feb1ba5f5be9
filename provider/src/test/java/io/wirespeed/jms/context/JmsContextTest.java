package io.wirespeed.jms.context;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.CompletionListener;
import javax.jms.ExceptionListener;
import javax.jms.IllegalStateRuntimeException;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.JMSRuntimeException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.ObjectMessage;
import javax.jms.Queue;
import javax.jms.StreamMessage;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsContext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmsContextTest
{
    private final InMemoryConnection connection = new InMemoryConnection();

    private InMemorySession onlySession()
    {
        assertEquals(1, connection.sessions().size());
        return connection.sessions().get(0);
    }

    @Test
    void anInvalidSessionModeThrowsAndClosesTheConnectionTheContextWasGiven()
    {
        assertThrows(JMSRuntimeException.class, () -> new JmsContext(connection, 42));

        assertTrue(connection.isClosed());
    }

    @Test
    void createContextWithAnInvalidSessionModeThrows()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            assertThrows(JMSRuntimeException.class, () -> context.createContext(-7));
            assertFalse(connection.isClosed());
        }
    }

    @Test
    void createsItsSessionOnFirstUseWithItsSessionMode()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.CLIENT_ACKNOWLEDGE))
        {
            assertTrue(connection.sessions().isEmpty());

            context.createTextMessage("x");
            context.createQueue("q");

            assertEquals(JMSContext.CLIENT_ACKNOWLEDGE, onlySession().sessionMode());
            assertEquals(JMSContext.CLIENT_ACKNOWLEDGE, context.getSessionMode());
            assertFalse(context.getTransacted());
        }
    }

    @Test
    void createsEachKindOfMessageFromItsSession() throws Exception
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            assertEquals("t", context.createTextMessage("t").getText());
            assertNull(context.createTextMessage().getText());
            assertEquals(5, context.createObjectMessage(5).getObject());
            assertInstanceOf(ObjectMessage.class, context.createObjectMessage());
            assertInstanceOf(BytesMessage.class, context.createBytesMessage());
            assertInstanceOf(MapMessage.class, context.createMapMessage());
            assertInstanceOf(StreamMessage.class, context.createStreamMessage());
            assertInstanceOf(Message.class, context.createMessage());
        }
    }

    @Test
    void startsTheConnectionWhenAConsumerIsCreated()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            assertTrue(context.getAutoStart());
            context.createProducer();
            assertFalse(connection.isStarted());

            context.createConsumer(context.createQueue("q"));

            assertTrue(connection.isStarted());
        }
    }

    @Test
    void leavesTheConnectionStoppedWhenAutoStartIsOffUntilStartIsCalled()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            context.setAutoStart(false);
            final Queue queue = context.createQueue("q");
            final JMSConsumer consumer = context.createDurableConsumer(context.createTopic("t"), "sub");
            final JMSConsumer queueConsumer = context.createConsumer(queue);
            context.createProducer().send(queue, "waiting");

            assertFalse(context.getAutoStart());
            assertFalse(connection.isStarted());
            assertNull(queueConsumer.receiveNoWait());

            context.start();

            assertEquals("waiting", queueConsumer.receiveBodyNoWait(String.class));
            assertNull(consumer.receiveNoWait());
        }
    }

    @Test
    void stopHaltsDeliveryUntilStart()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            final Queue queue = context.createQueue("q");
            final JMSConsumer consumer = context.createConsumer(queue);
            context.stop();
            context.createProducer().send(queue, "held");

            assertNull(consumer.receiveNoWait());
            context.start();
            assertEquals("held", consumer.receiveBodyNoWait(String.class));
        }
    }

    @Test
    void everyMethodButCloseThrowsIllegalStateRuntimeExceptionOnceClosed()
    {
        final JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE);
        context.close();
        context.close();

        assertThrows(IllegalStateRuntimeException.class, context::createProducer);
        assertThrows(IllegalStateRuntimeException.class, () -> context.createTextMessage("x"));
        assertThrows(IllegalStateRuntimeException.class, () -> context.createQueue("q"));
        assertThrows(IllegalStateRuntimeException.class, () -> context.createContext(JMSContext.AUTO_ACKNOWLEDGE));
        assertThrows(IllegalStateRuntimeException.class, context::acknowledge);
        assertThrows(IllegalStateRuntimeException.class, context::getSessionMode);
        assertThrows(IllegalStateRuntimeException.class, context::getClientID);
        assertThrows(IllegalStateRuntimeException.class, context::start);
        assertThrows(IllegalStateRuntimeException.class, () -> context.setAutoStart(true));
        assertTrue(connection.isClosed());
    }

    @Test
    void closingTheOwningContextClosesItsSessionAndConnection()
    {
        final JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE);
        context.createConsumer(context.createQueue("q"));

        context.close();

        assertTrue(onlySession().isClosed());
        assertTrue(connection.isClosed());
        assertEquals(1, connection.closeCalls());
    }

    @Test
    void aContextCreatedFromAnotherSharesTheConnectionWithItsOwnSession()
    {
        try (JMSContext first = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE);
            JMSContext second = first.createContext(JMSContext.SESSION_TRANSACTED))
        {
            first.createMessage();
            second.createMessage();

            assertEquals(2, connection.sessions().size());
            assertNotSame(connection.sessions().get(0), connection.sessions().get(1));
            assertTrue(second.getTransacted());
        }
    }

    @Test
    void theSharedConnectionStaysOpenUntilTheLastContextUsingItCloses()
    {
        final JMSContext first = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE);
        final JMSContext second = first.createContext(JMSContext.AUTO_ACKNOWLEDGE);
        final JMSContext third = second.createContext(JMSContext.AUTO_ACKNOWLEDGE);

        first.close();
        third.close();
        third.close();
        assertFalse(connection.isClosed());
        final Queue queue = second.createQueue("q");
        second.createProducer().send(queue, "still open");

        second.close();

        assertTrue(connection.isClosed());
        assertEquals(1, connection.closeCalls());
    }

    @Test
    void closeFromItsOwnMessageListenerThrowsAndLeavesTheContextOpen()
    {
        final JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE);
        final Queue queue = context.createQueue("q");
        final List<RuntimeException> thrown = new CopyOnWriteArrayList<>();
        context.createConsumer(queue).setMessageListener(message -> thrown.add(attempt(context::close)));
        context.createConsumer(context.createQueue("stop")).setMessageListener(
            message -> thrown.add(attempt(context::stop)));

        context.createProducer().send(queue, "close yourself").send(context.createQueue("stop"), "stop");

        assertEquals(2, thrown.size());
        assertInstanceOf(IllegalStateRuntimeException.class, thrown.get(0));
        assertInstanceOf(IllegalStateRuntimeException.class, thrown.get(1));
        assertFalse(onlySession().isClosed());
        context.close();
        assertTrue(connection.isClosed());
    }

    @Test
    void closeOrCommitFromItsOwnCompletionListenerThrows() throws Exception
    {
        final JMSContext context = new JmsContext(connection, JMSContext.SESSION_TRANSACTED);
        final CompletableFuture<List<RuntimeException>> thrown = new CompletableFuture<>();
        final CompletionListener listener = new CompletionListener()
        {
            @Override
            public void onCompletion(final Message message)
            {
                thrown.complete(List.of(attempt(context::close), attempt(context::commit)));
            }

            @Override
            public void onException(final Message message, final Exception exception)
            {
                thrown.completeExceptionally(exception);
            }
        };

        context.createProducer().setAsync(listener).send(context.createQueue("q"), "x");

        final List<RuntimeException> failures = thrown.get(5, TimeUnit.SECONDS);
        assertInstanceOf(IllegalStateRuntimeException.class, failures.get(0));
        assertInstanceOf(IllegalStateRuntimeException.class, failures.get(1));
        context.close();
        assertTrue(connection.isClosed());
    }

    private static RuntimeException attempt(final Runnable action)
    {
        try
        {
            action.run();
            return null;
        }
        catch (final RuntimeException ex)
        {
            return ex;
        }
    }

    @Test
    void commitAndRollbackNeedATransactedContext()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            assertThrows(IllegalStateRuntimeException.class, context::commit);
            assertThrows(IllegalStateRuntimeException.class, context::rollback);
        }
    }

    @Test
    void commitRollbackAndRecoverReachTheSession()
    {
        try (JMSContext transacted = new JmsContext(connection, JMSContext.SESSION_TRANSACTED);
            JMSContext client = transacted.createContext(JMSContext.CLIENT_ACKNOWLEDGE))
        {
            transacted.commit();
            transacted.rollback();
            transacted.rollback();
            client.recover();

            assertEquals(1, connection.sessions().get(0).commits());
            assertEquals(2, connection.sessions().get(0).rollbacks());
            assertEquals(1, connection.sessions().get(1).recovers());
            assertThrows(IllegalStateRuntimeException.class, transacted::recover);
        }
    }

    @Test
    void acknowledgeAcknowledgesThroughTheLastMessageAnyConsumerOfTheContextReceived()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.CLIENT_ACKNOWLEDGE))
        {
            final Queue queue = context.createQueue("q");
            final Queue other = context.createQueue("other");
            final JMSConsumer consumer = context.createConsumer(queue);
            final JMSConsumer otherConsumer = context.createConsumer(other);
            context.createProducer().send(queue, "one").send(other, "two");
            final Message first = consumer.receiveNoWait();
            final Message last = otherConsumer.receiveNoWait();

            context.acknowledge();

            assertSame(last, onlySession().acknowledgedThrough());
            assertEquals(0, ((InMemoryMessage)first).acknowledgements());
            assertEquals(1, ((InMemoryMessage)last).acknowledgements());
        }
    }

    @Test
    void acknowledgeCoversMessagesDeliveredToAListener()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.CLIENT_ACKNOWLEDGE))
        {
            final Queue queue = context.createQueue("q");
            final List<Message> received = new CopyOnWriteArrayList<>();
            context.createConsumer(queue).setMessageListener(received::add);
            context.createProducer().send(queue, "one");

            context.acknowledge();

            assertSame(received.get(0), onlySession().acknowledgedThrough());
        }
    }

    @Test
    void acknowledgeDoesNothingOutsideClientAcknowledgeMode()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            final Queue queue = context.createQueue("q");
            final JMSConsumer consumer = context.createConsumer(queue);
            context.createProducer().send(queue, "one");
            final Message message = consumer.receiveNoWait();

            context.acknowledge();

            assertEquals(0, ((InMemoryMessage)message).acknowledgements());
            assertNull(onlySession().acknowledgedThrough());
        }
    }

    @Test
    void acknowledgeWithNothingReceivedDoesNothing()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.CLIENT_ACKNOWLEDGE))
        {
            context.acknowledge();

            assertTrue(connection.sessions().isEmpty());
        }
    }

    @Test
    void setsTheClientIdBeforeAnyOtherUseButNotAfter()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            context.setClientID("trader-1");
            assertEquals("trader-1", context.getClientID());

            context.createQueue("q");

            assertThrows(IllegalStateRuntimeException.class, () -> context.setClientID("trader-2"));
        }
    }

    @Test
    void setsTheExceptionListenerOnTheConnection()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            final ExceptionListener listener = ex -> { };

            context.setExceptionListener(listener);

            assertSame(listener, context.getExceptionListener());
        }
    }

    @Test
    void createsSharedAndDurableConsumersThatReceiveFromTheTopic() throws Exception
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            final Topic topic = context.createTopic("prices");
            final List<JMSConsumer> consumers = List.of(
                context.createSharedConsumer(topic, "shared"),
                context.createSharedConsumer(topic, "shared-selected", "a = 1"),
                context.createDurableConsumer(topic, "durable"),
                context.createDurableConsumer(topic, "durable-selected", "a = 1", true),
                context.createSharedDurableConsumer(topic, "shared-durable"),
                context.createSharedDurableConsumer(topic, "shared-durable-selected", "a = 1"),
                context.createConsumer(topic, null, false));

            context.createProducer().send(topic, "tick");

            for (final JMSConsumer consumer : consumers)
            {
                assertEquals("tick", ((TextMessage)consumer.receiveNoWait()).getText());
            }
        }
    }

    @Test
    void unsubscribeReachesTheSession()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            context.unsubscribe("durable");

            assertEquals(List.of("durable"), onlySession().unsubscribed());
        }
    }

    @Test
    void createsTemporaryDestinationsFromTheSession()
    {
        try (JMSContext context = new JmsContext(connection, JMSContext.AUTO_ACKNOWLEDGE))
        {
            assertNotSame(context.createTemporaryQueue(), context.createTemporaryQueue());
            assertInstanceOf(Topic.class, context.createTemporaryTopic());
        }
    }
}
