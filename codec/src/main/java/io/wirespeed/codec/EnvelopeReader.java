package io.wirespeed.codec;

import io.wirespeed.codec.sbe.CompactEnvelopeDecoder;
import io.wirespeed.codec.sbe.EnvelopeDecoder;
import io.wirespeed.codec.sbe.MessageHeaderDecoder;
import org.agrona.DirectBuffer;

import static io.wirespeed.codec.EntriesReader.malformed;
import static io.wirespeed.codec.EnvelopeDescriptor.BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.BLOCK_LENGTH_V0;
import static io.wirespeed.codec.EnvelopeDescriptor.BLOCK_LENGTH_V1;
import static io.wirespeed.codec.EnvelopeDescriptor.COMPACT_BLOCK_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.COMPACT_TEMPLATE_ID;
import static io.wirespeed.codec.EnvelopeDescriptor.COMPACT_TOPIC_HASH_OFFSET;
import static io.wirespeed.codec.EnvelopeDescriptor.DATA_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_HAS_TYPE;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_MESSAGE_ID_DISABLED;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_NULL_BODY;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_REDELIVERED;
import static io.wirespeed.codec.EnvelopeDescriptor.FLAG_TIMESTAMP_DISABLED;
import static io.wirespeed.codec.EnvelopeDescriptor.HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_DATA_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.MAX_PRIORITY;
import static io.wirespeed.codec.EnvelopeDescriptor.NAME_HEADER_LENGTH;
import static io.wirespeed.codec.EnvelopeDescriptor.NON_PERSISTENT;
import static io.wirespeed.codec.EnvelopeDescriptor.PERSISTENT;
import static io.wirespeed.codec.EnvelopeDescriptor.SCHEMA_ID;
import static io.wirespeed.codec.EnvelopeDescriptor.SCHEMA_VERSION;
import static io.wirespeed.codec.EnvelopeDescriptor.TEMPLATE_ID;
import static io.wirespeed.codec.EnvelopeDescriptor.TOPIC_HASH_OFFSET;
import static io.wirespeed.codec.EnvelopeDescriptor.TOPIC_HASH_SINCE_VERSION;
import static java.nio.ByteOrder.LITTLE_ENDIAN;

/**
 * A flyweight that reads an envelope in place. {@link #wrap} validates the whole structure once, bounds-checking
 * every length against the given region, and throws {@link MalformedEnvelopeException} on bad bytes; afterwards
 * every accessor reads within the region without allocating. Views returned are reused by the next wrap.
 * Both templates read through the same accessors: a compact envelope's absent headers read as their defaults.
 * {@link #wrapValidated} reads bytes that a wrap has validated before (the same region, or an exact copy of it)
 * without validating them again, for a receiver that validated an envelope as it read it and copied it on.
 * {@link #peekTopicHash} reads the topic hash from the header alone, for receivers that skip other topics'
 * envelopes before validating them. Versioning rules are in codec/README.md.
 */
public final class EnvelopeReader
{
    /** What {@link #peekTopicHash} returns for an envelope that carries no topic hash it can read. */
    public static final long NO_TOPIC_HASH = -1;

    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final EnvelopeDecoder decoder = new EnvelopeDecoder();
    private final CompactEnvelopeDecoder compactDecoder = new CompactEnvelopeDecoder();
    private final EntriesReader properties = new EntriesReader();
    private final EntriesReader bodyEntries = new EntriesReader();
    private final BytesView destinationName = new BytesView();
    private final BytesView replyToName = new BytesView();
    private final BytesView type = new BytesView();
    private final BytesView correlationId = new BytesView();
    private final BytesView body = new BytesView();
    private DirectBuffer buffer;
    private int offset;
    private int length;
    private int version;
    private boolean compact;
    private int flags;
    private DestinationKind destinationKind;
    private DestinationKind replyToKind;
    private CorrelationIdKind correlationIdKind;
    private BodyType bodyType;
    private long validations;

    /**
     * Validates the envelope in a region and makes its fields readable. After a failed wrap the reader must be
     * wrapped again before use.
     *
     * @param buffer holding the envelope.
     * @param offset of the envelope's first byte.
     * @param length of the region: exactly the envelope (longer only for a newer version's trailing fields).
     * @return this reader.
     * @throws MalformedEnvelopeException when the bytes are not a valid envelope of this schema.
     * @throws IllegalArgumentException   when the region does not lie inside the buffer.
     */
    public EnvelopeReader wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        validations++;
        reset();
        if (offset < 0 || length < 0 || (long)offset + length > buffer.capacity())
        {
            throw new IllegalArgumentException("region offset=" + offset + " length=" + length +
                " is outside the buffer of capacity " + buffer.capacity());
        }

