package io.wirespeed.selector;

/**
 * Unary minus, or unary plus (which only insists on a number). A NULL or non-numeric operand gives NULL.
 */
final class Negation extends Expression
{
    private final Expression operand;
    private final boolean negate;

    Negation(final Expression operand, final boolean negate)
    {
        this.operand = operand;
        this.negate = negate;
    }

    @Override
    int evaluate(final SelectorSource source, final Operand register)
    {
        final int kind = operand.evaluate(source, register);
        if (!Operand.isNumeric(kind))
        {
            return Operand.NULL;
        }
        if (negate)
        {
            if (Operand.LONG == kind)
            {
                register.longValue = -register.longValue;
            }
            else
            {
                register.doubleValue = -register.doubleValue;
            }
        }
        return kind;
    }

    @Override
    StaticType staticType()
    {
        return StaticType.NUMERIC;
    }

    @Override
    public String toString()
    {
        return (negate ? "-" : "+") + operand;
    }
}
