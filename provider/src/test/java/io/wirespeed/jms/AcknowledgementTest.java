package io.wirespeed.jms;

import static io.wirespeed.jms.ReceiveAssertions.assertNextText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.IllegalStateException;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

class AcknowledgementTest extends JmsTestSupport
{
    private Session session;
    private MessageConsumer consumer;
    private MessageProducer producer;
    private Topic topic;

    private void open(final int mode) throws Exception
    {
        final Connection connection = connection();
        connection.start();
        session = connection.createSession(mode);
        topic = session.createTopic(uniqueTopic());
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
        assertNothingRedelivered();
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
        assertNothingRedelivered();
    }

    @Test
    void autoAcknowledgedMessagesAreNotRedeliveredByRecover() throws Exception
    {
        open(Session.AUTO_ACKNOWLEDGE);
        send("a", "b");
        assertEquals("a", receiveText());
        session.recover();
        assertEquals("b", receiveText());
        assertNothingRedelivered();
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
        transacted.rollback();
        sender.send(transacted.createTextMessage("committed"));
        transacted.commit();
        sender.send(transacted.createTextMessage("end"));
        transacted.commit();

        // One session, one stream: what was published before the commit would come first.
        assertNextText(receiver, "committed", "neither the rolled back nor the uncommitted send was published");
        assertNextText(receiver, "end", "the committed message once");
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
        assertNothingRedelivered();
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
        final List<String> seen = new CopyOnWriteArrayList<>();
        final CountDownLatch first = new CountDownLatch(1);
        consumer.setMessageListener(message ->
        {
            seen.add(textOf(message));
            try
            {
                consumer.close();
            }
            catch (final Exception ex)
            {
                throw new java.lang.IllegalStateException(ex);
            }
            first.countDown();
        });
        final List<String> witnessed = new CopyOnWriteArrayList<>();
        session.createConsumer(topic).setMessageListener(message -> witnessed.add(textOf(message)));
        send("one", "two");
        assertTrue(first.await(10, TimeUnit.SECONDS));

        // The delivery thread calls the listeners of a connection in turn, the closing consumer's before the
        // witness's. Two ends, each sent once the one before has arrived, take it through a whole round after
        // "two" was there: a consumer still open would have had "two" by then.
        send("end 1");
        Await.until("the witness to have end 1", () -> witnessed.contains("end 1"));
        send("end 2");
        Await.until("the witness to have end 2", () -> witnessed.contains("end 2"));
        assertEquals(List.of("one"), seen);
    }

    private void assertNothingRedelivered() throws Exception
    {
        send("end");
        assertNextText(consumer, "end", "a redelivery would come before the newer end");
    }

    private static String textOf(final Message message)
    {
        try
        {
            return ((TextMessage)message).getText();
        }
        catch (final JMSException ex)
        {
            throw new java.lang.IllegalStateException(ex);
        }
    }
}
