package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.jms.IllegalStateRuntimeException;
import javax.jms.JMSConsumer;
import javax.jms.JMSContext;
import javax.jms.MessageFormatRuntimeException;
import javax.jms.TextMessage;
import javax.jms.Topic;
import javax.jms.TopicConnection;
import javax.jms.TopicConnectionFactory;
import javax.jms.TopicPublisher;
import javax.jms.TopicSession;
import javax.jms.TopicSubscriber;

import org.junit.jupiter.api.Test;

class SimplifiedAndLegacyApiTest extends JmsTestSupport
{
    @Test
    void jmsContextSendsAndReceivesBodiesOfEveryKind() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory().createContext())
        {
            final Topic topic = context.createTopic(uniqueTopic());
            final JMSConsumer consumer = context.createConsumer(topic);
            context.createProducer().setProperty("k", 1).send(topic, "text")
                .send(topic, new byte[] {1, 2, 3})
                .send(topic, Map.of("m", 5))
                .send(topic, (java.io.Serializable)java.util.List.of("o"));
            assertEquals("text", consumer.receiveBody(String.class, 5_000));
            assertArrayEquals(new byte[] {1, 2, 3}, consumer.receiveBody(byte[].class, 5_000));
            assertEquals(5, consumer.receiveBody(Map.class, 5_000).get("m"));
            assertEquals(java.util.List.of("o"), consumer.receiveBody(java.io.Serializable.class, 5_000));
            context.createProducer().send(topic, "end");
            assertEquals("end", consumer.receiveBody(String.class, 5_000), "each body once");
        }
    }

    @Test
    void receiveBodyOfTheWrongTypeFailsAndTheNextReceiveGetsTheSameMessage() throws Exception
    {
        try (JMSContext context = new JmsConnectionFactory().createContext())
        {
            final Topic topic = context.createTopic(uniqueTopic());
            final JMSConsumer consumer = context.createConsumer(topic);
            context.createProducer().send(topic, "not bytes");
            assertThrows(MessageFormatRuntimeException.class, () -> consumer.receiveBody(byte[].class, 5_000));
            final TextMessage again = (TextMessage)consumer.receive(5_000);
            assertEquals("not bytes", again.getText());
        }
    }

    @Test
    void jmsContextListenerAndClosedContextRules() throws Exception
    {
        final JMSContext context = new JmsConnectionFactory().createContext();
        final Topic topic = context.createTopic(uniqueTopic());
        final CountDownLatch heard = new CountDownLatch(1);
        context.createConsumer(topic).setMessageListener(message -> heard.countDown());
        context.createProducer().send(topic, "hello");
        assertTrue(heard.await(10, TimeUnit.SECONDS));
        context.close();
        assertThrows(IllegalStateRuntimeException.class, () -> context.createTopic("x"));
    }

    @Test
    void legacyDomainSessionsRefuseTheOtherDomainsFactoryMethods() throws Exception
    {
        final javax.jms.Connection connection = connection();
        final TopicSession topicSession =
            ((TopicConnection)connection).createTopicSession(false, javax.jms.Session.AUTO_ACKNOWLEDGE);
        final javax.jms.Queue queue = connection.createSession().createQueue("q." + uniqueTopic());
        assertThrows(javax.jms.IllegalStateException.class, () -> topicSession.createQueue("q"));
        assertThrows(javax.jms.IllegalStateException.class, () -> topicSession.createBrowser(queue));
        assertThrows(javax.jms.IllegalStateException.class, topicSession::createTemporaryQueue);

        final javax.jms.QueueSession queueSession = ((javax.jms.QueueConnection)connection)
            .createQueueSession(false, javax.jms.Session.AUTO_ACKNOWLEDGE);
        final Topic topic = topicSession.createTopic(uniqueTopic());
        assertThrows(javax.jms.IllegalStateException.class, () -> queueSession.createTopic("t"));
        assertThrows(javax.jms.IllegalStateException.class, queueSession::createTemporaryTopic);
        assertThrows(javax.jms.IllegalStateException.class, () -> queueSession.createDurableSubscriber(topic, "d"));
        assertThrows(javax.jms.IllegalStateException.class, () -> queueSession.createDurableConsumer(topic, "d"));
        assertThrows(javax.jms.IllegalStateException.class, () -> queueSession.createSharedConsumer(topic, "s"));
        assertThrows(javax.jms.IllegalStateException.class, () -> queueSession.createSharedDurableConsumer(topic, "s"));
        assertThrows(javax.jms.IllegalStateException.class, () -> queueSession.unsubscribe("d"));
        assertEquals("q", queueSession.createQueue("q").getQueueName());
    }

    @Test
    void legacyDomainConnectionsRefuseTheOtherDomainsConnectionConsumersBeforeSayingTheyAreNotProvided()
        throws Exception
    {
        final JmsConnectionFactory factory = new JmsConnectionFactory();
        final javax.jms.QueueConnection queueConnection = factory.createQueueConnection();
        final TopicConnection topicConnection = factory.createTopicConnection();
        final javax.jms.Connection connection = connection();
        try
        {
            final Topic topic = connection.createSession().createTopic(uniqueTopic());
            final javax.jms.Queue queue = connection.createSession().createQueue("q." + uniqueTopic());

            assertThrows(javax.jms.IllegalStateException.class,
                () -> queueConnection.createDurableConnectionConsumer(topic, "d", null, null, 1));
            assertThrows(javax.jms.IllegalStateException.class,
                () -> queueConnection.createSharedConnectionConsumer(topic, "s", null, null, 1));
            assertThrows(javax.jms.IllegalStateException.class,
                () -> queueConnection.createSharedDurableConnectionConsumer(topic, "s", null, null, 1));
            assertThrows(javax.jms.IllegalStateException.class,
                () -> topicConnection.createConnectionConsumer((javax.jms.Destination)queue, null, null, 1));

            assertNotIllegalState(() -> queueConnection.createConnectionConsumer(queue, null, null, 1));
            assertNotIllegalState(() -> topicConnection.createDurableConnectionConsumer(topic, "d", null, null, 1));
            assertNotIllegalState(() -> connection.createDurableConnectionConsumer(topic, "d", null, null, 1));
        }
        finally
        {
            queueConnection.close();
            topicConnection.close();
        }
    }

    private static void assertNotIllegalState(final org.junit.jupiter.api.function.Executable call)
    {
        final javax.jms.JMSException refused = assertThrows(javax.jms.JMSException.class, call);
        assertFalse(refused instanceof javax.jms.IllegalStateException, refused.toString());
        assertTrue(refused.getMessage().contains("does not provide"), refused.getMessage());
    }

    @Test
    void legacyTopicInterfacesPublishAndSubscribe() throws Exception
    {
        final TopicConnectionFactory factory = new JmsConnectionFactory();
        final TopicConnection connection = factory.createTopicConnection();
        try
        {
            connection.start();
            final TopicSession session = connection.createTopicSession(false, TopicSession.AUTO_ACKNOWLEDGE);
            final Topic topic = session.createTopic(uniqueTopic());
            final TopicSubscriber subscriber = session.createSubscriber(topic, null, false);
            final TopicPublisher publisher = session.createPublisher(topic);
            assertEquals(topic, publisher.getTopic());
            assertEquals(topic, subscriber.getTopic());
            publisher.publish(session.createTextMessage("legacy"));
            assertEquals("legacy", ((TextMessage)subscriber.receive(5_000)).getText());
        }
        finally
        {
            connection.close();
        }
    }
}
