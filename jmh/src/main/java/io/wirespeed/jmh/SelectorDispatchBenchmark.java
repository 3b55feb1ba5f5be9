package io.wirespeed.jmh;

import java.util.concurrent.TimeUnit;

import javax.jms.JMSException;
import javax.jms.Session;

import org.agrona.ExpandableArrayBuffer;
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
import org.openjdk.jmh.annotations.Warmup;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.consumer.ConsumerSpec;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.intake.EnvelopeInbox;
import io.wirespeed.jms.intake.TopicSource;
import io.wirespeed.jms.intake.TopicStream;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.selector.EnvelopeSelectorSource;
import io.wirespeed.selector.Selector;
import io.wirespeed.selector.SelectorException;
import io.wirespeed.transport.MessageHandler;

/**
 * Per-envelope cost of selecting on a topic stream with many selecting consumers (issue 27): one consumer's
 * selector ({@code sym = 'HIT'}) selects the envelope, the other {@code consumers - 1} do not. {@code kind}:
 * {@code equal}, the others all share one general selector ({@code price > 1000}); {@code distinct}, each has its
 * own equality ({@code sym = 'S7'}, half of them written {@code sym IN ('S8', 'T8')}); {@code general}, each
 * its own range ({@code price > 1000 + i}). {@code subscription}: {@code topic}, every consumer consumes the
 * topic; {@code wildcard}, every consumer but the matching one consumes {@code prices.*}, so is selected as one of
 * the topic's own consumers is. {@code dispatch} hands the envelope to a real connection's {@link TopicStream},
 * which selects before it copies (the one copy, into the matching consumer's inbox, is included; the inbox is
 * drained every 256 envelopes). {@code perConsumerEvaluation} is what the consumers' own
 * sources did before selection moved into the stream, without the copies it also made into every inbox: each
 * consumer's selector evaluated in place on the envelope.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = BenchmarkSupport.ADD_OPENS,
    jvmArgsAppend = {BenchmarkSupport.ADD_OPENS, BenchmarkSupport.HEAP})
@State(Scope.Thread)
public class SelectorDispatchBenchmark
{
    /** Consumers on the topic, the matching one included. */
    @Param({"1", "64", "256", "1024"})
    public int consumers;

    /** What the non-matching consumers' selectors are: {@code equal}, {@code distinct} or {@code general}. */
    @Param({"equal", "distinct", "general"})
    public String kind;

    /** What the non-matching consumers subscribe to: {@code topic} (the topic) or {@code wildcard} (a pattern). */
    @Param({"topic", "wildcard"})
    public String subscription;

    private final ExpandableArrayBuffer envelope = new ExpandableArrayBuffer(256);
    private final EnvelopeReader reader = new EnvelopeReader();
    private final EnvelopeSelectorSource selectorSource = new EnvelopeSelectorSource();
    private final MessageHandler drain = (buffer, offset, length) -> { };
    private int length;
    private JmsConnection connection;
    private TopicSource[] sources;
    private Selector[] selectors;
    private TopicStream stream;
    private int sinceDrain;

    /**
     * Opens the consumers' sources on one topic stream of a connection and writes the envelope.
     *
     * @throws JMSException      if the connection fails.
     * @throws SelectorException never: the selectors are valid.
     */
    @Setup(Level.Trial)
    public void setUp() throws JMSException, SelectorException
    {
        connection = (JmsConnection)new JmsConnectionFactory("wirespeed:ipc").createConnection();
        final Session session = connection.createSession();
        final JmsDestination topic = JmsDestination.ofGiven(session.createTopic("prices.selected"), false);
        final JmsDestination pattern = JmsDestination.ofGiven(session.createTopic("prices.*"), false);
        final boolean wildcard = "wildcard".equals(subscription);
        final TransportChannel target = connection.channelFor(topic.name());
        final int streamId = connection.routing().streamId(topic.name());
        sources = new TopicSource[consumers];
        selectors = new Selector[consumers];
        for (int i = 0; i < consumers; i++)
        {
            selectors[i] = Selector.compile(0 == i ? "sym = 'HIT'" : selector(i));
            final boolean byPattern = wildcard && 0 != i;
            sources[i] = connection.topicStreams().open(target, streamId, byPattern ? pattern : topic,
                byPattern ? ConsumerSpec.of(pattern, null, false).pattern() : null, selectors[i], null,
                new EnvelopeInbox(byPattern));
        }
        stream = sources[0].stream();
        final EnvelopeWriter writer = new EnvelopeWriter().wrap(envelope, 0).messageId(1, 2, 3, 4, 5).timestamp(1);
        writer.properties().stringValue("sym", "HIT").doubleValue("price", 10.5).intValue("venue", 7);
        length = writer.topicHash(topic.topicHash()).destination(topic.kind(), topic.utf8Name())
            .bytesBody(new byte[32], 0, 32).finish();
        reader.wrap(envelope, 0, length);
    }

    private String selector(final int i)
    {
        switch (kind)
        {
            case "equal": return "price > 1000";
            case "distinct": return 0 == i % 2 ? "sym = 'S" + i + "'" : "sym IN ('S" + i + "', 'T" + i + "')";
            case "general": return "price > " + (1000 + i);
            default: throw new IllegalArgumentException("kind: " + kind);
        }
    }

    /**
     * Closes the sources and the connection.
     *
     * @throws JMSException if closing fails.
     */
    @TearDown(Level.Trial)
    public void tearDown() throws JMSException
    {
        for (final TopicSource source : sources)
        {
            source.close();
        }
        connection.close();
    }

    /**
     * Hands the envelope to the stream, which selects for every consumer and copies it into the matching one's
     * inbox.
     *
     * @return envelopes since the inbox was drained, so that nothing is eliminated.
     */
    @Benchmark
    public int dispatch()
    {
        stream.onMessage(envelope, 0, length);
        if (++sinceDrain == 256)
        {
            sinceDrain = 0;
            sources[0].poll(drain, 1024);
        }
        return sinceDrain;
    }

    /**
     * Evaluates every consumer's selector on the envelope, as each consumer's source did before.
     *
     * @return how many selected it: 1.
     */
    @Benchmark
    public int perConsumerEvaluation()
    {
        int selected = 0;
        for (final Selector selector : selectors)
        {
            if (selector.matches(selectorSource.wrap(reader)))
            {
                selected++;
            }
        }
        return selected;
    }
}
