package io.wirespeed.spring.boot.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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
 * {@code JmsTemplate} and {@code @JmsListener} on topics, chosen as Boot chooses them:
 * {@code spring.jms.pub-sub-domain}. A topic keeps nothing for subscribers that are not there yet (topic
 * semantics), so each test publishes until the subscriber shows it is listening, and only then what it checks.
 */
@SpringBootTest(classes = TopicMessagingTest.Application.class, properties = {
    "spring.jms.pub-sub-domain=true",
    "spring.jms.template.receive-timeout=10s" })
@DirtiesContext
class TopicMessagingTest
{
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    @Autowired
    JmsTemplate jmsTemplate;

    @Autowired
    TopicListener listener;

    @Test
    void aTopicListenerGetsWhatIsPublishedOnceItListensInTheOrderPublished() throws InterruptedException
    {
        final long deadline = System.nanoTime() + WAIT_NANOS;
        String heard;
        do
        {
            assertTrue(deadline - System.nanoTime() > 0, "the listener heard no hello within 10 s");
            jmsTemplate.convertAndSend("starter.topic.prices", "hello");
            heard = listener.prices.poll(100, TimeUnit.MILLISECONDS);
        }
        while (heard == null);

        final List<String> published = new ArrayList<>();
        for (int i = 0; i < 50; i++)
        {
            published.add("EURUSD 1.08" + i);
            jmsTemplate.convertAndSend("starter.topic.prices", "EURUSD 1.08" + i);
        }
        final List<String> received = new ArrayList<>();
        while (received.size() < published.size())
        {
            final String next = listener.prices.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            assertTrue(next != null, () -> "received only " + received + " within 10 s");
            if (!next.equals("hello"))
            {
                received.add(next);
            }
        }
        assertEquals(published, received);
    }

    @Test
    void jmsTemplateReceivesFromATopicWhatIsPublishedWhileItWaits() throws Exception
    {
        final CompletableFuture<Object> received =
            CompletableFuture.supplyAsync(() -> jmsTemplate.receiveAndConvert("starter.topic.ticks"));
        final long deadline = System.nanoTime() + WAIT_NANOS;
        while (!received.isDone())
        {
            assertTrue(deadline - System.nanoTime() > 0, "the template received no tick within 10 s");
            jmsTemplate.convertAndSend("starter.topic.ticks", "tick");
            try
            {
                received.get(100, TimeUnit.MILLISECONDS);
            }
            catch (final TimeoutException notYet)
            {
                // the template's consumer may not exist yet: publish again
            }
        }
        assertEquals("tick", received.get());
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(TopicListener.class)
    static class Application
    {
    }

    /** The application's topic subscriber. */
    static class TopicListener
    {
        final BlockingQueue<String> prices = new LinkedBlockingQueue<>();

        @JmsListener(destination = "starter.topic.prices")
        void onPrice(final String body)
        {
            prices.add(body);
        }
    }
}
