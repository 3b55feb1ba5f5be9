package io.wirespeed.spring.boot.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.jms.annotation.JmsListener;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.annotation.DirtiesContext;

/**
 * An application with the starter and properties only: {@code JmsTemplate} and {@code @JmsListener} on queues,
 * with Boot's {@code spring.jms.*} settings (transacted listener sessions, the template's receive timeout).
 */
@SpringBootTest(classes = QueueMessagingTest.Application.class, properties = {
    "spring.jms.listener.session.transacted=true",
    "spring.jms.template.receive-timeout=10s",
    "wirespeed.jms.queue-prefetch=1" })
@DirtiesContext
class QueueMessagingTest
{
    private static final long WAIT_SECONDS = 10;

    @Autowired
    JmsTemplate jmsTemplate;

    @Autowired
    QueueListeners listeners;

    @Test
    void jmsTemplateSendsToAQueueAndReceivesFromIt()
    {
        jmsTemplate.convertAndSend("starter.queue.template", "hello through the template");

        assertEquals("hello through the template", jmsTemplate.receiveAndConvert("starter.queue.template"));
    }

    @Test
    void aQueueListenerGetsEveryMessageInTheOrderSent() throws InterruptedException
    {
        final List<String> sent = new ArrayList<>();
        for (int i = 0; i < 20; i++)
        {
            sent.add("order-" + i);
            jmsTemplate.convertAndSend("starter.queue.orders", "order-" + i);
        }

        assertEquals(sent, take(listeners.orders, sent.size()));
    }

    @Test
    void aTransactedListenerThatThrowsGetsTheMessageAgainAfterItsSessionRolledBack() throws InterruptedException
    {
        jmsTemplate.convertAndSend("starter.queue.retried", "fails once");

        assertEquals(List.of("fails once, delivery 2"), take(listeners.retried, 1));
        assertEquals(1, listeners.failedFirstDeliveries.get());
    }

    @Test
    void aListenerWithConcurrencyThreeHasThreeConsumersAtWorkAtOnce() throws InterruptedException
    {
        final Set<String> sent = new HashSet<>();
        for (int i = 0; i < 9; i++)
        {
            sent.add("job-" + i);
            jmsTemplate.convertAndSend("starter.queue.work", "job-" + i);
        }

        assertEquals(sent, new HashSet<>(take(listeners.work, sent.size())));
        assertEquals(3, listeners.mostAtWorkAtOnce.get());
        assertTrue(listeners.work.isEmpty(), "a job was done twice");
    }

    private static List<String> take(final BlockingQueue<String> received, final int count)
        throws InterruptedException
    {
        final List<String> taken = new ArrayList<>();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (taken.size() < count)
        {
            final String next = received.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            assertNotNull(next, () -> "received only " + taken + " of " + count + " within " + WAIT_SECONDS + " s");
            taken.add(next);
        }
        return taken;
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(QueueListeners.class)
    static class Application
    {
    }

    /** The application's listeners; what they got, for the tests. */
    static class QueueListeners
    {
        final BlockingQueue<String> orders = new LinkedBlockingQueue<>();
        final BlockingQueue<String> retried = new LinkedBlockingQueue<>();
        final AtomicInteger failedFirstDeliveries = new AtomicInteger();
        final BlockingQueue<String> work = new LinkedBlockingQueue<>();
        final AtomicInteger mostAtWorkAtOnce = new AtomicInteger();
        private final AtomicInteger atWork = new AtomicInteger();
        private final Object workTogether = new Object();

        @JmsListener(destination = "starter.queue.orders")
        void onOrder(final String body)
        {
            orders.add(body);
        }

        @JmsListener(destination = "starter.queue.retried")
        void onRetried(final Message message) throws JMSException
        {
            if (!message.getJMSRedelivered())
            {
                failedFirstDeliveries.incrementAndGet();
                throw new IllegalStateException("the first delivery fails, so the session rolls back");
            }
            retried.add(((TextMessage)message).getText() + ", delivery " + message.getIntProperty("JMSXDeliveryCount"));
        }

        /** Holds each job until three are at work at once (or a deadline passes), so that concurrency shows. */
        @JmsListener(destination = "starter.queue.work", concurrency = "3")
        void onWork(final String body) throws InterruptedException
        {
            mostAtWorkAtOnce.accumulateAndGet(atWork.incrementAndGet(), Math::max);
            try
            {
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS / 2);
                synchronized (workTogether)
                {
                    workTogether.notifyAll();
                    while (mostAtWorkAtOnce.get() < 3 && deadline - System.nanoTime() > 0)
                    {
                        TimeUnit.NANOSECONDS.timedWait(workTogether, deadline - System.nanoTime());
                    }
                }
                work.add(body);
            }
            finally
            {
                atWork.decrementAndGet();
            }
        }
    }
}
