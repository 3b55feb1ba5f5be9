package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import javax.jms.Connection;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Queue;
import javax.jms.QueueConnection;
import javax.jms.QueueRequestor;
import javax.jms.QueueSession;
import javax.jms.Session;
import javax.jms.TemporaryQueue;
import javax.jms.TemporaryTopic;
import javax.jms.TextMessage;
import javax.jms.Topic;
import javax.jms.TopicConnection;
import javax.jms.TopicRequestor;
import javax.jms.TopicSession;

import org.junit.jupiter.api.Test;

class TemporaryDestinationTest extends JmsTestSupport
{
    @Test
    void onlyTheCreatingConnectionConsumesATemporaryQueueAndDeleteWaitsForItsConsumers() throws Exception
    {
        final Connection owner = connection();
        owner.start();
        final Session session = owner.createSession();
        final TemporaryQueue queue = session.createTemporaryQueue();
        final MessageConsumer consumer = session.createConsumer(queue);
        connection().createSession().createProducer(queue).send(session.createTextMessage("to temp"));
        assertEquals("to temp", ((TextMessage)consumer.receive(5_000)).getText());

        final Session other = connection().createSession();
        assertThrows(InvalidDestinationException.class, () -> other.createConsumer(queue));
        assertThrows(JMSException.class, queue::delete);
        consumer.close();
        queue.delete();
        assertThrows(InvalidDestinationException.class, () -> session.createConsumer(queue));
    }

    @Test
    void temporaryTopicsFollowTheSameRules() throws Exception
    {
        final Connection owner = connection();
        owner.start();
        final Session session = owner.createSession();
        final TemporaryTopic topic = session.createTemporaryTopic();
        final MessageConsumer consumer = session.createConsumer(topic);
        session.createProducer(topic).send(session.createTextMessage("to temp topic"));
        assertEquals("to temp topic", ((TextMessage)consumer.receive(5_000)).getText());
        assertThrows(InvalidDestinationException.class, () -> connection().createSession().createConsumer(topic));
        assertThrows(JMSException.class, topic::delete);
        consumer.close();
        topic.delete();
    }

    @Test
    void aTemporaryQueueIsGoneWhenItsConnectionCloses() throws Exception
    {
        final Connection owner = connection();
        final TemporaryQueue queue = owner.createSession().createTemporaryQueue();
        owner.close();
        final Session other = connection().createSession();
        assertThrows(InvalidDestinationException.class, () -> other.createConsumer(queue));
    }

    @Test
    void queueRequestorGetsTheReplyThroughATemporaryQueueAndCorrelationId() throws Exception
    {
        final QueueConnection connection = new JmsConnectionFactory().createQueueConnection();
        try
        {
            connection.start();
            final QueueSession serverSession = connection.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue service = serverSession.createQueue("service." + uniqueTopic());
            serverSession.createConsumer(service).setMessageListener(request ->
            {
                try
                {
                    final TextMessage reply = serverSession.createTextMessage(
                        "re: " + ((TextMessage)request).getText());
                    reply.setJMSCorrelationID(request.getJMSMessageID());
                    serverSession.createProducer(request.getJMSReplyTo()).send(reply);
                }
                catch (final JMSException ex)
                {
                    throw new java.lang.IllegalStateException(ex);
                }
            });
            final QueueSession clientSession = connection.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            final QueueRequestor requestor = new QueueRequestor(clientSession, service);
            final TextMessage request = clientSession.createTextMessage("ping");
            final Message reply = requestor.request(request);
            assertNotNull(reply);
            assertEquals("re: ping", ((TextMessage)reply).getText());
            assertEquals(request.getJMSMessageID(), reply.getJMSCorrelationID());
            requestor.close();
        }
        finally
        {
            connection.close();
        }
    }

    @Test
    void topicRequestorGetsTheReplyThroughATemporaryTopic() throws Exception
    {
        final TopicConnection connection = new JmsConnectionFactory().createTopicConnection();
        try
        {
            connection.start();
            final TopicSession serverSession = connection.createTopicSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic service = serverSession.createTopic("service." + uniqueTopic());
            serverSession.createConsumer(service).setMessageListener(request ->
            {
                try
                {
                    serverSession.createProducer(request.getJMSReplyTo())
                        .send(serverSession.createTextMessage("pong"));
                }
                catch (final JMSException ex)
                {
                    throw new java.lang.IllegalStateException(ex);
                }
            });
            final TopicSession clientSession = connection.createTopicSession(false, Session.AUTO_ACKNOWLEDGE);
            final TopicRequestor requestor = new TopicRequestor(clientSession, service);
            final Message reply = requestor.request(clientSession.createTextMessage("ping"));
            assertEquals("pong", ((TextMessage)reply).getText());
        }
        finally
        {
            connection.close();
        }
    }
}
