package io.wirespeed.jmh;

import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.openjdk.jmh.annotations.AuxCounters;
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

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.wirespeed.bench.common.Endpoints;
import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.common.RawAeron;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * One producer to one consumer over IPC, as fast as the consumer keeps up, with 32-byte payloads:
 * {@code jms} sends a reused 32-byte BytesMessage to a topic that a listener of the same connection reads
 * ({@code reuseMessages=true}); {@code aeron} is the raw floor, {@link ExclusivePublication#tryClaim} of 32 bytes
 * polled by a {@link Subscription} on a consumer thread, in a driver with the same settings. The primary score is
 * sends per second; the secondary result {@code received} is what the consumer took per second, the figure to
 * quote (the two differ only by what sits in the publication's window). Each method runs in its own fork.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = BenchmarkSupport.ADD_OPENS,
    jvmArgsAppend = {BenchmarkSupport.ADD_OPENS, BenchmarkSupport.HEAP})
@Threads(1)
public class ThroughputBenchmark
{
    /** The payload size: the JMS body, and the raw Aeron message. */
    public static final int SIZE = 32;

    private static final int STREAM_ID = 1003;
    private static final int FRAGMENT_LIMIT = 256;

    /**
     * The JMS side: one connection, a producer session and a listener session over IPC.
     */
    @State(Scope.Benchmark)
    public static class JmsSide
    {
        /**
         * Idle strategy of the driver, the delivery thread and a back-pressured send; {@code busy-spin} on a
         * machine with cores to spare.
         */
        @Param({"yielding"})
        public String idle;

        final AtomicLong received = new AtomicLong();
        private Connection connection;
        private MessageProducer producer;
        private BytesMessage message;
        private long sequence;

        /**
         * Connects, subscribes the listener and waits for the first delivery.
         *
         * @throws Exception if connecting fails or nothing arrives.
         */
        @Setup(Level.Trial)
        public void setUp() throws Exception
        {
            connection = new JmsConnectionFactory(
                BenchmarkSupport.uri(BenchmarkSupport.IPC, idle, true, 0, "")).createConnection();
            final Session consumerSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Session producerSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final Topic topic = producerSession.createTopic("jmh.throughput");
            consumerSession.createConsumer(topic).setMessageListener(new Counter(received));
            connection.start();
            producer = producerSession.createProducer(topic);
            producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            message = producerSession.createBytesMessage();
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (0 == received.get())
            {
                if (System.nanoTime() > deadline)
                {
                    throw new IllegalStateException("the listener received nothing within 20 s");
                }
                send();
                Thread.sleep(1);
            }
        }

        /**
         * Closes the connection, which stops the delivery thread and the embedded media driver.
         *
         * @throws JMSException if closing fails.
         */
        @TearDown(Level.Trial)
        public void tearDown() throws JMSException
        {
            if (null != connection)
            {
                connection.close();
            }
        }

        void send() throws JMSException
        {
            message.clearBody();
            message.writeLong(++sequence);
            message.writeLong(sequence);
            message.writeLong(sequence);
            message.writeLong(sequence);
            producer.send(message);
        }
    }

    /**
     * The raw Aeron side: an exclusive IPC publication and a consumer thread polling its subscription.
     */
    @State(Scope.Benchmark)
    public static class AeronSide
    {
        /** Idle strategy of the driver, the consumer and a back-pressured claim. */
        @Param({"yielding"})
        public String idle;

        final AtomicLong received = new AtomicLong();
        private final BufferClaim claim = new BufferClaim();
        private RawAeron rawAeron;
        private PollingThread consumerThread;
        private ExclusivePublication publication;
        private IdleStrategy claimIdle;
        private long sequence;

        /**
         * Starts the driver and the consumer and waits until the publication is connected.
         */
        @Setup(Level.Trial)
        public void setUp()
        {
            rawAeron = BenchmarkSupport.startRawAeron(idle);
            final Subscription subscription = rawAeron.aeron().addSubscription(Endpoints.AERON_IPC, STREAM_ID);
            publication = rawAeron.aeron().addExclusivePublication(Endpoints.AERON_IPC, STREAM_ID);
            final Consumer consumer = new Consumer(subscription, received);
            consumerThread = new PollingThread("jmh-aeron-consumer", IdleStrategies.of(idle), consumer::poll);
            claimIdle = IdleStrategies.of(idle);
            RawAeron.awaitConnected(publication);
        }

        /**
         * Stops the consumer, then closes the client and the driver.
         *
         * @throws InterruptedException if interrupted while the consumer stops.
         */
        @TearDown(Level.Trial)
        public void tearDown() throws InterruptedException
        {
            try
            {
                if (null != consumerThread)
                {
                    consumerThread.close();
                }
            }
            finally
            {
                if (null != rawAeron)
                {
                    rawAeron.close();
                }
            }
        }

        void send()
        {
            final IdleStrategy idle = claimIdle;
            idle.reset();
            long result;
            while ((result = publication.tryClaim(SIZE, claim)) < 0)
            {
                if (Publication.CLOSED == result || Publication.MAX_POSITION_EXCEEDED == result)
                {
                    throw new IllegalStateException("claim failed: " + Publication.errorString(result));
                }
                idle.idle();
            }
            final long value = ++sequence;
            final int offset = claim.offset();
            claim.buffer().putLong(offset, value, ByteOrder.LITTLE_ENDIAN);
            claim.buffer().putLong(offset + 8, value, ByteOrder.LITTLE_ENDIAN);
            claim.buffer().putLong(offset + 16, value, ByteOrder.LITTLE_ENDIAN);
            claim.buffer().putLong(offset + 24, value, ByteOrder.LITTLE_ENDIAN);
            claim.commit();
        }
    }

    /**
     * What the JMS consumer took during the iteration: the secondary result {@code received}.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class JmsReceived
    {
        private AtomicLong counter;
        private long start;

        /**
         * Notes where the iteration starts.
         *
         * @param side the JMS side.
         */
        @Setup(Level.Iteration)
        public void start(final JmsSide side)
        {
            counter = side.received;
            start = counter.get();
        }

        /**
         * Messages received since the iteration started.
         *
         * @return the count.
         */
        public long received()
        {
            return null == counter ? 0 : counter.get() - start;
        }
    }

    /**
     * What the raw Aeron consumer took during the iteration: the secondary result {@code received}.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class AeronReceived
    {
        private AtomicLong counter;
        private long start;

        /**
         * Notes where the iteration starts.
         *
         * @param side the raw Aeron side.
         */
        @Setup(Level.Iteration)
        public void start(final AeronSide side)
        {
            counter = side.received;
            start = counter.get();
        }

        /**
         * Messages received since the iteration started.
         *
         * @return the count.
         */
        public long received()
        {
            return null == counter ? 0 : counter.get() - start;
        }
    }

    /**
     * Sends one 32-byte BytesMessage through the JMS API.
     *
     * @param side     the JMS side.
     * @param received the consumer's count.
     * @throws JMSException if the send fails.
     */
    @Benchmark
    public void jms(final JmsSide side, final JmsReceived received) throws JMSException
    {
        side.send();
    }

    /**
     * Claims, writes and commits one 32-byte message on raw Aeron.
     *
     * @param side     the raw Aeron side.
     * @param received the consumer's count.
     */
    @Benchmark
    public void aeron(final AeronSide side, final AeronReceived received)
    {
        side.send();
    }

    /**
     * Counts the JMS messages delivered to it, reading each one's first long.
     */
    static final class Counter implements MessageListener
    {
        private final AtomicLong received;
        private long count;
        private long checksum;

        Counter(final AtomicLong received)
        {
            this.received = received;
        }

        @Override
        public void onMessage(final Message message)
        {
            try
            {
                checksum += ((BytesMessage)message).readLong();
            }
            catch (final JMSException ex)
            {
                throw new IllegalStateException(ex);
            }
            received.lazySet(++count);
        }
    }

    /**
     * Polls the raw subscription and counts fragments, reading each one's first long.
     */
    static final class Consumer implements FragmentHandler
    {
        private final Subscription subscription;
        private final AtomicLong received;
        private long count;
        private long checksum;

        Consumer(final Subscription subscription, final AtomicLong received)
        {
            this.subscription = subscription;
            this.received = received;
        }

        /**
         * Polls the subscription once and publishes the count if anything arrived.
         *
         * @return the fragments taken.
         */
        int poll()
        {
            final int fragments = subscription.poll(this, FRAGMENT_LIMIT);
            if (fragments > 0)
            {
                received.lazySet(count);
            }
            return fragments;
        }

        @Override
        public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
        {
            checksum += buffer.getLong(offset, ByteOrder.LITTLE_ENDIAN);
            count++;
        }
    }
}
