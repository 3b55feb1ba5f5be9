package io.wirespeed.jmh;

import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
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

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.wirespeed.bench.common.AeronReflector;
import io.wirespeed.bench.common.IdleStrategies;
import io.wirespeed.bench.common.PollingThread;
import io.wirespeed.bench.common.RawAeron;

/**
 * The reflector round trip of {@link JmsPingPongBenchmark} on raw Aeron, the floor under it: the benchmark thread
 * offers a ping on an exclusive publication and polls a subscription for its pong; a reflector thread polls the
 * ping subscription and copies each fragment back into a claim on the pong publication ({@link AeronReflector}, the
 * echo side the {@code bench} rig's raw Aeron peer uses too). Same channels (IPC,
 * or UDP unicast loopback with ping and pong on two ports), same body sizes, same driver settings and idle
 * strategy; no envelope, no JMS. Bodies fit in one frame, so fragments need no reassembly.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsPrepend = BenchmarkSupport.ADD_OPENS,
    jvmArgsAppend = {BenchmarkSupport.ADD_OPENS, BenchmarkSupport.HEAP})
@Threads(1)
@State(Scope.Benchmark)
public class AeronPingPongBenchmark
{
    private static final int PING_STREAM_ID = 1001;
    private static final int PONG_STREAM_ID = 1002;

    /** {@code ipc}: Aeron IPC; {@code udp}: UDP unicast over loopback. */
    @Param({BenchmarkSupport.IPC, BenchmarkSupport.UDP})
    public String transport;

    /** Payload bytes of each ping and pong. */
    @Param({"45", "1000"})
    public int size;

    /**
     * Idle strategy of the media driver, the reflector and the pinger's poll. {@code yielding} suits a small
     * machine; on a machine with a core per spinning thread, {@code busy-spin} is the right setting.
     */
    @Param({"yielding"})
    public String idle;

    private RawAeron rawAeron;
    private PollingThread reflectorThread;
    private ExclusivePublication pingPublication;
    private Subscription pongSubscription;
    private UnsafeBuffer pingBuffer;
    private IdleStrategy pingIdle;
    private final FragmentHandler pongHandler = this::onPong;
    private long sequence;
    private long received;

    /**
     * Starts the driver, the reflector and the pinger's publication and subscription, and waits until both
     * directions are connected.
     */
    @Setup(Level.Trial)
    public void setUp()
    {
        rawAeron = BenchmarkSupport.startRawAeron(idle);
        final Aeron aeron = rawAeron.aeron();
        final String pingChannel = BenchmarkSupport.aeronChannel(transport, BenchmarkSupport.udpPort(2));
        final String pongChannel = BenchmarkSupport.aeronChannel(transport, BenchmarkSupport.udpPort(3));

        final Subscription pingSubscription = aeron.addSubscription(pingChannel, PING_STREAM_ID);
        final ExclusivePublication pongPublication = aeron.addExclusivePublication(pongChannel, PONG_STREAM_ID);
        final AeronReflector reflector =
            new AeronReflector(pongPublication, IdleStrategies.of(idle), AeronReflector.NO_DUTY);
        pongSubscription = aeron.addSubscription(pongChannel, PONG_STREAM_ID);
        pingPublication = aeron.addExclusivePublication(pingChannel, PING_STREAM_ID);
        reflectorThread = new PollingThread(
            "jmh-aeron-reflector", IdleStrategies.of(idle), () -> pingSubscription.poll(reflector, 16));

        RawAeron.awaitConnected(pingPublication);
        RawAeron.awaitConnected(pongPublication);

        pingBuffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(
            BitUtil.align(size, BitUtil.CACHE_LINE_LENGTH), BitUtil.CACHE_LINE_LENGTH));
        for (int i = Long.BYTES; i < size; i++)
        {
            pingBuffer.putByte(i, (byte)i);
        }
        pingIdle = IdleStrategies.of(idle);
    }

    /**
     * Stops the reflector, then closes the client and the driver.
     *
     * @throws InterruptedException if interrupted while the reflector stops.
     */
    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException
    {
        try
        {
            if (null != reflectorThread)
            {
                reflectorThread.close();
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

    /**
     * One round trip: offer a ping, poll until its pong arrives.
     *
     * @return the pong's sequence number, equal to the ping's.
     */
    @Benchmark
    public long roundTrip()
    {
        final long expected = ++sequence;
        pingBuffer.putLong(0, expected, ByteOrder.LITTLE_ENDIAN);
        final IdleStrategy idle = pingIdle;
        idle.reset();
        while (pingPublication.offer(pingBuffer, 0, size) < 0)
        {
            idle.idle();
        }
        idle.reset();
        while (received != expected)
        {
            idle.idle(pongSubscription.poll(pongHandler, 1));
        }
        return received;
    }

    private void onPong(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        received = buffer.getLong(offset, ByteOrder.LITTLE_ENDIAN);
    }
}
