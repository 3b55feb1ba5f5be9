package io.wirespeed.bench.peer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.bench.rig.RemoteSide;
import io.wirespeed.bench.rig.SequenceCheck;

/**
 * One publisher to one subscriber over any JMS provider: one connection, a sending session and a
 * receiving session whose listener, or a thread of its own blocking in {@code receive()}, hands each
 * message to the handler. When the target spans hosts, the subscriber is a connection of its own in a JVM on the
 * far host ({@link FarSideMain}) whose listener counts into a shared {@link SequenceCheck}, and the publisher probes
 * until the subscriber has had a message.
 */
public final class JmsStream implements StreamPeer
{
    private static final long RECEIVE_TIMEOUT_MS = 100;

    private final JmsTarget target;
    private final String topicName;
    private final boolean syncReceive;
    private volatile boolean running = true;
    private Thread receiver;
    private Connection connection;
    private MessageProducer producer;
    private BytesMessage message;
    private byte[] padding;
    private RemoteSide subscriber;
    private Path checkFile;
    private SequenceCheck remoteCheck;

    /**
     * A stream over a target.
     *
     * @param target    the provider.
     * @param topicName the topic.
     */
    public JmsStream(final JmsTarget target, final String topicName)
    {
        this(target, topicName, false);
    }

    /**
     * A stream over a target, received by a listener or by a thread blocking in {@code receive()}.
     *
     * @param target      the provider.
     * @param topicName   the topic.
     * @param syncReceive true for a receiving thread calling {@code MessageConsumer.receive}, false for a listener.
     * @throws IllegalArgumentException if a synchronous receiver is asked of a target that spans hosts.
     */
    public JmsStream(final JmsTarget target, final String topicName, final boolean syncReceive)
    {
        if (syncReceive && null != target.farHost())
        {
            throw new IllegalArgumentException("the far host's subscriber is a listener; receive=sync is for loopback");
        }
        this.target = target;
        this.topicName = topicName;
        this.syncReceive = syncReceive;
    }

    @Override
    public void start(final int messageSize, final ReplyHandler handler) throws Exception
    {
        padding = new byte[Payload.checkSize(messageSize) - Payload.MIN_SIZE];
        connection = target.factory().createConnection();
        final Session sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = sendSession.createTopic(topicName);
        if (null == target.farHost())
        {
            final Session receiveSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer consumer = receiveSession.createConsumer(topic);
            if (syncReceive)
            {
                receiver = new Thread(() -> receiveUntilClosed(consumer, handler), "jms-stream-receiver");
                receiver.setDaemon(true);
            }
            else
            {
                consumer.setMessageListener(m -> deliver(m, handler));
            }
        }
        producer = JmsMessages.fast(sendSession.createProducer(topic));
        message = sendSession.createBytesMessage();
        connection.start();
        if (null != receiver)
        {
            receiver.start();
        }

        if (null != target.farHost())
        {
            checkFile = SequenceCheck.newFile();
            remoteCheck = SequenceCheck.mapped(checkFile);
            subscriber = RemoteSide.start(target.farHost(), FarSideMain.class.getName(),
                List.of("receive-jms", "-", "-", target.uri(), topicName, checkFile.toString()));
            RemoteSide.handshake(() -> send(-1), () -> remoteCheck.probes() > 0);
        }
    }

    private void receiveUntilClosed(final MessageConsumer consumer, final ReplyHandler handler)
    {
        try
        {
            while (running)
            {
                final Message m = consumer.receive(RECEIVE_TIMEOUT_MS);
                if (null != m)
                {
                    deliver(m, handler);
                }
            }
        }
        catch (final JMSException ex)
        {
            if (running)
            {
                ex.printStackTrace();
            }
        }
    }

    private static void deliver(final Message m, final ReplyHandler handler)
    {
        try
        {
            final BytesMessage in = (BytesMessage)m;
            final long intended = in.readLong();
            handler.onReply(intended, in.readLong());
        }
        catch (final JMSException ex)
        {
            throw JmsMessages.fail(ex);
        }
    }

    @Override
    public void send(final long sequence) throws Exception
    {
        JmsMessages.write(message, 0, sequence, padding);
        producer.send(message);
    }

    @Override
    public SequenceCheck receiverElsewhere()
    {
        return remoteCheck;
    }

    @Override
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = new LinkedHashMap<>(target.settings());
        settings.put("shape", null != target.farHost() ?
            "connection on the near host: sender; on the far host: receiver (listener)" : syncReceive ?
            "one connection; sessions: sender, receiver (a thread in receive())" :
            "one connection; sessions: sender, receiver (listener)");
        settings.put("receive", syncReceive ? "sync" : "listener");
        return settings;
    }

    @Override
    public void close() throws Exception
    {
        running = false;
        if (null != receiver)
        {
            receiver.join(5_000);
        }
        if (connection != null)
        {
            connection.close();
        }
        if (subscriber != null)
        {
            subscriber.close();
        }
        if (checkFile != null)
        {
            Files.deleteIfExists(checkFile);
        }
    }
}
