package io.wirespeed.codec;

import io.wirespeed.codec.sbe.CompactEnvelopeDecoder;
import io.wirespeed.codec.sbe.EnvelopeDecoder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static io.wirespeed.codec.EnvelopeDescriptor.BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.COMPACT_BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.COMPACT_TEMPLATE_ID;
import static io.wirespeed.codec.EnvelopeDescriptor.DATA_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.DEFAULT_PRIORITY;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_HAS_TYPE;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_MESSAGE_ID_DISABLED;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_NULL_BODY;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_REDELIVERED;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_TIMESTAMP_DISABLED;
import static io.wirespeed.codec.EnvelopeDescriptor.GROUP_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_DATA_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_NAME_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_PRIORITY;
import static io.wirespeed.codec.EnvelopeDescriptor.MIN_PRIORITY;
import static io.wirespeed.codec.EnvelopeDescriptor.NAME_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.NON_PERSISTENT;
import static io.wirespeed.codec.EnvelopeDescriptor.PERSISTENT;
import static io.wirespeed.codec.EnvelopeDescriptor.SCHEMA_ID;
import static io.wirespeed.codec.EnvelopeDescriptor.SCHEMA_VERSION;
import static io.wirespeed.codec.EnvelopeDescriptor.TEMPLATE_ID;
import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Writes an envelope in place into a buffer region (an Aeron claim, a reusable or expandable buffer), without
 * allocating once warm. {@link #wrap} starts a full envelope; {@link #wrapCompact} a compact one, which has no
 * room for the rare headers (reply-to, JMSType, correlation id, expiration, a delivery time other than the
 * timestamp, a delivery count above one, MAP and STREAM bodies): setting one of them to anything but its default
 * throws {@link IllegalStateException}. The block starts zeroed with the JMS defaults (priority 4, PERSISTENT); setters
 * write only what they are given. Fixed fields may be set at any time; the variable parts must follow schema
 * order: {@link #properties()}, {@link #bodyEntries}, {@link #destination}, {@link #replyTo}, {@link #type},
 * correlation id, body. Skipped parts are written empty; going back throws {@link IllegalStateException}.
 * {@link EnvelopeLength} computes the length first, for a claim of the exact size.
 */
public final class EnvelopeWriter
{
    static final int PART_BLOCK = 0;
    static final int PART_PROPERTIES = 1;
    static final int PART_ENTRIES = 2;
    static final int PART_DESTINATION = 3;
    static final int PART_REPLY_TO = 4;
    static final int PART_TYPE = 5;
    static final int PART_CORRELATION_ID = 6;
    static final int PART_BODY = 7;
    static final int PART_DONE = 8;

    private static final int TEMPLATE_ID_OFFSET = 2;
    private static final int SCHEMA_ID_OFFSET = 4;
    private static final int VERSION_OFFSET = 6;

    private static final int FULL = 0;
    private static final int COMPACT = 1;

    /** Block offsets of each fixed field, indexed by template: full, compact. */
    private static final int[] CONNECTION_ID_HIGH = {
        EnvelopeDecoder.connectionIdHighEncodingOffset(), CompactEnvelopeDecoder.connectionIdHighEncodingOffset()};
    private static final int[] CONNECTION_ID_LOW = {
        EnvelopeDecoder.connectionIdLowEncodingOffset(), CompactEnvelopeDecoder.connectionIdLowEncodingOffset()};
    private static final int[] SEQUENCE = {
        EnvelopeDecoder.sequenceEncodingOffset(), CompactEnvelopeDecoder.sequenceEncodingOffset()};
    private static final int[] TIMESTAMP = {
        EnvelopeDecoder.timestampEncodingOffset(), CompactEnvelopeDecoder.timestampEncodingOffset()};
    private static final int[] SESSION_ID = {
        EnvelopeDecoder.sessionIdEncodingOffset(), CompactEnvelopeDecoder.sessionIdEncodingOffset()};
    private static final int[] PRODUCER_ID = {
        EnvelopeDecoder.producerIdEncodingOffset(), CompactEnvelopeDecoder.producerIdEncodingOffset()};
    private static final int[] PRIORITY = {
        EnvelopeDecoder.priorityEncodingOffset(), CompactEnvelopeDecoder.priorityEncodingOffset()};
    private static final int[] DELIVERY_MODE = {
        EnvelopeDecoder.deliveryModeEncodingOffset(), CompactEnvelopeDecoder.deliveryModeEncodingOffset()};
    private static final int[] FLAGS = {
        EnvelopeDecoder.flagsEncodingOffset(), CompactEnvelopeDecoder.flagsEncodingOffset()};
    private static final int[] DESTINATION_KIND = {
        EnvelopeDecoder.destinationKindEncodingOffset(), CompactEnvelopeDecoder.destinationKindEncodingOffset()};
    private static final int[] BODY_TYPE = {
        EnvelopeDecoder.bodyTypeEncodingOffset(), CompactEnvelopeDecoder.bodyTypeEncodingOffset()};
    private static final int[] TOPIC_HASH = {
        EnvelopeDecoder.topicHashEncodingOffset(), CompactEnvelopeDecoder.topicHashEncodingOffset()};

    private final EntriesWriter properties = new EntriesWriter(this, PART_PROPERTIES);
    private final EntriesWriter bodyEntries = new EntriesWriter(this, PART_ENTRIES);
    private MutableDirectBuffer buffer;
    private int offset;
    private int block;
    private int template;
    private int limit;
    private long regionEnd;
    private int part = PART_DONE;
    private int flags;
    private boolean topicHashSet;
    private BodyType bodyType = BodyType.NONE;

    /**
     * Starts a full envelope at an offset, bounded by the buffer's capacity unless the buffer is expandable.
     *
     * @param buffer to write into.
     * @param offset of the envelope's first byte.
     * @return this writer, with every fixed field at its default.
     */
    public EnvelopeWriter wrap(final MutableDirectBuffer buffer, final int offset)
    {
        return wrap(buffer, offset, maxLength(buffer, offset));
    }

    /**
     * Starts a full envelope in a region of at most maxLength bytes, such as a claimed one.
     *
     * @param buffer    to write into.
     * @param offset    of the envelope's first byte.
     * @param maxLength the region's length; writing past it throws {@link IllegalStateException}.
     * @return this writer, with every fixed field at its default.
     */
    public EnvelopeWriter wrap(final MutableDirectBuffer buffer, final int offset, final int maxLength)
    {
        start(buffer, offset, maxLength, FULL, TEMPLATE_ID, BLOCK_LENGTH);
        return this;
    }

    /**
     * Starts a compact envelope at an offset, bounded by the buffer's capacity unless the buffer is expandable.
     *
     * @param buffer to write into.
     * @param offset of the envelope's first byte.
     * @return this writer, with every fixed field at its default.
     */
    public EnvelopeWriter wrapCompact(final MutableDirectBuffer buffer, final int offset)
    {
        return wrapCompact(buffer, offset, maxLength(buffer, offset));
    }

    /**
     * Starts a compact envelope in a region of at most maxLength bytes, such as a claimed one.
     *
     * @param buffer    to write into.
     * @param offset    of the envelope's first byte.
     * @param maxLength the region's length; writing past it throws {@link IllegalStateException}.
     * @return this writer, with every fixed field at its default.
     */
    public EnvelopeWriter wrapCompact(final MutableDirectBuffer buffer, final int offset, final int maxLength)
    {
        start(buffer, offset, maxLength, COMPACT, COMPACT_TEMPLATE_ID, COMPACT_BLOCK_LENGTH);
        return this;
    }

    /**
     * Whether this writer writes a compact envelope.
     *
     * @return true after {@link #wrapCompact}.
     */
    public boolean isCompact()
    {
        return COMPACT == template;
    }

    /**
     * Sets the parts of JMSMessageID, which the JMS layer formats lazily, and the ids noLocal compares.
     *
     * @param connectionIdHigh high 64 bits of the connection's id.
     * @param connectionIdLow  low 64 bits of the connection's id.
     * @param sessionId        the session's id within the connection.
     * @param producerId       the producer's id within the connection.
     * @param sequence         the producer's sequence number for this message.
     * @return this writer.
     */
    public EnvelopeWriter messageId(
        final long connectionIdHigh,
        final long connectionIdLow,
        final int sessionId,
        final int producerId,
        final long sequence)
    {
        final int t = template;
        buffer.putLong(block + CONNECTION_ID_HIGH[t], connectionIdHigh, LITTLE_ENDIAN);
        buffer.putLong(block + CONNECTION_ID_LOW[t], connectionIdLow, LITTLE_ENDIAN);
        buffer.putLong(block + SEQUENCE[t], sequence, LITTLE_ENDIAN);
        buffer.putInt(block + SESSION_ID[t], sessionId, LITTLE_ENDIAN);
        buffer.putInt(block + PRODUCER_ID[t], producerId, LITTLE_ENDIAN);
        return this;
    }

    /**
     * Marks JMSMessageID as disabled by the producer (it reads as null).
     *
     * @param disabled true when disabled.
     * @return this writer.
     */
    public EnvelopeWriter messageIdDisabled(final boolean disabled)
    {
        return flag(FLAG_MESSAGE_ID_DISABLED, disabled);
    }

    /**
     * Sets JMSTimestamp.
     *
     * @param timestamp epoch milliseconds, 0 when disabled.
     * @return this writer.
     */
    public EnvelopeWriter timestamp(final long timestamp)
    {
        buffer.putLong(block + TIMESTAMP[template], timestamp, LITTLE_ENDIAN);
        return this;
    }

    /**
     * Says that the producer disabled timestamps, so that JMSTimestamp reads 0 while the timestamp field keeps the
     * send time, which a compact envelope's delivery time is: a message sent without a timestamp and without a delay
     * then still travels compact. Only in a compact envelope.
     *
     * @param disabled whether timestamps are disabled.
     * @return this writer.
     */
    public EnvelopeWriter timestampDisabled(final boolean disabled)
    {
        if (disabled && 0 == template)
        {
            throw new IllegalStateException("only a compact envelope says that its timestamp is disabled");
        }
        return flag(FLAG_TIMESTAMP_DISABLED, disabled);
    }

    /**
     * Sets JMSExpiration; only 0 in a compact envelope.
     *
     * @param expiration epoch milliseconds, 0 for never.
     * @return this writer.
     */
    public EnvelopeWriter expiration(final long expiration)
    {
        if (0 != expiration)
        {
            fullOnly("an expiration");
            buffer.putLong(block + EnvelopeDecoder.expirationEncodingOffset(), expiration, LITTLE_ENDIAN);
        }
        return this;
    }

    /**
     * Sets JMSDeliveryTime; a compact envelope has none of its own (it reads as the timestamp, as it is for a
     * message sent without a delivery delay), so there it must equal the timestamp set before.
     *
     * @param deliveryTime epoch milliseconds.
     * @return this writer.
     */
    public EnvelopeWriter deliveryTime(final long deliveryTime)
    {
        if (COMPACT == template)
        {
            if (deliveryTime != buffer.getLong(block + TIMESTAMP[COMPACT], LITTLE_ENDIAN))
            {
                fullOnly("a delivery time other than the timestamp");
            }
        }
        else
        {
            buffer.putLong(block + EnvelopeDecoder.deliveryTimeEncodingOffset(), deliveryTime, LITTLE_ENDIAN);
        }
        return this;
    }

    /**
     * Sets JMSPriority.
     *
     * @param priority 0 to 9.
     * @return this writer.
     */
    public EnvelopeWriter priority(final int priority)
    {
        if (priority < MIN_PRIORITY || priority > MAX_PRIORITY)
        {
            throw new IllegalArgumentException("priority " + priority + " is not between 0 and 9");
        }
        buffer.putByte(block + PRIORITY[template], (byte)priority);
        return this;
    }

    /**
     * Sets JMSDeliveryMode.
     *
     * @param deliveryMode {@link EnvelopeDescriptor#NON_PERSISTENT} or {@link EnvelopeDescriptor#PERSISTENT}.
     * @return this writer.
     */
    public EnvelopeWriter deliveryMode(final int deliveryMode)
    {
        if (deliveryMode != NON_PERSISTENT && deliveryMode != PERSISTENT)
        {
            throw new IllegalArgumentException("delivery mode " + deliveryMode + " is not 1 or 2");
        }
        buffer.putByte(block + DELIVERY_MODE[template], (byte)deliveryMode);
        return this;
    }

    /**
     * Sets JMSXDeliveryCount; at most 1 in a compact envelope, which reads as 0 (not yet delivered).
     *
     * @param deliveryCount the count.
     * @return this writer.
     */
    public EnvelopeWriter deliveryCount(final int deliveryCount)
    {
        if (COMPACT == template)
        {
            if (deliveryCount > 1)
            {
                fullOnly("a delivery count above 1");
            }
        }
        else
        {
            buffer.putInt(block + EnvelopeDecoder.deliveryCountEncodingOffset(), deliveryCount, LITTLE_ENDIAN);
        }
        return this;
    }

    /**
     * Sets JMSRedelivered.
     *
     * @param redelivered true when the message was delivered before.
     * @return this writer.
     */
    public EnvelopeWriter redelivered(final boolean redelivered)
    {
        return flag(FLAG_REDELIVERED, redelivered);
    }

    /**
     * Sets the topic hash receivers dispatch on, instead of the hash {@link #destination(DestinationKind,
     * CharSequence)} computes from the name: the caller keeps it per destination ({@link TopicHash#of(String)}).
     *
     * @param topicHash the {@link TopicHash} of the destination name.
     * @return this writer.
     */
    public EnvelopeWriter topicHash(final int topicHash)
    {
        buffer.putInt(block + TOPIC_HASH[template], topicHash, LITTLE_ENDIAN);
        topicHashSet = true;
        return this;
    }

    /**
     * Opens the properties; JMS property types only (no char, no bytes), names not empty.
     *
     * @return the writer for property entries, valid until a later part is written.
     */
    public EntriesWriter properties()
    {
        advanceTo(PART_PROPERTIES);
        return properties;
    }

    /**
     * Opens the body entries and sets the body type; full envelopes only.
     *
     * @param type {@link BodyType#MAP} (entries named) or {@link BodyType#STREAM} (entries unnamed, in order).
     * @return the writer for body entries, valid until a later part is written.
     */
    public EntriesWriter bodyEntries(final BodyType type)
    {
        if (type != BodyType.MAP && type != BodyType.STREAM)
        {
            throw new IllegalArgumentException("body entries belong to MAP or STREAM bodies, not " + type);
        }
        fullOnly("a " + type + " body");
        bodyType(type);
        advanceTo(PART_ENTRIES);
        return bodyEntries;
    }

    /**
     * Sets JMSDestination; unless {@link #topicHash(int)} was called, the topic hash is computed from the bytes
     * written.
     *
     * @param kind of destination; {@link DestinationKind#NONE} with a null name when absent.
     * @param name of the destination.
     * @return this writer.
     */
    public EnvelopeWriter destination(final DestinationKind kind, final CharSequence name)
    {
        advanceTo(PART_DESTINATION);
        buffer.putByte(block + DESTINATION_KIND[template], (byte)kind.code());
        final int nameStart = limit + NAME_HEADER_LENGTH;
        putText(kind == DestinationKind.NONE ? null : name, NAME_HEADER_LENGTH);
        if (!topicHashSet)
        {
            buffer.putInt(block + TOPIC_HASH[template], TopicHash.of(buffer, nameStart, limit - nameStart),
                LITTLE_ENDIAN);
        }
        return this;
    }

    /**
     * Sets JMSDestination from a name encoded beforehand (the destination keeps it), copying its bytes rather than
     * encoding the name on every send.
     *
     * @param kind of destination, not {@link DestinationKind#NONE}.
     * @param name the destination's name in UTF-8.
     * @return this writer.
     */
    public EnvelopeWriter destination(final DestinationKind kind, final Utf8String name)
    {
        advanceTo(PART_DESTINATION);
        buffer.putByte(block + DESTINATION_KIND[template], (byte)kind.code());
        final int length = name.length();
        checkLength(length, MAX_NAME_LENGTH);
        putLengthHeader(length, NAME_HEADER_LENGTH);
        buffer.putBytes(limit, name.bytes(), 0, length);
        if (!topicHashSet)
        {
            buffer.putInt(block + TOPIC_HASH[template], TopicHash.of(buffer, limit, length), LITTLE_ENDIAN);
        }
        limit += length;
        return this;
    }

    /**
     * Sets JMSReplyTo; only none in a compact envelope.
     *
     * @param kind of destination; {@link DestinationKind#NONE} with a null name when absent.
     * @param name of the destination.
     * @return this writer.
     */
    public EnvelopeWriter replyTo(final DestinationKind kind, final CharSequence name)
    {
        if (kind != DestinationKind.NONE)
        {
            fullOnly("a reply-to destination");
        }
        advanceTo(PART_REPLY_TO);
        if (FULL == template)
        {
            buffer.putByte(block + EnvelopeDecoder.replyToKindEncodingOffset(), (byte)kind.code());
            putText(kind == DestinationKind.NONE ? null : name, NAME_HEADER_LENGTH);
        }
        return this;
    }

    /**
     * Sets JMSType; only {@code null} in a compact envelope.
     *
     * @param type the type, {@code null} when absent.
     * @return this writer.
     */
    public EnvelopeWriter type(final CharSequence type)
    {
        if (null != type)
        {
            fullOnly("a JMSType");
        }
        advanceTo(PART_TYPE);
        if (FULL == template)
        {
            flag(FLAG_HAS_TYPE, null != type);
            putText(type, NAME_HEADER_LENGTH);
        }
        return this;
    }

    /**
     * Sets JMSCorrelationID as text; only {@code null} in a compact envelope.
     *
     * @param correlationId the id, {@code null} when absent.
     * @return this writer.
     */
    public EnvelopeWriter correlationId(final CharSequence correlationId)
    {
        if (null != correlationId)
        {
            fullOnly("a correlation id");
        }
        advanceTo(PART_CORRELATION_ID);
        if (FULL == template)
        {
            correlationIdKind(null == correlationId ? CorrelationIdKind.NONE : CorrelationIdKind.STRING);
            putText(correlationId, DATA_HEADER_LENGTH);
        }
        return this;
    }

    /**
     * Sets JMSCorrelationID as bytes (JMSCorrelationIDAsBytes); only {@code null} in a compact envelope.
     *
     * @param correlationId holding the bytes, {@code null} when absent.
     * @param offset        of the first byte.
     * @param length        in bytes.
     * @return this writer.
     */
    public EnvelopeWriter correlationIdBytes(final byte[] correlationId, final int offset, final int length)
    {
        if (null != correlationId)
        {
            fullOnly("a correlation id");
        }
        advanceTo(PART_CORRELATION_ID);
        if (FULL == template)
        {
            correlationIdKind(null == correlationId ? CorrelationIdKind.NONE : CorrelationIdKind.BYTES);
            putBytes(correlationId, null, offset, null == correlationId ? 0 : length, DATA_HEADER_LENGTH);
        }
        return this;
    }

    /**
     * Sets a TEXT body.
     *
     * @param text the text, {@code null} for a null body.
     * @return this writer.
     */
    public EnvelopeWriter textBody(final CharSequence text)
    {
        bodyType(BodyType.TEXT);
        advanceTo(PART_BODY);
        flag(FLAG_NULL_BODY, null == text);
        putText(text, DATA_HEADER_LENGTH);
        return this;
    }

    /**
     * Sets a BYTES body from a buffer range.
     *
     * @param body   holding the bytes.
     * @param offset of the first byte.
     * @param length in bytes.
     * @return this writer.
     */
    public EnvelopeWriter bytesBody(final DirectBuffer body, final int offset, final int length)
    {
        bodyType(BodyType.BYTES);
        advanceTo(PART_BODY);
        putBytes(null, body, offset, length, DATA_HEADER_LENGTH);
        return this;
    }

    /**
     * Sets a BYTES body from an array range.
     *
     * @param body   holding the bytes.
     * @param offset of the first byte.
     * @param length in bytes.
     * @return this writer.
     */
    public EnvelopeWriter bytesBody(final byte[] body, final int offset, final int length)
    {
        bodyType(BodyType.BYTES);
        advanceTo(PART_BODY);
        putBytes(body, null, offset, length, DATA_HEADER_LENGTH);
        return this;
    }

    /**
     * Sets an OBJECT body: the serialized object's bytes.
     *
     * @param body   holding the bytes, {@code null} for a null body.
     * @param offset of the first byte.
     * @param length in bytes.
     * @return this writer.
     */
    public EnvelopeWriter objectBody(final byte[] body, final int offset, final int length)
    {
        bodyType(BodyType.OBJECT);
        advanceTo(PART_BODY);
        flag(FLAG_NULL_BODY, null == body);
        putBytes(body, null, offset, null == body ? 0 : length, DATA_HEADER_LENGTH);
        return this;
    }

    /**
     * Writes whatever parts are still missing as empty and ends the envelope.
     *
     * @return the envelope's encoded length in bytes.
     */
    public int finish()
    {
        advanceTo(PART_DONE);
        return limit - offset;
    }

    /**
     * The bytes written so far.
     *
     * @return the current length of the envelope.
     */
    public int encodedLength()
    {
        return limit - offset;
    }

    MutableDirectBuffer buffer()
    {
        return buffer;
    }

    int limit()
    {
        return limit;
    }

    void advance(final int length)
    {
        limit += length;
    }

    boolean isOpen(final int groupPart)
    {
        return part == groupPart;
    }

    BodyType bodyType()
    {
        return bodyType;
    }

    private static int maxLength(final MutableDirectBuffer buffer, final int offset)
    {
        return buffer.isExpandable() ? Integer.MAX_VALUE - offset : buffer.capacity() - offset;
    }

    private void start(
        final MutableDirectBuffer buffer, final int offset, final int maxLength, final int template,
        final int templateId, final int blockLength)
    {
        if (offset < 0 || maxLength < 0)
        {
            throw new IllegalArgumentException("offset=" + offset + " maxLength=" + maxLength);
        }
        this.buffer = buffer;
        this.offset = offset;
        this.block = offset + HEADER_LENGTH;
        this.template = template;
        this.limit = offset;
        this.regionEnd = (long)offset + maxLength;
        this.part = PART_BLOCK;
        this.flags = 0;
        this.topicHashSet = false;
        this.bodyType = BodyType.NONE;
        ensure(HEADER_LENGTH + blockLength);
        buffer.putShort(offset, (short)blockLength, LITTLE_ENDIAN);
        buffer.putShort(offset + TEMPLATE_ID_OFFSET, (short)templateId, LITTLE_ENDIAN);
        buffer.putShort(offset + SCHEMA_ID_OFFSET, (short)SCHEMA_ID, LITTLE_ENDIAN);
        buffer.putShort(offset + VERSION_OFFSET, (short)SCHEMA_VERSION, LITTLE_ENDIAN);
        buffer.setMemory(block, blockLength, (byte)0);
        buffer.putByte(block + PRIORITY[template], (byte)DEFAULT_PRIORITY);
        buffer.putByte(block + DELIVERY_MODE[template], (byte)PERSISTENT);
        limit = block + blockLength;
    }

    private void fullOnly(final String what)
    {
        if (COMPACT == template)
        {
            throw new IllegalStateException("a compact envelope has no room for " + what +
                ": wrap a full envelope instead");
        }
    }

    private void advanceTo(final int target)
    {
        if (target < part || (target == part && target > PART_ENTRIES))
        {
            throw new IllegalStateException(part == PART_DONE ?
                "the envelope is finished; wrap again to write another" :
                "envelope parts go in schema order: properties, body entries, destination, reply-to, type, " +
                "correlation id, body; each once");
        }
        while (part < target)
        {
            part++;
            if (COMPACT == template && isFullOnly(part))
            {
                continue;
            }
            if (part == PART_PROPERTIES || part == PART_ENTRIES)
            {
                ensure(GROUP_HEADER_LENGTH);
                (part == PART_PROPERTIES ? properties : bodyEntries).begin(limit);
                buffer.putShort(limit, (short)ENTRY_BLOCK_LENGTH, LITTLE_ENDIAN);
                buffer.putShort(limit + 2, (short)0, LITTLE_ENDIAN);
                limit += GROUP_HEADER_LENGTH;
            }
            else if (part < target && part < PART_DONE)
            {
                putBytes(null, null, 0, 0, part <= PART_TYPE ? NAME_HEADER_LENGTH : DATA_HEADER_LENGTH);
            }
        }
    }

    private static boolean isFullOnly(final int part)
    {
        return part == PART_ENTRIES || part == PART_REPLY_TO || part == PART_TYPE || part == PART_CORRELATION_ID;
    }

    private void putText(final CharSequence text, final int headerLength)
    {
        final int length = null == text ? 0 : Utf8.encodedLength(text);
        checkLength(length, NAME_HEADER_LENGTH == headerLength ? MAX_NAME_LENGTH : MAX_DATA_LENGTH);
        putLengthHeader(length, headerLength);
        if (0 != length)
        {
            Utf8.encode(text, buffer, limit);
        }
        limit += length;
    }

    private void putBytes(
        final byte[] array, final DirectBuffer source, final int sourceOffset, final int length, final int headerLength)
    {
        checkLength(length, MAX_DATA_LENGTH);
        putLengthHeader(length, headerLength);
        copyBytes(array, source, sourceOffset, length);
    }

    private void putLengthHeader(final int length, final int headerLength)
    {
        ensure((long)headerLength + length);
        if (NAME_HEADER_LENGTH == headerLength)
        {
            buffer.putShort(limit, (short)length, LITTLE_ENDIAN);
        }
        else
        {
            buffer.putInt(limit, length, LITTLE_ENDIAN);
        }
        limit += headerLength;
    }

    void copyBytes(final byte[] array, final DirectBuffer source, final int sourceOffset, final int length)
    {
        if (0 != length)
        {
            if (null != array)
            {
                buffer.putBytes(limit, array, sourceOffset, length);
            }
            else
            {
                buffer.putBytes(limit, source, sourceOffset, length);
            }
        }
        limit += length;
    }

    private void bodyType(final BodyType type)
    {
        if (bodyType != BodyType.NONE && bodyType != type)
        {
            throw new IllegalStateException("the body is already " + bodyType + ", it cannot also be " + type);
        }
        bodyType = type;
        buffer.putByte(block + BODY_TYPE[template], (byte)type.code());
    }

    private void correlationIdKind(final CorrelationIdKind kind)
    {
        buffer.putByte(block + EnvelopeDecoder.correlationIdKindEncodingOffset(), (byte)kind.code());
    }

    private EnvelopeWriter flag(final int flag, final boolean value)
    {
        flags = value ? flags | flag : flags & ~flag;
        buffer.putByte(block + FLAGS[template], (byte)flags);
        return this;
    }

    static void checkLength(final int length, final int maxLength)
    {
        if (length < 0 || length > maxLength)
        {
            throw new IllegalArgumentException("length " + length + " is not between 0 and " + maxLength);
        }
    }

    void ensure(final long length)
    {
        if (part == PART_DONE)
        {
            throw new IllegalStateException("the envelope is finished; wrap again to write another");
        }
        if (limit + length > regionEnd)
        {
            throw new IllegalStateException("the envelope needs " + (limit + length - offset) +
                " bytes but its region holds " + (regionEnd - offset));
        }
    }
}
