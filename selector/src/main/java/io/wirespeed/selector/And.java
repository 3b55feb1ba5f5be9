package io.wirespeed.selector;

/**
 * {@code a AND b AND ...} in three-valued logic, a chain kept flat so that long selectors evaluate without deep
 * recursion; evaluation goes left to right and stops at the first false operand.
 */
final class And extends Condition
{
    private final Expression[] operands;

    And(final Expression[] operands)
    {
        this.operands = operands;
    }

    @Override
    int test(final SelectorSource source, final Operand operand)
    {
        int result = TRUE;
        for (final Expression condition : operands)
        {
            result = and(result, condition.test(source, operand));
            if (FALSE == result)
            {
                return FALSE;
            }
        }
        return result;
    }

    @Override
    public String toString()
    {
        return Or.join(operands, " AND ");
    }
}
