package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

/**
 * Competing consumers share a queue's work, whatever the prefetch: a consumer that arrives at a queue full of slow
 * work takes one message, not its whole prefetch, so that the consumers that arrive after it (as a listener
 * container starts them, one after another) each take a share and all work at once.
 */
class CompetingConsumersTest extends JmsTestSupport
{
    private static final String URI = "wirespeed:ipc?queuePrefetch=100";
    private static final int CONSUMERS = 4;
    private static final int MESSAGES = 120;
    private static final long WORK_MS = 50;

    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private final List<AtomicInteger> shares = new ArrayList<>();

    @Test
    void receiversThatJoinAFullQueueOneAfterAnotherAllWorkAtOnce() throws Exception
    {
        final Connection connection = connection(URI);
        connection.start();
        final Queue queue = fill(connection);
        for (int i = 0; i < CONSUMERS; i++)
        {
            // as Spring's DefaultMessageListenerContainer does: a session, a consumer and a receive loop per thread
            final MessageConsumer consumer = connection.createSession().createConsumer(queue);
            final AtomicInteger share = share();
            final Thread receiver = new Thread(() -> receiveAll(consumer, share), "receiver-" + i);
            receiver.setDaemon(true);
            receiver.start();
        }

        assertEveryConsumerWorked();
    }

    @Test
    void listenersThatJoinAFullQueueOneAfterAnotherAllWorkAtOnce() throws Exception
    {
        final Queue queue = fill(connection(URI));
        for (int i = 0; i < CONSUMERS; i++)
        {
            // a connection's listeners share its one delivery thread: a listener per connection runs in parallel
            final Connection connection = connection(URI);
            final AtomicInteger share = share();
            connection.createSession().createConsumer(queue).setMessageListener(message -> work(share));
            connection.start();
        }

        assertEveryConsumerWorked();
    }

    private Queue fill(final Connection connection) throws JMSException
    {
        final Session session = connection.createSession();
        final Queue queue = session.createQueue("competing." + uniqueTopic());
        final MessageProducer producer = session.createProducer(queue);
        for (int i = 0; i < MESSAGES; i++)
        {
            producer.send(session.createTextMessage("job " + i));
        }
        return queue;
    }

    private AtomicInteger share()
    {
        final AtomicInteger share = new AtomicInteger();
        shares.add(share);
        return share;
    }

    private void receiveAll(final MessageConsumer consumer, final AtomicInteger share)
    {
        try
        {
            while (done.get() < MESSAGES)
            {
                if (null != consumer.receive(100))
                {
                    work(share);
                }
            }
        }
        catch (final JMSException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private void work(final AtomicInteger share)
    {
        mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        share.incrementAndGet();
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(WORK_MS));
        inFlight.decrementAndGet();
        done.incrementAndGet();
    }

    private void assertEveryConsumerWorked()
    {
        Await.until("every message processed", Duration.ofSeconds(30), () -> done.get() == MESSAGES);
        assertTrue(shares.stream().allMatch(share -> share.get() > 0), "messages each consumer took: " + shares);
        assertTrue(mostInFlight.get() >= CONSUMERS, "at most " + mostInFlight.get() + " of " + CONSUMERS +
            " consumers worked at once; messages each took: " + shares);
    }
}
