package io.wirespeed.jmh;

import java.util.concurrent.TimeUnit;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.agrona.concurrent.IdleStrategy;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.JmsReflector;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * The reflector round trip (S1, a ping-pong) through the JMS API: the benchmark thread sends a BytesMessage on a ping
 * topic and waits in a synchronous {@code receive} for it to come back on a pong topic; a reflector — a
 * {@link JmsReflector} listening on another connection, in the reuse mode — sends each ping back with one reused
 * BytesMessage. One operation is one full round trip (halve it for the half-RTT the published figures quote).
 * With {@code receive=listener} the pinger takes pongs in a listener of its own (reuse mode) instead, and the
 * benchmark thread waits for the listener to see its sequence number: no allocation per round trip, one more thread.
 * <p>
 * Over UDP the two topics travel on two loopback ports (ping to one, pong to the other), as two hosts would
 * each receive on their own; both connections share this JVM's one embedded media driver.
 * {@link AeronPingPongBenchmark} is the same round trip on raw Aeron: the floor.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = BenchmarkSupport.ADD_OPENS,
    jvmArgsAppend = {BenchmarkSupport.ADD_OPENS, BenchmarkSupport.HEAP})
@Threads(1)
@State(Scope.Benchmark)
public class JmsPingPongBenchmark
{
    private static final String PING_TOPIC = "jmh.pingpong.ping";
    private static final String PONG_TOPIC = "jmh.pingpong.pong";
    private static final long RECEIVE_TIMEOUT_MS = 10_000;
    private static final String SYNC = "sync";
    private static final String LISTENER = "listener";

    /** {@code ipc}: Aeron IPC; {@code udp}: UDP unicast over loopback. */
    @Param({BenchmarkSupport.IPC, BenchmarkSupport.UDP})
    public String transport;

    /** Body bytes of each ping and pong. */
    @Param({"45", "1000"})
    public int size;

    /**
     * Idle strategy of the media driver, the reflector's delivery thread and the pinger's receive. {@code yielding}
     * suits a small machine; on a machine with a core per spinning thread, {@code busy-spin} is the right setting.
     */
    @Param({"yielding"})
    public String idle;

    /**
     * How the pinger takes its pong: {@code sync} = {@code MessageConsumer.receive} on the benchmark thread (the
     * consumer's reused message, as both connections run in the reuse mode); {@code listener} = a listener on the
     * pinger connection's delivery thread, in the reuse mode, which the benchmark thread waits on.
     */
    @Param({SYNC})
    public String receive;

    private Connection pingConnection;
    private Connection pongConnection;
    private MessageProducer pingProducer;
    private MessageConsumer pongConsumer;
    private BytesMessage ping;
    private byte[] padding;
    private long sequence;
    private PongListener pongListener;
    private IdleStrategy waitIdle;

    /**
     * Connects the pinger and the reflector and waits until a ping has made the round trip.
     *
     * @throws JMSException if a connection cannot be made.
     */
    @Setup(Level.Trial)
    public void setUp() throws JMSException
    {
        final boolean udp = BenchmarkSupport.UDP.equals(transport);
        final String uri = BenchmarkSupport.uri(transport, idle, true, BenchmarkSupport.udpPort(0),
            udp ? BenchmarkSupport.udpRoute(PONG_TOPIC, BenchmarkSupport.udpPort(1)) : "");
        final JmsConnectionFactory factory = new JmsConnectionFactory(uri);
        padding = BenchmarkSupport.padding(size);

        pongConnection = factory.createConnection();
        final Session reflectorSession = pongConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final MessageProducer pongProducer = reflectorSession.createProducer(reflectorSession.createTopic(PONG_TOPIC));
        pongProducer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        reflectorSession.createConsumer(reflectorSession.createTopic(PING_TOPIC))
            .setMessageListener(new JmsReflector(pongProducer, reflectorSession.createBytesMessage(), size));
        pongConnection.start();

        pingConnection = factory.createConnection();
        final Session session = pingConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic pingTopic = session.createTopic(PING_TOPIC);
        pongConsumer = session.createConsumer(session.createTopic(PONG_TOPIC));
        pingProducer = session.createProducer(pingTopic);
        pingProducer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        ping = session.createBytesMessage();
        pingConnection.start();

        BenchmarkSupport.handshake(pingProducer, ping, padding, pongConsumer);
        if (LISTENER.equals(receive))
        {
            pongListener = new PongListener();
            pongConsumer.setMessageListener(pongListener);
            waitIdle = IdleStrategies.of(idle);
        }
        else if (!SYNC.equals(receive))
        {
            throw new IllegalArgumentException("receive '" + receive + "' is not sync or listener");
        }
    }

    /**
     * Closes both connections; the last one stops the embedded media driver.
     *
     * @throws JMSException if closing fails.
     */
    @TearDown(Level.Trial)
    public void tearDown() throws JMSException
    {
        try
        {
            if (null != pingConnection)
            {
                pingConnection.close();
            }
        }
        finally
        {
            if (null != pongConnection)
            {
                pongConnection.close();
            }
        }
    }

    /**
     * One round trip: send a ping, receive its pong.
     *
     * @return the pong's sequence number, equal to the ping's.
     * @throws JMSException if sending or receiving fails.
     */
    @Benchmark
    public long roundTrip() throws JMSException
    {
        final long expected = ++sequence;
        BenchmarkSupport.fill(ping, expected, padding);
        pingProducer.send(ping);
        if (null != pongListener)
        {
            return awaitPong(expected);
        }
        final Message pong = pongConsumer.receive(RECEIVE_TIMEOUT_MS);
        if (null == pong)
        {
            throw new IllegalStateException("pong " + expected + " did not come back within " + RECEIVE_TIMEOUT_MS +
                " ms");
        }
        final long received = ((BytesMessage)pong).readLong();
        if (received != expected)
        {
            throw new IllegalStateException("pong " + received + " came back for ping " + expected);
        }
        return received;
    }

    private long awaitPong(final long expected)
    {
        final IdleStrategy idle = waitIdle;
        final PongListener listener = pongListener;
        idle.reset();
        long deadline = 0;
        int spins = 0;
        while (listener.received != expected)
        {
            if (++spins == 4096)
            {
                spins = 0;
                final long now = System.nanoTime();
                if (0 == deadline)
                {
                    deadline = now + TimeUnit.MILLISECONDS.toNanos(RECEIVE_TIMEOUT_MS);
                }
                else if (now > deadline)
                {
                    throw new IllegalStateException("pong " + expected + " did not come back within " +
                        RECEIVE_TIMEOUT_MS + " ms (last was " + listener.received + ")");
                }
            }
            idle.idle();
        }
        return expected;
    }

    /**
     * Notes the sequence number of each pong, on the pinger connection's delivery thread.
     */
    static final class PongListener implements MessageListener
    {
        volatile long received;

        @Override
        public void onMessage(final Message message)
        {
            try
            {
                received = ((BytesMessage)message).readLong();
            }
            catch (final JMSException ex)
            {
                throw new IllegalStateException(ex);
            }
        }
    }
}
