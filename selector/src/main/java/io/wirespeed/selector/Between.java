package io.wirespeed.selector;

/**
 * {@code value [NOT] BETWEEN low AND high}, exactly as the specification's equivalents:
 * {@code value >= low AND value <= high}, and {@code value < low OR value > high} when negated.
 */
final class Between extends Condition
{
    private final Expression value;
    private final Expression low;
    private final Expression high;
    private final boolean negated;

    Between(final Expression value, final Expression low, final Expression high, final boolean negated)
    {
        this.value = value;
        this.low = low;
        this.high = high;
        this.negated = negated;
    }

    @Override
    int test(final SelectorSource source, final Operand operand)
    {
        final int kind = value.evaluate(source, operand);
        final long valueLong = operand.longValue;
        final double valueDouble = operand.doubleValue;
        final int valueHandle = operand.handle;

        final int lowResult = bound(
            negated ? ComparisonOperator.LESS : ComparisonOperator.GREATER_OR_EQUAL,
            source, operand, kind, valueLong, valueDouble, valueHandle, low);
        if (negated ? TRUE == lowResult : FALSE == lowResult)
        {
            return lowResult;
        }
        final int highResult = bound(
            negated ? ComparisonOperator.GREATER : ComparisonOperator.LESS_OR_EQUAL,
            source, operand, kind, valueLong, valueDouble, valueHandle, high);
        return negated ? or(lowResult, highResult) : and(lowResult, highResult);
    }

    private int bound(
        final ComparisonOperator operator,
        final SelectorSource source,
        final Operand operand,
        final int kind,
        final long valueLong,
        final double valueDouble,
        final int valueHandle,
        final Expression bound)
    {
        if (Operand.NULL == kind)
        {
            return UNKNOWN;
        }
        final int boundKind = bound.evaluate(source, operand);
        if (Operand.NULL == boundKind)
        {
            return UNKNOWN;
        }
        return Comparison.compare(
            operator, source, value, kind, valueLong, valueDouble, valueHandle, bound, boundKind, operand);
    }

    @Override
    public String toString()
    {
        return "(" + value + (negated ? " NOT BETWEEN " : " BETWEEN ") + low + " AND " + high + ")";
    }
}
