package io.wirespeed.bench.peer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.bench.rig.RemoteSide;
import io.wirespeed.bench.rig.SequenceCheck;

/**
 * One publisher to one subscriber over any JMS provider: one connection, a sending session and a
 * receiving session whose listener hands each message to the handler. When the target spans hosts, the
 * subscriber is a connection of its own in a JVM on the far host ({@link FarSideMain}) that counts into a
 * shared {@link SequenceCheck}, and the publisher probes until the subscriber has had a message.
 */
public final class JmsStream implements StreamPeer
{
    private final JmsTarget target;
    private final String topicName;
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
        this.target = target;
        this.topicName = topicName;
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
            receiveSession.createConsumer(topic).setMessageListener(m ->
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
            });
        }
        producer = JmsMessages.fast(sendSession.createProducer(topic));
        message = sendSession.createBytesMessage();
        connection.start();

        if (null != target.farHost())
        {
            checkFile = SequenceCheck.newFile();
            remoteCheck = SequenceCheck.mapped(checkFile);
            subscriber = RemoteSide.start(target.farHost(), FarSideMain.class.getName(),
                List.of("receive-jms", "-", "-", target.uri(), topicName, checkFile.toString()));
            RemoteSide.handshake(() -> send(-1), () -> remoteCheck.probes() > 0);
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
        settings.put("shape", null == target.farHost() ? "one connection; sessions: sender, receiver (listener)" :
            "connection on the near host: sender; on the far host: receiver (listener)");
        return settings;
    }

    @Override
    public void close() throws Exception
    {
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
