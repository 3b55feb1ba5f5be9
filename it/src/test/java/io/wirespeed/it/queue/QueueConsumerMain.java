package io.wirespeed.it.queue;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;

import io.wirespeed.it.child.Protocol;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * A consumer process on a queue, one of several competing for its messages: consumes data messages
 * until it gets one end marker (see {@link QueueProducerMain}) and writes the sequence number of every
 * data message it consumed, in the order consumed, to a file (4 bytes each, big-endian), for the test
 * to join with the other consumers' files.
 * <p>
 * Arguments: {@code <connection URI> <queue> <mode> <file>}; the queue may be
 * {@code shared:<subscription>:<topic>} for a consumer on a shared topic subscription. The mode is
 * <ul>
 * <li>{@code auto}: {@code receive} in an AUTO_ACKNOWLEDGE session;</li>
 * <li>{@code client}: {@code receive} in a CLIENT_ACKNOWLEDGE session, acknowledging every
 *     {@value #CLIENT_ACK_EVERY} messages and at the end marker;</li>
 * <li>{@code listener}: a {@code MessageListener} in an AUTO_ACKNOWLEDGE session, which closes its
 *     consumer when the end marker arrives.</li>
 * </ul>
 * Prints {@code READY} once its consumer exists and its connection is started, then
 * {@code CONSUMED count=<n> sum=<sum of sequence numbers>} and exits with 0; or {@code FAILED <reason>}
 * (a body that is not the one its sequence number says, or no end marker before the deadline) and
 * exits with 1.
 */
public final class QueueConsumerMain
{
    /** How many messages a {@code client} mode consumer takes between acknowledgements. */
    static final int CLIENT_ACK_EVERY = 1000;

    private final DataOutputStream out;
    private long count;
    private long sum;
    private String failure;

    private QueueConsumerMain(final DataOutputStream out)
    {
        this.out = out;
    }

    /**
     * Runs the consumer.
     *
     * @param args connection URI, queue name, mode, output file.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String uri = args[0];
        final String queueName = args[1];
        final String mode = args[2];
        final Path file = Path.of(args[3]);
        final long deadline = System.currentTimeMillis() + Protocol.DEADLINE_MS;

        final QueueConsumerMain consumer;
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)));
            Connection connection = new JmsConnectionFactory(uri).createConnection())
        {
            consumer = new QueueConsumerMain(out);
            final Session session = connection.createSession(false,
                "client".equals(mode) ? Session.CLIENT_ACKNOWLEDGE : Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer queueConsumer = openConsumer(session, queueName);
            switch (mode)
            {
                case "auto", "client" -> consumer.receiveUntilEnd(queueConsumer, connection, mode, deadline);
                case "listener" -> consumer.listenUntilEnd(queueConsumer, connection, deadline);
                default -> throw new IllegalArgumentException("mode must be auto, client or listener: " + mode);
            }
            queueConsumer.close();
        }
        Protocol.say("CONSUMED count=" + consumer.count + " sum=" + consumer.sum);
        Protocol.say(consumer.failure == null ? "VERIFIED" : "FAILED " + consumer.failure);
        System.exit(consumer.failure == null ? 0 : 1);
    }

    /**
     * A consumer on a queue, or on a shared topic subscription when the name reads
     * {@code shared:<subscription>:<topic>}.
     */
    private static MessageConsumer openConsumer(final Session session, final String name) throws JMSException
    {
        if (name.startsWith("shared:"))
        {
            final int colon = name.indexOf(':', "shared:".length());
            return session.createSharedConsumer(
                session.createTopic(name.substring(colon + 1)), name.substring("shared:".length(), colon));
        }
        return session.createConsumer(session.createQueue(name));
    }

    private void receiveUntilEnd(
        final MessageConsumer consumer, final Connection connection, final String mode, final long deadline)
        throws JMSException
    {
        connection.start();
        Protocol.say("READY");
        while (true)
        {
            final Message message = consumer.receive(Math.max(1, deadline - System.currentTimeMillis()));
            if (message == null)
            {
                failed("no end marker within " + Protocol.DEADLINE_MS + " ms, after " + count + " data messages");
                return;
            }
            final boolean end = take(message);
            if ("client".equals(mode) && (end || count % CLIENT_ACK_EVERY == 0))
            {
                message.acknowledge();
            }
            if (end)
            {
                return;
            }
        }
    }

    private void listenUntilEnd(final MessageConsumer consumer, final Connection connection, final long deadline)
        throws JMSException, InterruptedException
    {
        final CountDownLatch ended = new CountDownLatch(1);
        consumer.setMessageListener(message ->
        {
            try
            {
                if (ended.getCount() == 0)
                {
                    failed("a message after the end marker, although the listener closed its consumer: " + message);
                }
                else if (take(message))
                {
                    // Closing from inside onMessage (allowed since JMS 2.0): this message is acknowledged when
                    // onMessage returns, and no other reaches this listener; the rest go back.
                    consumer.close();
                    ended.countDown();
                }
            }
            catch (final JMSException ex)
            {
                failed("a listener failed: " + ex);
                ended.countDown();
            }
        });
        connection.start();
        Protocol.say("READY");
        if (!ended.await(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS))
        {
            failed("no end marker within " + Protocol.DEADLINE_MS + " ms, after " + count + " data messages");
        }
        connection.stop();
    }

    /** Records one message; true if it is the end marker. */
    private synchronized boolean take(final Message message) throws JMSException
    {
        if (!(message instanceof BytesMessage data))
        {
            if (Protocol.END.equals(Protocol.kindOf(message)))
            {
                return true;
            }
            failed("unexpected message " + message);
            return false;
        }
        final byte[] body = new byte[(int)data.getBodyLength()];
        data.readBytes(body);
        final long seq = Protocol.seqOf(body);
        if (!Protocol.isBody(seq, body))
        {
            failed("the body of a message with seq " + seq + " (" + body.length + " bytes) is not that message's");
        }
        try
        {
            out.writeInt((int)seq);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        count++;
        sum += seq;
        return false;
    }

    private synchronized void failed(final String why)
    {
        if (failure == null)
        {
            failure = why;
        }
    }
}
