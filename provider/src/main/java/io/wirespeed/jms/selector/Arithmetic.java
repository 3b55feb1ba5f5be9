package io.wirespeed.jms.selector;

/**
 * A binary arithmetic expression. A NULL operand, or one that is not a number (a string property is never
 * converted), makes the result NULL; so does an exact division by zero. Approximate division by zero follows
 * Java (infinity or NaN).
 */
final class Arithmetic extends Expression
{
    private final ArithmeticOperator operator;
    private final Expression left;
    private final Expression right;

    Arithmetic(final ArithmeticOperator operator, final Expression left, final Expression right)
    {
        this.operator = operator;
        this.left = left;
        this.right = right;
    }

    @Override
    int evaluate(final SelectorSource source, final Operand operand)
    {
        final int leftKind = left.evaluate(source, operand);
        if (!Operand.isNumeric(leftKind))
        {
            return Operand.NULL;
        }
        final long leftLong = operand.longValue;
        final double leftDouble = operand.doubleValue;

        final int rightKind = right.evaluate(source, operand);
        if (!Operand.isNumeric(rightKind))
        {
            return Operand.NULL;
        }

        switch (NumericPromotion.promote(leftKind, rightKind))
        {
            case Operand.LONG:
                if (ArithmeticOperator.DIVIDE == operator && 0 == operand.longValue)
                {
                    return Operand.NULL;
                }
                return operand.setLong(operator.apply(leftLong, operand.longValue));
            case Operand.FLOAT:
                return operand.setFloat(operator.apply(
                    NumericPromotion.asFloat(leftKind, leftLong, leftDouble), NumericPromotion.asFloat(rightKind, operand)));
            default:
                return operand.setDouble(operator.apply(
                    NumericPromotion.asDouble(leftKind, leftLong, leftDouble),
                    NumericPromotion.asDouble(rightKind, operand)));
        }
    }

    @Override
    StaticType staticType()
    {
        return StaticType.NUMERIC;
    }

    @Override
    public String toString()
    {
        return "(" + left + " " + operator.symbol() + " " + right + ")";
    }
}
