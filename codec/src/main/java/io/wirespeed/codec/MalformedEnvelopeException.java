package io.wirespeed.codec;

/**
 * Thrown when bytes are not a well formed envelope of this schema: truncated, oversized lengths,
 * unknown codes, another schema. The message says what was wrong and at which offset.
 */
public final class MalformedEnvelopeException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final int offset;

    /**
     * Reports a malformed envelope.
     *
     * @param reason what was wrong, in plain words.
     * @param offset where, in bytes from the start of the envelope.
     */
    public MalformedEnvelopeException(final String reason, final int offset)
    {
        super(reason + " at offset " + offset);
        this.offset = offset;
    }

    /**
     * Where the problem was found.
     *
     * @return the offset in bytes from the start of the envelope.
     */
    public int offset()
    {
        return offset;
    }
}
