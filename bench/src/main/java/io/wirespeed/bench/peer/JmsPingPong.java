package io.wirespeed.bench.peer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.bench.common.JmsReflector;
import io.wirespeed.bench.rig.RemoteSide;

/**
 * The reflector pair over any JMS provider: one connection, three sessions (A's sender, A's
 * receiver, B's reflector), two topics. B's listener ({@link JmsReflector}) copies each ping into a
 * reused reply and sends it on the pong topic; A's listener hands the reply to the handler. When the
 * target spans hosts, B is a connection of its own in a JVM on the far host ({@link FarSideMain}), and A
 * probes the pair until a ping has come back before it reports started.
 */
public final class JmsPingPong implements PingPongPeer
{
    private final JmsTarget target;
    private final String topicPrefix;
    private Connection connection;
    private MessageProducer producer;
    private BytesMessage message;
    private byte[] padding;
    private RemoteSide reflector;
    private volatile long probesAnswered;

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
        final String pingTopic = topicPrefix + ".ping";
        final String pongTopic = topicPrefix + ".pong";
        final JmsTarget pair = target.receivingHere(pongTopic);
        connection = pair.factory().createConnection();
        final Session receiveSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Session sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic ping = sendSession.createTopic(pingTopic);
        final Topic pong = sendSession.createTopic(pongTopic);

        if (null == target.farHost())
        {
            final Session reflectSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            reflectSession.createConsumer(ping).setMessageListener(new JmsReflector(
                JmsMessages.fast(reflectSession.createProducer(pong)), reflectSession.createBytesMessage(),
                messageSize));
        }
        receiveSession.createConsumer(pong).setMessageListener(replies(handler));
        producer = JmsMessages.fast(sendSession.createProducer(ping));
        message = sendSession.createBytesMessage();
        connection.start();

        if (null != target.farHost())
        {
            reflector = RemoteSide.start(target.farHost(), FarSideMain.class.getName(),
                List.of("reflect-jms", "-", "-", pair.uri(), pingTopic, pongTopic, Integer.toString(messageSize)));
            RemoteSide.handshake(() -> send(0, -1), () -> probesAnswered > 0);
        }
    }

    private MessageListener replies(final ReplyHandler handler)
    {
        return m ->
        {
            try
            {
                final BytesMessage in = (BytesMessage)m;
                final long intended = in.readLong();
                final long sequence = in.readLong();
                if (sequence < 0)
                {
                    probesAnswered = probesAnswered + 1;
                    return;
                }
                handler.onReply(intended, sequence);
            }
            catch (final JMSException ex)
            {
                throw JmsMessages.fail(ex);
            }
        };
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
        settings.put("shape", null == target.farHost() ?
            "one connection; sessions: sender, receiver (listener), reflector (listener)" :
            "connection on the near host: sender, receiver (listener); on the far host: reflector (listener)");
        return settings;
    }

    @Override
    public void close() throws Exception
    {
        if (connection != null)
        {
            connection.close();
        }
        if (reflector != null)
        {
            reflector.close();
        }
    }
}
