package io.wirespeed.it.queue;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.MessageProducer;
import javax.jms.Destination;
import javax.jms.Session;
import javax.jms.TextMessage;

import io.wirespeed.it.child.Protocol;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A producer process for a queue: sends {@code count} data messages, then {@code markers} end markers,
 * and exits.
 * <p>
 * Arguments: {@code <connection URI> <queue> <count> <markers> [<batch>]}; {@code topic:<name>} sends to a topic
 * instead. Without a batch each message is a synchronous send; with one, the session is transacted and commits
 * every {@code batch} messages (and once after the markers), so that a remote PERSISTENT queue send waits for the
 * host's archive once per commit instead of once per message. Data message {@code seq} (0 to
 * count-1) is a {@code BytesMessage} whose body is {@link Protocol#body(long)}; an end marker is a
 * {@code TextMessage} whose {@link Protocol#KIND} property is {@link Protocol#END}. The queue host keeps
 * one producer's messages in order, so every marker is dispatched after every data message. Prints
 * {@code SENT count=<n> markers=<m>} once every send has returned, closes its connection and exits
 * with 0 (a failed send ends it with a stack trace and a non-zero status).
 */
public final class QueueProducerMain
{
    private QueueProducerMain()
    {
    }

    /**
     * Runs the producer.
     *
     * @param args connection URI, queue name, data message count, end marker count, optionally the transaction size.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String uri = args[0];
        final String queueName = args[1];
        final long count = Long.parseLong(args[2]);
        final int markers = Integer.parseInt(args[3]);
        final int batch = args.length > 4 ? Integer.parseInt(args[4]) : 0;

        try (Connection connection = new JmsConnectionFactory(uri).createConnection())
        {
            final Session session = batch > 0 ? connection.createSession(true, Session.SESSION_TRANSACTED) :
                connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Destination destination = queueName.startsWith("topic:") ?
                session.createTopic(queueName.substring("topic:".length())) : session.createQueue(queueName);
            final MessageProducer producer = session.createProducer(destination);
            for (long seq = 0; seq < count; seq++)
            {
                final BytesMessage data = session.createBytesMessage();
                data.writeBytes(Protocol.body(seq));
                producer.send(data);
                if (batch > 0 && (seq + 1) % batch == 0)
                {
                    session.commit();
                }
            }
            for (int i = 0; i < markers; i++)
            {
                final TextMessage end = session.createTextMessage(Protocol.END);
                end.setStringProperty(Protocol.KIND, Protocol.END);
                producer.send(end);
            }
            if (batch > 0)
            {
                session.commit();
            }
            Protocol.say("SENT count=" + count + " markers=" + markers);
        }
        System.exit(0);
    }
}
