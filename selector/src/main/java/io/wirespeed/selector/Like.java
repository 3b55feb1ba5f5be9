package io.wirespeed.selector;

/**
 * {@code value [NOT] LIKE 'pattern' [ESCAPE 'c']}: unknown when the value is NULL, false when it is not a string
 * (a comparison of non-like types is false, negated or not).
 */
final class Like extends Condition
{
    private final Expression value;
    private final LikePattern pattern;
    private final boolean negated;
    private final String display;

    Like(final Expression value, final LikePattern pattern, final boolean negated, final String display)
    {
        this.value = value;
        this.pattern = pattern;
        this.negated = negated;
        this.display = display;
    }

    @Override
    int test(final SelectorSource source, final Operand operand)
    {
        final int kind = value.evaluate(source, operand);
        if (Operand.NULL == kind)
        {
            return UNKNOWN;
        }
        if (Operand.STRING != kind)
        {
            return FALSE;
        }
        return of(negated != pattern.matches(value.text(source, operand.handle, 0)));
    }

    @Override
    public String toString()
    {
        return "(" + value + (negated ? " NOT LIKE " : " LIKE ") + display + ")";
    }
}
