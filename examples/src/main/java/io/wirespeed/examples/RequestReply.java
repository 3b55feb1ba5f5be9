package io.wirespeed.examples;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TemporaryQueue;
import javax.jms.TextMessage;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Request/reply over a queue: a responder squares the numbers it is sent and answers each request to
 * its {@code JMSReplyTo}, with the request's {@code JMSMessageID} as {@code JMSCorrelationID}; a
 * requester sends its requests with a {@link TemporaryQueue} of its own as reply-to address and checks
 * that each reply correlates with its request. Both run in this JVM on their own connections,
 * configured through {@code jndi.properties} (the embedded media driver, so the queue host runs in this
 * JVM too). Prints each exchange; exits with 0 when every request was answered correctly, else 1.
 * <p>
 * Run it with {@code ./mvnw -B -q -pl examples exec:exec -Dexample=io.wirespeed.examples.RequestReply}.
 * Arguments: [requests (default 5)].
 */
public final class RequestReply
{
    /** How long the requester waits for each reply. */
    static final long REPLY_TIMEOUT_MS = 10_000;

    private RequestReply()
    {
    }

    /**
     * Runs the example.
     *
     * @param args optional number of requests.
     * @throws Exception if JNDI or JMS fail.
     */
    public static void main(final String[] args) throws Exception
    {
        final int requests = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        final List<String> replies = run(requests, System.out);
        if (!replies.equals(expectedReplies(requests)))
        {
            System.out.println("FAILED: expected " + expectedReplies(requests) + ", got " + replies);
            System.exit(1);
        }
    }

    /**
     * Looks up the connection factory and the request queue in JNDI, starts the responder, sends the
     * requests one after another and waits for each reply.
     *
     * @param requests how many requests ("square 0", "square 1", ...).
     * @param out      where each exchange is printed.
     * @return the text of each reply that correlated with its request, in order; stops at the first that
     *         did not arrive in time or did not correlate.
     * @throws NamingException if JNDI fails.
     * @throws JMSException    if JMS fails.
     */
    public static List<String> run(final int requests, final PrintStream out) throws NamingException, JMSException
    {
        final InitialContext jndi = new InitialContext();
        final ConnectionFactory factory = (ConnectionFactory)jndi.lookup("ConnectionFactory");
        final Queue requestQueue = (Queue)jndi.lookup("requests");
        jndi.close();

        final List<String> replies = new ArrayList<>();
        try (Connection responderConnection = factory.createConnection();
            Connection requesterConnection = factory.createConnection())
        {
            startResponder(responderConnection, requestQueue, out);

            final Session session = requesterConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageProducer producer = session.createProducer(requestQueue);
            final TemporaryQueue replyQueue = session.createTemporaryQueue();
            final MessageConsumer replyConsumer = session.createConsumer(replyQueue);
            requesterConnection.start();
            out.printf("requester: %d requests to %s, replies to %s%n", requests, requestQueue, replyQueue);

            for (int i = 0; i < requests; i++)
            {
                final TextMessage request = session.createTextMessage("square " + i);
                request.setJMSReplyTo(replyQueue);
                producer.send(request);
                final Message reply = replyConsumer.receive(REPLY_TIMEOUT_MS);
                if (reply == null)
                {
                    out.printf("requester: no reply to '%s' within %d ms%n", request.getText(), REPLY_TIMEOUT_MS);
                    break;
                }
                if (!request.getJMSMessageID().equals(reply.getJMSCorrelationID()))
                {
                    out.printf("requester: the reply to '%s' (%s) correlates with %s%n",
                        request.getText(), request.getJMSMessageID(), reply.getJMSCorrelationID());
                    break;
                }
                final String text = ((TextMessage)reply).getText();
                out.printf("requester: '%s' -> '%s' (correlation id %s)%n", request.getText(), text,
                    reply.getJMSCorrelationID());
                replies.add(text);
            }
            replyConsumer.close();
            replyQueue.delete();
        }
        out.printf("%d of %d requests answered%n", replies.size(), requests);
        return replies;
    }

    /**
     * What {@link #run} returns when every request is answered: the squares of 0 to requests-1.
     *
     * @param requests how many requests.
     * @return the expected reply texts.
     */
    public static List<String> expectedReplies(final int requests)
    {
        final List<String> expected = new ArrayList<>();
        for (long i = 0; i < requests; i++)
        {
            expected.add(Long.toString(i * i));
        }
        return expected;
    }

    /** The responder: a listener that answers each "square n" to its reply-to address. */
    private static void startResponder(final Connection connection, final Queue requestQueue, final PrintStream out)
        throws JMSException
    {
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer replier = session.createProducer(null);
        session.createConsumer(requestQueue).setMessageListener(message ->
        {
            try
            {
                final String text = ((TextMessage)message).getText();
                final long n = Long.parseLong(text.substring("square ".length()));
                final TextMessage reply = session.createTextMessage(Long.toString(n * n));
                reply.setJMSCorrelationID(message.getJMSMessageID());
                replier.send(message.getJMSReplyTo(), reply);
                out.printf("responder: '%s' (%s) answered%n", text, message.getJMSMessageID());
            }
            catch (final JMSException ex)
            {
                throw new IllegalStateException(ex);
            }
        });
        connection.start();
    }
}
