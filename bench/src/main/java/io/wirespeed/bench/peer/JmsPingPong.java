package io.wirespeed.bench.peer;

import java.util.LinkedHashMap;
import java.util.Map;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.bench.common.JmsReflector;

/**
 * The reflector pair over any JMS provider: one connection, three sessions (A's sender, A's
 * receiver, B's reflector), two topics. B's listener ({@link JmsReflector}) copies each ping into a
 * reused reply and sends it on the pong topic; A's listener hands the reply to the handler.
 */
public final class JmsPingPong implements PingPongPeer
{
    private final JmsTarget target;
    private final String topicPrefix;
    private Connection connection;
    private MessageProducer producer;
    private BytesMessage message;
    private byte[] padding;

    /**
     * A pair over a target.
     *
     * @param target      the provider.
     * @param topicPrefix prefix of the ping and pong topic names.
     */
    public JmsPingPong(final JmsTarget target, final String topicPrefix)
    {
        this.target = target;
        this.topicPrefix = topicPrefix;
    }

    @Override
    public void start(final int messageSize, final ReplyHandler handler) throws Exception
    {
        padding = new byte[Payload.checkSize(messageSize) - Payload.MIN_SIZE];
        connection = target.factory().createConnection();
        final Session reflectSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Session receiveSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Session sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic ping = sendSession.createTopic(topicPrefix + ".ping");
        final Topic pong = sendSession.createTopic(topicPrefix + ".pong");

        reflectSession.createConsumer(ping).setMessageListener(new JmsReflector(
            JmsMessages.fast(reflectSession.createProducer(pong)), reflectSession.createBytesMessage(), messageSize));
        receiveSession.createConsumer(pong).setMessageListener(m ->
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
        producer = JmsMessages.fast(sendSession.createProducer(ping));
        message = sendSession.createBytesMessage();
        connection.start();
    }

    @Override
    public void send(final long intendedNanos, final long sequence) throws Exception
    {
        JmsMessages.write(message, intendedNanos, sequence, padding);
        producer.send(message);
    }

    @Override
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = new LinkedHashMap<>(target.settings());
        settings.put("shape", "one connection; sessions: sender, receiver (listener), reflector (listener)");
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
