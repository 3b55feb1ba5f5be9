package io.wirespeed.jms.selector;

/**
 * {@code left OR right} in three-valued logic; the right side is not evaluated when the left is true.
 */
final class Or extends Condition
{
    private final Expression left;
    private final Expression right;

    Or(final Expression left, final Expression right)
    {
        this.left = left;
        this.right = right;
    }

    @Override
    int test(final SelectorSource source, final Operand operand)
    {
        final int leftValue = left.test(source, operand);
        return TRUE == leftValue ? TRUE : or(leftValue, right.test(source, operand));
    }

    @Override
    public String toString()
    {
        return "(" + left + " OR " + right + ")";
    }
}
