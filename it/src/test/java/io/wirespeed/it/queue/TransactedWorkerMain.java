package io.wirespeed.it.queue;

import javax.jms.Connection;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import io.wirespeed.it.child.Protocol;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A process that is to die in the middle of a transaction. In one transacted session it sends
 * {@code committed} messages to the output queue and commits them; then, in the next transaction, it
 * receives {@code take} messages from the work queue and sends {@code uncommitted} more messages to the
 * output queue, prints {@code SENT-UNCOMMITTED ...}, and waits, never committing, until it is killed.
 * <p>
 * Arguments: {@code <connection URI> <output queue> <committed> <uncommitted> <work queue> <take>}.
 * Output message {@code n} is a {@code TextMessage} {@code "committed <n>"} or {@code "uncommitted <n>"}
 * with the int property {@value #SEQ} = n, numbered on from the committed ones. Should its standard
 * input close (nobody killed it), it exits with 2 without committing.
 */
public final class TransactedWorkerMain
{
    /** Int property: the message's number among those this process sent. */
    static final String SEQ = "seq";

    private TransactedWorkerMain()
    {
    }

    /**
     * Runs the worker.
     *
     * @param args connection URI, output queue, committed count, uncommitted count, work queue, how many to take.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String uri = args[0];
        final String outputName = args[1];
        final int committed = Integer.parseInt(args[2]);
        final int uncommitted = Integer.parseInt(args[3]);
        final String workName = args[4];
        final int take = Integer.parseInt(args[5]);

        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        final Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
        final MessageProducer output = session.createProducer(session.createQueue(outputName));
        final MessageConsumer work = session.createConsumer(session.createQueue(workName));
        connection.start();

        int seq = 0;
        for (; seq < committed; seq++)
        {
            output.send(numbered(session, "committed", seq));
        }
        session.commit();

        final StringBuilder taken = new StringBuilder();
        for (int i = 0; i < take; i++)
        {
            final Message message = work.receive(Protocol.DEADLINE_MS);
            if (message == null)
            {
                Protocol.say("FAILED no work message " + i + " within " + Protocol.DEADLINE_MS + " ms");
                System.exit(1);
            }
            taken.append(i == 0 ? "" : ",").append(((TextMessage)message).getText());
        }
        for (int i = 0; i < uncommitted; i++, seq++)
        {
            output.send(numbered(session, "uncommitted", seq));
        }
        Protocol.say("SENT-UNCOMMITTED committed=" + committed + " uncommitted=" + uncommitted + " taken=" + taken);

        while (System.in.read() != -1)
        {
            // Waiting to be killed; nothing is expected on standard input.
        }
        System.exit(2);
    }

    private static TextMessage numbered(final Session session, final String what, final int seq) throws Exception
    {
        final TextMessage message = session.createTextMessage(what + " " + seq);
        message.setIntProperty(SEQ, seq);
        return message;
    }
}
