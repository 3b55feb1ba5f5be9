package io.wirespeed.bench.peer;

import java.util.LinkedHashMap;
import java.util.Map;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

/**
 * One publisher to one subscriber over any JMS provider: one connection, a sending session and a
 * receiving session whose listener hands each message to the handler.
 */
public final class JmsStream implements StreamPeer
{
    private final JmsTarget target;
    private final String topicName;
    private Connection connection;
    private MessageProducer producer;
    private BytesMessage message;
    private byte[] padding;

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
        final Session receiveSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Session sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = sendSession.createTopic(topicName);
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
        producer = JmsMessages.fast(sendSession.createProducer(topic));
        message = sendSession.createBytesMessage();
        connection.start();
    }

    @Override
    public void send(final long sequence) throws Exception
    {
        JmsMessages.write(message, 0, sequence, padding);
        producer.send(message);
    }

    @Override
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = new LinkedHashMap<>(target.settings());
        settings.put("shape", "one connection; sessions: sender, receiver (listener)");
        return settings;
    }

    @Override
    public void close() throws Exception
    {
        if (connection != null)
        {
            connection.close();
        }
    }
}
