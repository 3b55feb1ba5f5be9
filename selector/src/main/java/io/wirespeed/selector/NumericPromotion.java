package io.wirespeed.selector;

/**
 * Java's binary numeric promotion over the register's number kinds: double if either operand is a double, else
 * float if either is a float, else long. Exact values are all carried as long, so int arithmetic does not wrap at
 * 32 bits as Java's would; long arithmetic wraps as Java's does.
 */
final class NumericPromotion
{
    private NumericPromotion()
    {
    }

    /**
     * The kind two numbers are promoted to.
     *
     * @param leftKind  a number kind.
     * @param rightKind a number kind.
     * @return {@link Operand#LONG}, {@link Operand#FLOAT} or {@link Operand#DOUBLE}.
     */
    static int promote(final int leftKind, final int rightKind)
    {
        if (Operand.DOUBLE == leftKind || Operand.DOUBLE == rightKind)
        {
            return Operand.DOUBLE;
        }
        return Operand.FLOAT == leftKind || Operand.FLOAT == rightKind ? Operand.FLOAT : Operand.LONG;
    }

    /**
     * Compares two numbers after promotion.
     *
     * @param operator   to apply.
     * @param leftKind   a number kind.
     * @param leftLong   the left value if exact.
     * @param leftDouble the left value if approximate.
     * @param right      register holding the right value.
     * @param rightKind  a number kind.
     * @return the outcome.
     */
    static boolean compare(
        final ComparisonOperator operator,
        final int leftKind,
        final long leftLong,
        final double leftDouble,
        final Operand right,
        final int rightKind)
    {
        switch (promote(leftKind, rightKind))
        {
            case Operand.LONG:
                return operator.test(leftLong, right.longValue);
            case Operand.FLOAT:
                return operator.test(asFloat(leftKind, leftLong, leftDouble), asFloat(rightKind, right));
            default:
                return operator.test(asDouble(leftKind, leftLong, leftDouble), asDouble(rightKind, right));
        }
    }

    static float asFloat(final int kind, final long longValue, final double doubleValue)
    {
        return Operand.LONG == kind ? (float)longValue : (float)doubleValue;
    }

    static float asFloat(final int kind, final Operand operand)
    {
        return asFloat(kind, operand.longValue, operand.doubleValue);
    }

    static double asDouble(final int kind, final long longValue, final double doubleValue)
    {
        return Operand.LONG == kind ? (double)longValue : doubleValue;
    }

    static double asDouble(final int kind, final Operand operand)
    {
        return asDouble(kind, operand.longValue, operand.doubleValue);
    }
}
