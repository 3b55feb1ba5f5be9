package io.wirespeed.it.child;

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
 * Arguments: {@code <connection URI> <topic> <count>}. Prints {@code HANDSHAKE hellos=<n>}, then
 * {@code SENT count=<n> crc=<hex>}, then {@code CONFIRMED in <t> ms} and exits 0 if the subscriber received
 * everything; exits 1 with a reason otherwise.
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
     * @param args connection URI, topic name, message count.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String uri = args[0];
        final String topicName = args[1];
        final long count = Long.parseLong(args[2]);
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

            final int hellos = Protocol.handshake(session, producer, replies, deadline);
            if (hellos < 0)
            {
                fail("no ack for the hellos within " + Protocol.DEADLINE_MS + " ms: is the subscriber running?");
            }
            Protocol.say("HANDSHAKE hellos=" + hellos);

            final long startNs = System.nanoTime();
            final String crc = Protocol.publish(session, producer, count);
            Protocol.say("SENT count=" + count + " crc=" + crc);

            while (true)
            {
                final Message reply = replies.receive(Math.max(1, deadline - System.currentTimeMillis()));
                if (reply == null)
                {
                    fail("no verdict from the subscriber within " + Protocol.DEADLINE_MS + " ms");
                }
                if (Protocol.DONE.equals(Protocol.kindOf(reply)))
                {
                    if (!reply.getBooleanProperty(Protocol.OK))
                    {
                        fail("the subscriber received count=" + reply.getLongProperty(Protocol.COUNT) + " crc=" +
                            reply.getStringProperty(Protocol.CRC) + ", not what was sent");
                    }
                    final long tookMs = Math.max(1, (System.nanoTime() - startNs) / 1_000_000);
                    Protocol.say("CONFIRMED in " + tookMs + " ms (" + count * 1000 / tookMs + " messages/s)");
                    break;
                }
            }
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
