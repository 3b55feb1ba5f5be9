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

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A subscriber process that counts what reaches it: answers the publisher's hellos (see {@link Protocol}), checks
 * that data messages arrive in order and intact, and reports when the end message arrives, or when nothing has
 * arrived for {@code <quiet ms>} (the end was lost with the rest).
 * <p>
 * Arguments: {@code <connection URI> <topic> <quiet ms>}. Prints {@code READY} once subscribed, then
 * {@code RECEIVED count=<n> crc=<hex> end=<true|false>} and {@code VERIFIED} or {@code FAILED <reason>}, and waits
 * for its standard input to close before it exits: 0 if verified, 1 otherwise.
 */
public final class CountingSubscriberMain
{
    private CountingSubscriberMain()
    {
    }

    /**
     * Runs the subscriber.
     *
     * @param args connection URI, topic name, quiet time in ms.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String uri = args[0];
        final String topicName = args[1];
        final long quietMs = Long.parseLong(args[2]);

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
            boolean handshaken = false;
            boolean ended = false;
            while (!ended)
            {
                final Message message = consumer.receive(handshaken ? quietMs : Protocol.DEADLINE_MS);
                if (message == null)
                {
                    failure = "nothing arrived for " + quietMs + " ms after data message " + received;
                    break;
                }
                if (message instanceof BytesMessage data)
                {
                    final byte[] body = new byte[(int)data.getBodyLength()];
                    data.readBytes(body);
                    crc.update(body);
                    if (failure == null && !Protocol.isBody(received, body))
                    {
                        failure = "data message " + received + " carries seq " + Protocol.seqOf(body);
                    }
                    received++;
                }
                else if (Protocol.HELLO.equals(Protocol.kindOf(message)))
                {
                    handshaken = true;
                    Protocol.ack(session, replies);
                }
                else if (Protocol.END.equals(Protocol.kindOf(message)))
                {
                    ended = true;
                    if (failure == null && message.getLongProperty(Protocol.COUNT) != received)
                    {
                        failure = "the publisher sent " + message.getLongProperty(Protocol.COUNT);
                    }
                }
            }
            Protocol.say("RECEIVED count=" + received + " crc=" + Protocol.hex(crc) + " end=" + ended);
            Protocol.say(failure == null ? "VERIFIED" : "FAILED " + failure);
            awaitEndOfInput();
        }
        finally
        {
            connection.close();
        }
        System.exit(failure == null ? 0 : 1);
    }

    private static void awaitEndOfInput() throws IOException
    {
        while (System.in.read() != -1)
        {
            // Nothing is expected on standard input; its end is the signal.
        }
    }
}
