package io.wirespeed.jms.send;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import org.agrona.concurrent.NoOpIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.JmsSession;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.transport.SharedTransports;
import io.wirespeed.test.Await;
import io.wirespeed.transport.PersistenceWatch;

/**
 * What a PERSISTENT send waits for, with the embedded driver and its archive: on a topic a durable subscription
 * keeps, until the archive has recorded the message, and no longer than {@code sendTimeout}, then a failure that names
 * it; nothing for a NON_PERSISTENT message, a stream nothing records, or a transport without an archive.
 */
class PersistenceWaitTest
{
    private static int counter;

    @TempDir
    Path archiveDir;

    private final List<Connection> connections = new ArrayList<>();

    @BeforeEach
    void closeTheEmbeddedHosts()
    {
        // the embedded archive lives while the JVM does: each test starts it on its own directory
        SharedTransports.closeEmbeddedHosts();
    }

    @AfterEach
    void close() throws JMSException
    {
        for (final Connection connection : connections)
        {
            connection.close();
        }
        connections.clear();
        SharedTransports.closeEmbeddedHosts();
    }

    @Test
    void aPersistentMessageToARecordedTopicReturnsOnceTheArchiveHasIt() throws JMSException
    {
        final Recorded recorded = new Recorded(SendTimeout.LONG);

        final long position = recorded.publish("kept", DeliveryMode.PERSISTENT);
        recorded.wait.awaitKept(recorded.route, true, position);

        final SendRoute route = recorded.route;
        assertTrue(route.watch.recordedPosition(route.recordingCounter, route.publication.sessionId()) >= position,
            "recorded up to the message's end");
    }

    @Test
    void anArchiveThatDoesNotConfirmWithinSendTimeoutFailsTheSendNamingIt() throws JMSException
    {
        final Recorded recorded = new Recorded(SendTimeout.SHORT);
        final long position = recorded.publish("kept", DeliveryMode.PERSISTENT);
        recorded.wait.awaitKept(recorded.route, true, position);
        final long start = System.nanoTime();

        final JMSException ex = assertThrows(JMSException.class,
            () -> recorded.wait.awaitKept(recorded.route, true, position + (1 << 20)));

        assertTrue(System.nanoTime() - start >= 200_000_000L, "waited the send timeout");
        assertTrue(ex.getMessage().contains("the archive did not confirm a PERSISTENT message to " + recorded.route +
            " within sendTimeout=200 ms"), ex.getMessage());
    }

    @Test
    void aNonPersistentMessageDoesNotWaitForTheArchive() throws JMSException
    {
        final Recorded recorded = new Recorded(SendTimeout.SHORT);
        final long position = recorded.publish("not kept", DeliveryMode.NON_PERSISTENT);

        recorded.wait.awaitKept(recorded.route, false, position + (1 << 20));
    }

    @Test
    void aStreamNothingRecordsOrATransportWithoutAnArchiveDoesNotWait() throws JMSException
    {
        final JmsSession session = (JmsSession)connection(null, "&route.mem.>=mem:" + unique("medium"))
            .createSession();
        final PersistenceWait wait = new PersistenceWait(session, new NoOpIdleStrategy());
        final SendRoutes routes = new SendRoutes(session);
        final SendRoute unrecorded = routes.route((JmsDestination)session.createTopic(unique("topic")));
        final SendRoute inMemory = routes.route((JmsDestination)session.createTopic("mem." + unique("topic")));

        wait.refuseUnrecorded(unrecorded);
        wait.refuseUnrecorded(inMemory);
        wait.awaitKept(unrecorded, true, Long.MAX_VALUE);
        wait.awaitKept(inMemory, true, Long.MAX_VALUE);

        assertEquals(PersistenceWatch.NOT_FOUND, unrecorded.recordedMark, "no durable subscription records it");
        assertNull(inMemory.watch, "the in-memory transport has no archive");
        routes.close(0);
    }

    private Connection connection(final String clientId, final String options) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory("wirespeed:ipc?archiveDir=" + archiveDir +
            "&connectWait=50" + options).createConnection();
        if (null != clientId)
        {
            connection.setClientID(clientId);
        }
        connections.add(connection);
        connection.start();
        return connection;
    }

    private static synchronized String unique(final String what)
    {
        return "persistence." + what + "." + ProcessHandle.current().pid() + "." + (++counter);
    }

    /** The send timeouts the tests use. */
    private enum SendTimeout
    {
        LONG("&sendTimeout=10000"),
        SHORT("&sendTimeout=200");

        final String option;

        SendTimeout(final String option)
        {
            this.option = option;
        }
    }

    /** A topic a durable subscription keeps, the publishing session's route to it, once the archive records it. */
    private final class Recorded
    {
        final JmsSession session;
        final JmsDestination topic;
        final SendRoute route;
        final PersistenceWait wait;

        Recorded(final SendTimeout sendTimeout) throws JMSException
        {
            final Session subscribing = connection(unique("client"), sendTimeout.option).createSession();
            topic = (JmsDestination)subscribing.createTopic(unique("topic"));
            subscribing.createDurableSubscriber((Topic)topic, "kept");
            session = (JmsSession)connection(null, sendTimeout.option).createSession();
            route = new SendRoutes(session).route(topic);
            wait = new PersistenceWait(session, session.connection().config().idle().newIdleStrategy());
            Await.until("the archive to record " + topic, () ->
            {
                try
                {
                    wait.refuseUnrecorded(route);
                }
                catch (final JMSException ex)
                {
                    throw new java.lang.IllegalStateException(ex);
                }
                return PersistenceWatch.NOT_FOUND != route.recordedMark;
            });
        }

        long publish(final String text, final int deliveryMode) throws JMSException
        {
            final TextMessage message = session.createTextMessage(text);
            message.setJMSDestination(topic);
            message.setJMSDeliveryMode(deliveryMode);
            final SendEncoder encoder = new SendEncoder(session);
            final SendGate gate = new SendGate(session, session.connection().config().idle().newIdleStrategy());
            encoder.claimNext((JmsMessage)message, 1);
            final long position = gate.publish(route, encoder, encoder.measure((JmsMessage)message));
            encoder.clear();
            assertTrue(position > 0, "published");
            return position;
        }
    }
}
