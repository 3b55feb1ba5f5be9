package io.wirespeed.jmh;

import java.util.concurrent.TimeUnit;

import javax.jms.DeliveryMode;
import javax.jms.JMSException;

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

import io.wirespeed.jms.destination.JmsTopic;
import io.wirespeed.jms.message.JmsBytesMessage;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.jms.wire.MessageEncoder;

/**
 * Per-operation cost of the provider's side of the codec: {@link MessageEncoder} turning a stamped 45-byte
 * {@link JmsBytesMessage} with a topic destination and properties into an envelope, and {@link MessageDecoder}
 * turning the envelope back into a message — a new one ({@code decode}, what a synchronous receive does) or the
 * consumer's reused one ({@code decodeReused}, what a listener gets with {@code reuseMessages=true}).
 * With {@code -prof gc}: encode and decodeReused should allocate nothing for numeric properties; a string property
 * is decoded into a new String per message.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsPrepend = BenchmarkSupport.ADD_OPENS,
    jvmArgsAppend = {BenchmarkSupport.ADD_OPENS, BenchmarkSupport.HEAP})
@State(Scope.Thread)
public class MessageEncodeBenchmark
{
    private static final String TOPIC = "prices.eurusd";
    private static final int BODY_SIZE = 45;

    /**
     * The message's properties: {@code numeric} = venue (int), seq (long), price (double); {@code with-string} adds
     * symbol (String).
     */
    @Param({"numeric", "with-string"})
    public String properties;

    private final MessageEncoder encoder = new MessageEncoder();
    private final MessageDecoder decoder = new MessageDecoder();
    private final UnsafeBuffer encodeBuffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(1024, 64));
    private final UnsafeBuffer decodeBuffer = new UnsafeBuffer(BufferUtil.allocateDirectAligned(1024, 64));
    private final ConnectionId connectionId = ConnectionId.next();
    private final JmsBytesMessage message = new JmsBytesMessage();
    private String messageIdPrefix;
    private int decodeLength;
    private long sequence;

    /**
     * Builds and stamps the message, as a send would, and encodes it once for the decode benchmarks.
     *
     * @throws JMSException if the message refuses a value.
     */
    @Setup
    public void setUp() throws JMSException
    {
        final JmsTopic topic = new JmsTopic(TOPIC);
        message.setIntProperty("venue", 7);
        message.setLongProperty("seq", 0);
        message.setDoubleProperty("price", 1.0842);
        if ("with-string".equals(properties))
        {
            message.setStringProperty("symbol", "EURUSD");
        }
        else if (!"numeric".equals(properties))
        {
            throw new IllegalArgumentException("properties '" + properties + "' is not numeric or with-string");
        }
        message.writeBytes(BenchmarkSupport.padding(BODY_SIZE + Long.BYTES), 0, BODY_SIZE);
        messageIdPrefix = ConnectionId.messageIdPrefix(connectionId.high(), connectionId.low(), 1, 1);
        message.setMessageId(messageIdPrefix, 0);
        message.setJMSDestination(topic);
        message.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        message.setJMSPriority(4);
        message.setJMSTimestamp(System.currentTimeMillis());

        decodeLength = encoder.encode(message, connectionId, 1, 1, decodeBuffer, 0);
        decoder.consumerDestination(topic);
    }

    /**
     * Re-stamps the message id and encodes the message into a reused buffer.
     *
     * @return the envelope's length.
     */
    @Benchmark
    public int encode()
    {
        message.setMessageId(messageIdPrefix, ++sequence);
        return encoder.encode(message, connectionId, 1, 1, encodeBuffer, 0);
    }

    /**
     * Wraps the envelope and decodes it into a new message.
     *
     * @return the message.
     */
    @Benchmark
    public JmsMessage decode()
    {
        if (!decoder.wrap(decodeBuffer, 0, decodeLength))
        {
            throw new IllegalStateException(decoder.lastError());
        }
        return decoder.decode();
    }

    /**
     * Wraps the envelope and decodes it into the decoder's reused message.
     *
     * @return the message.
     */
    @Benchmark
    public JmsMessage decodeReused()
    {
        if (!decoder.wrap(decodeBuffer, 0, decodeLength))
        {
            throw new IllegalStateException(decoder.lastError());
        }
        return decoder.decodeReused();
    }
}
