package io.wirespeed.codec;

/**
 * The kind of a destination named in an envelope; {@link #NONE} when the destination is absent.
 * <p>
 * The codes are those of the schema's {@code DestinationKindCode} enum; a test keeps the two in step.
 */
public enum DestinationKind
{
    /** The {@code NONE} value, encoded as 0. */
    NONE(0),

    /** The {@code QUEUE} value, encoded as 1. */
    QUEUE(1),

    /** The {@code TOPIC} value, encoded as 2. */
    TOPIC(2),

    /** The {@code TEMPORARY_QUEUE} value, encoded as 3. */
    TEMPORARY_QUEUE(3),

    /** The {@code TEMPORARY_TOPIC} value, encoded as 4. */
    TEMPORARY_TOPIC(4);

    private static final DestinationKind[] BY_CODE = values();

    private final int code;

    DestinationKind(final int code)
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
    public static DestinationKind get(final int code)
    {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
