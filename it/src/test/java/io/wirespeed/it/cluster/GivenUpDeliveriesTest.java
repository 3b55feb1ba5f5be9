package io.wirespeed.it.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TextMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.test.Await;
import io.wirespeed.test.ChildJvms;
import io.wirespeed.test.SlowTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A CLIENT_ACKNOWLEDGE session's messages whose cluster session the clustered queue host gave up (issue 24: "no
 * acknowledged message returns"): three {@code wirespeed-driver} processes as its members on loopback
 * ({@link MemberProcesses}), a connection in this JVM with {@code failoverTimeout=3000}. The session receives five
 * PERSISTENT messages; all three members are killed (SIGKILL), the connection takes the cluster for lost, and the
 * members start again, restoring the messages from their log. The connection opens a new session; the host gives the
 * old one's deliveries back to their queue. An {@code acknowledge()} of the five then cannot apply: it throws, saying
 * so, instead of returning as if they were acknowledged, and the five come again, marked redelivered.
 */
@SlowTest
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class GivenUpDeliveriesTest
{
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int MESSAGES = 5;

    @RegisterExtension
    final ChildJvms jvms = new ChildJvms();

    @TempDir
    Path temp;

    @Test
    void anAcknowledgementOfMessagesFromASessionTheClusterGaveUpThrowsAndTheyComeAgainMarked() throws Exception
    {
        final List<JMSException> told = new CopyOnWriteArrayList<>();
        try (MemberProcesses cluster = MemberProcesses.onLoopback(jvms, temp);
            Connection connection = new JmsConnectionFactory(cluster.clientUri() + "&failoverTimeout=3000")
                .createConnection())
        {
            connection.setExceptionListener(told::add);
            cluster.awaitLeader(MemberProcesses.START);
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue queue = session.createQueue("orders");
            final MessageProducer producer = session.createProducer(queue);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            for (int i = 0; i < MESSAGES; i++)
            {
                producer.send(session.createTextMessage("m" + i));
            }
            final Session acknowledging = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            final MessageConsumer consumer = acknowledging.createConsumer(queue);
            connection.start();
            Message last = null;
            for (int i = 0; i < MESSAGES; i++)
            {
                last = consumer.receive(DEADLINE.toMillis());
                assertNotNull(last, "message " + i + " came");
            }

            cluster.killAll();
            Await.until("the connection to take the cluster for lost", DEADLINE, () -> !told.isEmpty());
            cluster.restartAll();
            Await.until("a send to return once the cluster runs again", DEADLINE, () ->
            {
                try
                {
                    producer.send(session.createTextMessage("after"));
                    return true;
                }
                catch (final JMSException ex)
                {
                    return false;
                }
            });

            final JMSException givenUp = assertThrows(JMSException.class, last::acknowledge);
            assertEquals(QueueClient.DELIVERIES_GIVEN_UP, givenUp.getErrorCode(), givenUp::toString);
            final Map<String, Boolean> again = new TreeMap<>();
            for (int i = 0; i <= MESSAGES; i++)
            {
                final Message message = consumer.receive(DEADLINE.toMillis());
                assertNotNull(message, "message " + i + " of " + (MESSAGES + 1) + " came after the restart: " + again);
                again.put(((TextMessage)message).getText(), message.getJMSRedelivered());
                last = message;
            }
            assertEquals(Map.of("m0", true, "m1", true, "m2", true, "m3", true, "m4", true, "after", false), again,
                "the five again, marked redelivered, and the one sent after (text: redelivered)");
            last.acknowledge();
            assertNull(consumer.receive(1_000), "nothing more");
            System.out.println("GivenUpDeliveriesTest: " + givenUp.getMessage());
        }
    }
}
