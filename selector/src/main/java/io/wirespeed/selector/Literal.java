package io.wirespeed.selector;

/**
 * A literal: an exact or approximate number, TRUE or FALSE, or a string.
 */
final class Literal extends Expression
{
    private final int kind;
    private final long longValue;
    private final double doubleValue;
    private final String string;
    private final CharSequenceText text;

    private Literal(final int kind, final long longValue, final double doubleValue, final String string)
    {
        this.kind = kind;
        this.longValue = longValue;
        this.doubleValue = doubleValue;
        this.string = string;
        this.text = null == string ? null : new CharSequenceText().wrap(string);
    }

    static Literal exact(final long value)
    {
        return new Literal(Operand.LONG, value, 0, null);
    }

    static Literal approximate(final double value)
    {
        return new Literal(Operand.DOUBLE, 0, value, null);
    }

    static Literal approximateFloat(final float value)
    {
        return new Literal(Operand.FLOAT, 0, value, null);
    }

    static Literal bool(final boolean value)
    {
        return new Literal(Operand.BOOLEAN, value ? 1 : 0, 0, null);
    }

    static Literal string(final String value)
    {
        return new Literal(Operand.STRING, 0, 0, value);
    }

    /**
     * This literal with the sign flipped, for a minus sign in front of a numeric literal.
     *
     * @return the negated literal.
     */
    Literal negate()
    {
        switch (kind)
        {
            case Operand.LONG: return exact(-longValue);
            case Operand.FLOAT: return approximateFloat(-(float)doubleValue);
            case Operand.DOUBLE: return approximate(-doubleValue);
            default: throw new IllegalStateException("not a number: " + this);
        }
    }

    int kind()
    {
        return kind;
    }

    long longValue()
    {
        return longValue;
    }

    String stringValue()
    {
        return string;
    }

    @Override
    int evaluate(final SelectorSource source, final Operand operand)
    {
        operand.longValue = longValue;
        operand.doubleValue = doubleValue;
        operand.handle = 0;
        return kind;
    }

    @Override
    Text text(final SelectorSource source, final int handle, final int slot)
    {
        return text;
    }

    @Override
    StaticType staticType()
    {
        switch (kind)
        {
            case Operand.STRING: return StaticType.STRING;
            case Operand.BOOLEAN: return StaticType.BOOLEAN;
            default: return StaticType.NUMERIC;
        }
    }

    @Override
    public String toString()
    {
        switch (kind)
        {
            case Operand.STRING: return "'" + string.replace("'", "''") + "'";
            case Operand.BOOLEAN: return 0 != longValue ? "TRUE" : "FALSE";
            case Operand.LONG: return Long.toString(longValue);
            case Operand.FLOAT: return (float)doubleValue + "F";
            default: return Double.toString(doubleValue);
        }
    }
}