        final int limit = offset + length;
        if (length < HEADER_LENGTH)
        {
            throw new MalformedEnvelopeException(
                length + " bytes are shorter than the " + HEADER_LENGTH + " byte message header", 0);
        }

        header.wrap(buffer, offset);
        if (header.schemaId() != SCHEMA_ID)
        {
            throw new MalformedEnvelopeException(
                "schema id " + header.schemaId() + " is not the envelope schema " + SCHEMA_ID, 4);
        }
        final int templateId = header.templateId();
        final int actingVersion = header.version();
        compact = templateId == COMPACT_TEMPLATE_ID;
        if (templateId != TEMPLATE_ID && (!compact || actingVersion < TOPIC_HASH_SINCE_VERSION))
        {
            throw new MalformedEnvelopeException("template id " + templateId + " is not an envelope template of " +
                "version " + actingVersion, 2);
        }

        final int blockLength = header.blockLength();
        final int requiredBlockLength = compact ? COMPACT_BLOCK_LENGTH : requiredBlockLength(actingVersion);
        if (blockLength < requiredBlockLength)
        {
            throw new MalformedEnvelopeException("block length " + blockLength + " is shorter than the " +
                requiredBlockLength + " bytes of version " + actingVersion, 0);
        }
        if (blockLength > length - HEADER_LENGTH)
        {
            throw new MalformedEnvelopeException("block length " + blockLength + " runs past the end", 0);
        }

        if (compact)
        {
            compactDecoder.wrap(buffer, offset + HEADER_LENGTH, blockLength, actingVersion);
            validateCompactBlock();
        }
        else
        {
            decoder.wrap(buffer, offset + HEADER_LENGTH, blockLength, actingVersion);
            validateBlock();
        }

        int position = offset + HEADER_LENGTH + blockLength;
        position = properties.wrap(
            buffer, offset, position, limit, EntriesReader.PROPERTY_TYPES, true, "property");
        if (!compact)
        {
            final boolean isMap = bodyType == BodyType.MAP;
            final boolean hasEntries = isMap || bodyType == BodyType.STREAM;
            position = bodyEntries.wrap(
                buffer, offset, position, limit, hasEntries ? EntriesReader.ALL_TYPES : 0, isMap, "body");
        }
        position = readVar(buffer, offset, position, limit, NAME_HEADER_LENGTH, destinationName, "destination name");
        if (!compact)
        {
            position = readVar(buffer, offset, position, limit, NAME_HEADER_LENGTH, replyToName, "reply-to name");
            position = readVar(buffer, offset, position, limit, NAME_HEADER_LENGTH, type, "JMSType");
            position = readVar(buffer, offset, position, limit, DATA_HEADER_LENGTH, correlationId, "correlation id");
        }
        position = readVar(buffer, offset, position, limit, DATA_HEADER_LENGTH, body, "body");

        if (position != limit && actingVersion <= SCHEMA_VERSION)
        {
            throw malformed((limit - position) + " bytes follow a version " + actingVersion + " envelope",
                position, offset);
        }
        validateConsistency(offset, position);

        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        this.version = actingVersion;

