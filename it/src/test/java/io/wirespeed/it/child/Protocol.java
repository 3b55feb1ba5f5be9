package io.wirespeed.it.child;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;

/**
 * What the publisher and subscriber programs say to each other, besides the data.
 * <p>
 * The data topic carries, in order: one or more {@code hello} text messages, {@code count} data
 * {@code BytesMessage}s, one {@code end} text message with the count and CRC the publisher sent. The
 * reply topic ({@code <topic>.reply}) carries an {@code ack} for each hello and, at the end, one
 * {@code done} with the subscriber's verdict; with several subscribers, each sends its own, marked {@code from}.
 * <p>
 * Why the handshake: a topic message sent while no subscriber is connected reaches no one (the
 * provider waits {@code connectWait} for subscribers of a new publication, then drops). Across
 * processes, and over UDP where the publication connects only once the subscriber's driver answers,
 * that window is not guaranteed; so the publisher repeats {@code hello} until an {@code ack} proves
 * that the subscriber receives, and only then sends data. Hellos lost before that are harmless.
 * <p>
 * Why {@code done}: the publisher exits only when the subscriber has confirmed everything, so no data
 * is still in its log buffer (or its embedded driver's sender) when it closes; the subscriber stays
 * alive until the test closes its standard input, so {@code done} cannot be lost either.
 * <p>
 * Data message {@code seq} has the body {@code seq} (8 bytes, big-endian, as {@code writeLong}) and a
 * payload of 0 to {@link #MAX_PAYLOAD} bytes derived from {@code seq}; both ends compute a CRC32 over
 * every body in order.
 */
public final class Protocol
{
    /** Text message property that says what a control message is. */
    public static final String KIND = "kind";
    /** Publisher to subscriber: are you there? */
    public static final String HELLO = "hello";
    /** Subscriber to publisher: a hello arrived. */
    public static final String ACK = "ack";
    /** Publisher to subscriber: that was all; carries {@link #COUNT} and {@link #CRC}. */
    public static final String END = "end";
    /** Subscriber to publisher: the verdict; carries {@link #OK}, {@link #COUNT} and {@link #CRC}. */
    public static final String DONE = "done";
    /** Long property: number of data messages. */
    public static final String COUNT = "count";
    /** String property: CRC32 of the data bodies, hexadecimal. */
    public static final String CRC = "crc";
    /** Boolean property of {@link #DONE}: everything arrived, in order, intact. */
    public static final String OK = "ok";
    /** String property of {@link #ACK} and {@link #DONE}: which subscriber sends it (its process id). */
    public static final String FROM = "from";

    /** Largest payload after the sequence number. */
    public static final int MAX_PAYLOAD = 200;

    /** How long a child waits for the other side before it gives up. */
    public static final long DEADLINE_MS = 90_000;

    private Protocol()
    {
    }

    /**
     * The reply topic of a data topic.
     *
     * @param topic the data topic.
     * @return its reply topic.
     */
    public static String replyTopic(final String topic)
    {
        return topic + ".reply";
    }

    /**
     * The body of data message {@code seq}.
     *
     * @param seq the sequence number, from 0.
     * @return the bytes.
     */
    public static byte[] body(final long seq)
    {
        final SplittableRandom random = new SplittableRandom(seq * 0x9E3779B97F4A7C15L);
        final byte[] body = new byte[Long.BYTES + random.nextInt(MAX_PAYLOAD + 1)];
        ByteBuffer.wrap(body).putLong(seq);
        for (int i = Long.BYTES; i < body.length; i++)
        {
            body[i] = (byte)random.nextInt(256);
        }
        return body;
    }

    /**
     * Whether a received body is exactly data message {@code seq}.
     *
     * @param seq  the expected sequence number.
     * @param body the received body.
     * @return true if it is.
     */
    public static boolean isBody(final long seq, final byte[] body)
    {
        return Arrays.equals(body(seq), body);
    }

    /**
     * The sequence number at the start of a body, or -1 if it is too short.
     *
     * @param body a data body.
     * @return its sequence number.
     */
    public static long seqOf(final byte[] body)
    {
        return body.length < Long.BYTES ? -1 : ByteBuffer.wrap(body).getLong(0);
    }

