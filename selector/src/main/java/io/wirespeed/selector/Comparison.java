package io.wirespeed.selector;

/**
 * {@code left op right}. Unknown when either side is NULL; numbers compare after numeric promotion; strings and
 * booleans only for equality; any other pairing (a string with a number, an ordering of strings) is false.
 */
final class Comparison extends Condition
{
    private final ComparisonOperator operator;
    private final Expression left;
    private final Expression right;

    Comparison(final ComparisonOperator operator, final Expression left, final Expression right)
    {
        this.operator = operator;
        this.left = left;
        this.right = right;
    }

    ComparisonOperator operator()
    {
        return operator;
    }

    Expression left()
    {
        return left;
    }

    Expression right()
    {
        return right;
    }

    @Override
    int test(final SelectorSource source, final Operand operand)
    {
        final int leftKind = left.evaluate(source, operand);
        if (Operand.NULL == leftKind)
        {
            return UNKNOWN;
        }
        final long leftLong = operand.longValue;
        final double leftDouble = operand.doubleValue;
        final int leftHandle = operand.handle;

        final int rightKind = right.evaluate(source, operand);
        if (Operand.NULL == rightKind)
        {
            return UNKNOWN;
        }

        return compare(operator, source, left, leftKind, leftLong, leftDouble, leftHandle, right, rightKind, operand);
    }

    /**
     * Compares two non-NULL values, the left saved in locals, the right still in the register.
     */
    static int compare(
        final ComparisonOperator operator,
        final SelectorSource source,
        final Expression left,
        final int leftKind,
        final long leftLong,
        final double leftDouble,
        final int leftHandle,
        final Expression right,
        final int rightKind,
        final Operand operand)
    {
        if (Operand.isNumeric(leftKind) && Operand.isNumeric(rightKind))
        {
            return of(NumericPromotion.compare(operator, leftKind, leftLong, leftDouble, operand, rightKind));
        }
        if (leftKind != rightKind || !operator.isEquality())
        {
            return FALSE;
        }

        final boolean equal;
        if (Operand.BOOLEAN == leftKind)
        {
            equal = leftLong == operand.longValue;
        }
        else if (Operand.STRING == leftKind)
        {
            equal = left.text(source, leftHandle, 0).contentEquals(right.text(source, operand.handle, 1));
        }
        else
        {
            return FALSE;
        }
        return of(equal == (ComparisonOperator.EQUAL == operator));
    }

    @Override
    public String toString()
    {
        return "(" + left + " " + operator.symbol() + " " + right + ")";
    }
}
