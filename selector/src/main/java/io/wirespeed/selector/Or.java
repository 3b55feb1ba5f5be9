package io.wirespeed.selector;

/**
 * {@code a OR b OR ...} in three-valued logic, a chain kept flat so that long selectors evaluate without deep
 * recursion; evaluation goes left to right and stops at the first true operand.
 */
final class Or extends Condition
{
    private final Expression[] operands;

    Or(final Expression[] operands)
    {
        this.operands = operands;
    }

    @Override
    int test(final SelectorSource source, final Operand operand)
    {
        int result = FALSE;
        for (final Expression condition : operands)
        {
            result = or(result, condition.test(source, operand));
            if (TRUE == result)
            {
                return TRUE;
            }
        }
        return result;
    }

    @Override
    public String toString()
    {
        return join(operands, " OR ");
    }

    static String join(final Expression[] operands, final String separator)
    {
        final StringBuilder builder = new StringBuilder("(");
        for (int i = 0; i < operands.length; i++)
        {
            builder.append(i > 0 ? separator : "").append(operands[i]);
        }
        return builder.append(')').toString();
    }
}
