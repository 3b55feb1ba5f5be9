package io.wirespeed.codec;

import io.wirespeed.codec.sbe.BodyTypeCode;
import io.wirespeed.codec.sbe.CorrelationIdKindCode;
import io.wirespeed.codec.sbe.DeliveryModeCode;
import io.wirespeed.codec.sbe.DestinationKindCode;
import io.wirespeed.codec.sbe.EnvelopeEncoder;
import io.wirespeed.codec.sbe.MessageHeaderEncoder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import static io.wirespeed.codec.EnvelopeDescriptor.BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.DATA_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.DEFAULT_PRIORITY;
import static io.wirespeed.codec.EnvelopeDescriptor.ENTRY_BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAGS_OFFSET;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_HAS_TYPE;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_MESSAGE_ID_DISABLED;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_NULL_BODY;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_REDELIVERED;
import static io.wirespeed.codec.EnvelopeDescriptor.GROUP_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_DATA_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_NAME_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_PRIORITY;
import static io.wirespeed.codec.EnvelopeDescriptor.MIN_PRIORITY;
import static io.wirespeed.codec.EnvelopeDescriptor.NAME_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.NON_PERSISTENT;
import static io.wirespeed.codec.EnvelopeDescriptor.PERSISTENT;
import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * Writes an envelope in place into a buffer region (an Aeron claim, a reusable or expandable buffer), without
 * allocating once warm. Fixed fields may be set at any time; the variable parts must follow schema order:
 * {@link #properties()}, {@link #bodyEntries}, {@link #destination}, {@link #replyTo}, {@link #type},
 * correlation id, body. Skipped parts are written empty; going back throws {@link IllegalStateException}.
 * {@link #measure()} runs the same calls without a buffer to learn the exact length first (for tryClaim).
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

    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final EnvelopeEncoder encoder = new EnvelopeEncoder();
    private final EntriesWriter properties = new EntriesWriter(this, PART_PROPERTIES);
    private final EntriesWriter bodyEntries = new EntriesWriter(this, PART_ENTRIES);
    private MutableDirectBuffer buffer;
    private int offset;
    private int limit;
    private long regionEnd;
    private int part = PART_DONE;
    private int flags;
    private BodyType bodyType = BodyType.NONE;

    /**
     * Starts an envelope at an offset, bounded by the buffer's capacity unless the buffer is expandable.
     *
     * @param buffer to write into.
     * @param offset of the envelope's first byte.
     * @return this writer, with every fixed field at its default.
     */
    public EnvelopeWriter wrap(final MutableDirectBuffer buffer, final int offset)
    {
        return wrap(buffer, offset, buffer.isExpandable() ? Integer.MAX_VALUE - offset : buffer.capacity() - offset);
    }

    /**
     * Starts an envelope in a region of at most maxLength bytes, such as a claimed one.
     *
     * @param buffer    to write into.
     * @param offset    of the envelope's first byte.
     * @param maxLength the region's length; writing past it throws {@link IllegalStateException}.
     * @return this writer, with every fixed field at its default.
     */
    public EnvelopeWriter wrap(final MutableDirectBuffer buffer, final int offset, final int maxLength)
    {
        if (offset < 0 || maxLength < 0)
        {
            throw new IllegalArgumentException("offset=" + offset + " maxLength=" + maxLength);
        }
        start(buffer, offset, (long)offset + maxLength);
        ensure(HEADER_LENGTH + BLOCK_LENGTH);
        encoder.wrapAndApplyHeader(buffer, offset, header)
            .connectionIdHigh(0).connectionIdLow(0).sequence(0).timestamp(0).expiration(0)
            .sessionId(0).producerId(0).deliveryCount(0).priority((short)DEFAULT_PRIORITY)
            .deliveryMode(DeliveryModeCode.PERSISTENT).destinationKind(DestinationKindCode.NONE)
            .replyToKind(DestinationKindCode.NONE).correlationIdKind(CorrelationIdKindCode.NONE)
            .bodyType(BodyTypeCode.NONE).deliveryTime(0).flags().clear();
        limit = offset + HEADER_LENGTH + BLOCK_LENGTH;
        return this;
    }

    /**
     * Starts measuring: the same calls as for writing compute the exact length, read by {@link #finish()}.
     *
     * @return this writer, writing nothing.
     */
    public EnvelopeWriter measure()
    {
        start(null, 0, Long.MAX_VALUE);
        limit = HEADER_LENGTH + BLOCK_LENGTH;
        return this;
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
        if (null != buffer)
        {
            encoder.connectionIdHigh(connectionIdHigh).connectionIdLow(connectionIdLow)
                .sessionId(sessionId).producerId(producerId).sequence(sequence);
        }
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
        if (null != buffer)
        {
            encoder.timestamp(timestamp);
        }
        return this;
    }

    /**
     * Sets JMSExpiration.
     *
     * @param expiration epoch milliseconds, 0 for never.
     * @return this writer.
     */
    public EnvelopeWriter expiration(final long expiration)
    {
        if (null != buffer)
        {
            encoder.expiration(expiration);
        }
        return this;
    }

    /**
     * Sets JMSDeliveryTime.
     *
     * @param deliveryTime epoch milliseconds.
     * @return this writer.
     */
    public EnvelopeWriter deliveryTime(final long deliveryTime)
    {
        if (null != buffer)
        {
            encoder.deliveryTime(deliveryTime);
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
        if (null != buffer)
        {
            encoder.priority((short)priority);
        }
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
        if (null != buffer)
        {
            encoder.deliveryMode(DeliveryModeCode.get((short)deliveryMode));
        }
        return this;
    }

    /**
     * Sets JMSXDeliveryCount.
     *
     * @param deliveryCount the count.
     * @return this writer.
     */
    public EnvelopeWriter deliveryCount(final int deliveryCount)
    {
        if (null != buffer)
        {
            encoder.deliveryCount(deliveryCount);
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
     * Opens the body entries and sets the body type.
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
        bodyType(type);
        advanceTo(PART_ENTRIES);
        return bodyEntries;
    }

    /**
     * Sets JMSDestination.
     *
     * @param kind of destination; {@link DestinationKind#NONE} with a null name when absent.
     * @param name of the destination.
     * @return this writer.
     */
    public EnvelopeWriter destination(final DestinationKind kind, final CharSequence name)
    {
        advanceTo(PART_DESTINATION);
        if (null != buffer)
        {
            encoder.destinationKind(DestinationKindCode.get((short)kind.code()));
        }
        putText(kind == DestinationKind.NONE ? null : name, NAME_HEADER_LENGTH);
        return this;
    }

    /**
     * Sets JMSReplyTo.
     *
     * @param kind of destination; {@link DestinationKind#NONE} with a null name when absent.
     * @param name of the destination.
     * @return this writer.
     */
    public EnvelopeWriter replyTo(final DestinationKind kind, final CharSequence name)
    {
        advanceTo(PART_REPLY_TO);
        if (null != buffer)
        {
            encoder.replyToKind(DestinationKindCode.get((short)kind.code()));
        }
        putText(kind == DestinationKind.NONE ? null : name, NAME_HEADER_LENGTH);
        return this;
    }

    /**
     * Sets JMSType.
     *
     * @param type the type, {@code null} when absent.
     * @return this writer.
     */
    public EnvelopeWriter type(final CharSequence type)
    {
        advanceTo(PART_TYPE);
        flag(FLAG_HAS_TYPE, null != type);
        putText(type, NAME_HEADER_LENGTH);
        return this;
    }

    /**
     * Sets JMSCorrelationID as text.
     *
     * @param correlationId the id, {@code null} when absent.
     * @return this writer.
     */
    public EnvelopeWriter correlationId(final CharSequence correlationId)
    {
        advanceTo(PART_CORRELATION_ID);
        correlationIdKind(null == correlationId ? CorrelationIdKind.NONE : CorrelationIdKind.STRING);
        putText(correlationId, DATA_HEADER_LENGTH);
        return this;
    }

    /**
     * Sets JMSCorrelationID as bytes (JMSCorrelationIDAsBytes).
     *
     * @param correlationId holding the bytes, {@code null} when absent.
     * @param offset        of the first byte.
     * @param length        in bytes.
     * @return this writer.
     */
    public EnvelopeWriter correlationIdBytes(final byte[] correlationId, final int offset, final int length)
    {
        advanceTo(PART_CORRELATION_ID);
        correlationIdKind(null == correlationId ? CorrelationIdKind.NONE : CorrelationIdKind.BYTES);
        putBytes(correlationId, null, offset, null == correlationId ? 0 : length, DATA_HEADER_LENGTH);
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
     * The bytes written so far (or measured so far).
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

    private void start(final MutableDirectBuffer buffer, final int offset, final long regionEnd)
    {
        this.buffer = buffer;
        this.offset = offset;
        this.limit = offset;
        this.regionEnd = regionEnd;
        this.part = PART_BLOCK;
        this.flags = 0;
        this.bodyType = BodyType.NONE;
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
            if (part == PART_PROPERTIES || part == PART_ENTRIES)
            {
                ensure(GROUP_HEADER_LENGTH);
                (part == PART_PROPERTIES ? properties : bodyEntries).begin(limit);
                if (null != buffer)
                {
                    buffer.putShort(limit, (short)ENTRY_BLOCK_LENGTH, LITTLE_ENDIAN);
                    buffer.putShort(limit + 2, (short)0, LITTLE_ENDIAN);
                }
                limit += GROUP_HEADER_LENGTH;
            }
            else if (part < target && part < PART_DONE)
            {
                putBytes(null, null, 0, 0, part <= PART_TYPE ? NAME_HEADER_LENGTH : DATA_HEADER_LENGTH);
            }
        }
    }

    private void putText(final CharSequence text, final int headerLength)
    {
        final int length = null == text ? 0 : Utf8.encodedLength(text);
        checkLength(length, NAME_HEADER_LENGTH == headerLength ? MAX_NAME_LENGTH : MAX_DATA_LENGTH);
        putLengthHeader(length, headerLength);
        if (null != buffer && 0 != length)
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
        if (null != buffer)
        {
            if (NAME_HEADER_LENGTH == headerLength)
            {
                buffer.putShort(limit, (short)length, LITTLE_ENDIAN);
            }
            else
            {
                buffer.putInt(limit, length, LITTLE_ENDIAN);
            }
        }
        limit += headerLength;
    }

    void copyBytes(final byte[] array, final DirectBuffer source, final int sourceOffset, final int length)
    {
        if (null != buffer && 0 != length)
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
        if (null != buffer)
        {
            encoder.bodyType(BodyTypeCode.get((short)type.code()));
        }
    }

    private void correlationIdKind(final CorrelationIdKind kind)
    {
        if (null != buffer)
        {
            encoder.correlationIdKind(CorrelationIdKindCode.get((short)kind.code()));
        }
    }

    private EnvelopeWriter flag(final int flag, final boolean value)
    {
        flags = value ? flags | flag : flags & ~flag;
        if (null != buffer)
        {
            buffer.putByte(offset + HEADER_LENGTH + FLAGS_OFFSET, (byte)flags);
        }
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
