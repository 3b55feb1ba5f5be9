package io.wirespeed.selector;

/**
 * {@code value IS [NOT] NULL}: never unknown; true for a missing property or a null header field.
 */
final class IsNull extends Condition
{
    private final Expression value;
    private final boolean negated;

    IsNull(final Expression value, final boolean negated)
    {
        this.value = value;
        this.negated = negated;
    }

    @Override
    int test(final SelectorSource source, final Operand operand)
    {
        return of(negated != (Operand.NULL == value.evaluate(source, operand)));
    }

    @Override
    public String toString()
    {
        return "(" + value + (negated ? " IS NOT NULL)" : " IS NULL)");
    }
}
