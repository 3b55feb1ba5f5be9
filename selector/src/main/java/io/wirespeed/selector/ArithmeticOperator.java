package io.wirespeed.selector;

/**
 * The binary arithmetic operators of a selector, applied with Java semantics in the promoted type.
 */
enum ArithmeticOperator
{
    /** {@code +} */
    ADD("+"),
    /** {@code -} */
    SUBTRACT("-"),
    /** {@code *} */
    MULTIPLY("*"),
    /** {@code /}; an exact division by zero is left to the caller, which makes it NULL. */
    DIVIDE("/");

    private final String symbol;

    ArithmeticOperator(final String symbol)
    {
        this.symbol = symbol;
    }

    String symbol()
    {
        return symbol;
    }

    long apply(final long left, final long right)
    {
        switch (this)
        {
            case ADD: return left + right;
            case SUBTRACT: return left - right;
            case MULTIPLY: return left * right;
            default: return left / right;
        }
    }

    float apply(final float left, final float right)
    {
        switch (this)
        {
            case ADD: return left + right;
            case SUBTRACT: return left - right;
            case MULTIPLY: return left * right;
            default: return left / right;
        }
    }

    double apply(final double left, final double right)
    {
        switch (this)
        {
            case ADD: return left + right;
            case SUBTRACT: return left - right;
            case MULTIPLY: return left * right;
            default: return left / right;
        }
    }
}
