package io.wirespeed.jms.selector;

/**
 * {@code left AND right} in three-valued logic; the right side is not evaluated when the left is false.
 */
final class And extends Condition
{
    private final Expression left;
    private final Expression right;

    And(final Expression left, final Expression right)
    {
        this.left = left;
        this.right = right;
    }

    @Override
    int test(final SelectorSource source, final Operand operand)
    {
        final int leftValue = left.test(source, operand);
        return FALSE == leftValue ? FALSE : and(leftValue, right.test(source, operand));
    }

    @Override
    public String toString()
    {
        return "(" + left + " AND " + right + ")";
    }
}
