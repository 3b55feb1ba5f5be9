package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.driver.Configuration;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 24 item 3, "a pause, nothing else", for a MessageListener's acknowledgement: a connection's own session with a
 * clustered queue host is polled by its delivery thread, the thread that runs the listeners and sends their AUTO
 * acknowledgements. A listener is busy with a message while the leader is killed, and returns only once the lost
 * leader's ingress has gone unconnected (no status message for the publication connection timeout), so that its
 * acknowledgement waits for a leader. That wait must go on reading the cluster's egress: the new leader's word (which
 * points the ingress at it) and the session's keep-alives come only through it. The acknowledgement goes to the new
 * leader, the message does not come again, the listener receives what is sent after the failover, and no exception
 * reaches the application. (Before, the wait only yielded: the client never took up the new leader, the cluster
 * closed its session, and the acknowledgement failed after the host timeout, seen as a flaky PartitionTest.)
 */
@SlowTest
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ListenerAcknowledgesAcrossFailoverTest
{
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    /** Past the lost leader's ingress publication's connection timeout: its offers then fail, no longer go unheard. */
    private static final long INGRESS_UNCONNECTED_NS =
        Configuration.PUBLICATION_CONNECTION_TIMEOUT_DEFAULT_NS + TimeUnit.SECONDS.toNanos(1);

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    private final List<Throwable> told = new CopyOnWriteArrayList<>();
    private final List<String> received = new CopyOnWriteArrayList<>();

    @Test
    void anAcknowledgementThatWaitsForTheNewLeaderGoesToItAndTheListenerGoesOn() throws Exception
    {
        try (MemberProcesses cluster = MemberProcesses.onLoopback(jvms, temp);
            Connection listening = connect(cluster.clientUri());
            Connection sending = connect(cluster.clientUri()))
        {
            final int leader = cluster.awaitLeader(MemberProcesses.START);
            final CountDownLatch busy = new CountDownLatch(1);
            final CountDownLatch release = new CountDownLatch(1);
            final Session session = listening.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createConsumer(session.createQueue("work")).setMessageListener((message) ->
            {
                try
                {
                    final String text = ((TextMessage)message).getText();
                    received.add(text + (message.getJMSRedelivered() ? " (redelivered)" : ""));
                    if ("held".equals(text))
                    {
                        busy.countDown();
                        release.await(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
                    }
                }
                catch (final JMSException | InterruptedException ex)
                {
                    told.add(ex);
                }
            });
            listening.start();

            final Session sendingSession = sending.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = sendingSession.createProducer(sendingSession.createQueue("work"));
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            producer.send(sendingSession.createTextMessage("held"));
            assertTrue(busy.await(DEADLINE.toMillis(), TimeUnit.MILLISECONDS), "the listener took the message");

            cluster.kill(leader);
            final long killedNs = System.nanoTime();
            final int next = cluster.awaitLeader(DEADLINE);
            assertNotEquals(leader, next, "another member leads");
            Await.until("the lost leader's ingress to go unconnected", DEADLINE,
                () -> System.nanoTime() - killedNs > INGRESS_UNCONNECTED_NS);
            release.countDown();

            producer.send(sendingSession.createTextMessage("after"));
            Await.until("the listener to receive what was sent after the failover", DEADLINE,
                () -> received.contains("after"));
            assertEquals(List.of("held", "after"), received, "each message once, the held one acknowledged");
            assertEquals(List.of(), told, "no exception reaches the application");
        }
    }

    private Connection connect(final String uri) throws JMSException
    {
        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        connection.setExceptionListener(told::add);
        return connection;
    }
}
