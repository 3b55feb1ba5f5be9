package io.wirespeed.jmh;

import java.util.concurrent.TimeUnit;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.collections.Int2ObjectHashMap;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.wirespeed.bench.common.Endpoints;
import io.wirespeed.bench.common.RawAeron;
import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.codec.TopicHash;

/**
 * The two costs behind the receive side's choice of shared partition streams (docs/architecture.md, "Receive
 * path"): skipping an envelope of a topic nobody here consumes (its header's topic hash, one dispatch-table miss),
 * against polling an idle Aeron IPC subscription once, which a design of one subscription per topic pays for every
 * topic on every cycle of the delivery thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = BenchmarkSupport.ADD_OPENS,
    jvmArgsAppend = {BenchmarkSupport.ADD_OPENS, BenchmarkSupport.HEAP})
@State(Scope.Thread)
public class TopicDispatchBenchmark
{
    private final ExpandableArrayBuffer envelope = new ExpandableArrayBuffer(256);
    private final Int2ObjectHashMap<Object> table = new Int2ObjectHashMap<>();
    private final FragmentHandler nothing = (buffer, offset, length, header) -> { };
    private int length;
    private RawAeron rawAeron;
    private Subscription idleSubscription;
    private ExclusivePublication publication;

    /** Writes a 45-byte BytesMessage envelope of a topic, fills the table with 1,000 other topics, subscribes. */
    @Setup(Level.Trial)
    public void setUp()
    {
        length = new EnvelopeWriter().wrapCompact(envelope, 0).messageId(1, 2, 3, 4, 5).timestamp(1)
            .destination(DestinationKind.TOPIC, "prices.unwanted").bytesBody(new byte[45], 0, 45).finish();
        for (int i = 0; i < 1_000; i++)
        {
            table.put(TopicHash.of("prices.wanted." + i), new Object());
        }
        rawAeron = BenchmarkSupport.startRawAeron("yielding");
        idleSubscription = rawAeron.aeron().addSubscription(Endpoints.AERON_IPC, 4242);
        publication = rawAeron.aeron().addExclusivePublication(Endpoints.AERON_IPC, 4242);
        RawAeron.awaitConnected(publication);
        while (idleSubscription.imageCount() == 0)
        {
            Thread.onSpinWait();
        }
    }

    /** Closes the subscription, the client and the driver. */
    @TearDown(Level.Trial)
    public void tearDown()
    {
        publication.close();
        idleSubscription.close();
        rawAeron.close();
    }

    /**
     * Skips an envelope of a topic nobody here consumes.
     *
     * @return the lookup's result, so that it is not eliminated.
     */
    @Benchmark
    public Object skipOtherTopicsEnvelope()
    {
        final long hash = EnvelopeReader.peekTopicHash(envelope, 0, length);
        return table.get((int)hash);
    }

    /**
     * Polls an idle IPC subscription once: a publication's image connected, nothing to read.
     *
     * @return the fragments read: 0.
     */
    @Benchmark
    public int pollIdleSubscription()
    {
        return idleSubscription.poll(nothing, 64);
    }
}
