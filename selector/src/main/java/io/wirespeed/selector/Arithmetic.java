package io.wirespeed.selector;

/**
 * A left-associative chain of arithmetic of one precedence level, {@code a - b + c} or {@code a * b / c}, folded
 * left to right without recursion. A NULL operand, or one that is not a number (a string property is never
 * converted), makes the result NULL; so does an exact division by zero. Approximate division by zero follows
 * Java (infinity or NaN).
 */
final class Arithmetic extends Expression
{
    private final Expression[] operands;
    private final ArithmeticOperator[] operators;

    /**
     * A chain of operands joined by operators.
     *
     * @param operands  two or more.
     * @param operators one fewer than the operands: {@code operators[i]} joins operand i and operand i + 1.
     */
    Arithmetic(final Expression[] operands, final ArithmeticOperator[] operators)
    {
        this.operands = operands;
        this.operators = operators;
    }

    @Override
    int evaluate(final SelectorSource source, final Operand operand)
    {
        int kind = operands[0].evaluate(source, operand);
        for (int i = 1; i < operands.length; i++)
        {
            if (!Operand.isNumeric(kind))
            {
                return Operand.NULL;
            }
            kind = apply(operators[i - 1], kind, operand.longValue, operand.doubleValue, source, operands[i], operand);
        }
        return Operand.isNumeric(kind) ? kind : Operand.NULL;
    }

    private static int apply(
        final ArithmeticOperator operator,
        final int leftKind,
        final long leftLong,
        final double leftDouble,
        final SelectorSource source,
        final Expression right,
        final Operand operand)
    {
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
                    NumericPromotion.asFloat(leftKind, leftLong, leftDouble),
                    NumericPromotion.asFloat(rightKind, operand)));
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
        final StringBuilder builder = new StringBuilder("(").append(operands[0]);
        for (int i = 1; i < operands.length; i++)
        {
            builder.append(' ').append(operators[i - 1].symbol()).append(' ').append(operands[i]);
        }
        return builder.append(')').toString();
    }
}
