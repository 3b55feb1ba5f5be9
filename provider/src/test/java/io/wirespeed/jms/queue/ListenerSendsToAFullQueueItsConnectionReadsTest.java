package io.wirespeed.jms.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.aeron.driver.MediaDriver;
import io.wirespeed.host.FullPolicy;
import io.wirespeed.host.QueueHost;
import io.wirespeed.host.QueueLimits;
import io.wirespeed.host.QueueSelectors;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.transport.aeron.AeronTransport;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

/**
 * A MessageListener that sends to a queue at its limit (the block policy) which a listener of another session of the
 * same connection consumes: the send waits for room that only that listener's acknowledgements make, and the
 * connection's delivery thread, which runs both listeners, delivers to the other session while the send waits. Every
 * message arrives, in order, and no send fails.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class ListenerSendsToAFullQueueItsConnectionReadsTest
{
    private static final int LIMIT = 10;
    private static final int MESSAGES = 500;
    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static int counter;

    private String aeronDir;
    private MediaDriver driver;
    private AeronTransport transport;
    private QueueHost host;
    private Connection connection;

    @BeforeEach
    void start() throws JMSException
    {
        aeronDir = "/dev/shm/wirespeed-listener-full-queue-test-" + ProcessHandle.current().pid() + "-" + (++counter);
        driver = MediaDriverLauncher.launch(new AeronTransportContext().directory(aeronDir).deleteDirOnStart(true)
            .conclude());
        transport = AeronTransport.connect(new AeronTransportContext().embedded(false).directory(aeronDir).conclude());
        host = new QueueHost(transport, QueueSelectors::compile).queueLimits(new QueueLimits(LIMIT, 1 << 20,
            1 << 26, 100, TimeUnit.SECONDS.toNanos(60), FullPolicy.BLOCK, Map.of())).start();
        connection = new JmsConnectionFactory("wirespeed:ipc?driver=external&aeronDir=" + aeronDir +
            "&sendTimeout=2000&queuePrefetch=5").createConnection();
    }

    @AfterEach
    void stop() throws JMSException
    {
        if (connection != null)
        {
            connection.close();
        }
        if (host != null)
        {
            host.close();
        }
        transport.close();
        driver.close();
    }

    @Test
    void aListenerSendsMoreThanTheQueueHoldsToAQueueAnotherSessionOfItsConnectionConsumes() throws Exception
    {
        final List<Exception> failures = new CopyOnWriteArrayList<>();
        final Session service = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer toQueue = service.createProducer(service.createQueue("work.q"));
        final AtomicInteger sent = new AtomicInteger();
        service.createConsumer(service.createTopic("work.start")).setMessageListener((message) ->
        {
            try
            {
                for (int i = 0; i < MESSAGES; i++)
                {
                    toQueue.send(service.createTextMessage("m" + i));
                    sent.incrementAndGet();
                }
            }
            catch (final JMSException ex)
            {
                failures.add(ex);
            }
        });
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger outOfOrder = new AtomicInteger();
        final Session worker = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        worker.createConsumer(worker.createQueue("work.q")).setMessageListener((message) ->
        {
            try
            {
                if (!("m" + next.getAndIncrement()).equals(((TextMessage)message).getText()))
                {
                    outOfOrder.incrementAndGet();
                }
            }
            catch (final JMSException ex)
            {
                failures.add(ex);
            }
        });
        connection.start();

        final Session client = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer starter = client.createProducer(client.createTopic("work.start"));
        starter.send(client.createTextMessage("start"));

        Await.until("every message through the full queue, or a failure", DEADLINE,
            () -> next.get() >= MESSAGES || !failures.isEmpty());
        assertEquals(List.of(), failures, "the listener's sends failed after " + sent.get() + " messages");
        assertEquals(MESSAGES, next.get(), "messages received");
        assertEquals(0, outOfOrder.get(), "messages out of order");
    }
}
