package io.wirespeed.selector;

/**
 * An expression whose value is a truth value of three-valued logic: a comparison or a logical operator.
 */
abstract class Condition extends Expression
{
    @Override
    final int evaluate(final SelectorSource source, final Operand operand)
    {
        final int value = test(source, operand);
        return UNKNOWN == value ? Operand.NULL : operand.setBoolean(TRUE == value);
    }

    @Override
    abstract int test(SelectorSource source, Operand operand);

    @Override
    final StaticType staticType()
    {
        return StaticType.BOOLEAN;
    }
}
