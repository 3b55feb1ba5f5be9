package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

/**
 * A message that comes back after {@code rollback} or {@code recover} is the message that was delivered, whatever
 * the application did with the object it received (JMS 2.0 section 3.10): only {@code JMSRedelivered} and
 * {@code JMSXDeliveryCount} change.
 */
class RedeliveredMessageTest extends JmsTestSupport
{
    @Test
    void aMessageForwardedAsReceivedAndRolledBackComesBackWithItsOwnIdAndDestination() throws JMSException
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession(Session.SESSION_TRANSACTED);
        final Queue in = session.createQueue("test.queue." + uniqueTopic());
        final Queue out = session.createQueue("test.queue." + uniqueTopic());
        session.createProducer(in).send(session.createTextMessage("relay"));
        session.commit();
        final MessageConsumer consumer = session.createConsumer(in);

        final Message received = consumer.receive(5_000);
        assertNotNull(received, "the message did not arrive");
        final String messageId = received.getJMSMessageID();
        session.createProducer(out).send(received);
        session.rollback();
        final Message again = consumer.receive(5_000);

        assertNotNull(again, "the rolled-back message did not come back");
        assertTrue(again.getJMSRedelivered());
        assertEquals(messageId, again.getJMSMessageID(), "JMSMessageID");
        assertEquals(in, again.getJMSDestination(), "JMSDestination");
        session.commit();
    }

    @Test
    void aMessageWhoseHeadersBodyAndPropertiesWereRewrittenComesBackAsItArrivedAfterRecover() throws JMSException
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession(Session.CLIENT_ACKNOWLEDGE);
        final Queue queue = session.createQueue("test.queue." + uniqueTopic());
        final TextMessage sent = session.createTextMessage("original");
        sent.setStringProperty("state", "as sent");
        sent.setJMSCorrelationID("request-1");
        session.createProducer(queue).send(sent);
        final MessageConsumer consumer = session.createConsumer(queue);

        final TextMessage received = (TextMessage)consumer.receive(5_000);
        assertNotNull(received, "the message did not arrive");
        received.clearBody();
        received.setText("rewritten");
        received.clearProperties();
        received.setStringProperty("state", "rewritten");
        received.setJMSCorrelationID("changed");
        received.setJMSType("changed");
        session.recover();
        final TextMessage again = (TextMessage)consumer.receive(5_000);

        assertNotNull(again, "the recovered message did not come back");
        assertEquals("original", again.getText());
        assertEquals("as sent", again.getStringProperty("state"));
        assertEquals("request-1", again.getJMSCorrelationID());
        assertNull(again.getJMSType());
        assertEquals(sent.getJMSMessageID(), again.getJMSMessageID());
        assertTrue(again.getJMSRedelivered());
        assertEquals(2, again.getIntProperty("JMSXDeliveryCount"));
        again.acknowledge();
    }

    @Test
    void aListenerThatForwardsAndRollsBackGetsTheMessageAsItArrivedEachTime() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(Session.SESSION_TRANSACTED);
        final Queue in = session.createQueue("test.queue." + uniqueTopic());
        final Queue out = session.createQueue("test.queue." + uniqueTopic());
        session.createProducer(in).send(session.createTextMessage("relay"));
        session.commit();
        final MessageProducer forward = session.createProducer(out);
        final List<String> seen = new CopyOnWriteArrayList<>();
        session.createConsumer(in).setMessageListener(message ->
        {
            try
            {
                seen.add(message.getJMSMessageID() + " " + message.getJMSDestination() + " " +
                    message.getJMSRedelivered() + " " + message.getIntProperty("JMSXDeliveryCount"));
                forward.send(message);
                if (seen.size() < 3)
                {
                    session.rollback();
                }
                else
                {
                    session.commit();
                }
            }
            catch (final JMSException ex)
            {
                seen.add(ex.toString());
            }
        });
        connection.start();

        Await.until("three deliveries", () -> seen.size() >= 3);
        final String id = seen.get(0).split(" ")[0];
        assertEquals(List.of(id + " " + in + " false 1", id + " " + in + " true 2", id + " " + in + " true 3"), seen);
        final Session reader = connection.createSession();
        final Message forwarded = reader.createConsumer(out).receive(5_000);
        assertNotNull(forwarded, "the committed forward did not arrive");
        assertFalse(forwarded.getJMSRedelivered());
        session.close();
        reader.createProducer(in).send(reader.createTextMessage("end"));
        assertNextText(reader.createConsumer(in), "end", "the committed message is no longer on its queue");
    }
}
