package io.wirespeed.codec;

import io.wirespeed.codec.sbe.BodyTypeCode;
import io.wirespeed.codec.sbe.CorrelationIdKindCode;
import io.wirespeed.codec.sbe.DeliveryModeCode;
import io.wirespeed.codec.sbe.DestinationKindCode;
import io.wirespeed.codec.sbe.EnvelopeFlagsEncoder;
import io.wirespeed.codec.sbe.ValueTypeCode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The public enums and constants mirror the generated schema code; these tests fail when the two drift.
 */
class SchemaAgreementTest
{
    @Test
    void publicEnumsHaveTheSchemasNamesAndCodes()
    {
        for (final BodyType type : BodyType.values())
        {
            assertEquals(BodyTypeCode.valueOf(type.name()).value(), type.code());
        }
        for (final DestinationKind kind : DestinationKind.values())
        {
            assertEquals(DestinationKindCode.valueOf(kind.name()).value(), kind.code());
        }
        for (final CorrelationIdKind kind : CorrelationIdKind.values())
        {
            assertEquals(CorrelationIdKindCode.valueOf(kind.name()).value(), kind.code());
        }
        for (final EntryType type : EntryType.values())
        {
            assertEquals(ValueTypeCode.valueOf(type.name()).value(), type.code());
            assertEquals(type, EntryType.get(type.code()));
        }
        assertEquals(BodyTypeCode.values().length - 1, BodyType.values().length);
        assertEquals(ValueTypeCode.values().length - 1, EntryType.values().length);
        assertEquals(EnvelopeDescriptor.NON_PERSISTENT, DeliveryModeCode.NON_PERSISTENT.value());
        assertEquals(EnvelopeDescriptor.PERSISTENT, DeliveryModeCode.PERSISTENT.value());
    }

    @Test
    void flagBitsAreTheSchemasChoices()
    {
        assertEquals(EnvelopeDescriptor.FLAG_REDELIVERED, EnvelopeFlagsEncoder.redelivered((byte)0, true));
        assertEquals(
            EnvelopeDescriptor.FLAG_MESSAGE_ID_DISABLED, EnvelopeFlagsEncoder.messageIdDisabled((byte)0, true));
        assertEquals(EnvelopeDescriptor.FLAG_HAS_TYPE, EnvelopeFlagsEncoder.hasType((byte)0, true));
        assertEquals(EnvelopeDescriptor.FLAG_NULL_BODY, EnvelopeFlagsEncoder.nullBody((byte)0, true));
    }

    @Test
    void theEmptyEnvelopeIs101BytesAndTheEmptyCompactEnvelope67()
    {
        assertEquals(101, EnvelopeDescriptor.EMPTY_ENVELOPE_LENGTH);
        assertEquals(67, EnvelopeDescriptor.EMPTY_COMPACT_ENVELOPE_LENGTH);
        assertEquals(71, EnvelopeDescriptor.BLOCK_LENGTH);
        assertEquals(67, EnvelopeDescriptor.BLOCK_LENGTH_V1);
        assertEquals(59, EnvelopeDescriptor.BLOCK_LENGTH_V0);
        assertEquals(49, EnvelopeDescriptor.COMPACT_BLOCK_LENGTH);
        assertEquals(9, EnvelopeDescriptor.ENTRY_BLOCK_LENGTH);
    }

    @Test
    void theTopicHashSitsAtTheOffsetsReceiversPeekAt()
    {
        assertEquals(8 + 67, EnvelopeDescriptor.TOPIC_HASH_OFFSET);
        assertEquals(8, EnvelopeDescriptor.COMPACT_TOPIC_HASH_OFFSET);
        assertEquals(2, EnvelopeDescriptor.TOPIC_HASH_SINCE_VERSION);
    }
}
