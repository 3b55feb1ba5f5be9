package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.Connection;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

class ListenerThreadingTest extends JmsTestSupport
{
    @Test
    void listenersOfOneSessionNeverRunAtTheSameTime() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession();
        final Topic a = session.createTopic(uniqueTopic());
        final Topic b = session.createTopic(uniqueTopic());
        final AtomicInteger running = new AtomicInteger();
        final AtomicBoolean overlapped = new AtomicBoolean();
        final int perTopic = 2_000;
        final CountDownLatch done = new CountDownLatch(2 * perTopic);
        final MessageListener listener = message ->
        {
            if (running.incrementAndGet() > 1)
            {
                overlapped.set(true);
            }
            Thread.yield();
            running.decrementAndGet();
            done.countDown();
        };
        session.createConsumer(a).setMessageListener(listener);
        session.createConsumer(b).setMessageListener(listener);
        connection.start();

        final Thread[] publishers = new Thread[2];
        for (int t = 0; t < 2; t++)
        {
            final Topic topic = t == 0 ? a : b;
            publishers[t] = new Thread(() ->
            {
                try
                {
                    final Session producerSession = connection.createSession();
                    final MessageProducer producer = producerSession.createProducer(topic);
                    for (int i = 0; i < perTopic; i++)
                    {
                        producer.send(producerSession.createMessage());
                    }
                }
                catch (final Exception ex)
                {
                    throw new java.lang.IllegalStateException(ex);
                }
            });
            publishers[t].start();
        }
        for (final Thread publisher : publishers)
        {
            publisher.join();
        }
        assertTrue(done.await(30, TimeUnit.SECONDS), "remaining " + done.getCount());
        assertFalse(overlapped.get(), "two listeners of one session ran at once");
    }
}
