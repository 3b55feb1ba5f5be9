package io.wirespeed.codec;

import io.wirespeed.codec.sbe.CompactEnvelopeDecoder;
import io.wirespeed.codec.sbe.EnvelopeDecoder;
import io.wirespeed.codec.sbe.MessageHeaderDecoder;

/**
 * Layout of the SBE envelope, taken from the generated schema so that the two cannot drift. Two templates share
 * the schema: the full {@code Envelope} (template 1, drawn below) and, from version 2, the
 * {@code CompactEnvelope} (template 2) for messages whose rare headers are at their defaults: its block starts
 * with the topic hash, and only the properties group, the destination name and the body follow it.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |  blockLength (uint16)         |  templateId (uint16) = 1      |  message header
 *  |  schemaId (uint16) = 7001     |  version (uint16)             |
 *  +---------------------------------------------------------------+
 *  |  fixed block: ids, sequence, timestamps, priority, kinds ... |  blockLength bytes
 *  |  ... topicHash (int32, version 2) at block offset 67          |
 *  +---------------------------------------------------------------+
 *  |  properties group: blockLength (uint16), count (uint16)       |
 *  |  count x entry                                                |
 *  +---------------------------------------------------------------+
 *  |  entries group (map or stream body), same layout             |
 *  +---------------------------------------------------------------+
 *  |  destinationName (uint16 length + UTF-8)                      |
 *  |  replyToName (uint16 length + UTF-8)                          |
 *  |  jmsType (uint16 length + UTF-8)                              |
 *  |  correlationId (uint32 length + bytes)                        |
 *  |  body (uint32 length + bytes)                                 |
 *  +---------------------------------------------------------------+
 *
 *  entry: valueType (uint8) | value (int64 raw bits) | [newer fixed fields]
 *         | name (uint16 length + UTF-8) | data (uint32 length + bytes)
 * </pre>
 * All integers are little-endian. Field offsets within the fixed block are in codec/README.md.
 */
public final class EnvelopeDescriptor
{
    /** The SBE schema id of the envelope; envelopes with another id are rejected. */
    public static final int SCHEMA_ID = EnvelopeDecoder.SCHEMA_ID;

    /** The schema version this codec writes and fully understands. */
    public static final int SCHEMA_VERSION = EnvelopeDecoder.SCHEMA_VERSION;

    /** The SBE template id of the full envelope message. */
    public static final int TEMPLATE_ID = EnvelopeDecoder.TEMPLATE_ID;

    /** The SBE template id of the compact envelope message (version 2). */
    public static final int COMPACT_TEMPLATE_ID = CompactEnvelopeDecoder.TEMPLATE_ID;

    /** The first version with the compact template and the topic hash. */
    public static final int TOPIC_HASH_SINCE_VERSION = EnvelopeDecoder.topicHashSinceVersion();

    /** Length of the SBE message header. */
    public static final int HEADER_LENGTH = MessageHeaderDecoder.ENCODED_LENGTH;

    /** Length of the fixed block this version writes. */
    public static final int BLOCK_LENGTH = EnvelopeDecoder.BLOCK_LENGTH;

    /** Length of the fixed block of a version 0 envelope, which ends before deliveryTime. */
    public static final int BLOCK_LENGTH_V0 = EnvelopeDecoder.deliveryTimeEncodingOffset();

    /** Length of the fixed block of a version 1 envelope, which ends before topicHash. */
    public static final int BLOCK_LENGTH_V1 = EnvelopeDecoder.topicHashEncodingOffset();

    /** Length of the compact template's fixed block this version writes. */
    public static final int COMPACT_BLOCK_LENGTH = CompactEnvelopeDecoder.BLOCK_LENGTH;

    /** Offset of the topic hash from the start of a full envelope of version 2 or later. */
    public static final int TOPIC_HASH_OFFSET = MessageHeaderDecoder.ENCODED_LENGTH +
        EnvelopeDecoder.topicHashEncodingOffset();

