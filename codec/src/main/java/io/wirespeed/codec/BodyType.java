package io.wirespeed.codec;

/**
 * The type of a message body: which JMS message type it is and where its content lives in the envelope.
 * <p>
 * The codes are those of the schema's {@code BodyTypeCode} enum; a test keeps the two in step.
 */
public enum BodyType
{
    /** The {@code NONE} value, encoded as 0. */
    NONE(0),

    /** The {@code BYTES} value, encoded as 1. */
    BYTES(1),

    /** The {@code TEXT} value, encoded as 2. */
    TEXT(2),

    /** The {@code MAP} value, encoded as 3. */
    MAP(3),

    /** The {@code STREAM} value, encoded as 4. */
    STREAM(4),

    /** The {@code OBJECT} value, encoded as 5. */
    OBJECT(5);

    private static final BodyType[] BY_CODE = values();

    private final int code;

    BodyType(final int code)
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
    public static BodyType get(final int code)
    {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
