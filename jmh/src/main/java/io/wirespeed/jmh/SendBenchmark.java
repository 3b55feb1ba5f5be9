package io.wirespeed.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.Map;
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

import io.wirespeed.bench.common.Allocations;
import io.wirespeed.jms.JmsConnectionFactory;

/**
 * The hot path's allocation, send and listener delivery together: the benchmark thread rewrites one reused
 * 45-byte BytesMessage (an int property, a sequence number and padding) and sends it to a topic over IPC; a
 * {@link MessageListener} of the same connection, on the connection's delivery thread, reads each one.
 * One operation is one send; the sender is held back by the listener once the publication's window is full, so
 * in a steady state one send is one delivery.
 * <p>
 * Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is the bytes allocated by the whole JVM — the sending
 * thread, the delivery thread, the driver and everything else — per send. With {@code reuseMessages=true} the
 * provider is designed to allocate nothing on either thread, so it should read close to 0 B/op;
 * {@code reuseMessages=false} (a new message per delivery) is the control that shows the profiler does count the
 * delivery thread. After each iteration the benchmark also prints the split per thread (send thread, delivery
 * thread, and all other threads together with the one that allocated most) from the JVM's per-thread allocation
 * counters; the secondary result {@code delivered} is the listener's rate.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = BenchmarkSupport.ADD_OPENS,
    jvmArgsAppend = {BenchmarkSupport.ADD_OPENS, BenchmarkSupport.HEAP})
@Threads(1)
@State(Scope.Benchmark)
public class SendBenchmark
{
    private static final String TOPIC = "jmh.send";
    private static final int SIZE = 45;

    /** Whether the listener gets one reused message ({@code true}, the zero-allocation mode) or a new one. */
    @Param({"true", "false"})
    public boolean reuseMessages;

    /**
     * Idle strategy of the driver, the delivery thread and a back-pressured send. On a machine with a core per
     * spinning thread, {@code busy-spin} is the right setting.
     */
    @Param({"yielding"})
    public String idle;

    private final AtomicLong delivered = new AtomicLong();
    private Map<Long, Long> iterationAllBytes = Map.of();
    private Connection connection;
    private MessageProducer producer;
    private BytesMessage message;
    private byte[] padding;
    private volatile Thread deliveryThread;
    private long sequence;
    private long iterationSent;
    private long iterationDelivered;
    private long iterationSendBytes;
    private long iterationDeliveryBytes;
    private Thread sendThread;

    /**
     * Connects, subscribes the listener and waits for the first delivery.
     *
     * @throws Exception if connecting fails or nothing arrives.
     */
    @Setup(Level.Trial)
    public void setUp() throws Exception
    {
        connection = new JmsConnectionFactory(
            BenchmarkSupport.uri(BenchmarkSupport.IPC, idle, reuseMessages, 0, "")).createConnection();
        final Session consumerSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Session producerSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        final Topic topic = producerSession.createTopic(TOPIC);
        consumerSession.createConsumer(topic).setMessageListener(new Reader(this));
        connection.start();
        producer = producerSession.createProducer(topic);
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        message = producerSession.createBytesMessage();
        message.setIntProperty("venue", 7);
        padding = BenchmarkSupport.padding(SIZE);

        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (0 == delivered.get())
        {
            if (System.nanoTime() > deadline)
            {
                throw new IllegalStateException("the listener received nothing within 20 s");
            }
            sendOne();
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

    /**
     * Notes the per-thread allocation counters at the start of an iteration (runs on the benchmark thread).
     */
    @Setup(Level.Iteration)
    public void startIteration()
    {
        sendThread = Thread.currentThread();
        iterationSent = sequence;
        iterationDelivered = delivered.get();
        iterationSendBytes = Allocations.thread(sendThread.getId());
        iterationDeliveryBytes = Allocations.thread(deliveryThread.getId());
        iterationAllBytes = Allocations.allThreads();
    }

    /**
     * Prints this iteration's bytes per message on the send thread and on the delivery thread.
     */
    @TearDown(Level.Iteration)
    public void endIteration()
    {
        final long sendBytes = Allocations.thread(sendThread.getId()) - iterationSendBytes;
        final long deliveryBytes = Allocations.thread(deliveryThread.getId()) - iterationDeliveryBytes;
        final long sent = sequence - iterationSent;
        final long deliveries = delivered.get() - iterationDelivered;
        long otherBytes = 0;
        long topBytes = 0;
        long topId = -1;
        for (final Map.Entry<Long, Long> thread : Allocations.allThreads().entrySet())
        {
            final long id = thread.getKey();
            final long delta = thread.getValue() - iterationAllBytes.getOrDefault(id, 0L);
            if (id != sendThread.getId() && id != deliveryThread.getId() && delta > 0)
            {
                otherBytes += delta;
                if (delta > topBytes)
                {
                    topBytes = delta;
                    topId = id;
                }
            }
        }
        final ThreadInfo top = topId < 0 ? null : ManagementFactory.getThreadMXBean().getThreadInfo(topId);
        System.out.printf("%n[per thread] send: %d msgs, %.3f B/msg; delivery: %d msgs, %.3f B/msg; " +
            "other threads: %d B in all, most by '%s' (%d B)%n",
            sent, sent == 0 ? 0.0 : (double)sendBytes / sent,
            deliveries, deliveries == 0 ? 0.0 : (double)deliveryBytes / deliveries,
            otherBytes, null == top ? "-" : top.getThreadName(), topBytes);
    }

    /**
     * Rewrites the reused message and sends it; the listener's deliveries are counted beside.
     *
     * @param deliveries the delivery counter, for the secondary result {@code delivered}.
     * @throws JMSException if the send fails.
     */
    @Benchmark
    public void send(final Deliveries deliveries) throws JMSException
    {
        sendOne();
    }

    private void sendOne() throws JMSException
    {
        BenchmarkSupport.fill(message, ++sequence, padding);
        producer.send(message);
    }

    /**
     * The listener's deliveries, reported beside the send rate as the secondary result {@code delivered}.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Deliveries
    {
        private SendBenchmark benchmark;
        private long start;

        /**
         * Notes where the iteration starts.
         *
         * @param benchmark the running benchmark.
         */
        @Setup(Level.Iteration)
        public void start(final SendBenchmark benchmark)
        {
            this.benchmark = benchmark;
            this.start = benchmark.delivered.get();
        }

        /**
         * Deliveries since the iteration started.
         *
         * @return the count.
         */
        public long delivered()
        {
            return null == benchmark ? 0 : benchmark.delivered.get() - start;
        }
    }

    /**
     * Reads each message's sequence number and counts it.
     */
    static final class Reader implements MessageListener
    {
        private final SendBenchmark benchmark;
        private long count;
        private long checksum;

        Reader(final SendBenchmark benchmark)
        {
            this.benchmark = benchmark;
        }

        @Override
        public void onMessage(final Message message)
        {
            if (null == benchmark.deliveryThread)
            {
                benchmark.deliveryThread = Thread.currentThread();
            }
            try
            {
                checksum += ((BytesMessage)message).readLong();
            }
            catch (final JMSException ex)
            {
                throw new IllegalStateException(ex);
            }
            benchmark.delivered.lazySet(++count);
        }
    }
}
