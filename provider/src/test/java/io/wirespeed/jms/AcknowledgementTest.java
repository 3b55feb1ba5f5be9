package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.IllegalStateException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

class AcknowledgementTest extends JmsTestSupport
{
    private Session session;
    private MessageConsumer consumer;
    private MessageProducer producer;

    private void open(final int mode) throws Exception
    {
        final Connection connection = connection();
        connection.start();
        session = connection.createSession(mode);
        final Topic topic = session.createTopic(uniqueTopic());
        consumer = session.createConsumer(topic);
        producer = connection.createSession(Session.AUTO_ACKNOWLEDGE).createProducer(topic);
    }

    private void send(final String... texts) throws Exception
    {
        for (final String text : texts)
        {
            producer.send(session.createTextMessage(text));
        }
    }

    private String receiveText() throws Exception
    {
        final Message message = consumer.receive(5_000);
        assertNotNull(message, "no message");
        return ((TextMessage)message).getText();
    }

    @Test
    void recoverInClientAcknowledgeRedeliversUnacknowledgedMessagesMarkedRedelivered() throws Exception
    {
        open(Session.CLIENT_ACKNOWLEDGE);
        send("a", "b", "c");
        final Message a = consumer.receive(5_000);
        assertEquals("a", ((TextMessage)a).getText());
        a.acknowledge();
        final Message b = consumer.receive(5_000);
        assertFalse(b.getJMSRedelivered());
        assertEquals(1, b.getIntProperty("JMSXDeliveryCount"));
        assertEquals("c", receiveText());

        session.recover();

        final Message b2 = consumer.receive(5_000);
        assertEquals("b", ((TextMessage)b2).getText());
        assertTrue(b2.getJMSRedelivered());
        assertEquals(2, b2.getIntProperty("JMSXDeliveryCount"));
        assertEquals("c", receiveText());
        b2.acknowledge();
        session.recover();
        assertNull(consumer.receiveNoWait());
    }

    @Test
    void acknowledgingOneMessageAcknowledgesEveryMessageTheSessionConsumed() throws Exception
    {
        open(Session.CLIENT_ACKNOWLEDGE);
        send("a", "b", "c");
        final Message a = consumer.receive(5_000);
        consumer.receive(5_000);
        consumer.receive(5_000);
        a.acknowledge();
        session.recover();
        assertNull(consumer.receiveNoWait());
    }

    @Test
    void autoAcknowledgedMessagesAreNotRedeliveredByRecover() throws Exception
    {
        open(Session.AUTO_ACKNOWLEDGE);
        send("a", "b");
        assertEquals("a", receiveText());
        session.recover();
        assertEquals("b", receiveText());
        assertNull(consumer.receiveNoWait());
    }

    @Test
    void recoverInsideAnAutoAcknowledgeListenerRedeliversTheCurrentMessage() throws Exception
    {
        open(Session.AUTO_ACKNOWLEDGE);
        final List<String> seen = new ArrayList<>();
        final CountDownLatch done = new CountDownLatch(2);
        consumer.setMessageListener(message ->
        {
            try
            {
                seen.add(((TextMessage)message).getText() + (message.getJMSRedelivered() ? "*" : ""));
                if (!message.getJMSRedelivered())
                {
                    session.recover();
                }
            }
            catch (final Exception ex)
            {
                throw new java.lang.IllegalStateException(ex);
            }
            done.countDown();
        });
        send("x");
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(List.of("x", "x*"), seen);
    }

    @Test
    void aListenerThatThrowsGetsTheMessageOnceMoreMarkedRedelivered() throws Exception
    {
        open(Session.AUTO_ACKNOWLEDGE);
        final List<Boolean> redelivered = new ArrayList<>();
        final CountDownLatch done = new CountDownLatch(2);
        consumer.setMessageListener(message ->
        {
            try
            {
                redelivered.add(message.getJMSRedelivered());
            }
            catch (final Exception ex)
            {
                throw new java.lang.IllegalStateException(ex);
            }
            done.countDown();
            throw new RuntimeException("listener failure on purpose");
        });
        send("x");
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(List.of(false, true), redelivered);
    }

    @Test
    void transactedSendsAreInvisibleUntilCommitAndRollbackDiscardsThem() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session transacted = connection.createSession(Session.SESSION_TRANSACTED);
        final Session receiving = connection.createSession(Session.AUTO_ACKNOWLEDGE);
        final Topic topic = receiving.createTopic(uniqueTopic());
        final MessageConsumer receiver = receiving.createConsumer(topic);
        final MessageProducer sender = transacted.createProducer(topic);

        sender.send(transacted.createTextMessage("rolled back"));
        assertNull(receiver.receive(100));
        transacted.rollback();
        sender.send(transacted.createTextMessage("committed"));
        assertNull(receiver.receiveNoWait());
        transacted.commit();
        assertEquals("committed", ((TextMessage)receiver.receive(5_000)).getText());
        assertNull(receiver.receiveNoWait());
    }

    @Test
    void rollbackRedeliversWhatTheTransactionReceived() throws Exception
    {
        open(Session.SESSION_TRANSACTED);
        send("a", "b");
        assertEquals("a", receiveText());
        assertEquals("b", receiveText());
        session.rollback();
        final Message again = consumer.receive(5_000);
        assertTrue(again.getJMSRedelivered());
        assertEquals("a", ((TextMessage)again).getText());
        assertEquals("b", receiveText());
        session.commit();
        session.rollback();
        assertNull(consumer.receiveNoWait());
    }

    @Test
    void commitAndRollbackNeedATransactedSessionAndRecoverANonTransactedOne() throws Exception
    {
        open(Session.AUTO_ACKNOWLEDGE);
        assertThrows(IllegalStateException.class, session::commit);
        assertThrows(IllegalStateException.class, session::rollback);
        final Session transacted = connection().createSession(Session.SESSION_TRANSACTED);
        assertThrows(IllegalStateException.class, transacted::recover);
        transacted.close();
        assertThrows(IllegalStateException.class, transacted::commit);
    }

    @Test
    void aConsumerWithAListenerCannotReceiveSynchronously() throws Exception
    {
        open(Session.AUTO_ACKNOWLEDGE);
        consumer.setMessageListener(message -> { });
        assertThrows(IllegalStateException.class, () -> consumer.receive(10));
    }

    @Test
    void aListenerMayCloseItsOwnConsumer() throws Exception
    {
        open(Session.AUTO_ACKNOWLEDGE);
        final List<String> seen = new ArrayList<>();
        final CountDownLatch first = new CountDownLatch(1);
        consumer.setMessageListener(message ->
        {
            try
            {
                seen.add(((TextMessage)message).getText());
                consumer.close();
            }
            catch (final Exception ex)
            {
                throw new java.lang.IllegalStateException(ex);
            }
            first.countDown();
        });
        send("one", "two");
        assertTrue(first.await(10, TimeUnit.SECONDS));
        final MessageConsumer probe = session.createConsumer(session.createTopic(uniqueTopic()));
        assertNull(probe.receive(100));
        assertEquals(List.of("one"), seen);
    }
}
