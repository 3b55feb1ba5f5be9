package io.wirespeed.selector;

/**
 * The register an expression evaluates into: a value kind plus its bits, so that evaluation needs no objects.
 * A string is not copied: {@link #handle} tells the source which string to show when a comparison asks for it.
 */
final class Operand
{
    /** SQL NULL: a missing property, a null header, or arithmetic on something that is not a number. */
    static final int NULL = 0;
    /** A boolean in {@link #longValue}, 1 for true. */
    static final int BOOLEAN = 1;
    /** An exact number (byte, short, int or long) in {@link #longValue}. */
    static final int LONG = 2;
    /** An approximate number of float precision, widened exactly into {@link #doubleValue}. */
    static final int FLOAT = 3;
    /** An approximate number of double precision in {@link #doubleValue}. */
    static final int DOUBLE = 4;
    /** A string, shown on request through {@link #handle}. */
    static final int STRING = 5;
    /** A value of a type no selector operator accepts; it compares as a non-like type. */
    static final int OTHER = 6;

    long longValue;
    double doubleValue;
    int handle;

    static boolean isNumeric(final int kind)
    {
        return kind >= LONG && kind <= DOUBLE;
    }

    int setBoolean(final boolean value)
    {
        longValue = value ? 1 : 0;
        return BOOLEAN;
    }

    int setLong(final long value)
    {
        longValue = value;
        return LONG;
    }

    int setFloat(final float value)
    {
        doubleValue = value;
        return FLOAT;
    }

    int setDouble(final double value)
    {
        doubleValue = value;
        return DOUBLE;
    }

    int setString(final int handle)
    {
        this.handle = handle;
        return STRING;
    }
}
