package io.wirespeed.codec.control;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The queue protocol's one frame layout, between clients and the queue host. A flyweight over a
 * buffer region, in the manner of Aeron's protocol flyweights. Little-endian:
 * <pre>
 *   0                   4                   8
 *   +-------------------+-------------------+
 *   | type              | reply stream id   |
 *   +-------------------+-------------------+
 *   | client id (high 64 bits)              |  16
 *   +---------------------------------------+
 *   | client id (low 64 bits)               |  24
 *   +---------------------------------------+
 *   | consumer id                           |  32
 *   +---------------------------------------+
 *   | delivery id / request id              |  40
 *   +-------------------+-------------------+
 *   | count             | text length       |  48
 *   +-------------------+-------------------+
 *   | text (UTF-8): queue name, selector, error ...
 *   +---------------------------------------+
 *   | payload: a JMS envelope (DELIVER, BROWSE_ITEM)
 *   +---------------------------------------+
 * </pre>
 */
public final class QueueFrame
{
    /** A client opens a consumer: text = queue name, NUL, selector (may be empty); count = credit. */
    public static final int SUBSCRIBE = 1;
    /** The host accepted a SUBSCRIBE. */
    public static final int SUBSCRIBED = 2;
    /** The host refused a request: text = why. */
    public static final int REFUSED = 3;
    /** A client grants a consumer more credit: count = how many more. */
    public static final int CREDIT = 4;
    /** A client acknowledges one delivery: it is gone from the queue. */
    public static final int ACK = 5;
    /**
     * A client closes a consumer: its unacknowledged deliveries go back to the queue, marked redelivered.
     * With count = {@link #KEEP_DELIVERIES} its session still holds some of them: the host sends it nothing
     * more but keeps them in flight until they are acknowledged (ACK) or given back (RETURN).
     */
    public static final int CLOSE = 6;
    /** The host delivers a message: count = delivery count; payload = envelope. */
    public static final int DELIVER = 7;
    /** A client asks for the queue's contents: text = queue name, NUL, selector. */
    public static final int BROWSE = 8;
    /** One message of a browse, in queue order: payload = envelope. */
    public static final int BROWSE_ITEM = 9;
    /** The end of a browse. */
    public static final int BROWSE_END = 10;
    /** A client creates a temporary queue: text = its name. */
    public static final int CREATE_TEMPORARY = 11;
    /** A client deletes a temporary queue: text = its name. */
    public static final int DELETE_TEMPORARY = 12;
    /** A client opens a shared topic subscription consumer: text = topic, NUL, selector, NUL, subscription name. */
    public static final int SUBSCRIBE_SHARED = 13;
    /**
     * A client gives a delivery back to the queue, into the place the queue had it: one it did not hand to
     * the application goes back not marked redelivered; with count = {@link #SEEN} (a recovered or rolled
     * back delivery of a closed consumer) it stays marked.
     */
    public static final int RETURN = 14;
    /**
     * A client opens a durable subscription consumer: text = topic, NUL, selector, NUL, key (client id "/"
     * name), NUL, channel, NUL, stream id, NUL, shared (1/0), NUL, noLocal (1/0); count = credit.
     */
    public static final int SUBSCRIBE_DURABLE = 15;
    /**
     * A client deletes a durable subscription: text = key; consumer id = request id; answered SUBSCRIBED or REFUSED.
     */
    public static final int UNSUBSCRIBE = 16;
    /**
     * A client's connection stopped: the host sends the consumer nothing more until its next CREDIT.
     * Delivery id = request id; answered SUBSCRIBED (with the request id as consumer id) after every
     * delivery already sent to the consumer, so that the client then holds all it will get.
     */
    public static final int PAUSE = 17;

    /** The count of a CLOSE whose consumer's session still holds deliveries. */
    public static final int KEEP_DELIVERIES = 1;
    /** The count of a RETURN of a delivery the application saw. */
    public static final int SEEN = 1;

    /** A refusal whose text starts with this is an InvalidDestinationException at the client. */
    public static final String INVALID_DESTINATION = "InvalidDestination: ";
    /** A refusal whose text starts with this is an IllegalStateException at the client. */
    public static final String ILLEGAL_STATE = "IllegalState: ";

    /** Offset of the type field. */
    public static final int TYPE_OFFSET = 0;
    /** Offset of the reply stream id. */
    public static final int REPLY_STREAM_OFFSET = 4;
    /** Offset of the client id's high half. */
    public static final int CLIENT_HIGH_OFFSET = 8;
    /** Offset of the client id's low half. */
    public static final int CLIENT_LOW_OFFSET = 16;
    /** Offset of the consumer id. */
    public static final int CONSUMER_OFFSET = 24;
    /** Offset of the delivery or request id. */
    public static final int DELIVERY_OFFSET = 32;
    /** Offset of the count. */
    public static final int COUNT_OFFSET = 40;
    /** Offset of the text length. */
    public static final int TEXT_LENGTH_OFFSET = 44;
    /** Length of the fixed header; text follows. */
    public static final int HEADER_LENGTH = 48;

    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    private DirectBuffer buffer;
    private MutableDirectBuffer mutable;
    private int offset;
    private int length;

