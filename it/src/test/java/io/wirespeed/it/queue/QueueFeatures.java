package io.wirespeed.it.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.QueueBrowser;
import javax.jms.QueueConnection;
import javax.jms.QueueRequestor;
import javax.jms.QueueSession;
import javax.jms.Session;
import javax.jms.TemporaryQueue;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.Api;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.FreePorts;

/**
 * What a queue host does for clients that reach it only over the network ({@code host=}): request/reply through
 * temporary queues and {@link QueueRequestor} with a responder in another process, browsing, a shared subscription
 * split between two connections, and a durable subscription that receives what another process published while it
 * was away. Every client has an embedded media driver of its own. The same scenarios run against the single host over
 * UDP ({@code io.wirespeed.it.host.QueueFeaturesOverUdpTest}) and against a three-member cluster
 * ({@code io.wirespeed.it.cluster.QueueFeaturesOnAClusterTest}): a subclass starts the host.
 */
public abstract class QueueFeatures
{
    /** How long a child JVM may take to get going. */
    protected static final Duration STARTUP = Duration.ofSeconds(60);
    private static final long RECEIVE_MS = 20_000;
    private static final String DURABLE_CLIENT = "io.wirespeed.it.durable.DurableClientMain";

    /** The test's child JVMs. */
    @RegisterExtension
    protected final ChildJvms processes = new ChildJvms();

    /** A queue host under test, as its clients name it. */
    public interface Host
    {
        /** @return a client's URI: an embedded media driver of its own, topics on IPC. */
        String clientUri();

        /**
         * @param topicEndpoint the topics' {@code ADDRESS:PORT}.
         * @return a client's URI whose topics travel over UDP to that endpoint.
         */
        String clientUri(String topicEndpoint);
    }

    /**
     * Starts the host for one scenario.
     *
     * @param durable whether the scenario needs a durable subscription kept (the single host's archive).
     * @return the running host.
     * @throws Exception if it does not start.
     */
    protected abstract Host startHost(boolean durable) throws Exception;

    @Test
    void aResponderInAnotherProcessAnswersRequestsOnTemporaryQueuesAndThroughQueueRequestor() throws Exception
    {
        final Host host = startHost(false);
        final String requestQueue = "it.host.udp.requests." + UUID.randomUUID();
        final ChildJvm responder = processes.start("responder",
            Api.JAVAX.command("io.wirespeed.it.queue.ResponderMain").args(host.clientUri(), requestQueue));
        responder.awaitLine("READY", STARTUP);

        try (QueueConnection connection = new JmsConnectionFactory(host.clientUri()).createQueueConnection())
        {
            final QueueSession session = connection.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue requests = session.createQueue(requestQueue);
            final TemporaryQueue replyQueue = session.createTemporaryQueue();
            final MessageConsumer replies = session.createConsumer(replyQueue);
            final MessageProducer producer = session.createProducer(requests);
            connection.start();

            final TextMessage request = session.createTextMessage("first");
            request.setJMSReplyTo(replyQueue);
            producer.send(request);
            final Message reply = replies.receive(RECEIVE_MS);
            assertNotNull(reply, "no reply on the temporary queue");
            assertEquals("reply to first", ((TextMessage)reply).getText());
            assertEquals(request.getJMSMessageID(), reply.getJMSCorrelationID());

            final QueueRequestor requestor = new QueueRequestor(session, requests);
            for (int i = 0; i < 5; i++)
            {
                final Message answer = requestor.request(session.createTextMessage("request " + i));
                assertEquals("reply to request " + i, ((TextMessage)answer).getText());
            }

            final Message stop = session.createMessage();
            stop.setBooleanProperty("stop", true);
            producer.send(stop);
        }
        assertEquals("ANSWERED 6", responder.awaitLine("ANSWERED ", STARTUP));
        assertEquals(0, responder.awaitExit(STARTUP), "responder exit status" + processes.outputs());
    }

