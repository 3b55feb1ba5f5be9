package io.wirespeed.it.child;

import java.io.IOException;
import java.util.zip.CRC32;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A subscriber process: subscribes to a topic, answers the publisher's hellos, checks that the data
 * messages arrive complete, in order and intact, and reports (see {@link Protocol}).
 * <p>
 * Arguments: {@code <connection URI> <topic>}. Prints {@code READY} once its consumer exists and its
 * connection is started, then {@code RECEIVED count=<n> crc=<hex>} and {@code VERIFIED} (or
 * {@code FAILED <reason>}), sends the verdict to the publisher, and waits for its standard input to
 * close before it closes its connection and exits: 0 if verified, 1 otherwise.
 * <p>
 * Written against javax.jms; the jakarta twin is this class transformed by the build (see it/README.md).
 */
public final class TopicSubscriberMain
{
    private TopicSubscriberMain()
    {
    }

    /**
     * Runs the subscriber.
     *
     * @param args connection URI, topic name.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String uri = args[0];
        final String topicName = args[1];
        final long deadline = System.currentTimeMillis() + Protocol.DEADLINE_MS;

        final Connection connection = new JmsConnectionFactory(uri).createConnection();
        String failure = null;
        try
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer consumer = session.createConsumer(session.createTopic(topicName));
            final MessageProducer replies = session.createProducer(session.createTopic(Protocol.replyTopic(topicName)));
            replies.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            connection.start();
            Protocol.say("READY");

            final CRC32 crc = new CRC32();
            long received = 0;
            while (true)
            {
                final Message message = consumer.receive(Math.max(1, deadline - System.currentTimeMillis()));
                if (message == null)
                {
                    failure = "no end message within " + Protocol.DEADLINE_MS + " ms; received " + received +
                        " data messages";
                    Protocol.say("RECEIVED count=" + received + " crc=" + Protocol.hex(crc));
                    break;
                }
                if (message instanceof BytesMessage data)
                {
                    final byte[] body = new byte[(int)data.getBodyLength()];
                    data.readBytes(body);
                    crc.update(body);
                    if (failure == null && !Protocol.isBody(received, body))
                    {
                        failure = "data message " + received + " is wrong: it carries seq " + Protocol.seqOf(body) +
                            " and " + body.length + " bytes";
                    }
                    received++;
                    continue;
                }
                final String kind = Protocol.kindOf(message);
                if (Protocol.HELLO.equals(kind))
                {
                    Protocol.ack(session, replies);
                }
                else if (Protocol.END.equals(kind))
                {
                    final long sent = message.getLongProperty(Protocol.COUNT);
                    final String sentCrc = message.getStringProperty(Protocol.CRC);
                    Protocol.say("RECEIVED count=" + received + " crc=" + Protocol.hex(crc));
                    if (failure == null && (sent != received || !sentCrc.equals(Protocol.hex(crc))))
                    {
                        failure = "the publisher sent count=" + sent + " crc=" + sentCrc;
                    }
                    final TextMessage done = session.createTextMessage(Protocol.DONE);
                    done.setStringProperty(Protocol.KIND, Protocol.DONE);
                    done.setBooleanProperty(Protocol.OK, failure == null);
                    done.setLongProperty(Protocol.COUNT, received);
                    done.setStringProperty(Protocol.CRC, Protocol.hex(crc));
                    done.setStringProperty(Protocol.FROM, Protocol.self());
                    replies.send(done);
                    break;
                }
                else
                {
                    failure = "unexpected message " + message;
                }
            }
            Protocol.say(failure == null ? "VERIFIED" : "FAILED " + failure);
            awaitEndOfInput();
        }
        finally
        {
            connection.close();
        }
        System.exit(failure == null ? 0 : 1);
    }

    /** Until the test closes standard input (or dies): keeps the verdict's publication alive meanwhile. */
    private static void awaitEndOfInput() throws IOException
    {
        while (System.in.read() != -1)
        {
            // Nothing is expected on standard input; its end is the signal.
        }
    }
}
