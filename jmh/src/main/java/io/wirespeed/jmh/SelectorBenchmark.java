package io.wirespeed.jmh;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.selector.EnvelopeSelectorSource;
import io.wirespeed.selector.Selector;
import io.wirespeed.selector.SelectorException;

/**
 * Per-operation cost of a JMS message selector evaluated in place on an encoded envelope, as a consumer does
 * before it makes a message object: {@code match} evaluates a compiled {@link Selector} through an
 * {@link EnvelopeSelectorSource} over an already wrapped {@link EnvelopeReader}; {@code wrapAndMatch} also wraps
 * (validates) the envelope first, the whole per-message cost of filtering. The envelope is
 * {@link CodecBenchmark}'s (venue = 7, seq, price = 1.0842, symbol = 'EURUSD', priority 4, NON_PERSISTENT).
 * Should allocate nothing: run with {@code -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = BenchmarkSupport.ADD_OPENS,
    jvmArgsAppend = {BenchmarkSupport.ADD_OPENS, BenchmarkSupport.HEAP})
@State(Scope.Thread)
public class SelectorBenchmark
{
    /** Each case's selector text and whether the sample envelope matches it. */
    private static final Map<String, Case> CASES = Map.of(
        "int-equals", new Case("venue = 7", true),
        "string-and-range", new Case("symbol = 'EURUSD' AND price > 1.08", true),
        "in-between", new Case("symbol IN ('GBPUSD', 'USDJPY', 'EURUSD') AND venue BETWEEN 1 AND 9", true),
        "like", new Case("symbol LIKE 'EUR%'", true),
        "headers", new Case("JMSPriority > 3 AND JMSDeliveryMode = 'NON_PERSISTENT'", true),
        "no-match", new Case("symbol = 'GBPUSD' OR venue > 100", false),
        "missing-property", new Case("region = 'EMEA'", false));

    /**
     * Which selector: {@code int-equals}, {@code string-and-range}, {@code in-between}, {@code like},
     * {@code headers}, {@code no-match}, {@code missing-property}.
     */
    @Param({"int-equals", "string-and-range", "in-between", "like", "headers", "no-match", "missing-property"})
    public String selector;

    private final EnvelopeReader reader = new EnvelopeReader();
    private final EnvelopeSelectorSource source = new EnvelopeSelectorSource();
    private final UnsafeBuffer buffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(1024, 64));
    private Selector compiled;
    private int length;

    /**
     * Encodes the envelope, compiles the selector and checks that it matches as expected.
     *
     * @throws SelectorException if the selector does not compile.
     */
    @Setup
    public void setUp() throws SelectorException
    {
        final Case selected = CASES.get(selector);
        if (null == selected)
        {
            throw new IllegalArgumentException("selector case '" + selector + "' is not one of " + CASES.keySet());
        }
        length = CodecBenchmark.encodeSample(new EnvelopeWriter(), buffer, 42);
        compiled = Selector.compile(selected.text);
        reader.wrap(buffer, 0, length);
        if (compiled.matches(source.wrap(reader)) != selected.matches)
        {
            throw new IllegalStateException("selector " + selected.text + " should " +
                (selected.matches ? "" : "not ") + "match the sample envelope");
        }
    }

    /**
     * Evaluates the selector on the wrapped envelope.
     *
     * @return whether it matched.
     */
    @Benchmark
    public boolean match()
    {
        return compiled.matches(source.wrap(reader));
    }

    /**
     * Wraps (validates) the envelope and evaluates the selector on it.
     *
     * @return whether it matched.
     */
    @Benchmark
    public boolean wrapAndMatch()
    {
        return compiled.matches(source.wrap(reader.wrap(buffer, 0, length)));
    }

    private record Case(String text, boolean matches)
    {
    }
}
