package io.wirespeed.it.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;
import java.util.function.Supplier;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import io.wirespeed.childjvm.ChildJvm;
import io.wirespeed.it.Api;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.test.ChildJvms;

/**
 * A process killed with SIGKILL in the middle of a transaction on a queue host's queues: its committed work stays, its
 * uncommitted work vanishes, and what it had received but not committed goes back to the queue for others, once the
 * host has timed the dead client out. Run against the single host ({@link KilledTransactionAcrossProcessesTest}) and
 * a three-member cluster ({@code io.wirespeed.it.cluster.ClientKillsOnAClusterTest}).
 */
public final class KilledTransaction
{
    private static final int COMMITTED = 50;
    private static final int UNCOMMITTED = 1_000;
    private static final int WORK = 10;
    private static final int TAKEN = 5;
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final long RECEIVE_MS = 20_000;

    private KilledTransaction()
    {
    }

    /**
     * The worker commits 50 messages, then in its next transaction takes 5 of 10 work messages and sends 1,000 more,
     * and is killed with SIGKILL before it commits. A consumer then gets exactly the 50 committed messages, in order,
     * and next a message sent after the kill. The 5 work messages it took come back once the host has noticed its
     * death, marked redelivered with JMSXDeliveryCount 2, ahead of the 5 it never saw, in order. After that, none of
     * the 1,000 is anywhere in the queue.
     *
     * @param processes     the test's child JVMs.
     * @param uris          gives each connection its URI (each may need a driver directory of its own).
     * @param clientTimeout how soon the host notices a client that died, for the messages.
     * @return how soon the work came back after the kill.
     * @throws Exception if a process or JMS fails.
     */
    public static String check(final ChildJvms processes, final Supplier<String> uris, final Duration clientTimeout)
        throws Exception
    {
        final String outputName = "it.queue.tx.output." + UUID.randomUUID();
        final String workName = "it.queue.tx.work." + UUID.randomUUID();

        try (Connection connection = new JmsConnectionFactory(uris.get()).createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = session.createProducer(null);
            for (int i = 0; i < WORK; i++)
            {
                producer.send(session.createQueue(workName), session.createTextMessage("work " + i));
            }

            final ChildJvm worker = processes.start("transacted worker",
                Api.JAVAX.command(TransactedWorkerMain.class.getName()).args(uris.get(), outputName,
                    Integer.toString(COMMITTED), Integer.toString(UNCOMMITTED), workName, Integer.toString(TAKEN)));
            assertEquals("SENT-UNCOMMITTED committed=" + COMMITTED + " uncommitted=" + UNCOMMITTED +
                " taken=work 0,work 1,work 2,work 3,work 4", worker.awaitLine("SENT-UNCOMMITTED", STARTUP));
            assertEquals(
                137, worker.killForcibly(Duration.ofSeconds(10)), "exit status of a process killed by SIGKILL");
            final long killedAt = System.nanoTime();

            connection.start();
            final MessageConsumer output = session.createConsumer(session.createQueue(outputName));
            for (int seq = 0; seq < COMMITTED; seq++)
            {
                final Message message = output.receive(RECEIVE_MS);
                assertNotNull(message, "committed message " + seq + " did not arrive" + processes.outputs());
                assertEquals("committed " + seq, ((TextMessage)message).getText(), "committed messages in order");
                assertEquals(seq, message.getIntProperty(TransactedWorkerMain.SEQ));
            }
            producer.send(session.createQueue(outputName), session.createTextMessage("sent after the kill"));
            final Message next = output.receive(RECEIVE_MS);
            assertNotNull(next, "the message sent after the kill did not arrive");
            assertEquals("sent after the kill", ((TextMessage)next).getText(),
                "the next message after the committed ones");

            final MessageConsumer work = session.createConsumer(session.createQueue(workName));
            for (int i = 0; i < WORK; i++)
            {
                final Message message = work.receive(i == 0 ? RECEIVE_MS : 2_000);
                assertNotNull(message, "work message " + i + " did not come back within " + RECEIVE_MS + " ms of " +
                    "the kill (the host's timeout of a silent client is " + clientTimeout + ")" + processes.outputs());
                assertEquals("work " + i, ((TextMessage)message).getText(), "work messages in their order");
                if (i < TAKEN)
                {
                    assertTrue(message.getJMSRedelivered(), "work " + i + " was received by the killed process");
                    assertEquals(2, message.getIntProperty("JMSXDeliveryCount"), "delivery count of work " + i);
                }
            }
            producer.send(session.createQueue(workName), session.createTextMessage("end of work"));
            assertEquals("end of work", text(work.receive(RECEIVE_MS)), "no work message twice");

            // By now the host has timed the dead process out: whatever it had put in its log buffer
            // has reached the queue host long ago. Not one of the 1,000 uncommitted messages is there.
            producer.send(session.createQueue(outputName), session.createTextMessage("end of output"));
            assertEquals("end of output", text(output.receive(RECEIVE_MS)),
                "no uncommitted message reached the output queue");
            assertFalse(session.createBrowser(session.createQueue(outputName)).getEnumeration().hasMoreElements(),
                "the output queue is empty");
            assertFalse(worker.output().contains("FAILED"), worker.output());
            return "the work came back " + Duration.ofNanos(System.nanoTime() - killedAt).toMillis() +
                " ms after the kill";
        }

    }

    private static String text(final Message message) throws JMSException
    {
        return null == message ? "nothing" : ((TextMessage)message).getText();
    }
}
