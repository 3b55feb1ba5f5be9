package io.wirespeed.codec;

/**
 * The type of an entry as the envelope encodes it: a property value, or a map or stream body entry
 * ({@link EntriesReader#type}, {@link EntriesWriter}).
 * <p>
 * The codes are those of the schema's {@code ValueTypeCode} enum; a test keeps the two in step. The provider's
 * message model has its own type tags ({@code io.wirespeed.jms.message.ValueType}), mapped to these by name, never
 * by ordinal.
 */
public enum EntryType
{
    /** The {@code NULL} value, encoded as 0. */
    NULL(0),

    /** The {@code BOOLEAN} value, encoded as 1. */
    BOOLEAN(1),

    /** The {@code BYTE} value, encoded as 2. */
    BYTE(2),

    /** The {@code SHORT} value, encoded as 3. */
    SHORT(3),

    /** The {@code CHAR} value, encoded as 4. */
    CHAR(4),

    /** The {@code INT} value, encoded as 5. */
    INT(5),

    /** The {@code LONG} value, encoded as 6. */
    LONG(6),

    /** The {@code FLOAT} value, encoded as 7. */
    FLOAT(7),

    /** The {@code DOUBLE} value, encoded as 8. */
    DOUBLE(8),

    /** The {@code STRING} value, encoded as 9. */
    STRING(9),

    /** The {@code BYTES} value, encoded as 10. */
    BYTES(10);

    private static final EntryType[] BY_CODE = byCode();

    private final int code;

    EntryType(final int code)
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
    public static EntryType get(final int code)
    {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** Indexed by code, not by declaration order. */
    private static EntryType[] byCode()
    {
        int max = 0;
        for (final EntryType type : values())
        {
            max = Math.max(max, type.code);
        }
        final EntryType[] byCode = new EntryType[max + 1];
        for (final EntryType type : values())
        {
            byCode[type.code] = type;
        }
        return byCode;
    }
}
