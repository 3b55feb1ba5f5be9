package io.wirespeed.jmh;

import java.util.concurrent.TimeUnit;

import org.agrona.BufferUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.EntriesReader;
import io.wirespeed.codec.EnvelopeDescriptor;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;

/**
 * Per-operation cost of the envelope codec alone: encoding a 45-byte BytesMessage envelope with four properties
 * (int, long, double, string) and a topic destination into a reused buffer with {@link EnvelopeWriter}; wrapping
 * (validating) it with {@link EnvelopeReader} and reading every field; reading every field of it after
 * {@link EnvelopeReader#wrapValidated} (what a topic consumer does with the copy of an envelope its stream validated);
 * and wrapping it and looking one property up by name, as a selector would. None of these should allocate: run with
 * {@code -prof gc} to see.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = BenchmarkSupport.ADD_OPENS,
    jvmArgsAppend = {BenchmarkSupport.ADD_OPENS, BenchmarkSupport.HEAP})
@State(Scope.Thread)
public class CodecBenchmark
{
    /** The body size of the encoded message. */
    public static final int BODY_SIZE = 45;

    private static final String TOPIC = "prices.eurusd";
    private static final byte[] SAMPLE_BODY = BenchmarkSupport.padding(BODY_SIZE + Long.BYTES);

    private final EnvelopeWriter writer = new EnvelopeWriter();
    private final EnvelopeReader reader = new EnvelopeReader();
    private final UnsafeBuffer encodeBuffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(1024, 64));
    private final UnsafeBuffer decodeBuffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(1024, 64));
    private final byte[] bodyCopy = new byte[BODY_SIZE];
    private int decodeLength;
    private long sequence;

    /**
     * Encodes one envelope for the decode benchmarks to read.
     */
    @Setup
    public void setUp()
    {
        decodeLength = encode(decodeBuffer, 42);
    }

    /**
     * Encodes the envelope into a reused buffer.
     *
     * @return its length.
     */
    @Benchmark
    public int encode()
    {
        return encode(encodeBuffer, ++sequence);
    }

    /**
     * Wraps (and so validates) the envelope and reads every field it carries, the body copied out.
     *
     * @param blackhole consumes what was read.
     */
    @Benchmark
    public void decode(final Blackhole blackhole)
    {
        readEveryField(reader.wrap(decodeBuffer, 0, decodeLength), blackhole);
    }

    /**
     * Wraps the envelope without validating it, as a consumer reads what its stream validated, and reads every
     * field it carries, the body copied out.
     *
     * @param blackhole consumes what was read.
     */
    @Benchmark
    public void decodeValidated(final Blackhole blackhole)
    {
        readEveryField(reader.wrapValidated(decodeBuffer, 0, decodeLength), blackhole);
    }

    private void readEveryField(final EnvelopeReader reader, final Blackhole blackhole)
    {
        blackhole.consume(reader.connectionIdHigh());
        blackhole.consume(reader.connectionIdLow());
        blackhole.consume(reader.sessionId());
        blackhole.consume(reader.producerId());
        blackhole.consume(reader.sequence());
        blackhole.consume(reader.timestamp());
        blackhole.consume(reader.expiration());
        blackhole.consume(reader.deliveryTime());
        blackhole.consume(reader.priority());
        blackhole.consume(reader.deliveryMode());
        blackhole.consume(reader.deliveryCount());
        blackhole.consume(reader.redelivered());
        blackhole.consume(reader.messageIdDisabled());
        blackhole.consume(reader.destinationKind());
        blackhole.consume(reader.destinationName().contentEquals(TOPIC));
        blackhole.consume(reader.replyToKind());
        blackhole.consume(reader.hasType());
        blackhole.consume(reader.correlationIdKind());
        final EntriesReader properties = reader.properties();
        for (int i = 0, count = properties.count(); i < count; i++)
        {
            blackhole.consume(properties.name(i).length());
            switch (properties.type(i))
            {
                case INT -> blackhole.consume(properties.intValue(i));
                case LONG -> blackhole.consume(properties.longValue(i));
                case DOUBLE -> blackhole.consume(properties.doubleValue(i));
                default -> blackhole.consume(properties.data(i).length());
            }
        }
        blackhole.consume(reader.body().getBytes(bodyCopy, 0));
    }

    /**
     * Wraps (and so validates) the envelope and finds one int property by name, as a selector does.
     *
     * @return the property's value.
     */
    @Benchmark
    public int decodeOneProperty()
    {
        final EntriesReader properties = reader.wrap(decodeBuffer, 0, decodeLength).properties();
        return properties.intValue(properties.indexOf("venue"));
    }

    private int encode(final UnsafeBuffer buffer, final long sequence)
    {
        return encodeSample(writer, buffer, sequence);
    }

    /**
     * Encodes the sample envelope these benchmarks use: a 45-byte BYTES body, properties venue = 7 (int),
     * seq (long), price = 1.0842 (double), symbol = 'EURUSD' (string), topic {@code prices.eurusd}, priority 4,
     * NON_PERSISTENT.
     *
     * @param writer   the writer to use.
     * @param buffer   where to write, at offset 0.
     * @param sequence the message sequence, also the seq property.
     * @return the envelope's length.
     */
    static int encodeSample(final EnvelopeWriter writer, final MutableDirectBuffer buffer, final long sequence)
    {
        writer.wrap(buffer, 0)
            .messageId(0x1234_5678_9ABC_DEF0L, 7, 1, 1, sequence)
            .timestamp(1_700_000_000_000L)
            .priority(4)
            .deliveryMode(EnvelopeDescriptor.NON_PERSISTENT);
        writer.properties()
            .intValue("venue", 7)
            .longValue("seq", sequence)
            .doubleValue("price", 1.0842)
            .stringValue("symbol", "EURUSD");
        return writer.destination(DestinationKind.TOPIC, TOPIC)
            .bytesBody(SAMPLE_BODY, 0, BODY_SIZE)
            .finish();
    }
}
