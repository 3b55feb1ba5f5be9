package io.wirespeed.selector;

/**
 * The comparison operators of a selector. Strings and booleans compare only for equality; numbers compare in the
 * type Java's binary numeric promotion gives them, so NaN compares as Java compares it.
 */
enum ComparisonOperator
{
    /** {@code =} */
    EQUAL("="),
    /** {@code <>} */
    NOT_EQUAL("<>"),
    /** {@code <} */
    LESS("<"),
    /** {@code <=} */
    LESS_OR_EQUAL("<="),
    /** {@code >} */
    GREATER(">"),
    /** {@code >=} */
    GREATER_OR_EQUAL(">=");

    private final String symbol;

    ComparisonOperator(final String symbol)
    {
        this.symbol = symbol;
    }

    String symbol()
    {
        return symbol;
    }

    boolean isEquality()
    {
        return this == EQUAL || this == NOT_EQUAL;
    }

    boolean test(final long left, final long right)
    {
        switch (this)
        {
            case EQUAL: return left == right;
            case NOT_EQUAL: return left != right;
            case LESS: return left < right;
            case LESS_OR_EQUAL: return left <= right;
            case GREATER: return left > right;
            default: return left >= right;
        }
    }

    boolean test(final float left, final float right)
    {
        switch (this)
        {
            case EQUAL: return left == right;
            case NOT_EQUAL: return left != right;
            case LESS: return left < right;
            case LESS_OR_EQUAL: return left <= right;
            case GREATER: return left > right;
            default: return left >= right;
        }
    }

    boolean test(final double left, final double right)
    {
        switch (this)
        {
            case EQUAL: return left == right;
            case NOT_EQUAL: return left != right;
            case LESS: return left < right;
            case LESS_OR_EQUAL: return left <= right;
            case GREATER: return left > right;
            default: return left >= right;
        }
    }
}