    /** Offset of the topic hash from the start of a compact envelope. */
    public static final int COMPACT_TOPIC_HASH_OFFSET = MessageHeaderDecoder.ENCODED_LENGTH +
        CompactEnvelopeDecoder.topicHashEncodingOffset();

    /** Length of a group header: entry blockLength (uint16) then entry count (uint16). */
    public static final int GROUP_HEADER_LENGTH = EnvelopeDecoder.PropertiesDecoder.HEADER_SIZE;

    /** Length of an entry's fixed part as this version writes it. */
    public static final int ENTRY_BLOCK_LENGTH = EnvelopeDecoder.PropertiesDecoder.sbeBlockLength();

    /** Offset of an entry's value type code within the entry. */
    public static final int ENTRY_VALUE_TYPE_OFFSET = EnvelopeDecoder.PropertiesDecoder.valueTypeEncodingOffset();

    /** Offset of an entry's raw int64 value within the entry. */
    public static final int ENTRY_VALUE_OFFSET = EnvelopeDecoder.PropertiesDecoder.valueEncodingOffset();

    /** Length of the length prefix of a name (uint16). */
    public static final int NAME_HEADER_LENGTH = EnvelopeDecoder.PropertiesDecoder.nameHeaderLength();

    /** Length of the length prefix of data (uint32). */
    public static final int DATA_HEADER_LENGTH = EnvelopeDecoder.PropertiesDecoder.textHeaderLength();

    /** The longest name in bytes: property, entry, destination and JMSType names. */
    public static final int MAX_NAME_LENGTH = 0xFFFF;

    /** The longest data in bytes: string values, bytes values, correlation id and body. */
    public static final int MAX_DATA_LENGTH = 1 << 30;

    /** The most entries a group (properties, map or stream body) holds. */
    public static final int MAX_ENTRIES = 0xFFFF;

    /** The shortest possible entry: fixed part, empty name, empty data. */
    public static final int MIN_ENTRY_LENGTH = ENTRY_BLOCK_LENGTH + NAME_HEADER_LENGTH + DATA_HEADER_LENGTH;

    /** Length of a full envelope with no properties, no entries and every string and body empty. */
    public static final int EMPTY_ENVELOPE_LENGTH =
        HEADER_LENGTH + BLOCK_LENGTH + 2 * GROUP_HEADER_LENGTH + 3 * NAME_HEADER_LENGTH + 2 * DATA_HEADER_LENGTH;

    /** Length of a compact envelope with no properties, an empty destination name and an empty body. */
    public static final int EMPTY_COMPACT_ENVELOPE_LENGTH =
        HEADER_LENGTH + COMPACT_BLOCK_LENGTH + GROUP_HEADER_LENGTH + NAME_HEADER_LENGTH + DATA_HEADER_LENGTH;

    /** {@code javax.jms.DeliveryMode.NON_PERSISTENT}. */
    public static final int NON_PERSISTENT = 1;

    /** {@code javax.jms.DeliveryMode.PERSISTENT}. */
    public static final int PERSISTENT = 2;

    /** The lowest JMS priority. */
    public static final int MIN_PRIORITY = 0;

    /** The highest JMS priority. */
    public static final int MAX_PRIORITY = 9;

    /** The JMS default priority, written unless the caller sets another. */
    public static final int DEFAULT_PRIORITY = 4;

    static final int CONNECTION_ID_HIGH_OFFSET = EnvelopeDecoder.connectionIdHighEncodingOffset();
    static final int FLAGS_OFFSET = EnvelopeDecoder.flagsEncodingOffset();

    static final int FLAG_REDELIVERED = 1;
    static final int FLAG_MESSAGE_ID_DISABLED = 1 << 1;
    static final int FLAG_HAS_TYPE = 1 << 2;
    static final int FLAG_NULL_BODY = 1 << 3;
    static final int FLAG_TIMESTAMP_DISABLED = 1 << 4;

    private EnvelopeDescriptor()
    {
    }
}
