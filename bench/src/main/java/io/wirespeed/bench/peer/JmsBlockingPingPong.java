package io.wirespeed.bench.peer;

import java.time.Duration;
import java.util.ArrayList;
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

import io.wirespeed.bench.common.JmsReflector;
import io.wirespeed.bench.rig.RemoteSide;

/**
 * The ping-pong a new user writes, over any JMS provider: a pinger connection whose thread sends a ping and blocks
 * in {@code receive()} for the pong, and a ponger connection whose listener ({@link JmsReflector}) answers each ping.
 * For one message in flight only: {@link #send} returns once the pong has been handed to the handler, on the
 * sending thread, or once it gave up waiting for it. When the target spans hosts, the ponger is a connection in a JVM
 * on the far host ({@link FarSideMain}), with the load that host's side of S3 gives it, if any.
 */
public final class JmsBlockingPingPong implements PingPongPeer
{
    /** How long a ping waits for its pong before the round trip counts as lost. */
    public static final long RECEIVE_TIMEOUT_MS = 5_000;

    private static final long HANDSHAKE_TIMEOUT_MS = 20_000;
    private static final long STARTUP_SECONDS = 60;

    private final JmsTarget target;
    private final String topicPrefix;
    private final TopicLoad.Remote farLoad;
    private Connection pinger;
    private Connection ponger;
    private RemoteSide farPonger;
    private MessageProducer producer;
    private MessageConsumer consumer;
    private BytesMessage message;
    private byte[] padding;
    private ReplyHandler handler;

    /**
     * A pair over a target.
     *
     * @param target      the provider.
     * @param topicPrefix prefix of the ping and pong topic names.
     */
    public JmsBlockingPingPong(final JmsTarget target, final String topicPrefix)
    {
        this(target, topicPrefix, null);
    }

    /**
     * A pair over a target whose far-host ponger also consumes a load of its host's.
     *
     * @param target      the provider; when it spans hosts, the ponger runs on its far host.
     * @param topicPrefix prefix of the ping and pong topic names.
     * @param farLoad     the load the far ponger's connection consumes, or null for none (or on one host).
     */
    public JmsBlockingPingPong(final JmsTarget target, final String topicPrefix, final TopicLoad.Remote farLoad)
    {
        this.target = target;
        this.topicPrefix = topicPrefix;
        this.farLoad = farLoad;
    }

    @Override
    public void start(final int messageSize, final ReplyHandler handler) throws Exception
    {
        this.handler = handler;
        padding = new byte[Payload.checkSize(messageSize) - Payload.MIN_SIZE];
        final String pingTopic = topicPrefix + ".ping";
        final String pongTopic = topicPrefix + ".pong";
        final JmsTarget pair = target.receivingHere(pongTopic);
        if (null == target.farHost())
        {
            ponger = pair.factory().createConnection();
            final Session reflectSession = ponger.createSession(false, Session.AUTO_ACKNOWLEDGE);
            reflectSession.createConsumer(reflectSession.createTopic(pingTopic)).setMessageListener(new JmsReflector(
                JmsMessages.fast(reflectSession.createProducer(reflectSession.createTopic(pongTopic))),
                reflectSession.createBytesMessage(), messageSize));
            ponger.start();
        }
        else
        {
            final List<String> args = new ArrayList<>(List.of(
                "reflect-jms", "-", "-", pair.uri(), pingTopic, pongTopic, Integer.toString(messageSize)));
            long startupSeconds = STARTUP_SECONDS;
            if (null != farLoad)
            {
                args.addAll(farLoad.args());
                startupSeconds += farLoad.setupSeconds();
            }
            farPonger = RemoteSide.start(target.farHost(), FarSideMain.class.getName(), args,
                Duration.ofSeconds(startupSeconds));
        }

        pinger = pair.factory().createConnection();
        final Session session = pinger.createSession(false, Session.AUTO_ACKNOWLEDGE);
        consumer = session.createConsumer(session.createTopic(pongTopic));
        producer = JmsMessages.fast(session.createProducer(session.createTopic(pingTopic)));
        message = session.createBytesMessage();
        pinger.start();
        handshake();
    }

    /**
     * Pings until a pong comes back, so that both topics have their subscribers before anything is measured (a
     * topic message sent before its subscriber is there reaches nobody), then drains the handshake's other pongs.
     */
    private void handshake() throws JMSException
    {
        final long deadline = System.nanoTime() + HANDSHAKE_TIMEOUT_MS * 1_000_000;
        Message reply = null;
        while (null == reply)
        {
            if (System.nanoTime() > deadline)
            {
                throw new IllegalStateException("no pong on " + topicPrefix + ".pong within " + HANDSHAKE_TIMEOUT_MS +
                    " ms: the ponger's listener is not answering");
            }
            JmsMessages.write(message, 0, -1, padding);
            producer.send(message);
            reply = consumer.receive(100);
        }
        while (null != consumer.receive(200))
        {
            // pongs of earlier handshake pings
        }
    }

    @Override
    public void send(final long intendedNanos, final long sequence) throws Exception
    {
        JmsMessages.write(message, intendedNanos, sequence, padding);
        producer.send(message);
        final Message reply = consumer.receive(RECEIVE_TIMEOUT_MS);
        if (null != reply)
        {
            final BytesMessage in = (BytesMessage)reply;
            final long intended = in.readLong();
            handler.onReply(intended, in.readLong());
        }
    }

    /**
     * The connections in this JVM, for a scenario that gives them more to do (consumers of other topics).
     *
     * @return the pinger's and the ponger's connection once started; only the pinger's when the ponger runs on the
     *         far host.
     */
    public List<Connection> connections()
    {
        return null == ponger ? List.of(pinger) : List.of(pinger, ponger);
    }

    @Override
    public Map<String, Object> settings()
    {
        final Map<String, Object> settings = new LinkedHashMap<>(target.settings());
        settings.put("shape", null == target.farHost() ?
            "pinger connection blocks in receive(); ponger connection's listener answers" :
            "pinger connection on the near host blocks in receive(); ponger connection's listener on the far host " +
            "answers");
        settings.put("receive", "sync");
        return settings;
    }

    @Override
    public void close() throws Exception
    {
        try
        {
            if (null != pinger)
            {
                pinger.close();
            }
        }
        finally
        {
            if (null != ponger)
            {
                ponger.close();
            }
            if (null != farPonger)
            {
                farPonger.close();
            }
        }
    }
}
