package io.wirespeed.jms.selector;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.jms.DeliveryMode;
import javax.jms.JMSException;

import io.wirespeed.codec.EntriesWriter;
import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.EnvelopeWriter;
import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.wire.ConnectionId;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The headers and properties of one test message, built both as an encoded envelope and as a message object so
 * that a selector can be asked about the same message through both sources.
 */
final class TestMessage
{
    static final long CONNECTION_HIGH = 0x0123_4567_89ab_cdefL;
    static final long CONNECTION_LOW = 0x2aL;
    static final int SESSION = 3;
    static final int PRODUCER = 9;
    static final long SEQUENCE = 12345L;
    static final String MESSAGE_ID =
        ConnectionId.messageIdPrefix(CONNECTION_HIGH, CONNECTION_LOW, SESSION, PRODUCER) + SEQUENCE;

    private final Map<String, Object> properties = new LinkedHashMap<>();
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private int priority = 7;
    private long timestamp = 1_700_000_000_000L;
    private String type = "car";
    private String correlationId = "corr-42";
    private byte[] correlationIdBytes;
    private boolean messageIdDisabled;
    private int deliveryCount = 2;

    /**
     * The message most table rows ask about.
     *
     * @return a message with one property of each type and every header set.
     */
    static TestMessage standard()
    {
        return new TestMessage()
            .with("price", 10.5d)
            .with("qty", 100)
            .with("big", 5_000_000_000L)
            .with("small", (byte)7)
            .with("shorty", (short)300)
            .with("ratio", 2.5f)
            .with("f11", 1.1f)
            .with("odd", 16_777_217)
            .with("nan", Double.NaN)
            .with("symbol", "IBM")
            .with("Symbol", "upper-case twin")
            .with("venue", "XNYS")
            .with("note", "it's 100%_done")
            .with("regexy", "a.b*c+(d)[e]{f}^$|\\?")
            .with("unicode", "Grüße 日本 😀")
            .with("numText", "2")
            .with("empty", "")
            .with("active", true)
            .with("halted", false)
            .with("nothing", null);
    }

    /**
     * Adds or replaces a property.
     *
     * @param name  of the property.
     * @param value a Boolean, Byte, Short, Integer, Long, Float, Double, String, or null for a null property.
     * @return this message.
     */
    TestMessage with(final String name, final Object value)
    {
        properties.put(name, value);
        return this;
    }

    TestMessage deliveryMode(final int deliveryMode)
    {
        this.deliveryMode = deliveryMode;
        return this;
    }

    TestMessage priority(final int priority)
    {
        this.priority = priority;
        return this;
    }

    TestMessage type(final String type)
    {
        this.type = type;
        return this;
    }

    TestMessage correlationId(final String correlationId)
    {
        this.correlationId = correlationId;
        this.correlationIdBytes = null;
        return this;
    }

    TestMessage correlationIdBytes(final byte[] correlationIdBytes)
    {
        this.correlationIdBytes = correlationIdBytes;
        this.correlationId = null;
        return this;
    }

    TestMessage messageIdDisabled()
    {
        this.messageIdDisabled = true;
        return this;
    }

    TestMessage deliveryCount(final int deliveryCount)
    {
        this.deliveryCount = deliveryCount;
        return this;
    }

    /**
     * Encodes the message into a fresh buffer.
     *
     * @return a reader wrapped around the envelope.
     */
    EnvelopeReader encode()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        final int length = encode(new EnvelopeWriter(), buffer);
        return new EnvelopeReader().wrap(buffer, 0, length);
    }

    /**
     * Encodes the message into a given buffer.
     *
     * @param writer to encode with.
     * @param buffer to encode into, at offset 0.
     * @return the envelope's length.
     */
    int encode(final EnvelopeWriter writer, final UnsafeBuffer buffer)
    {
        writer.wrap(buffer, 0)
            .messageId(CONNECTION_HIGH, CONNECTION_LOW, SESSION, PRODUCER, SEQUENCE)
            .messageIdDisabled(messageIdDisabled)
            .timestamp(timestamp)
            .priority(priority)
            .deliveryMode(deliveryMode)
            .deliveryCount(deliveryCount);
        final EntriesWriter entries = writer.properties();
        for (final Map.Entry<String, Object> property : properties.entrySet())
        {
            put(entries, property.getKey(), property.getValue());
        }
        writer.type(type);
        if (null != correlationIdBytes)
        {
            writer.correlationIdBytes(correlationIdBytes, 0, correlationIdBytes.length);
        }
        else
        {
            writer.correlationId(correlationId);
        }
        return writer.finish();
    }

    /**
     * Builds the message object a consumer would hand the application.
     *
     * @return the message.
     * @throws JMSException never, for these values.
     */
    JmsMessage toMessage() throws JMSException
    {
        final JmsMessage message = new JmsMessage();
        for (final Map.Entry<String, Object> property : properties.entrySet())
        {
            if (null == property.getValue())
            {
                message.setStringProperty(property.getKey(), null);
            }
            else
            {
                message.setObjectProperty(property.getKey(), property.getValue());
            }
        }
        if (messageIdDisabled)
        {
            message.clearMessageId();
        }
        else
        {
            message.setMessageId(
                ConnectionId.messageIdPrefix(CONNECTION_HIGH, CONNECTION_LOW, SESSION, PRODUCER), SEQUENCE);
        }
        message.setJMSTimestamp(timestamp);
        message.setJMSPriority(priority);
        message.setJMSDeliveryMode(deliveryMode);
        message.setDeliveryCount(Math.max(1, deliveryCount));
        message.setJMSType(type);
        if (null != correlationIdBytes)
        {
            message.setJMSCorrelationIDAsBytes(correlationIdBytes);
        }
        else
        {
            message.setJMSCorrelationID(correlationId);
        }
        return message;
    }

    @Override
    public String toString()
    {
        return properties.toString();
    }

    static byte[] utf8(final String text)
    {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void put(final EntriesWriter entries, final String name, final Object value)
    {
        if (null == value)
        {
            entries.nullValue(name);
        }
        else if (value instanceof Boolean)
        {
            entries.booleanValue(name, (Boolean)value);
        }
        else if (value instanceof Byte)
        {
            entries.byteValue(name, (Byte)value);
        }
        else if (value instanceof Short)
        {
            entries.shortValue(name, (Short)value);
        }
        else if (value instanceof Integer)
        {
            entries.intValue(name, (Integer)value);
        }
        else if (value instanceof Long)
        {
            entries.longValue(name, (Long)value);
        }
        else if (value instanceof Float)
        {
            entries.floatValue(name, (Float)value);
        }
        else if (value instanceof Double)
        {
            entries.doubleValue(name, (Double)value);
        }
        else
        {
            entries.stringValue(name, (String)value);
        }
    }
}
