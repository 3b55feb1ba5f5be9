package io.wirespeed.it.queue;

import java.util.HashMap;
import java.util.Map;

import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.QueueConnection;
import javax.jms.QueueRequestor;
import javax.jms.QueueSession;
import javax.jms.Session;
import javax.jms.TemporaryQueue;
import javax.jms.TextMessage;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A requester process, the other side of {@link ResponderMain}: sends {@code count} requests at once, each with a
 * temporary queue as its {@code JMSReplyTo}, and matches every reply to its request by {@code JMSCorrelationID};
 * then {@value #REQUESTOR_REQUESTS} more through {@link QueueRequestor}; then stops the responder.
 * <p>
 * Arguments: {@code <connection URI> <request queue> <count>}. Prints {@code REPLIED <n>} (every request answered
 * once, with the text its correlation id names) and exits with 0; or {@code FAILED <reason>} and exits with 1.
 */
public final class RequesterMain
{
    /** How many requests go through {@link QueueRequestor} after the others. */
    static final int REQUESTOR_REQUESTS = 10;

    private static final long RECEIVE_MS = 30_000;

    private RequesterMain()
    {
    }

    /**
     * Runs the requester.
     *
     * @param args connection URI, request queue, request count.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final int count = Integer.parseInt(args[2]);
        String failure = null;
        int replied = 0;
        try (QueueConnection connection = new JmsConnectionFactory(args[0]).createQueueConnection())
        {
            final QueueSession session = connection.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            final Queue requests = session.createQueue(args[1]);
            final TemporaryQueue replyQueue = session.createTemporaryQueue();
            final MessageConsumer replies = session.createConsumer(replyQueue);
            final MessageProducer producer = session.createProducer(requests);
            connection.start();

            final Map<String, Integer> pending = new HashMap<>();
            for (int i = 0; i < count; i++)
            {
                final TextMessage request = session.createTextMessage("request " + i);
                request.setJMSReplyTo(replyQueue);
                producer.send(request);
                pending.put(request.getJMSMessageID(), i);
            }
            while (null == failure && !pending.isEmpty())
            {
                final Message reply = replies.receive(RECEIVE_MS);
                final Integer request = null == reply ? null : pending.remove(reply.getJMSCorrelationID());
                if (null == reply)
                {
                    failure = pending.size() + " requests unanswered after " + RECEIVE_MS + " ms";
                }
                else if (null == request)
                {
                    failure = "a reply that correlates with no outstanding request: " + reply.getJMSCorrelationID();
                }
                else if (!("reply to request " + request).equals(((TextMessage)reply).getText()))
                {
                    failure = "request " + request + " answered with " + ((TextMessage)reply).getText();
                }
                else
                {
                    replied++;
                }
            }
            replies.close();

            // QueueRequestor.close() closes the session it was given: it gets one of its own.
            final QueueSession requestorSession = connection.createQueueSession(false, Session.AUTO_ACKNOWLEDGE);
            final QueueRequestor requestor = new QueueRequestor(requestorSession, requests);
            for (int i = 0; null == failure && i < REQUESTOR_REQUESTS; i++)
            {
                final TextMessage request = requestorSession.createTextMessage("requestor " + i);
                final Message reply = requestor.request(request);
                if (!request.getJMSMessageID().equals(reply.getJMSCorrelationID()) ||
                    !("reply to requestor " + i).equals(((TextMessage)reply).getText()))
                {
                    failure = "requestor " + i + " answered with " + reply;
                }
                else
                {
                    replied++;
                }
            }
            requestor.close();

            final Message stop = session.createMessage();
            stop.setBooleanProperty(ResponderMain.STOP, true);
            producer.send(stop);
        }
        System.out.println(null == failure ? "REPLIED " + replied : "FAILED " + failure);
        System.out.flush();
        System.exit(null == failure ? 0 : 1);
    }
}
