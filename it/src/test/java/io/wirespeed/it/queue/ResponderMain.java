package io.wirespeed.it.queue;

import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import io.wirespeed.it.child.Protocol;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A responder process: answers every request on a queue to the request's {@code JMSReplyTo}, with
 * {@code JMSCorrelationID} set to the request's {@code JMSMessageID} and the text
 * {@code "reply to <request text>"}.
 * <p>
 * Arguments: {@code <connection URI> <request queue>}. Prints {@code READY} once its consumer exists
 * and its connection is started. A message with the boolean property {@value #STOP} ends it: it prints
 * {@code ANSWERED <n>} and exits with 0. A request without a reply-to address, or no message before
 * the deadline, ends it with {@code FAILED <reason>} and status 1.
 */
public final class ResponderMain
{
    /** Boolean property of the message that stops the responder. */
    static final String STOP = "stop";

    private ResponderMain()
    {
    }

    /**
     * Runs the responder.
     *
     * @param args connection URI, request queue name.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String uri = args[0];
        final String queueName = args[1];
        final long deadline = System.currentTimeMillis() + Protocol.DEADLINE_MS;

        String failure = null;
        long answered = 0;
        try (Connection connection = new JmsConnectionFactory(uri).createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer requests = session.createConsumer(session.createQueue(queueName));
            final MessageProducer replies = session.createProducer(null);
            connection.start();
            Protocol.say("READY");
            while (true)
            {
                final Message request = requests.receive(Math.max(1, deadline - System.currentTimeMillis()));
                if (request == null)
                {
                    failure = "no stop message within " + Protocol.DEADLINE_MS + " ms";
                    break;
                }
                if (request.propertyExists(STOP) && request.getBooleanProperty(STOP))
                {
                    break;
                }
                final Destination replyTo = request.getJMSReplyTo();
                if (replyTo == null)
                {
                    failure = "request " + request.getJMSMessageID() + " has no JMSReplyTo";
                    break;
                }
                final TextMessage reply = session.createTextMessage("reply to " + ((TextMessage)request).getText());
                reply.setJMSCorrelationID(request.getJMSMessageID());
                replies.send(replyTo, reply);
                answered++;
            }
        }
        Protocol.say("ANSWERED " + answered);
        Protocol.say(failure == null ? "STOPPED" : "FAILED " + failure);
        System.exit(failure == null ? 0 : 1);
    }
}
