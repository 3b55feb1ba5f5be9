package io.wirespeed.transport;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The type ids and key layout of Wirespeed's counters ({@link CounterRegistry}), in one range,
 * {@value #FIRST_TYPE_ID}..{@value #LAST_TYPE_ID}, clear of Aeron's own (driver, archive, cluster). Readers (the
 * stat tool, JMX, Micrometer) show any counter of that range, so a type added here needs no change there.
 * <p>
 * Key layout, little-endian: the owning process id (8 bytes), the owning connection's number in that process (8
 * bytes, 0 for a process-wide counter such as the queue host's), the length of the name (4 bytes) and the name in
 * UTF-8, cut to {@value #MAX_NAME_BYTES} bytes: a destination's name, a queue's, a durable subscription's
 * ({@code clientId:subscription}), or empty for a connection's own counters.
 */
public final class CounterTypes
{
    /** The first type id of Wirespeed's range. */
    public static final int FIRST_TYPE_ID = 4700;
    /** The last type id of Wirespeed's range. */
    public static final int LAST_TYPE_ID = 4799;

    /** Messages a connection published to a destination. */
    public static final int MESSAGES_SENT = 4700;
    /** Encoded bytes a connection published to a destination. */
    public static final int BYTES_SENT = 4701;
    /** Messages a connection's consumers received from a destination. */
    public static final int MESSAGES_RECEIVED = 4702;
    /** Encoded bytes a connection's consumers received from a destination. */
    public static final int BYTES_RECEIVED = 4703;
    /** Sends of a connection that met back-pressure and waited (one per send that waited). */
    public static final int SEND_BACK_PRESSURE = 4710;
    /** Sends of a connection that failed with an exception. */
    public static final int SEND_FAILURES = 4711;
    /** Bytes a connection's topic consumers lost, left behind under the {@code drop} slow-consumer policy. */
    public static final int CONSUMER_LOSS_BYTES = 4712;
    /** Reserved for the queue host: messages a queue holds, not yet delivered. */
    public static final int QUEUE_DEPTH = 4720;
    /** Reserved for the queue host: messages of a queue delivered and not yet acknowledged. */
    public static final int QUEUE_IN_FLIGHT = 4721;
    /** Reserved for the queue host: consumers of a queue. */
    public static final int QUEUE_CONSUMERS = 4722;
    /** Reserved for the queue host: bytes a durable subscription's recording holds beyond what it delivered. */
    public static final int DURABLE_SUBSCRIPTION_LAG = 4723;

    /** The name under which destinations beyond a connection's limit of named ones are counted together. */
    public static final String OTHER_DESTINATIONS = "(other)";
    /** The most bytes of a name a key holds. */
    public static final int MAX_NAME_BYTES = 92;
    /** Offset of the process id in a key. */
    public static final int PID_OFFSET = 0;
    /** Offset of the connection number in a key. */
    public static final int CONNECTION_OFFSET = 8;
    /** Offset of the name's length in a key. */
    public static final int NAME_LENGTH_OFFSET = 16;
    /** Offset of the name in a key. */
    public static final int NAME_OFFSET = 20;

    private CounterTypes()
    {
    }

    /**
     * @param typeId a counter's type id.
     * @return whether it is in Wirespeed's range.
     */
    public static boolean isWirespeed(final int typeId)
    {
        return typeId >= FIRST_TYPE_ID && typeId <= LAST_TYPE_ID;
    }

    /**
     * The name a type's figure goes by in meters, JSON and MBean attributes.
     *
     * @param typeId a type id of Wirespeed's range.
     * @return e.g. {@code messages.sent}; {@code counter.<id>} for a type this version does not know.
     */
    public static String metricName(final int typeId)
    {
        return switch (typeId)
        {
            case MESSAGES_SENT -> "messages.sent";
            case BYTES_SENT -> "bytes.sent";
            case MESSAGES_RECEIVED -> "messages.received";
            case BYTES_RECEIVED -> "bytes.received";
            case SEND_BACK_PRESSURE -> "send.backpressure";
            case SEND_FAILURES -> "send.failures";
            case CONSUMER_LOSS_BYTES -> "consumer.loss.bytes";
            case QUEUE_DEPTH -> "queue.depth";
            case QUEUE_IN_FLIGHT -> "queue.inflight";
            case QUEUE_CONSUMERS -> "queue.consumers";
            case DURABLE_SUBSCRIPTION_LAG -> "durable.lag";
            default -> "counter." + typeId;
        };
    }

    /**
     * Writes a key.
     *
     * @param key        where to write it, from offset 0; at least {@link #NAME_OFFSET} + {@value #MAX_NAME_BYTES}
     *                   bytes.
     * @param pid        the owning process.
     * @param connection the owning connection's number, or 0.
     * @param name       the name, cut to {@value #MAX_NAME_BYTES} bytes of UTF-8.
     * @return the key's length.
     */
    public static int encodeKey(final MutableDirectBuffer key, final long pid, final long connection, final String name)
    {
        final byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        final int length = Math.min(bytes.length, MAX_NAME_BYTES);
        key.putLong(PID_OFFSET, pid);
        key.putLong(CONNECTION_OFFSET, connection);
        key.putInt(NAME_LENGTH_OFFSET, length);
        key.putBytes(NAME_OFFSET, bytes, 0, length);
        return NAME_OFFSET + length;
    }

    /**
     * @param key    a key written by {@link #encodeKey}.
     * @param offset where it starts.
     * @return the owning process id.
     */
    public static long pid(final DirectBuffer key, final int offset)
    {
        return key.getLong(offset + PID_OFFSET);
    }

    /**
     * @param key    a key written by {@link #encodeKey}.
     * @param offset where it starts.
     * @return the owning connection's number, or 0 for a process-wide counter.
     */
    public static long connection(final DirectBuffer key, final int offset)
    {
        return key.getLong(offset + CONNECTION_OFFSET);
    }

    /**
     * @param key    a key written by {@link #encodeKey}.
     * @param offset where it starts.
     * @return the name it holds; allocates, for readers only.
     */
    public static String name(final DirectBuffer key, final int offset)
    {
        final int length = Math.max(0, Math.min(MAX_NAME_BYTES, key.getInt(offset + NAME_LENGTH_OFFSET)));
        final byte[] bytes = new byte[length];
        key.getBytes(offset + NAME_OFFSET, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
