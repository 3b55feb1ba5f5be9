package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.wirespeed.jms.config.ConnectionUri;
import io.wirespeed.jms.intake.TopicStream;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.metrics.WirespeedMetrics;
import io.wirespeed.test.Await;
import io.wirespeed.test.DriverDirectories;

/**
 * The slow-consumer policies, with a listener that sleeps 10 ms a message beside a fast one, each on a connection of
 * its own, and a publisher sending far more than the stream's window and the consumer's inbox hold: under
 * {@code hold} (the default) the slow consumer paces the publisher once its inbox and the stream's window are full;
 * under {@code drop} the publisher and the fast consumer go on at their pace, nothing lost for the fast one, and the
 * slow one is left behind, its connection's ExceptionListener told and the loss counted.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SlowConsumerPolicyTest extends JmsTestSupport
{
    private static final int MESSAGES = 10_000;
    private static final int SIZE = 1024;
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private final String aeronDir = DriverDirectories.unique("slow-consumers");
    private final String base = "wirespeed:ipc?aeronDir=" + aeronDir + "&termLength=65536";

    @AfterEach
    void deleteDriver()
    {
        DriverDirectories.delete(aeronDir);
    }

    @Test
    void underDropASlowListenerFallsBehindAloneAndItsConnectionHearsOfTheLoss() throws Exception
    {
        final String name = uniqueTopic();
        final List<JMSException> heard = new CopyOnWriteArrayList<>();
        final List<Integer> slowSeen = new CopyOnWriteArrayList<>();
        final Connection slow = connection(base + "&slowConsumers." + name + "=drop");
        slow.setExceptionListener(heard::add);
        listen(slow, name, (sequence) ->
        {
            slowSeen.add(sequence);
            sleep();
        });
        final AtomicInteger fastNext = new AtomicInteger();
        final AtomicInteger outOfOrder = new AtomicInteger();
        listen(connection(base), name, (sequence) ->
        {
            if (sequence != fastNext.getAndIncrement())
            {
                outOfOrder.incrementAndGet();
            }
        });

        publish(connection(base + "&slowConsumerTimeout=200"), name, MESSAGES, new AtomicInteger());

        Await.until("the fast consumer to receive every message", DEADLINE, () -> fastNext.get() == MESSAGES);
        assertEquals(0, outOfOrder.get(), "the fast consumer received out of order");
        Await.until("the slow consumer's connection to hear of its loss", DEADLINE, () -> !heard.isEmpty());
        final JMSException loss = heard.get(0);
        assertEquals(JmsConnection.SLOW_CONSUMER_LOSS, loss.getErrorCode(), loss.getMessage());
        assertTrue(loss.getMessage().contains("slowConsumers=hold"), loss.getMessage());
        assertTrue(metricsOf(slow).consumerLossBytes() > 0, "loss counted");
        assertTrue(WirespeedMetrics.consumerLossBytes() >= metricsOf(slow).consumerLossBytes());
        assertTrue(slowSeen.size() < MESSAGES, "the slow consumer cannot have received everything");
        for (int i = 1; i < slowSeen.size(); i++)
        {
            assertTrue(slowSeen.get(i) > slowSeen.get(i - 1), "the slow consumer's messages go forward: " + slowSeen);
        }
    }

    @Test
    void underDropAConsumerThatStopsReadingIsLeftBehindTheFastOnesAndLearnsWhatItLost() throws Exception
    {
        final String name = uniqueTopic();
        final List<JMSException> heard = new CopyOnWriteArrayList<>();
        final Connection idle = connection(base + "&slowConsumers=drop");
        idle.setExceptionListener(heard::add);
        final Session session = idle.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageConsumer consumer = session.createConsumer(session.createTopic(name));
        idle.start();
        final AtomicInteger fastSeen = new AtomicInteger();
        listen(connection(base), name, (sequence) -> fastSeen.incrementAndGet());

        publish(connection(base + "&slowConsumerTimeout=200"), name, MESSAGES, new AtomicInteger());

        final List<Integer> seen = new ArrayList<>();
        Await.until("the consumer to hear that it was left behind", DEADLINE, () ->
        {
            receiveInto(consumer, seen);
            return !heard.isEmpty();
        });
        assertEquals(JmsConnection.SLOW_CONSUMER_LOSS, heard.get(0).getErrorCode(), heard.get(0).getMessage());
        assertTrue(((JmsConnection)idle).metrics().consumerLossBytes() > 0, "loss counted");
        Await.until("the fast consumer to receive every message", DEADLINE, () -> fastSeen.get() == MESSAGES);
        assertTrue(seen.size() < MESSAGES, "received " + seen.size());
        for (int i = 1; i < seen.size(); i++)
        {
            assertTrue(seen.get(i) > seen.get(i - 1), "what arrives goes forward: " + seen);
        }
    }

    @Test
    void underHoldTheDefaultASlowListenerPacesThePublisher() throws Exception
    {
        final String name = uniqueTopic();
        final AtomicInteger slowSeen = new AtomicInteger();
        final Connection slow = connection(base);
        listen(slow, name, (sequence) ->
        {
            slowSeen.incrementAndGet();
            sleep();
        });
        final AtomicInteger published = new AtomicInteger();
        final Connection publisher = connection(base);
        final Thread sender = new Thread(() ->
        {
            try
            {
                publish(publisher, name, MESSAGES, published);
            }
            catch (final JMSException ex)
            {
                // the test closes the publisher's connection under it
            }
        }, "slow-consumer-test-publisher");
        sender.start();

        Await.until("the slow consumer to take 100 messages", DEADLINE, () -> slowSeen.get() >= 100);
        final int ahead = published.get() - slowSeen.get();
        final int held = (TopicStream.LAG_LIMIT + 65536) / SIZE + 200;
        assertTrue(ahead <= held, "the publisher ran " + ahead + " messages ahead of the slow consumer, more than " +
            "its inbox and the stream's window hold (" + held + ")");
        assertTrue(published.get() < MESSAGES, "the publisher finished at the slow consumer's pace?");
        slow.close();
        sender.join(DEADLINE.toMillis());
        assertEquals(MESSAGES, published.get(), "once the slow consumer left, the publisher went on");
    }

    @Test
    void theTopicPatternPicksThePolicyAndTheOptionIsChecked()
    {
        assertEquals("drop", ConnectionUri.parse(
            "wirespeed:ipc?slowConsumers=hold&slowConsumers.prices.>=drop").slowConsumerPolicy("prices.eu.x")
            .optionValue());
        assertEquals("hold", ConnectionUri.parse(
            "wirespeed:ipc?slowConsumers.prices.>=drop").slowConsumerPolicy("orders").optionValue());
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?slowConsumers=discard"));
        assertTrue(refused.getMessage().contains("slowConsumers"), refused.getMessage());
    }

    private interface SequenceListener
    {
        void onSequence(int sequence) throws Exception;
    }

    private static void listen(final Connection connection, final String name, final SequenceListener listener)
        throws JMSException
    {
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        session.createConsumer(session.createTopic(name)).setMessageListener((message) ->
        {
            try
            {
                listener.onSequence(((BytesMessage)message).readInt());
            }
            catch (final Exception ex)
            {
                throw new IllegalStateException(ex);
            }
        });
        connection.start();
    }

    private static void publish(
        final Connection connection, final String name, final int count, final AtomicInteger published)
        throws JMSException
    {
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(name);
        final MessageProducer producer = session.createProducer(topic);
        final byte[] padding = new byte[SIZE - Integer.BYTES];
        for (int i = 0; i < count; i++)
        {
            final BytesMessage message = session.createBytesMessage();
            message.writeInt(i);
            message.writeBytes(padding);
            producer.send(message);
            published.incrementAndGet();
        }
    }

    private static void receiveInto(final MessageConsumer consumer, final List<Integer> seen)
    {
        try
        {
            final Message message = consumer.receiveNoWait();
            if (message != null)
            {
                seen.add(((BytesMessage)message).readInt());
            }
        }
        catch (final JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static ConnectionMetrics metricsOf(final Connection connection)
    {
        return ((JmsConnection)connection).metrics();
    }

    /** The slow consumer's work: 10 ms a message, as issue 12's probe had it. */
    private static void sleep() throws InterruptedException
    {
        Thread.sleep(10);
    }
}
