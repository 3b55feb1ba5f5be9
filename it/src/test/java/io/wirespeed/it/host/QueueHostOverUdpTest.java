package io.wirespeed.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
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
import io.wirespeed.test.SlowTest;

/**
 * The queue host of a driver process reached over UDP: the driver serves its host on
 * {@code wirespeed.host.endpoint=127.0.0.1:<port>}, and clients in this JVM, with an embedded media driver of their
 * own (another directory, nothing shared with the driver process but the network), name it with
 * {@code host=127.0.0.1:<port>}. What they send reaches the driver process's host, which clients of that driver over
 * IPC see, and the other way round.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class QueueHostOverUdpTest
{
    private static final long RECEIVE_MS = 20_000;

    @RegisterExtension
    final ChildJvms processes = new ChildJvms();

    @Test
    void queueMessagesSentOverUdpReachTheDriverProcessesHostAndComeBackOverUdp() throws Exception
    {
        final HostOverUdp host = HostOverUdp.start(processes, Map.of());
        final String queueName = "it.host.udp." + UUID.randomUUID();
        try (Connection remote = new JmsConnectionFactory(host.clientUri()).createConnection();
            Connection local = new JmsConnectionFactory(host.driver().ipcUri()).createConnection())
        {
            final Session remoteSession = remote.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = remoteSession.createQueue(queueName);
            final MessageProducer producer = remoteSession.createProducer(queue);
            producer.send(remoteSession.createTextMessage("non-persistent"), DeliveryMode.NON_PERSISTENT, 4, 0);
            producer.send(remoteSession.createTextMessage("persistent"), DeliveryMode.PERSISTENT, 4, 0);

            // a client of the driver process over IPC receives them: they reached its host
            final Session localSession = local.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer localConsumer = localSession.createConsumer(localSession.createQueue(queueName));
            local.start();
            assertText("non-persistent", DeliveryMode.NON_PERSISTENT, localConsumer.receive(RECEIVE_MS));
            assertText("persistent", DeliveryMode.PERSISTENT, localConsumer.receive(RECEIVE_MS));
            localConsumer.close();

            // and what it sends there, a client over UDP receives
            final MessageProducer localProducer = localSession.createProducer(localSession.createQueue(queueName));
            localProducer.send(localSession.createTextMessage("back"), DeliveryMode.PERSISTENT, 4, 0);
            final MessageConsumer remoteConsumer = remoteSession.createConsumer(queue);
            remote.start();
            assertText("back", DeliveryMode.PERSISTENT, remoteConsumer.receive(RECEIVE_MS));
        }
    }

    @Test
    void twoClientsOverUdpShareAQueueEachMessageReceivedOnce() throws Exception
    {
        final HostOverUdp host = HostOverUdp.start(processes, Map.of());
        final String queueName = "it.host.udp.shared." + UUID.randomUUID();
        final int messages = 200;
        try (Connection producerConnection = new JmsConnectionFactory(host.clientUri()).createConnection();
            Connection consumerConnection = new JmsConnectionFactory(host.clientUri()).createConnection())
        {
            final Session producerSession = producerConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = producerSession.createProducer(producerSession.createQueue(queueName));
            for (int i = 0; i < messages; i++)
            {
                producer.send(producerSession.createTextMessage(Integer.toString(i)),
                    i % 2 == 0 ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT, 4, 0);
            }
            final Session consumerSession = consumerConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer consumer = consumerSession.createConsumer(consumerSession.createQueue(queueName));
            consumerConnection.start();
            for (int i = 0; i < messages; i++)
            {
                final Message message = consumer.receive(RECEIVE_MS);
                assertNotNull(message, "message " + i + " of " + messages);
                assertEquals(Integer.toString(i), ((TextMessage)message).getText());
            }
            assertEquals(null, consumer.receive(200), "nothing more");
        }
    }

    static void assertText(final String expected, final int deliveryMode, final Message message) throws JMSException
    {
        assertNotNull(message, "no message '" + expected + "' within " + RECEIVE_MS + " ms");
        assertTrue(message instanceof TextMessage, message.toString());
        assertEquals(expected, ((TextMessage)message).getText());
        assertEquals(deliveryMode, message.getJMSDeliveryMode());
    }
}
