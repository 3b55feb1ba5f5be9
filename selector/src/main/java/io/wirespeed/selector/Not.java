package io.wirespeed.selector;

/**
 * {@code NOT condition}: true and false swap, unknown stays unknown.
 */
final class Not extends Condition
{
    private final Expression condition;

    Not(final Expression condition)
    {
        this.condition = condition;
    }

    @Override
    int test(final SelectorSource source, final Operand operand)
    {
        return not(condition.test(source, operand));
    }

    @Override
    public String toString()
    {
        return "(NOT " + condition + ")";
    }
}
