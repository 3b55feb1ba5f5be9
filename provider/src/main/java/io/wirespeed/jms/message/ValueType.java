package io.wirespeed.jms.message;

import io.wirespeed.codec.EntryType;

/**
 * The type tag of a property, map entry or stream field, as stored in a {@link TypedValueTable}.
 * <p>
 * Properties use all types except {@link #CHAR} and {@link #BYTES}; map and stream bodies use all of them. Each
 * tag names the codec's {@link EntryType} it travels as ({@link #entryType()}), and {@link #of(EntryType)} maps
 * back by an exhaustive switch: a type added to either enum fails the build or a test, never maps by position.
 */
public enum ValueType
{
    /** A null value (a null String, a null byte array, or setObject(null)). */
    NULL(EntryType.NULL, "null"),
    /** A boolean, stored as 0 or 1 in the long bits. */
    BOOLEAN(EntryType.BOOLEAN, "boolean"),
    /** A byte, stored sign-extended in the long bits. */
    BYTE(EntryType.BYTE, "byte"),
    /** A short, stored sign-extended in the long bits. */
    SHORT(EntryType.SHORT, "short"),
    /** A char, stored zero-extended in the long bits. */
    CHAR(EntryType.CHAR, "char"),
    /** An int, stored sign-extended in the long bits. */
    INT(EntryType.INT, "int"),
    /** A long, stored as is in the long bits. */
    LONG(EntryType.LONG, "long"),
    /** A float, stored as {@link Float#floatToRawIntBits(float)} in the low 32 long bits. */
    FLOAT(EntryType.FLOAT, "float"),
    /** A double, stored as {@link Double#doubleToRawLongBits(double)} in the long bits. */
    DOUBLE(EntryType.DOUBLE, "double"),
    /** A String, stored in the object slot. */
    STRING(EntryType.STRING, "String"),
    /** A byte array, stored in the object slot; the table owns the array. */
    BYTES(EntryType.BYTES, "byte[]");

    private final EntryType entryType;
    private final String javaName;

    ValueType(final EntryType entryType, final String javaName)
    {
        this.entryType = entryType;
        this.javaName = javaName;
    }

    /**
     * The type a value of this type is encoded as in an envelope.
     *
     * @return the codec's entry type.
     */
    public EntryType entryType()
    {
        return entryType;
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
     * The type a decoded entry is stored as.
     *
     * @param entryType the type the envelope gives the entry.
     * @return the tag with that {@link #entryType()}.
     */
    public static ValueType of(final EntryType entryType)
    {
        return switch (entryType)
        {
            case NULL -> NULL;
            case BOOLEAN -> BOOLEAN;
            case BYTE -> BYTE;
            case SHORT -> SHORT;
            case CHAR -> CHAR;
            case INT -> INT;
            case LONG -> LONG;
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case STRING -> STRING;
            case BYTES -> BYTES;
        };
    }
}
