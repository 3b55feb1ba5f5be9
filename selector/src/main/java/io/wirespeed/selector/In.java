package io.wirespeed.selector;

/**
 * {@code value [NOT] IN ('a', 'b', ...)}: unknown when the value is NULL, false when it is not a string.
 */
final class In extends Condition
{
    private final Expression value;
    private final CharSequenceText[] members;
    private final boolean negated;

    In(final Expression value, final String[] members, final boolean negated)
    {
        this.value = value;
        this.members = new CharSequenceText[members.length];
        for (int i = 0; i < members.length; i++)
        {
            this.members[i] = new CharSequenceText().wrap(members[i]);
        }
        this.negated = negated;
    }

    Expression value()
    {
        return value;
    }

    boolean negated()
    {
        return negated;
    }

    String[] memberStrings()
    {
        final String[] strings = new String[members.length];
        for (int i = 0; i < members.length; i++)
        {
            strings[i] = members[i].toString();
        }
        return strings;
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
        final Text text = value.text(source, operand.handle, 0);
        for (final CharSequenceText member : members)
        {
            if (text.contentEquals(member))
            {
                return of(!negated);
            }
        }
        return of(negated);
    }

    @Override
    public String toString()
    {
        final StringBuilder builder = new StringBuilder("(").append(value).append(negated ? " NOT IN (" : " IN (");
        for (int i = 0; i < members.length; i++)
        {
            builder.append(i > 0 ? ", '" : "'").append(members[i].toString().replace("'", "''")).append('\'');
        }
        return builder.append("))").toString();
    }
}
