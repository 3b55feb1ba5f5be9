package io.wirespeed.it.child;

import java.util.HashSet;
import java.util.Set;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A publisher process: handshakes with the subscriber, publishes {@code count} sequenced data
 * messages and an end message on a topic, and waits for the subscriber's verdict (see {@link Protocol}).
 * <p>
 * Arguments: {@code <connection URI> <topic> <count> [<subscribers>]} (one subscriber unless said). Prints
 * {@code HANDSHAKE hellos=<n>}, then {@code SENT count=<n> crc=<hex>}, then {@code CONFIRMED by <n> in <t> ms} and
 * exits 0 if every subscriber received everything; exits 1 with a reason otherwise.
 * <p>
 * Written against javax.jms; the jakarta twin is this class transformed by the build (see it/README.md).
 */
public final class TopicPublisherMain
{
    private TopicPublisherMain()
    {
    }

    /**
     * Runs the publisher.
     *
     * @param args connection URI, topic name, message count, optionally the number of subscribers.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String uri = args[0];
        final String topicName = args[1];
        final long count = Long.parseLong(args[2]);
        final int subscribers = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        final long deadline = System.currentTimeMillis() + Protocol.DEADLINE_MS;

        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        try
        {
            connection.start();
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic topic = session.createTopic(topicName);
            final MessageConsumer replies = session.createConsumer(session.createTopic(Protocol.replyTopic(topicName)));
            final MessageProducer producer = session.createProducer(topic);
            producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);

            final int hellos = Protocol.handshake(session, producer, replies, subscribers, deadline);
            if (hellos < 0)
            {
                fail("not every one of " + subscribers + " subscribers answered the hellos within " +
                    Protocol.DEADLINE_MS + " ms: are they running?");
            }
            Protocol.say("HANDSHAKE hellos=" + hellos);

            final long startNs = System.nanoTime();
            final String crc = Protocol.publish(session, producer, count);
            Protocol.say("SENT count=" + count + " crc=" + crc);

            final Set<String> confirmed = new HashSet<>();
            while (confirmed.size() < subscribers)
            {
                final Message reply = replies.receive(Math.max(1, deadline - System.currentTimeMillis()));
                if (reply == null)
                {
                    fail("verdicts from " + confirmed.size() + " of " + subscribers + " subscribers within " +
                        Protocol.DEADLINE_MS + " ms");
                }
                if (Protocol.DONE.equals(Protocol.kindOf(reply)))
                {
                    if (!reply.getBooleanProperty(Protocol.OK))
                    {
                        fail("subscriber " + reply.getStringProperty(Protocol.FROM) + " received count=" +
                            reply.getLongProperty(Protocol.COUNT) + " crc=" + reply.getStringProperty(Protocol.CRC) +
                            ", not what was sent");
                    }
                    confirmed.add(reply.getStringProperty(Protocol.FROM));
                }
            }
            final long tookMs = Math.max(1, (System.nanoTime() - startNs) / 1_000_000);
            Protocol.say("CONFIRMED by " + subscribers + " in " + tookMs + " ms (" + count * 1000 / tookMs +
                " messages/s)");
        }
        finally
        {
            connection.close();
        }
    }

    private static void fail(final String reason)
    {
        Protocol.say("FAILED " + reason);
        System.exit(1);
    }
}
