package io.wirespeed.jms.send;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageFormatException;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.ResourceAllocationException;
import javax.jms.Session;
import javax.jms.Topic;
import javax.jms.TransactionRolledBackException;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsSession;
import io.wirespeed.jms.JmsTestSupport;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.metrics.DestinationCounters;

/**
 * The contract of a session's sending side, through the JMS API: messages that fit a claim and messages that do not
 * arrive whole and are counted, on topics and queues; a send back-pressured past {@code sendTimeout} is refused
 * naming it and counted as a failure; a message too large is refused at send, in a transaction too; a transaction's
 * messages wait for commit, and a commit refused before publishing rolls the transaction back, leaving nothing of it
 * to publish later.
 */
class SessionSenderTest extends JmsTestSupport
{
    private final String uri = "wirespeed:ipc?route.mem.>=mem:" + uniqueTopic() + "&sendTimeout=100";

    @Test
    void messagesThatFitAClaimAndMessagesThatDoNotArriveWholeAndCounted() throws JMSException
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        final String large = "x".repeat(20_000);
        final SendRoute route = ((JmsSession)session).sender().route((JmsDestination)topic);
        assertTrue(large.length() > route.maxClaimLength, "larger than a claim: " + route.maxClaimLength);

        producer.send(session.createTextMessage("small"));
        producer.send(session.createTextMessage(large));

        assertNextText(consumer, "small", "the claimed message");
        assertEquals(large, text(consumer.receive(5_000)), "the offered message");
        final DestinationCounters counters = ((JmsConnection)connection).metrics().destination((JmsDestination)topic);
        assertEquals(2, counters.messagesSent());
        assertTrue(counters.bytesSent() > large.length(), counters.bytesSent() + " bytes counted");
    }

    @Test
    void queueMessagesThatFitAClaimAndMessagesThatDoNotReachTheQueue() throws JMSException
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession();
        final Queue queue = session.createQueue(uniqueTopic());
        final MessageProducer producer = session.createProducer(queue);
        final String large = "q".repeat(20_000);

        producer.send(session.createTextMessage("small"));
        producer.send(session.createTextMessage(large));

        final MessageConsumer consumer = session.createConsumer(queue);
        assertNextText(consumer, "small", "the claimed queue message");
        assertEquals(large, text(consumer.receive(5_000)), "the offered queue message");
    }

    @Test
    void aSendBackPressuredPastSendTimeoutIsRefusedNamingItAndCountedAsAFailure() throws JMSException
    {
        final Connection connection = connection(uri);
        final Session session = connection.createSession();
        final Topic topic = session.createTopic("mem.slow");
        connection(uri).createSession().createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        final long failuresBefore = ((JmsConnection)connection).metrics().sendFailures();

        final ResourceAllocationException refused = assertThrows(ResourceAllocationException.class, () ->
        {
            for (int i = 0; i < 1_000; i++)
            {
                producer.send(kibibyte(session, i));
            }
        });

        assertTrue(refused.getMessage().contains("was back-pressured for longer than sendTimeout=100 ms"),
            refused.getMessage());
        assertEquals(failuresBefore + 1, ((JmsConnection)connection).metrics().sendFailures());
    }

    @Test
    void aRefusedCommitRollsBackAndLeavesNothingOfTheTransactionToPublish() throws JMSException
    {
        final Connection connection = connection(uri);
        final Session session = connection.createSession(Session.SESSION_TRANSACTED);
        final Topic topic = session.createTopic("mem.refused");
        final Connection subscribing = connection(uri);
        final MessageConsumer notReadingYet = subscribing.createSession().createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        int held = 0;
        while (held < 100)
        {
            producer.send(kibibyte(session, held++));
        }
        assertThrows(JMSException.class, session::commit, "a commit larger than the subscriber's buffer fails");
        producer.send(kibibyte(session, -1));

        final TransactionRolledBackException ex = assertThrows(TransactionRolledBackException.class, session::commit);

        assertTrue(ex.getMessage().contains("none of its 1 message(s) was published"), ex.getMessage());
        assertInstanceOf(ResourceAllocationException.class, ex.getLinkedException());
        subscribing.start();
        int received = 0;
        for (BytesMessage message = (BytesMessage)notReadingYet.receive(1_000); null != message;
            message = (BytesMessage)notReadingYet.receive(200))
        {
            assertEquals(received++, message.readInt(), "the first commit's messages in order, and only those");
        }
        producer.send(session.createTextMessage("after"));
        session.commit();
        assertNextText(notReadingYet, "after", "the rolled back message was not published later");
    }

    @Test
    void aMessageTooLargeIsRefusedAtSendInATransactionTooSoTheCommitPublishesTheRest() throws JMSException
    {
        final Connection connection = connection(uri);
        connection.start();
        final Session session = connection.createSession(Session.SESSION_TRANSACTED);
        final Topic topic = session.createTopic("mem.large");
        final MessageConsumer consumer = connection.createSession().createConsumer(topic);
        final MessageProducer producer = session.createProducer(topic);
        final BytesMessage tooLarge = session.createBytesMessage();
        tooLarge.writeBytes(new byte[64 * 1024]);
        producer.send(session.createTextMessage("before"));

        final MessageFormatException ex = assertThrows(MessageFormatException.class, () -> producer.send(tooLarge));
        producer.send(session.createTextMessage("after"));
        assertNull(consumer.receive(100), "nothing before commit");
        session.commit();

        assertTrue(ex.getMessage().contains("route.<pattern>"), ex.getMessage());
        assertNextText(consumer, "before", "the first message");
        assertNextText(consumer, "after", "the message after the refused one");
    }

    private static BytesMessage kibibyte(final Session session, final int number) throws JMSException
    {
        final BytesMessage message = session.createBytesMessage();
        message.writeInt(number);
        message.writeBytes(new byte[1024]);
        return message;
    }
}
