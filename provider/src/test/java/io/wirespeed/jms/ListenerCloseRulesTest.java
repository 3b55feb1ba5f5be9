package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.jms.CompletionListener;
import javax.jms.Connection;
import javax.jms.IllegalStateException;
import javax.jms.IllegalStateRuntimeException;
import javax.jms.JMSContext;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

/**
 * What a MessageListener or CompletionListener may do to the objects it runs under: it must not close its own
 * session or context (IllegalStateException / IllegalStateRuntimeException, and the session stays open), while
 * stopping a context from a CompletionListener, closing its own consumer, or closing another session are allowed.
 */
class ListenerCloseRulesTest extends JmsTestSupport
{
    @Test
    void aMessageListenerClosingItsOwnSessionGetsIllegalStateExceptionAndTheSessionStaysOpen() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final CompletableFuture<Throwable> closing = new CompletableFuture<>();
        session.createConsumer(topic).setMessageListener(message -> closing.complete(attempt(session::close)));
        connection.start();

        session.createProducer(topic).send(session.createTextMessage("close yourself"));

        assertInstanceOf(IllegalStateException.class, closing.get(10, TimeUnit.SECONDS));
        assertEquals("still open", session.createTextMessage("still open").getText());
    }

    @Test
    void aMessageListenerMayCloseAnotherSessionAndItsOwnConsumer() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession();
        final Session other = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final CompletableFuture<Throwable> closing = new CompletableFuture<>();
        final MessageConsumer consumer = session.createConsumer(topic);
        consumer.setMessageListener(message -> closing.complete(attempt(() ->
        {
            other.close();
            consumer.close();
        })));
        connection.start();

        session.createProducer(topic).send(session.createTextMessage("close others"));

        assertNull(closing.get(10, TimeUnit.SECONDS));
        assertThrowsIllegalState(other::createMessage);
    }

    @Test
    void aMessageListenerClosingItsOwnContextGetsIllegalStateRuntimeException() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Topic topic = context.createTopic(uniqueTopic());
            final CompletableFuture<Throwable> closing = new CompletableFuture<>();
            context.createConsumer(topic).setMessageListener(message -> closing.complete(attempt(context::close)));

            context.createProducer().send(topic, "close yourself");

            assertInstanceOf(IllegalStateRuntimeException.class, closing.get(10, TimeUnit.SECONDS));
            assertEquals("still open", context.createTextMessage("still open").getText());
        }
    }

    @Test
    void aCompletionListenerMayStopItsContextButNotCloseIt() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory("wirespeed:ipc").createContext())
        {
            final Topic topic = context.createTopic(uniqueTopic());
            final CompletableFuture<Throwable> stopping = new CompletableFuture<>();
            context.createProducer().setAsync(completion(() -> stopping.complete(attempt(context::stop))))
                .send(topic, "stop");
            assertNull(stopping.get(10, TimeUnit.SECONDS), "JMSContext.stop from a CompletionListener");

            final CompletableFuture<Throwable> closing = new CompletableFuture<>();
            context.createProducer().setAsync(completion(() -> closing.complete(attempt(context::close))))
                .send(topic, "close");
            assertInstanceOf(IllegalStateRuntimeException.class, closing.get(10, TimeUnit.SECONDS));
            assertEquals("still open", context.createTextMessage("still open").getText());
        }
    }

    @Test
    void aCompletionListenerMayStopItsConnectionAndCloseAnotherSession() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession();
        final Session other = connection.createSession();
        final MessageProducer producer = session.createProducer(session.createTopic(uniqueTopic()));
        final CompletableFuture<Throwable> acting = new CompletableFuture<>();

        producer.send(session.createMessage(), completion(() -> acting.complete(attempt(() ->
        {
            connection.stop();
            other.close();
        }))));

        assertNull(acting.get(10, TimeUnit.SECONDS));
        assertThrowsIllegalState(other::createMessage);
        final TextMessage stillOpen = session.createTextMessage("still open");
        assertTrue(stillOpen.getText().startsWith("still"));
    }

    private static Throwable attempt(final Action action)
    {
        try
        {
            action.run();
            return null;
        }
        catch (final Throwable ex)
        {
            return ex;
        }
    }

    private static void assertThrowsIllegalState(final Action action)
    {
        assertInstanceOf(IllegalStateException.class, attempt(action));
    }

    private static CompletionListener completion(final Runnable onCompletion)
    {
        return new CompletionListener()
        {
            @Override
            public void onCompletion(final Message message)
            {
                onCompletion.run();
            }

            @Override
            public void onException(final Message message, final Exception exception)
            {
                onCompletion.run();
            }
        };
    }

    @FunctionalInterface
    private interface Action
    {
        void run() throws Exception;
    }
}
