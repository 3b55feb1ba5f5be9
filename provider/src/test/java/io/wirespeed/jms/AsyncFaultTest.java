package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.aeron.driver.MediaDriver;
import io.wirespeed.test.Await;
import io.wirespeed.transport.aeron.AeronTransportContext;
import io.wirespeed.transport.aeron.MediaDriverLauncher;

class AsyncFaultTest extends JmsTestSupport
{
    @Test
    void theExceptionListenerHearsThatTheMediaDriverIsGone() throws Exception
    {
        final Path dir = Files.createTempDirectory(Path.of("/dev/shm"), "wirespeed-fault-");
        final MediaDriver driver = MediaDriverLauncher.launch(
            new AeronTransportContext().directory(dir.toString()).deleteDirOnStart(true).conclude());
        final AtomicReference<JMSException> fault = new AtomicReference<>();
        final CountDownLatch heard = new CountDownLatch(1);
        final Connection connection;
        try
        {
            connection = connection("wirespeed:ipc?driver=external&aeronDir=" + dir + "&driverTimeout=1000");
            connection.setExceptionListener(ex ->
            {
                fault.compareAndSet(null, ex);
                heard.countDown();
            });
            connection.createSession().createConsumer(new io.wirespeed.jms.destination.JmsTopic(uniqueTopic()));
        }
        finally
        {
            driver.close();
        }
        assertTrue(heard.await(20, TimeUnit.SECONDS), "no fault reported");
        assertTrue(fault.get().getMessage().contains("media driver"), fault.get().getMessage());
    }

    @Test
    void theExceptionListenerHearsOnceWhenEverySubscriberOfAPublishedTopicHasGone() throws Exception
    {
        final Connection connection = connection("wirespeed:ipc?connectWait=50");
        final AtomicReference<JMSException> fault = new AtomicReference<>();
        connection.setExceptionListener(fault::set);
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        producer.send(session.createTextMessage("seen"));
        assertTrue(consumer.receive(5_000) != null);
        consumer.close();
        Await.until("the lost-subscribers notice", () ->
        {
            try
            {
                producer.send(session.createTextMessage("unseen"));
            }
            catch (final JMSException ex)
            {
                throw new java.lang.IllegalStateException(ex);
            }
            return fault.get() != null;
        });
        assertTrue(fault.get().getMessage().contains("every subscriber"), fault.get().getMessage());
    }
}
