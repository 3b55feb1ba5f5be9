package io.wirespeed.jms.message;

/**
 * The type tag of a property, map entry or stream field, as stored in a {@link TypedValueTable}.
 * <p>
 * Properties use all types except {@link #CHAR} and {@link #BYTES}; map and stream bodies use all of them.
 */
public enum ValueType
{
    /** A null value (a null String, a null byte array, or setObject(null)). */
    NULL("null"),
    /** A boolean, stored as 0 or 1 in the long bits. */
    BOOLEAN("boolean"),
    /** A byte, stored sign-extended in the long bits. */
    BYTE("byte"),
    /** A short, stored sign-extended in the long bits. */
    SHORT("short"),
    /** A char, stored zero-extended in the long bits. */
    CHAR("char"),
    /** An int, stored sign-extended in the long bits. */
    INT("int"),
    /** A long, stored as is in the long bits. */
    LONG("long"),
    /** A float, stored as {@link Float#floatToRawIntBits(float)} in the low 32 long bits. */
    FLOAT("float"),
    /** A double, stored as {@link Double#doubleToRawLongBits(double)} in the long bits. */
    DOUBLE("double"),
    /** A String, stored in the object slot. */
    STRING("String"),
    /** A byte array, stored in the object slot; the table owns the array. */
    BYTES("byte[]");

    private static final ValueType[] VALUES = values();

    private final String javaName;

    ValueType(final String javaName)
    {
        this.javaName = javaName;
    }

    /**
     * The Java spelling of this type, as used in exception messages ("int", "String", "byte[]").
     *
     * @return the Java type name.
     */
    public String javaName()
    {
        return javaName;
    }

    /**
     * The type for an ordinal, for decoders that carry the tag as a number.
     *
     * @param ordinal the value of {@link #ordinal()}.
     * @return the type with that ordinal.
     */
    public static ValueType fromOrdinal(final int ordinal)
    {
        return VALUES[ordinal];
    }
}
