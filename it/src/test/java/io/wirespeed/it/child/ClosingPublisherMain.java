package io.wirespeed.it.child;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A publisher process that closes as soon as it has sent: handshakes with the subscriber (see {@link Protocol}),
 * publishes {@code count} sequenced data messages and an end message, then closes its connection and exits at
 * once, without waiting for the subscriber's verdict. Whatever its close lets go of before the subscriber has it
 * is lost with this JVM's embedded media driver.
 * <p>
 * Arguments: {@code <connection URI> <topic> <count>}. Prints {@code HANDSHAKE hellos=<n>}, {@code SENT count=<n>
 * crc=<hex>}, then {@code CLOSED in <t> ms}, and exits 0.
 */
public final class ClosingPublisherMain
{
    private ClosingPublisherMain()
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
        connection.start();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = session.createTopic(topicName);
        final MessageConsumer replies = session.createConsumer(session.createTopic(Protocol.replyTopic(topicName)));
        final MessageProducer producer = session.createProducer(topic);
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);

        final int hellos = Protocol.handshake(session, producer, replies, deadline);
        if (hellos < 0)
        {
            Protocol.say("FAILED no ack for the hellos within " + Protocol.DEADLINE_MS + " ms");
            System.exit(1);
        }
        Protocol.say("HANDSHAKE hellos=" + hellos);
        Protocol.say("SENT count=" + count + " crc=" + Protocol.publish(session, producer, count));

        final long closeStartNs = System.nanoTime();
        connection.close();
        Protocol.say("CLOSED in " + (System.nanoTime() - closeStartNs) / 1_000_000 + " ms");
        System.exit(0);
    }
}
