package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.wirespeed.test.Await;

/**
 * In AUTO_ACKNOWLEDGE and DUPS_OK_ACKNOWLEDGE a listener's message is acknowledged as the listener returns, and
 * only until then can a recover, or the listener's failure, deliver it again: the session keeps the delivery for
 * the listener's call alone, from the envelope in the consumer's inbox, with the messages after it waiting in the
 * same inbox. The message comes back as it arrived however the listener rewrote the object it was given, marked
 * redelivered with its delivery count one higher, before the messages after it; nothing stays recorded once the
 * listener has returned.
 */
class AutoAcknowledgeRecoverTest extends JmsTestSupport
{
    @ParameterizedTest(name = "mode {0}, queue {1}")
    @CsvSource({"1, false", "3, false", "1, true", "3, true"})
    void aRecoveredOrFailedListenerDeliveryComesBackAsItArrivedBeforeTheMessagesAfterIt(
        final int mode, final boolean queue) throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(mode);
        final Destination destination = queue ?
            session.createQueue("test.queue." + uniqueTopic()) : session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(destination);
        final List<String> seen = new CopyOnWriteArrayList<>();
        consumer.setMessageListener(message ->
        {
            try
            {
                final TextMessage text = (TextMessage)message;
                final String body = text.getText();
                seen.add(body + " " + text.getJMSRedelivered() + " " + text.getIntProperty("JMSXDeliveryCount") +
                    " " + text.getStringProperty("p"));
                final boolean firstTime = !text.getJMSRedelivered();
                text.clearBody();
                text.setText("rewritten");
                text.clearProperties();
                text.setStringProperty("p", "rewritten");
                if (firstTime && "b".equals(body))
                {
                    session.recover();
                }
                if (firstTime && "c".equals(body))
                {
                    throw new IllegalStateException("listener failure on purpose");
                }
            }
            catch (final JMSException ex)
            {
                seen.add(ex.toString());
            }
        });
        connection.setExceptionListener(ex -> { });
        connection.start();

        final Session sending = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = sending.createProducer(destination);
        for (final String body : new String[]{"a", "b", "c", "d"})
        {
            final TextMessage message = sending.createTextMessage(body);
            message.setStringProperty("p", body);
            producer.send(message);
        }

        Await.until("six deliveries", () -> seen.size() >= 6);
        final List<String> sorted = new ArrayList<>(seen);
        Collections.sort(sorted);
        assertEquals(List.of("a false 1 a", "b false 1 b", "b true 2 b", "c false 1 c", "c true 2 c", "d false 1 d"),
            sorted, "in order of delivery: " + seen);
        assertTrue(seen.indexOf("b true 2 b") > seen.indexOf("b false 1 b"), seen.toString());
        assertTrue(seen.indexOf("c true 2 c") > seen.indexOf("c false 1 c"), seen.toString());
        Await.until("the last delivery acknowledged", () -> !((JmsSession)session).deliveries().holds(
            (JmsMessageConsumer)consumer));
        session.recover();
        Await.during("nothing more comes", Duration.ofMillis(300), () -> seen.size() == 6);
        assertFalse(((JmsSession)session).deliveries().holds((JmsMessageConsumer)consumer));
    }

    @Test
    void aQueueMessageWhoseListenerOutlivesItsClosingSessionGoesBackToTheQueueMarkedRedelivered() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        final Queue queue = session.createQueue("test.queue." + uniqueTopic());
        final CountDownLatch inListener = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        session.createConsumer(queue).setMessageListener(message ->
        {
            inListener.countDown();
            try
            {
                release.await(10, TimeUnit.SECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        });
        connection.start();
        final Session other = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        other.createProducer(queue).send(other.createTextMessage("held"));
        assertTrue(inListener.await(10, TimeUnit.SECONDS), "the listener got the message");

        final CompletableFuture<Void> closed = CompletableFuture.runAsync(() ->
        {
            try
            {
                session.close();
            }
            catch (final JMSException ex)
            {
                throw new CompletionException(ex);
            }
        });
        Await.until("the session is closing", () -> ((JmsSession)session).isClosed());
        release.countDown();
        closed.get(10, TimeUnit.SECONDS);

        final Message back = other.createConsumer(queue).receive(10_000);
        assertEquals("held", ((TextMessage)back).getText());
        assertTrue(back.getJMSRedelivered(), "the message the closed session never acknowledged is redelivered");
    }
}
