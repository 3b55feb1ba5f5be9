package io.wirespeed.it.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Collections;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.MediaDriverProcess;
import io.wirespeed.test.SlowTest;

/**
 * Queue consumers of this JVM on a queue hosted by the external driver process, where a message
 * reaches the consumer's prefetch buffer but the consumer does not hand it to the application.
 * <p>
 * Both tests fail on the provider as it is, and are disabled until it is fixed (so the build stays
 * green): {@code JmsMessageConsumer.accept} applies the topic filters (noLocal) and its expiry check to
 * queue deliveries as well, and a queue delivery it drops is neither acknowledged to the host (which
 * keeps it in flight for this consumer until the consumer closes) nor counted for credit (so each one
 * takes one message of the consumer's prefetch for good).
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class QueueConsumerEdgeCasesTest
{
    private static final long RECEIVE_MS = 5_000;

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    /**
     * JMS 2.0, {@code Session.createConsumer(Destination, String, boolean)}: noLocal means "if true,
     * and the destination is a topic, ...". On a queue it changes nothing: a queue consumer created
     * with noLocal=true receives a message its own connection sent.
     */
    @Test
    void noLocalDoesNotApplyToQueues() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes);
        try (Connection connection = new JmsConnectionFactory(driver.ipcUri()).createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = session.createQueue("it.queue.nolocal." + UUID.randomUUID());
            final MessageConsumer consumer = session.createConsumer(queue, null, true);
            connection.start();
            session.createProducer(queue).send(session.createTextMessage("from my own connection"));

            final Message message = consumer.receive(RECEIVE_MS);
            assertNotNull(message, "a queue consumer with noLocal=true did not receive its connection's message");
            assertEquals("from my own connection", ((TextMessage)message).getText());
        }
        driver.stopCleanly();
    }

    /**
     * Messages that expire in a consumer's prefetch buffer are not delivered, and do not use up its
     * credit: with queuePrefetch=2, two messages expire before the application asks, and a third,
     * fresh one is still delivered.
     */
    @Test
    void messagesThatExpireInTheConsumersPrefetchBufferDoNotStarveIt() throws Exception
    {
        final MediaDriverProcess driver = MediaDriverProcess.start(processes);
        try (Connection consuming = new JmsConnectionFactory(driver.ipcUri() + "&queuePrefetch=2").createConnection();
            Connection producing = new JmsConnectionFactory(driver.ipcUri()).createConnection())
        {
            final Session consumerSession = consuming.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = consumerSession.createQueue("it.queue.expiry." + UUID.randomUUID());
            final MessageConsumer consumer = consumerSession.createConsumer(queue);
            // Started, the consumer has credit: the host sends the messages ahead to it as they arrive, and
            // the application does not ask for them before they expire. (A stopped connection's consumer
            // is sent nothing.)
            consuming.start();

            final Session producerSession = producing.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = producerSession.createProducer(queue);
            long expiration = 0;
            for (int i = 0; i < 2; i++)
            {
                final TextMessage shortLived = producerSession.createTextMessage("short-lived " + i);
                producer.send(shortLived, DeliveryMode.NON_PERSISTENT, 4, 500);
                expiration = Math.max(expiration, shortLived.getJMSExpiration());
            }

            // A browser shows them (waiting, or in flight to the consumer) until they expire.
            final long deadline = System.currentTimeMillis() + RECEIVE_MS;
            while (Collections.list(producerSession.createBrowser(queue).getEnumeration()).size() < 2)
            {
                if (System.currentTimeMillis() > deadline)
                {
                    fail("the host did not take the short-lived messages");
                }
                Thread.onSpinWait();
            }
            assertTrue(
                System.currentTimeMillis() < expiration, "the short-lived messages expired too early for the test");
            while (System.currentTimeMillis() <= expiration)
            {
                LockSupport.parkUntil(expiration + 1);
            }

            producer.send(producerSession.createTextMessage("fresh"));
            final Message message = consumer.receive(RECEIVE_MS);
            assertNotNull(message, "two expired messages in a prefetch of 2 starved the consumer");
            assertEquals("fresh", ((TextMessage)message).getText());
        }
        driver.stopCleanly();
    }
}
