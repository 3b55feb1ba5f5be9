package io.wirespeed.codec;

/**
 * How an envelope carries JMSCorrelationID: absent, as UTF-8 text, or as raw bytes (JMSCorrelationIDAsBytes).
 * <p>
 * The codes are those of the schema's {@code CorrelationIdKindCode} enum; a test keeps the two in step.
 */
public enum CorrelationIdKind
{
    /** The {@code NONE} value, encoded as 0. */
    NONE(0),

    /** The {@code STRING} value, encoded as 1. */
    STRING(1),

    /** The {@code BYTES} value, encoded as 2. */
    BYTES(2);

    private static final CorrelationIdKind[] BY_CODE = values();

    private final int code;

    CorrelationIdKind(final int code)
    {
        this.code = code;
    }

    /**
     * The value's code on the wire.
     *
     * @return the code written into the envelope.
     */
    public int code()
    {
        return code;
    }

    /**
     * The value for a wire code, without allocating.
     *
     * @param code read from an envelope.
     * @return the value, or {@code null} when the code is unknown to this version.
     */
    public static CorrelationIdKind get(final int code)
    {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
