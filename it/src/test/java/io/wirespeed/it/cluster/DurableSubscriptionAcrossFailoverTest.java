package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * A durable subscription of a clustered queue host (issue 24 item 3) is cluster state, fed from the log: a publisher
 * whose connection names the cluster forwards its messages to the subscribed topic into it. Three
 * {@code wirespeed-driver} processes on loopback; the subscription is made and its consumer closed, then
 * {@value #SENDS} synchronous PERSISTENT sends go to its topic and the leader is killed (SIGKILL) once
 * {@value #KILL_AFTER} returned. Every send returns (the ones the lost leader had not committed go again), and the
 * subscription, opened again after it all, holds each message once, in order, none marked redelivered. A transacted
 * publisher's messages reach it at commit, with the commit's other messages. No exception reaches the application.
 */
@SlowTest
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class DurableSubscriptionAcrossFailoverTest
{
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int SENDS = 1_000;
    private static final int KILL_AFTER = 300;
    private static final int COMMITTED = 10;

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    private final List<Throwable> told = new CopyOnWriteArrayList<>();

    @Test
    void everyPersistentSendThatReturnedIsInTheDurableSubscriptionOnceInOrderAcrossALeaderKill() throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(jvms, temp);
            Connection subscribing = connect(cluster.clientUri() + "&clientId=audit-app"))
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);
            final Session subscriber = subscribing.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            final Topic topic = subscriber.createTopic("prices");
            subscriber.createDurableSubscriber(topic, "audit").close();
            final int sentAtKill;
            // a connection made after the subscription knows it from its Connect on
            try (Connection publishing = connect(cluster.clientUri()))
            {
                sentAtKill = publishAcrossALeaderKill(cluster, leader, publishing, topic);
                publishCommitted(publishing, topic);
            }
            subscribing.start();
            final MessageConsumer durable = subscriber.createDurableSubscriber(topic, "audit");
            final List<Integer> received = new ArrayList<>();
            Message last = null;
            for (Message message = durable.receive(DEADLINE.toMillis()); null != message;
                message = durable.receive(2_000))
            {
                assertFalse(message.getJMSRedelivered(), "message " + message.getIntProperty("seq") + " redelivered");
                received.add(message.getIntProperty("seq"));
                last = message;
            }
            if (null != last)
            {
                last.acknowledge();
            }
            final List<Integer> expected = new ArrayList<>();
            for (int seq = 0; seq < SENDS + COMMITTED; seq++)
            {
                expected.add(seq);
            }
            assertEquals(expected, received, "every message once, in order (the leader was killed after " +
                sentAtKill + " sends returned)");
            assertEquals(List.of(), told, "no exception reaches the application");
        }
    }

    /** Sends {@value #SENDS} synchronously, killing the leader once {@value #KILL_AFTER} returned. */
    private int publishAcrossALeaderKill(
        final MemberProcesses cluster, final int leader, final Connection publishing, final Topic topic)
        throws Exception
    {
        final Session publisher = publishing.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer producer = publisher.createProducer(topic);
        producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        final AtomicInteger sent = new AtomicInteger();
        final Thread sender = new Thread(() ->
        {
            try
            {
                for (int seq = 0; seq < SENDS; seq++)
                {
                    final Message message = publisher.createTextMessage("price " + seq);
                    message.setIntProperty("seq", seq);
                    producer.send(message);
                    sent.incrementAndGet();
                }
            }
            catch (final JMSException | RuntimeException ex)
            {
                told.add(ex);
            }
        }, "topic-publisher");
        sender.start();
        Await.until(KILL_AFTER + " sends to return", DEADLINE, () -> sent.get() >= KILL_AFTER || !told.isEmpty());
        cluster.kill(leader);
        final int sentAtKill = sent.get();
        assertNotEquals(leader, cluster.awaitLeader(DEADLINE), "another member leads");
        sender.join(DEADLINE.toMillis());
        assertEquals(List.of(), told, "no exception reaches the application");
        assertEquals(SENDS, sent.get(), "every send returned");
        return sentAtKill;
    }

    /** Sends {@value #COMMITTED} more in one transaction. */
    private static void publishCommitted(final Connection publishing, final Topic topic) throws JMSException
    {
        final Session transacted = publishing.createSession(true, Session.SESSION_TRANSACTED);
        final MessageProducer committing = transacted.createProducer(topic);
        for (int seq = SENDS; seq < SENDS + COMMITTED; seq++)
        {
            final Message message = transacted.createTextMessage("price " + seq);
            message.setIntProperty("seq", seq);
            committing.send(message);
        }
        transacted.commit();
    }

    private Connection connect(final String uri) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        connection.setExceptionListener(told::add);
        return connection;
    }
}