    @Test
    void aBrowserOverUdpSeesTheQueuesMessagesInOrderAndLeavesThemThere() throws Exception
    {
        final Host host = startHost(false);
        final String queueName = "it.host.udp.browse." + UUID.randomUUID();
        try (Connection connection = new JmsConnectionFactory(host.clientUri()).createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = session.createQueue(queueName);
            final MessageProducer producer = session.createProducer(queue);
            for (int i = 0; i < 3; i++)
            {
                producer.send(session.createTextMessage("m" + i));
            }
            // queue messages travel on another stream than the browse: over UDP the browse may overtake the last
            // sends by a moment, so it is asked again until they are there (never more, never out of order)
            final QueueBrowser browser = session.createBrowser(queue);
            final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RECEIVE_MS);
            List<String> seen;
            do
            {
                seen = new ArrayList<>();
                for (final Object message : Collections.list(browser.getEnumeration()))
                {
                    seen.add(((TextMessage)message).getText());
                }
                assertEquals(List.of("m0", "m1", "m2").subList(0, seen.size()), seen);
            }
            while (seen.size() < 3 && System.nanoTime() < deadline);
            assertEquals(List.of("m0", "m1", "m2"), seen);

            final MessageConsumer consumer = session.createConsumer(queue);
            connection.start();
            for (int i = 0; i < 3; i++)
            {
                final Message message = consumer.receive(RECEIVE_MS);
                assertNotNull(message, "no message m" + i + " within " + RECEIVE_MS + " ms");
                assertEquals("m" + i, ((TextMessage)message).getText());
                assertEquals(DeliveryMode.PERSISTENT, message.getJMSDeliveryMode());
            }
        }
    }

    @Test
    void twoConnectionsOverUdpSharingASubscriptionEachGetADistinctShareOfATopicPublishedOverUdp() throws Exception
    {
        final Host host = startHost(false);
        final String topics = "127.0.0.1:" + FreePorts.udp();
        final String topicName = "it.host.udp.shared." + UUID.randomUUID();
        final int messages = 200;
        try (Connection first = new JmsConnectionFactory(host.clientUri(topics)).createConnection();
            Connection second = new JmsConnectionFactory(host.clientUri(topics)).createConnection();
            Connection publisher = new JmsConnectionFactory(host.clientUri(topics)).createConnection())
        {
            final List<MessageConsumer> consumers = new ArrayList<>();
            for (final Connection connection : List.of(first, second))
            {
                final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                consumers.add(session.createSharedConsumer(session.createTopic(topicName), "workers"));
                connection.start();
            }
            final Session session = publisher.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic topic = session.createTopic(topicName);
            final MessageProducer producer = session.createProducer(topic);
            for (int i = 0; i < messages; i++)
            {
                producer.send(session.createTextMessage(Integer.toString(i)));
            }

            final Set<String> received = new HashSet<>();
            final int[] shares = new int[consumers.size()];
            final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RECEIVE_MS);
            while (received.size() < messages && System.nanoTime() < deadline)
            {
                for (int c = 0; c < consumers.size(); c++)
                {
                    final Message message = consumers.get(c).receive(10);
                    if (message != null)
                    {
                        assertTrue(received.add(((TextMessage)message).getText()), "received twice: " + message);
                        shares[c]++;
                    }
                }
            }
            assertEquals(messages, received.size(), "messages received by the two sharing connections");
            assertTrue(shares[0] > 0 && shares[1] > 0, "each connection gets a share: " + shares[0] + ", " +
                shares[1]);
        }
    }

    @Test
    void aDurableSubscriberOverUdpReceivesWhatAnotherProcessPublishedOverUdpWhileItWasAway() throws Exception
    {
        final Host host = startHost(true);
        final String topics = "127.0.0.1:" + FreePorts.udp();
        final String uri = host.clientUri(topics);
        final String topic = "it.host.udp.durable." + UUID.randomUUID();

        final ChildJvm create = client("create-subscription", "subscribe", uri, "away", topic, "-1");
        create.awaitLine("done", STARTUP);
        assertEquals(0, create.awaitExit(STARTUP), "subscription creator exit status" + processes.outputs());

        final ChildJvm publisher = client("publisher", "publish", uri, "topic", topic, "0", "99");
        publisher.awaitLine("done", STARTUP);
        assertEquals(0, publisher.awaitExit(STARTUP), "publisher exit status" + processes.outputs());

        final ChildJvm subscriber = client("subscriber", "subscribe", uri, "away", topic, "99");
        subscriber.awaitLine("done", STARTUP);
        assertEquals(0, subscriber.awaitExit(STARTUP), "subscriber exit status" + processes.outputs());
        final String output = subscriber.output();
        for (int i = 0; i < 100; i++)
        {
            assertTrue(output.contains("got " + i + " false"), "message " + i + " missing:\n" + output);
        }
        assertFalse(output.contains("got 0 true"), output);
    }

    private ChildJvm client(final String name, final String... args) throws Exception
    {
        return processes.start(name, Api.JAVAX.command(DURABLE_CLIENT).args(args));
    }
}