        return this;
    }

    /**
     * Makes the fields of an envelope readable without validating it: for bytes that {@link #wrap} has validated
     * before, in this region or as an exact copy of it, such as an envelope that a receiver validated as it read it
     * from the wire and then copied for a consumer. Every accessor then reads what it would after {@link #wrap}.
     * Bytes nobody has validated must go through {@link #wrap}: read on trust, a malformed envelope gives wrong
     * fields or reads outside its region.
     *
     * @param buffer holding the envelope.
     * @param offset of the envelope's first byte.
     * @param length of the region that {@link #wrap} accepted.
     * @return this reader.
     */
    public EnvelopeReader wrapValidated(final DirectBuffer buffer, final int offset, final int length)
    {
        header.wrap(buffer, offset);
        final int actingVersion = header.version();
        final int blockLength = header.blockLength();
        final int blockOffset = offset + HEADER_LENGTH;
        compact = header.templateId() == COMPACT_TEMPLATE_ID;
        int position = blockOffset + blockLength;
        if (compact)
        {
            compactDecoder.wrap(buffer, blockOffset, blockLength, actingVersion);
            readCompactBlock();
            position = properties.wrapValidated(buffer, position);
            bodyEntries.reset();
            position = readValidatedVar(buffer, position, NAME_HEADER_LENGTH, destinationName);
            replyToName.reset();
            type.reset();
            correlationId.reset();
        }
        else
        {
            decoder.wrap(buffer, blockOffset, blockLength, actingVersion);
            readBlock();
            position = properties.wrapValidated(buffer, position);
            position = bodyEntries.wrapValidated(buffer, position);
            position = readValidatedVar(buffer, position, NAME_HEADER_LENGTH, destinationName);
            position = readValidatedVar(buffer, position, NAME_HEADER_LENGTH, replyToName);
            position = readValidatedVar(buffer, position, NAME_HEADER_LENGTH, type);
            position = readValidatedVar(buffer, position, DATA_HEADER_LENGTH, correlationId);
        }
        readValidatedVar(buffer, position, DATA_HEADER_LENGTH, body);

        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        this.version = actingVersion;

        return this;
    }

    /**
     * How many envelopes {@link #wrap} has validated with this reader, accepted or not; {@link #wrapValidated} does
     * not count. Lets a test see which envelopes a receiver validated.
     *
     * @return the count since the reader was made.
     */
    public long validations()
    {
        return validations;
    }

    /**
     * The buffer this reader is wrapped around.
     *
     * @return the buffer given to {@link #wrap}.
     */
    public DirectBuffer buffer()
    {
        return buffer;
    }

    /**
     * Where the envelope starts.
     *
     * @return the offset given to {@link #wrap}.
     */
    public int offset()
    {
        return offset;
    }

    /**
     * The envelope's length.
     *
     * @return the length given to {@link #wrap}.
     */
    public int length()
    {
        return length;
    }

    /**
     * The schema version the sender wrote.
     *
     * @return the version from the message header.
     */
    public int version()
    {
        return version;
    }

    /**
     * Whether the envelope is a compact one (template 2), whose rare headers are at their defaults.
     *
     * @return true for a compact envelope.
     */
    public boolean isCompact()
    {
        return compact;
    }

    /**
     * The hash of the destination name that receivers dispatch on: written by the sender from version 2 on,
     * computed from the name for older envelopes.
     *
     * @return the {@link TopicHash} of the destination name.
     */
    public int topicHash()
    {
        if (compact)
        {
            return compactDecoder.topicHash();
        }
        return version >= TOPIC_HASH_SINCE_VERSION ? decoder.topicHash() : TopicHash.of(destinationName);
    }

    /**
     * Reads the topic hash of an envelope from its header and fixed block alone, without validating anything
     * else: what a receiver checks before deciding to read an envelope at all.
     *
     * @param buffer holding the envelope.
     * @param offset of the envelope's first byte.
     * @param length of the envelope.
     * @return the hash as an unsigned int, or {@link #NO_TOPIC_HASH} when the bytes are no envelope of this schema
     *         or one written before version 2 (then wrap it and ask {@link #topicHash()}).
     */
    public static long peekTopicHash(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < HEADER_LENGTH)
        {
            return NO_TOPIC_HASH;
        }
        final long header = buffer.getLong(offset, LITTLE_ENDIAN);
        final int blockLength = (int)(header & 0xFFFF);
        final int templateId = (int)((header >>> 16) & 0xFFFF);
        final int schemaId = (int)((header >>> 32) & 0xFFFF);
        final int version = (int)(header >>> 48);
        if (schemaId != SCHEMA_ID || version < TOPIC_HASH_SINCE_VERSION)
        {
            return NO_TOPIC_HASH;
        }
        if (templateId == COMPACT_TEMPLATE_ID && blockLength >= COMPACT_BLOCK_LENGTH &&
            length >= COMPACT_TOPIC_HASH_OFFSET + Integer.BYTES)
        {
            return buffer.getInt(offset + COMPACT_TOPIC_HASH_OFFSET, LITTLE_ENDIAN) & 0xFFFF_FFFFL;
        }
        if (templateId == TEMPLATE_ID && blockLength >= BLOCK_LENGTH && length >= TOPIC_HASH_OFFSET + Integer.BYTES)
        {
            return buffer.getInt(offset + TOPIC_HASH_OFFSET, LITTLE_ENDIAN) & 0xFFFF_FFFFL;
        }
        return NO_TOPIC_HASH;
    }

    /**
     * High 64 bits of the sending connection's id; part of JMSMessageID, compared for noLocal.
     *
     * @return the bits.
     */
    public long connectionIdHigh()
    {
        return compact ? compactDecoder.connectionIdHigh() : decoder.connectionIdHigh();
    }

    /**
     * Low 64 bits of the sending connection's id.
     *
     * @return the bits.
     */
    public long connectionIdLow()
    {
        return compact ? compactDecoder.connectionIdLow() : decoder.connectionIdLow();
    }

    /**
     * The sending session's id within its connection.
     *
     * @return the id.
     */
    public int sessionId()
    {
        return compact ? compactDecoder.sessionId() : decoder.sessionId();
    }

    /**
     * The sending producer's id within its connection.
     *
     * @return the id.
     */
    public int producerId()
    {
        return compact ? compactDecoder.producerId() : decoder.producerId();
    }

    /**
     * The producer's sequence number for this message; with the ids above it identifies the message.
     *
     * @return the sequence.
     */
    public long sequence()
    {
        return compact ? compactDecoder.sequence() : decoder.sequence();
    }

    /**
     * JMSTimestamp.
     *
     * @return epoch milliseconds, 0 when the producer disabled timestamps.
     */
    public long timestamp()
    {
        if (compact)
        {
            return 0 != (flags & FLAG_TIMESTAMP_DISABLED) ? 0 : compactDecoder.timestamp();
        }
        return decoder.timestamp();
    }

    /**
     * JMSExpiration.
     *
     * @return epoch milliseconds, 0 when the message never expires.
     */
    public long expiration()
    {
        return compact ? 0 : decoder.expiration();
    }

    /**
     * JMSDeliveryTime; a compact envelope's is its timestamp (it was sent without a delivery delay).
     *
     * @return epoch milliseconds, 0 when the sender's version predates the field.
     */
    public long deliveryTime()
    {
        if (compact)
        {
            return compactDecoder.timestamp();
        }
        return version >= EnvelopeDecoder.deliveryTimeSinceVersion() ? decoder.deliveryTime() : 0;
    }

    /**
     * JMSPriority.
     *
     * @return 0 to 9.
     */
    public int priority()
    {
        return compact ? compactDecoder.priority() : decoder.priority();
    }

    /**
     * JMSDeliveryMode.
     *
     * @return {@link EnvelopeDescriptor#NON_PERSISTENT} or {@link EnvelopeDescriptor#PERSISTENT}.
     */
    public int deliveryMode()
    {
        return compact ? compactDecoder.deliveryModeRaw() : decoder.deliveryModeRaw();
    }

    /**
     * JMSXDeliveryCount as the sender or queue host wrote it.
     *
     * @return the count.
     */
    public int deliveryCount()
    {
        return compact ? 0 : decoder.deliveryCount();
    }

    /**
     * JMSRedelivered.
     *
     * @return true when the message was delivered before.
     */
    public boolean redelivered()
    {
        return 0 != (flags & FLAG_REDELIVERED);
    }

    /**
     * Whether the producer disabled message ids, in which case JMSMessageID is null.
     *
     * @return true when disabled.
     */
    public boolean messageIdDisabled()
    {
        return 0 != (flags & FLAG_MESSAGE_ID_DISABLED);
    }

    /**
     * The kind of JMSDestination.
     *
     * @return the kind, {@link DestinationKind#NONE} when absent.
     */
    public DestinationKind destinationKind()
    {
        return destinationKind;
    }

    /**
     * The name of JMSDestination.
     *
     * @return a view of its UTF-8 bytes, empty when absent.
     */
    public BytesView destinationName()
    {
        return destinationName;
    }

    /**
     * The kind of JMSReplyTo.
     *
     * @return the kind, {@link DestinationKind#NONE} when absent.
     */
    public DestinationKind replyToKind()
    {
        return replyToKind;
    }

    /**
     * The name of JMSReplyTo.
     *
     * @return a view of its UTF-8 bytes, empty when absent.
     */
    public BytesView replyToName()
    {
        return replyToName;
    }

    /**
     * Whether JMSType is set; when false, JMSType is null.
     *
     * @return true when set, possibly to the empty string.
     */
    public boolean hasType()
    {
        return 0 != (flags & FLAG_HAS_TYPE);
    }

    /**
     * JMSType.
     *
     * @return a view of its UTF-8 bytes, empty when absent.
     */
    public BytesView type()
    {
        return type;
    }

    /**
     * How JMSCorrelationID is carried.
     *
     * @return the kind, {@link CorrelationIdKind#NONE} when absent.
     */
    public CorrelationIdKind correlationIdKind()
    {
        return correlationIdKind;
    }

    /**
     * JMSCorrelationID: UTF-8 text or raw bytes per {@link #correlationIdKind()}.
     *
     * @return a view of the bytes, empty when absent.
     */
    public BytesView correlationId()
    {
        return correlationId;
    }

    /**
     * The type of the body.
     *
     * @return the body type; {@link BodyType#NONE} for a plain message.
     */
    public BodyType bodyType()
    {
        return bodyType;
    }

    /**
     * Whether a TEXT or OBJECT body is null (as opposed to empty).
     *
     * @return true when the body is null.
     */
    public boolean isBodyNull()
    {
        return 0 != (flags & FLAG_NULL_BODY);
    }

    /**
     * The body of a BYTES, TEXT (UTF-8) or OBJECT (serialized object) message.
     *
     * @return a view of the body bytes, empty for other body types.
     */
    public BytesView body()
    {
        return body;
    }

    /**
     * The entries of a MAP (named) or STREAM (unnamed, in order) body.
     *
     * @return the entries, none for other body types.
     */
    public EntriesReader bodyEntries()
    {
        return bodyEntries;
    }

    /**
     * The message properties, found by name or by index.
     *
     * @return the properties.
     */
    public EntriesReader properties()
    {
        return properties;
    }

    private static int requiredBlockLength(final int version)
    {
        if (version >= TOPIC_HASH_SINCE_VERSION)
        {
            return BLOCK_LENGTH;
        }
        return version >= 1 ? BLOCK_LENGTH_V1 : BLOCK_LENGTH_V0;
    }

    private void reset()
    {
        buffer = null;
        compact = false;
        offset = 0;
        length = 0;
        version = 0;
        flags = 0;
        properties.reset();
        bodyEntries.reset();
        destinationName.reset();
        replyToName.reset();
        type.reset();
        correlationId.reset();
        body.reset();
    }

    private void readCompactBlock()
    {
        destinationKind = DestinationKind.get(compactDecoder.destinationKindRaw());
        bodyType = BodyType.get(compactDecoder.bodyTypeRaw());
        flags = compactDecoder.flags().getRaw();
        replyToKind = DestinationKind.NONE;
        correlationIdKind = CorrelationIdKind.NONE;
    }

    private void validateCompactBlock()
    {
        readCompactBlock();
        final int blockOffset = HEADER_LENGTH;
        final int priority = compactDecoder.priority();
        if (priority > MAX_PRIORITY)
        {
            throw new MalformedEnvelopeException("priority " + priority + " is above " + MAX_PRIORITY,
                blockOffset + CompactEnvelopeDecoder.priorityEncodingOffset());
        }
        final int deliveryMode = compactDecoder.deliveryModeRaw();
        if (deliveryMode != NON_PERSISTENT && deliveryMode != PERSISTENT)
        {
            throw new MalformedEnvelopeException("unknown delivery mode " + deliveryMode,
                blockOffset + CompactEnvelopeDecoder.deliveryModeEncodingOffset());
        }
        if (null == destinationKind)
        {
            throw new MalformedEnvelopeException("unknown destination kind " + compactDecoder.destinationKindRaw(),
                blockOffset + CompactEnvelopeDecoder.destinationKindEncodingOffset());
        }
        if (null == bodyType || bodyType == BodyType.MAP || bodyType == BodyType.STREAM)
        {
            throw new MalformedEnvelopeException((null == bodyType ? "unknown body type " : "a compact envelope " +
                "has no entries for body type ") + compactDecoder.bodyTypeRaw(),
                blockOffset + CompactEnvelopeDecoder.bodyTypeEncodingOffset());
        }
        if (hasType())
        {
            throw new MalformedEnvelopeException("a compact envelope has no JMSType",
                blockOffset + CompactEnvelopeDecoder.flagsEncodingOffset());
        }
    }

    private void readBlock()
    {
        destinationKind = DestinationKind.get(decoder.destinationKindRaw());
        replyToKind = DestinationKind.get(decoder.replyToKindRaw());
        correlationIdKind = CorrelationIdKind.get(decoder.correlationIdKindRaw());
        bodyType = BodyType.get(decoder.bodyTypeRaw());
        flags = decoder.flags().getRaw();
    }

    private void validateBlock()
    {
        readBlock();
        final int blockOffset = HEADER_LENGTH;
        final int priority = decoder.priority();
        if (priority > MAX_PRIORITY)
        {
            throw new MalformedEnvelopeException("priority " + priority + " is above " + MAX_PRIORITY,
                blockOffset + EnvelopeDecoder.priorityEncodingOffset());
        }
        final int deliveryMode = decoder.deliveryModeRaw();
        if (deliveryMode != NON_PERSISTENT && deliveryMode != PERSISTENT)
        {
            throw new MalformedEnvelopeException("unknown delivery mode " + deliveryMode,
                blockOffset + EnvelopeDecoder.deliveryModeEncodingOffset());
        }
        if (null == destinationKind)
        {
            throw new MalformedEnvelopeException("unknown destination kind " + decoder.destinationKindRaw(),
                blockOffset + EnvelopeDecoder.destinationKindEncodingOffset());
        }
        if (null == replyToKind)
        {
            throw new MalformedEnvelopeException("unknown reply-to kind " + decoder.replyToKindRaw(),
                blockOffset + EnvelopeDecoder.replyToKindEncodingOffset());
        }
        if (null == correlationIdKind)
        {
            throw new MalformedEnvelopeException("unknown correlation id kind " + decoder.correlationIdKindRaw(),
                blockOffset + EnvelopeDecoder.correlationIdKindEncodingOffset());
        }
        if (null == bodyType)
        {
            throw new MalformedEnvelopeException("unknown body type " + decoder.bodyTypeRaw(),
                blockOffset + EnvelopeDecoder.bodyTypeEncodingOffset());
        }
    }

    private void validateConsistency(final int envelopeOffset, final int end)
    {
        final int at = end - envelopeOffset;
        if (destinationKind == DestinationKind.NONE && !destinationName.isEmpty())
        {
            throw new MalformedEnvelopeException("destination name without a destination kind", at);
        }
        if (replyToKind == DestinationKind.NONE && !replyToName.isEmpty())
        {
            throw new MalformedEnvelopeException("reply-to name without a reply-to kind", at);
        }
        if (!hasType() && !type.isEmpty())
        {
            throw new MalformedEnvelopeException("JMSType bytes without the has-type flag", at);
        }
        if (correlationIdKind == CorrelationIdKind.NONE && !correlationId.isEmpty())
        {
            throw new MalformedEnvelopeException("correlation id bytes without a correlation id kind", at);
        }
        final boolean bodyInBytes = bodyType == BodyType.BYTES || bodyType == BodyType.TEXT ||
            bodyType == BodyType.OBJECT;
        if (!bodyInBytes && !body.isEmpty())
        {
            throw new MalformedEnvelopeException(bodyType + " body carries body bytes", at);
        }
        if (isBodyNull() && ((bodyType != BodyType.TEXT && bodyType != BodyType.OBJECT) || !body.isEmpty()))
        {
            throw new MalformedEnvelopeException("null body flag on a " + bodyType + " body with " +
                body.length() + " bytes", at);
        }
    }

    private static int readValidatedVar(
        final DirectBuffer buffer, final int position, final int headerLength, final BytesView view)
    {
        final int length = NAME_HEADER_LENGTH == headerLength ?
            buffer.getShort(position, LITTLE_ENDIAN) & 0xFFFF : buffer.getInt(position, LITTLE_ENDIAN);
        view.wrap(buffer, position + headerLength, length);
        return position + headerLength + length;
    }

    private static int readVar(
        final DirectBuffer buffer,
        final int envelopeOffset,
        final int position,
        final int limit,
        final int headerLength,
        final BytesView view,
        final String what)
    {
        if (limit - position < headerLength)
        {
            throw malformed("truncated " + what + " length", position, envelopeOffset);
        }
        final int length = NAME_HEADER_LENGTH == headerLength ?
            buffer.getShort(position, LITTLE_ENDIAN) & 0xFFFF : buffer.getInt(position, LITTLE_ENDIAN);
        if (length < 0 || length > MAX_DATA_LENGTH || length > limit - position - headerLength)
        {
            throw malformed(what + " length " + (length & 0xFFFF_FFFFL) + " runs past the end",
                position, envelopeOffset);
        }
        view.wrap(buffer, position + headerLength, length);
        return position + headerLength + length;
    }
}