    /**
     * Wraps a received frame for reading.
     *
     * @param buffer holding the frame.
     * @param offset where it starts.
     * @param length its length.
     * @return this flyweight.
     * @throws IllegalArgumentException if the region is too short for the header and text.
     */
    public QueueFrame wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < HEADER_LENGTH)
        {
            throw new IllegalArgumentException("queue frame of " + length + " bytes is shorter than its header");
        }
        this.buffer = buffer;
        this.mutable = null;
        this.offset = offset;
        this.length = length;
        final int textLength = textLength();
        if (textLength < 0 || HEADER_LENGTH + textLength > length)
        {
            throw new IllegalArgumentException("queue frame text length " + textLength + " exceeds the frame");
        }
        return this;
    }

    /**
     * Starts writing a frame at an offset of a buffer.
     *
     * @param buffer to write into.
     * @param offset where the frame starts.
     * @param type   the frame type.
     * @return this flyweight.
     */
    public QueueFrame begin(final MutableDirectBuffer buffer, final int offset, final int type)
    {
        this.buffer = buffer;
        this.mutable = buffer;
        this.offset = offset;
        mutable.setMemory(offset, HEADER_LENGTH, (byte)0);
        mutable.putInt(offset + TYPE_OFFSET, type, ORDER);
        this.length = HEADER_LENGTH;
        return this;
    }

    /** @return the frame type. */
    public int type()
    {
        return buffer.getInt(offset + TYPE_OFFSET, ORDER);
    }

    /** @return the stream on which the client receives the host's frames. */
    public int replyStreamId()
    {
        return buffer.getInt(offset + REPLY_STREAM_OFFSET, ORDER);
    }

    /** @return the client connection id's high half. */
    public long clientHigh()
    {
        return buffer.getLong(offset + CLIENT_HIGH_OFFSET, ORDER);
    }

    /** @return the client connection id's low half. */
    public long clientLow()
    {
        return buffer.getLong(offset + CLIENT_LOW_OFFSET, ORDER);
    }

    /** @return the consumer id within the client. */
    public long consumerId()
    {
        return buffer.getLong(offset + CONSUMER_OFFSET, ORDER);
    }

    /** @return the delivery or request id. */
    public long deliveryId()
    {
        return buffer.getLong(offset + DELIVERY_OFFSET, ORDER);
    }

    /** @return the count: credit, or delivery count. */
    public int count()
    {
        return buffer.getInt(offset + COUNT_OFFSET, ORDER);
    }

    /** @return the text's length in bytes. */
    public int textLength()
    {
        return buffer.getInt(offset + TEXT_LENGTH_OFFSET, ORDER);
    }

    /** @return the text as a String. */
    public String text()
    {
        final int textLength = textLength();
        final byte[] bytes = new byte[textLength];
        buffer.getBytes(offset + HEADER_LENGTH, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** @return where the payload starts in the buffer. */
    public int payloadOffset()
    {
        return offset + HEADER_LENGTH + textLength();
    }

    /** @return the payload's length. */
    public int payloadLength()
    {
        return length - HEADER_LENGTH - textLength();
    }

    /** @return the buffer the frame is in. */
    public DirectBuffer buffer()
    {
        return buffer;
    }

    /**
     * Sets the client identity and reply stream.
     *
     * @param high          the connection id's high half.
     * @param low           the connection id's low half.
     * @param replyStreamId the client's reply stream.
     * @return this flyweight.
     */
    public QueueFrame client(final long high, final long low, final int replyStreamId)
    {
        mutable.putLong(offset + CLIENT_HIGH_OFFSET, high, ORDER);
        mutable.putLong(offset + CLIENT_LOW_OFFSET, low, ORDER);
        mutable.putInt(offset + REPLY_STREAM_OFFSET, replyStreamId, ORDER);
        return this;
    }

    /**
     * @param consumerId the consumer id.
     * @return this flyweight.
     */
    public QueueFrame consumerId(final long consumerId)
    {
        mutable.putLong(offset + CONSUMER_OFFSET, consumerId, ORDER);
        return this;
    }

    /**
     * @param deliveryId the delivery or request id.
     * @return this flyweight.
     */
    public QueueFrame deliveryId(final long deliveryId)
    {
        mutable.putLong(offset + DELIVERY_OFFSET, deliveryId, ORDER);
        return this;
    }

    /**
     * @param count the count.
     * @return this flyweight.
     */
    public QueueFrame count(final int count)
    {
        mutable.putInt(offset + COUNT_OFFSET, count, ORDER);
        return this;
    }

    /**
     * Writes the text; must come before the payload.
     *
     * @param text the text.
     * @return this flyweight.
     */
    public QueueFrame text(final String text)
    {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        mutable.putBytes(offset + HEADER_LENGTH, bytes);
        mutable.putInt(offset + TEXT_LENGTH_OFFSET, bytes.length, ORDER);
        length = HEADER_LENGTH + bytes.length;
        return this;
    }

    /**
     * Appends the payload after the text.
     *
     * @param source       holding the payload.
     * @param sourceOffset where it starts.
     * @param sourceLength its length.
     * @return this flyweight.
     */
    public QueueFrame payload(final DirectBuffer source, final int sourceOffset, final int sourceLength)
    {
        mutable.putBytes(offset + length, source, sourceOffset, sourceLength);
        length += sourceLength;
        return this;
    }

    /** @return the frame's length so far. */
    public int length()
    {
        return length;
    }
}