    /**
     * A CRC32 value as it is printed and sent.
     *
     * @param crc the checksum.
     * @return eight hexadecimal digits.
     */
    public static String hex(final CRC32 crc)
    {
        return String.format("%08x", crc.getValue());
    }

    /**
     * The kind of a control message, or null for a data message.
     *
     * @param message a received message.
     * @return its {@link #KIND} property.
     * @throws JMSException if the property cannot be read.
     */
    public static String kindOf(final Message message) throws JMSException
    {
        return message.getStringProperty(KIND);
    }

    /**
     * The publisher's side of the handshake with one subscriber: sends {@code hello} every 100 ms until an
     * {@code ack} arrives.
     *
     * @param session  the publisher's session.
     * @param producer the data topic's producer.
     * @param replies  the reply topic's consumer.
     * @param deadline the {@link System#currentTimeMillis()} after which to give up.
     * @return how many hellos it took, or -1 if no ack came before the deadline.
     * @throws JMSException if JMS fails.
     */
    public static int handshake(
        final Session session, final MessageProducer producer, final MessageConsumer replies, final long deadline)
        throws JMSException
    {
        return handshake(session, producer, replies, 1, deadline);
    }

    /**
     * The publisher's side of the handshake with several subscribers: sends {@code hello} every 100 ms until each of
     * them has acknowledged one (acks are told apart by {@link #FROM}).
     *
     * @param session     the publisher's session.
     * @param producer    the data topic's producer.
     * @param replies     the reply topic's consumer.
     * @param subscribers how many subscribers must answer.
     * @param deadline    the {@link System#currentTimeMillis()} after which to give up.
     * @return how many hellos it took, or -1 if not every subscriber answered before the deadline.
     * @throws JMSException if JMS fails.
     */
    public static int handshake(final Session session, final MessageProducer producer, final MessageConsumer replies,
        final int subscribers, final long deadline) throws JMSException
    {
        final Set<String> answered = new HashSet<>();
        int hellos = 0;
        while (System.currentTimeMillis() <= deadline)
        {
            final TextMessage hello = session.createTextMessage(HELLO);
            hello.setStringProperty(KIND, HELLO);
            producer.send(hello);
            hellos++;
            for (Message reply = replies.receive(100); reply != null; reply = replies.receiveNoWait())
            {
                if (ACK.equals(kindOf(reply)))
                {
                    answered.add(reply.getStringProperty(FROM));
                }
            }
            if (answered.size() >= subscribers)
            {
                return hellos;
            }
        }
        return -1;
    }

    /**
     * Publishes data messages 0 to {@code count - 1}, then the {@code end} message with the count and CRC.
     *
     * @param session  the publisher's session.
     * @param producer the data topic's producer.
     * @param count    how many data messages.
     * @return the CRC of the data bodies, as {@link #hex(CRC32)} prints it.
     * @throws JMSException if JMS fails.
     */
    public static String publish(final Session session, final MessageProducer producer, final long count)
        throws JMSException
    {
        final CRC32 crc = new CRC32();
        final BytesMessage data = session.createBytesMessage();
        for (long seq = 0; seq < count; seq++)
        {
            final byte[] body = body(seq);
            crc.update(body);
            data.clearBody();
            data.writeBytes(body);
            producer.send(data);
        }
        final TextMessage end = session.createTextMessage(END);
        end.setStringProperty(KIND, END);
        end.setLongProperty(COUNT, count);
        end.setStringProperty(CRC, hex(crc));
        producer.send(end);
        return hex(crc);
    }

    /**
     * The subscriber's side of the handshake: answers a {@code hello} with an {@code ack}.
     *
     * @param session the subscriber's session.
     * @param replies the reply topic's producer.
     * @throws JMSException if JMS fails.
     */
    public static void ack(final Session session, final MessageProducer replies) throws JMSException
    {
        final TextMessage ack = session.createTextMessage(ACK);
        ack.setStringProperty(KIND, ACK);
        ack.setStringProperty(FROM, self());
        replies.send(ack);
    }

    /**
     * What this subscriber calls itself in {@link #FROM}.
     *
     * @return its process id.
     */
    public static String self()
    {
        return Long.toString(ProcessHandle.current().pid());
    }

    /**
     * Prints one line for the test to read, at once.
     *
     * @param line the line.
     */
    public static void say(final String line)
    {
        System.out.println(line);
        System.out.flush();
    }
}
