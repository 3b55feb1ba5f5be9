package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.CompletionListener;
import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.IllegalStateException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

class SendOptionsTest extends JmsTestSupport
{
    @Test
    void completionListenersAreCalledOncePerMessageInSendOrderOnAnotherThread() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession();
        final Destination topic = session.createTopic(uniqueTopic());
        final MessageProducer producer = session.createProducer(topic);
        final List<String> completed = Collections.synchronizedList(new ArrayList<>());
        final List<Thread> threads = Collections.synchronizedList(new ArrayList<>());
        final int count = 200;
        final CountDownLatch done = new CountDownLatch(count);
        final CompletionListener listener = new CompletionListener()
        {
            @Override
            public void onCompletion(final Message message)
            {
                try
                {
                    completed.add(((TextMessage)message).getText());
                }
                catch (final Exception ex)
                {
                    throw new java.lang.IllegalStateException(ex);
                }
                threads.add(Thread.currentThread());
                done.countDown();
            }

            @Override
            public void onException(final Message message, final Exception exception)
            {
                completed.add("failed");
                done.countDown();
            }
        };
        for (int i = 0; i < count; i++)
        {
            producer.send(session.createTextMessage("m" + i), listener);
        }
        assertTrue(done.await(10, TimeUnit.SECONDS));
        final List<String> expected = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            expected.add("m" + i);
        }
        assertEquals(expected, completed);
        assertFalse(threads.contains(Thread.currentThread()), "a callback ran on the sending thread");
    }

    @Test
    void aCompletionListenerCannotCommitOrCloseItsOwnSessionAndCloseWaitsForCallbacks() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(Session.SESSION_TRANSACTED);
        final MessageProducer producer = session.createProducer(session.createTopic(uniqueTopic()));
        final AtomicReference<Exception> commitFailure = new AtomicReference<>();
        final AtomicReference<Exception> closeFailure = new AtomicReference<>();
        final CountDownLatch release = new CountDownLatch(1);
        producer.send(session.createTextMessage("x"), new CompletionListener()
        {
            @Override
            public void onCompletion(final Message message)
            {
                try
                {
                    session.commit();
                }
                catch (final Exception ex)
                {
                    commitFailure.set(ex);
                }
                try
                {
                    session.close();
                }
                catch (final Exception ex)
                {
                    closeFailure.set(ex);
                }
                try
                {
                    release.await(5, TimeUnit.SECONDS);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public void onException(final Message message, final Exception exception)
            {
            }
        });
        final Thread releaser = new Thread(() ->
        {
            Await.until("the callback to try closing", () -> closeFailure.get() != null);
            release.countDown();
        });
        releaser.start();
        session.close();
        assertNotNull(closeFailure.get(), "close returned before the callback did");
        assertTrue(commitFailure.get() instanceof IllegalStateException, String.valueOf(commitFailure.get()));
        assertTrue(closeFailure.get() instanceof IllegalStateException, String.valueOf(closeFailure.get()));
        releaser.join();
    }

    @Test
    void deliveryDelayIsNeverCutShortOnTopicsOrQueues() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        for (final Destination destination : List.of(session.createTopic(uniqueTopic()),
            session.createQueue("delay." + uniqueTopic())))
        {
            final MessageConsumer consumer = session.createConsumer(destination);
            final MessageProducer producer = session.createProducer(destination);
            producer.setDeliveryDelay(400);
            final TextMessage message = session.createTextMessage("later");
            producer.send(message);
            final long due = message.getJMSDeliveryTime();
            assertTrue(due >= message.getJMSTimestamp() + 400);
            final Message received = consumer.receive(5_000);
            assertNotNull(received, "never delivered on " + destination);
            assertTrue(System.currentTimeMillis() >= due, "delivered before its delivery time on " + destination);
            assertEquals(due, received.getJMSDeliveryTime());
        }
    }
}
