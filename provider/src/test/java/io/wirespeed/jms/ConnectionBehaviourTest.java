package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.Connection;
import javax.jms.ConnectionMetaData;
import javax.jms.IllegalStateException;
import javax.jms.InvalidClientIDException;
import javax.jms.JMSException;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;

import io.wirespeed.test.Await;

class ConnectionBehaviourTest extends JmsTestSupport
{
    @Test
    void clientIdCanBeSetOnceRightAfterCreation() throws Exception
    {
        final Connection connection = connection();
        connection.setClientID("client-a-" + ProcessHandle.current().pid());
        assertEquals("client-a-" + ProcessHandle.current().pid(), connection.getClientID());
        assertThrows(IllegalStateException.class, () -> connection.setClientID("other"));
    }

    @Test
    void clientIdCannotBeSetAfterTheConnectionWasUsed() throws Exception
    {
        final Connection connection = connection();
        connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final IllegalStateException ex =
            assertThrows(IllegalStateException.class, () -> connection.setClientID("late"));
        assertTrue(ex.getMessage().contains("right after the connection is created"), ex.getMessage());
    }

    @Test
    void aClientIdInUseByAnotherConnectionIsRejectedUntilThatOneCloses() throws Exception
    {
        final String id = "shared-id-" + ProcessHandle.current().pid();
        final Connection first = connection();
        first.setClientID(id);
        final Connection second = connection();
        assertThrows(InvalidClientIDException.class, () -> second.setClientID(id));
        assertThrows(InvalidClientIDException.class, () -> connection().setClientID(""));
        first.close();
        final Connection third = connection();
        third.setClientID(id);
        assertEquals(id, third.getClientID());
    }

    @Test
    void metadataNamesJms20AndTheSupportedJmsxProperties() throws Exception
    {
        final ConnectionMetaData metaData = connection().getMetaData();
        assertEquals(2, metaData.getJMSMajorVersion());
        assertEquals(0, metaData.getJMSMinorVersion());
        assertEquals("Wirespeed", metaData.getJMSProviderName());
        final List<Object> names = Collections.list(metaData.getJMSXPropertyNames());
        assertTrue(
            names.contains("JMSXDeliveryCount") && names.contains("JMSXGroupID") && names.contains("JMSXGroupSeq"));
    }

    @Test
    void aStoppedConnectionDeliversNothingUntilStarted() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageConsumer consumer = session.createConsumer(topic);
        final Connection started = connection();
        started.start();
        final MessageConsumer witness = started.createSession().createConsumer(topic);
        session.createProducer(topic).send(session.createTextMessage("waiting"));
        assertNotNull(witness.receive(5_000), "the message reached a started connection's consumer");
        assertNull(consumer.receiveNoWait(), "a stopped connection delivers nothing, though the message is there");
        connection.start();
        assertNotNull(consumer.receive(5_000));
    }

    @Test
    void stopWaitsForARunningListenerToReturn() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(uniqueTopic());
        final CountDownLatch inListener = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicBoolean listenerReturned = new AtomicBoolean();
        session.createConsumer(topic).setMessageListener(message ->
        {
            inListener.countDown();
            try
            {
                release.await(10, TimeUnit.SECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            listenerReturned.set(true);
        });
        connection.start();
        final Session producerSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        producerSession.createProducer(topic).send(producerSession.createMessage());
        assertTrue(inListener.await(10, TimeUnit.SECONDS));

        final Thread stopper = Thread.currentThread();
        final Thread releaser = new Thread(() ->
        {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (stopper.getState() != Thread.State.WAITING && System.nanoTime() < deadline)
            {
                Thread.yield();
            }
            release.countDown();
        });
        releaser.start();
        connection.stop();
        assertTrue(listenerReturned.get(), "stop returned before the listener did");
        releaser.join();
    }

    @Test
    void aListenerCannotStopOrCloseItsOwnConnection() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(uniqueTopic());
        final AtomicReference<Exception> stopFailure = new AtomicReference<>();
        final AtomicReference<Exception> closeFailure = new AtomicReference<>();
        final CountDownLatch done = new CountDownLatch(1);
        session.createConsumer(topic).setMessageListener(message ->
        {
            stopFailure.set(assertThrows(IllegalStateException.class, connection::stop));
            closeFailure.set(assertThrows(IllegalStateException.class, connection::close));
            done.countDown();
        });
        connection.start();
        final Session producerSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        producerSession.createProducer(topic).send(producerSession.createMessage());
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertNotNull(stopFailure.get());
        assertNotNull(closeFailure.get());
    }

    @Test
    void closeIsIdempotentAndClosedObjectsThrowIllegalState() throws Exception
    {
        final Connection connection = connection();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(uniqueTopic());
        final MessageProducer producer = session.createProducer(topic);
        final MessageConsumer consumer = session.createConsumer(topic);
        connection.close();
        connection.close();
        session.close();
        producer.close();
        consumer.close();
        assertThrows(IllegalStateException.class, () -> connection.createSession(false, Session.AUTO_ACKNOWLEDGE));
        assertThrows(IllegalStateException.class, connection::start);
        assertThrows(IllegalStateException.class, connection::getClientID);
        assertThrows(IllegalStateException.class, session::createMessage);
        assertThrows(IllegalStateException.class, () -> producer.send(new io.wirespeed.jms.message.JmsMessage()));
        assertThrows(IllegalStateException.class, consumer::receiveNoWait);
    }

    @Test
    void closeFromAnotherThreadEndsABlockedReceiveWithNull() throws Exception
    {
        final Connection connection = connection();
        connection.start();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageConsumer consumer = session.createConsumer(session.createTopic(uniqueTopic()));
        final AtomicReference<Object> result = new AtomicReference<>("not returned");
        final CountDownLatch receiving = new CountDownLatch(1);
        final Thread receiver = new Thread(() ->
        {
            receiving.countDown();
            try
            {
                result.set(consumer.receive());
            }
            catch (final JMSException ex)
            {
                result.set(ex);
            }
        });
        receiver.start();
        assertTrue(receiving.await(5, TimeUnit.SECONDS));
        Await.until("the receiver to block in receive", () -> receiver.getState() == Thread.State.TIMED_WAITING);
        connection.close();
        receiver.join(10_000);
        assertFalse(receiver.isAlive());
        assertSame(null, result.get());
    }

    @Test
    void sessionModesAreValidated() throws Exception
    {
        final Connection connection = connection();
        assertThrows(JMSException.class, () -> connection.createSession(42));
        assertEquals(
            Session.SESSION_TRANSACTED, connection.createSession(true, Session.AUTO_ACKNOWLEDGE).getAcknowledgeMode());
        assertEquals(
            Session.CLIENT_ACKNOWLEDGE, connection.createSession(Session.CLIENT_ACKNOWLEDGE).getAcknowledgeMode());
        assertEquals(Session.AUTO_ACKNOWLEDGE, connection.createSession().getAcknowledgeMode());
    }
}
