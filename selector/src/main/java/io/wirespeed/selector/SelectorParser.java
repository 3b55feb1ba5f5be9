package io.wirespeed.selector;

import java.util.ArrayList;
import java.util.List;

import io.wirespeed.selector.SelectorLexer.Kind;

/**
 * A recursive-descent parser for the selector grammar of the JMS specification, building the expression tree
 * and checking what can be checked before any message is seen: literals of the wrong type for an operator, operands
 * of different known types on either side of {@code =} or {@code <>}, and a selector that is not a condition.
 * Precedence, loosest first: OR, AND, NOT, comparisons ({@code = <> < <= > >=}, [NOT] BETWEEN, [NOT] LIKE, [NOT] IN,
 * IS [NOT] NULL), {@code + -}, {@code * /}, unary {@code + -}.
 */
final class SelectorParser
{
    /** How deep parentheses, NOT and unary signs may nest, which bounds the recursion of evaluation too. */
    static final int MAX_DEPTH = 128;

    private final String selector;
    private final SelectorLexer lexer;
    private int depth;

    SelectorParser(final String selector)
    {
        this.selector = selector;
        this.lexer = new SelectorLexer(selector);
    }

    /**
     * Parses the whole selector.
     *
     * @return the root of the expression tree, a condition or an identifier.
     * @throws SelectorException naming the position of the first error.
     */
    Expression parse() throws SelectorException
    {
        lexer.advance();
        final int start = lexer.start();
        final Expression root = parseOr();
        if (Kind.END != lexer.kind())
        {
            throw unexpected("an operator, AND, OR or the end of the selector");
        }
        requireCondition(root, start);
        return root;
    }

    private Expression parseOr() throws SelectorException
    {
        enter();
        final int start = lexer.start();
        final Expression first = parseAnd();
        if (Kind.OR != lexer.kind())
        {
            depth--;
            return first;
        }
        requireCondition(first, start);
        final List<Expression> operands = new ArrayList<>();
        operands.add(first);
        while (Kind.OR == lexer.kind())
        {
            lexer.advance();
            final int operandStart = lexer.start();
            final Expression operand = parseAnd();
            requireCondition(operand, operandStart);
            operands.add(operand);
        }
        depth--;
        return new Or(operands.toArray(new Expression[0]));
    }

    private Expression parseAnd() throws SelectorException
    {
        final int start = lexer.start();
        final Expression first = parseNot();
        if (Kind.AND != lexer.kind())
        {
            return first;
        }
        requireCondition(first, start);
        final List<Expression> operands = new ArrayList<>();
        operands.add(first);
        while (Kind.AND == lexer.kind())
        {
            lexer.advance();
            final int operandStart = lexer.start();
            final Expression operand = parseNot();
            requireCondition(operand, operandStart);
            operands.add(operand);
        }
        return new And(operands.toArray(new Expression[0]));
    }

    private Expression parseNot() throws SelectorException
    {
        if (Kind.NOT != lexer.kind())
        {
            return parseComparison();
        }
        enter();
        lexer.advance();
        final int start = lexer.start();
        final Expression operand = parseNot();
        requireCondition(operand, start);
        depth--;
        return new Not(operand);
    }

    private Expression parseComparison() throws SelectorException
    {
        final int start = lexer.start();
        final Expression left = parseAdditive();
        switch (lexer.kind())
        {
            case EQUAL: return parseComparison(ComparisonOperator.EQUAL, left, start);
            case NOT_EQUAL: return parseComparison(ComparisonOperator.NOT_EQUAL, left, start);
            case LESS: return parseComparison(ComparisonOperator.LESS, left, start);
            case LESS_OR_EQUAL: return parseComparison(ComparisonOperator.LESS_OR_EQUAL, left, start);
            case GREATER: return parseComparison(ComparisonOperator.GREATER, left, start);
            case GREATER_OR_EQUAL: return parseComparison(ComparisonOperator.GREATER_OR_EQUAL, left, start);
            case BETWEEN: return parseBetween(left, start, false);
            case LIKE: return parseLike(left, start, false);
            case IN: return parseIn(left, start, false);
            case IS: return parseIsNull(left);
            case NOT:
                lexer.advance();
                switch (lexer.kind())
                {
                    case BETWEEN: return parseBetween(left, start, true);
                    case LIKE: return parseLike(left, start, true);
                    case IN: return parseIn(left, start, true);
                    default: throw unexpected("BETWEEN, LIKE or IN after NOT");
                }
            default:
                return left;
        }
    }

    private Expression parseComparison(final ComparisonOperator operator, final Expression left, final int start)
        throws SelectorException
    {
        lexer.advance();
        final int rightStart = lexer.start();
        final Expression right = parseAdditive();
        if (!operator.isEquality())
        {
            requireNumeric(left, start, "a numeric operand for " + operator.symbol());
            requireNumeric(right, rightStart, "a numeric operand for " + operator.symbol());
        }
        else
        {
            requireComparable(left, right, rightStart, operator);
        }
        return new Comparison(operator, left, right);
    }

    private Expression parseBetween(final Expression value, final int start, final boolean negated)
        throws SelectorException
    {
        requireNumeric(value, start, "a numeric operand for BETWEEN");
        lexer.advance();
        final int lowStart = lexer.start();
        final Expression low = parseAdditive();
        requireNumeric(low, lowStart, "a numeric lower bound");
        expect(Kind.AND, "AND between the bounds of BETWEEN");
        final int highStart = lexer.start();
        final Expression high = parseAdditive();
        requireNumeric(high, highStart, "a numeric upper bound");
        return new Between(value, low, high, negated);
    }

    private Expression parseLike(final Expression value, final int start, final boolean negated)
        throws SelectorException
    {
        requireString(value, start, "a string identifier before LIKE");
        lexer.advance();
        final int patternStart = lexer.start();
        final String pattern = expectString("a string literal pattern after LIKE");
        final String patternSpelling = selector.substring(patternStart, lexer.previousEnd());
        final StringBuilder display = new StringBuilder(patternSpelling);
        int escape = -1;
        if (Kind.ESCAPE == lexer.kind())
        {
            lexer.advance();
            final int escapeStart = lexer.start();
            final String escapeText = expectString("a one-character string literal after ESCAPE");
            if (escapeText.isEmpty() || escapeText.codePointCount(0, escapeText.length()) != 1)
            {
                throw SelectorError.at(selector, "escape '" + escapeText + "' is not one character", escapeStart,
                    "a one-character string literal after ESCAPE");
            }
            escape = escapeText.codePointAt(0);
            display.append(" ESCAPE ").append(selector, escapeStart, lexer.previousEnd());
        }

        try
        {
            return new Like(value, LikePattern.compile(pattern, escape), negated, display.toString());
        }
        catch (final IllegalArgumentException ex)
        {
            throw SelectorError.at(selector, "pattern " + patternSpelling + " is malformed: " + ex.getMessage(),
                patternStart,
                "'%' or '_' or the escape character itself after each escape character");
        }
    }

    private Expression parseIn(final Expression value, final int start, final boolean negated)
        throws SelectorException
    {
        requireString(value, start, "a string identifier before IN");
        lexer.advance();
        expect(Kind.OPEN, "'(' to start the list of IN");
        final List<String> members = new ArrayList<>();
        members.add(expectString("a string literal in the list of IN"));
        while (Kind.COMMA == lexer.kind())
        {
            lexer.advance();
            members.add(expectString("a string literal in the list of IN"));
        }
        expect(Kind.CLOSE, "',' or ')' in the list of IN");
        return new In(value, members.toArray(new String[0]), negated);
    }

    private Expression parseIsNull(final Expression value) throws SelectorException
    {
        lexer.advance();
        boolean negated = false;
        if (Kind.NOT == lexer.kind())
        {
            negated = true;
            lexer.advance();
        }
        expect(Kind.NULL, negated ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
        return new IsNull(value, negated);
    }

    private Expression parseAdditive() throws SelectorException
    {
        return parseChain(true);
    }

    private Expression parseMultiplicative() throws SelectorException
    {
        return parseChain(false);
    }

    /**
     * Parses {@code a + b - c} (additive) or {@code a * b / c} (multiplicative) into one flat chain.
     */
    private Expression parseChain(final boolean additive) throws SelectorException
    {
        final int start = lexer.start();
        final Expression first = additive ? parseMultiplicative() : parseUnary();
        ArithmeticOperator operator = chainOperator(additive);
        if (null == operator)
        {
            return first;
        }
        requireNumeric(first, start, "a numeric operand for " + operator.symbol());
        final List<Expression> operands = new ArrayList<>();
        final List<ArithmeticOperator> operators = new ArrayList<>();
        operands.add(first);
        while (null != operator)
        {
            lexer.advance();
            final int operandStart = lexer.start();
            final Expression operand = additive ? parseMultiplicative() : parseUnary();
            requireNumeric(operand, operandStart, "a numeric operand for " + operator.symbol());
            operands.add(operand);
            operators.add(operator);
            operator = chainOperator(additive);
        }
        return new Arithmetic(operands.toArray(new Expression[0]), operators.toArray(new ArithmeticOperator[0]));
    }

    private ArithmeticOperator chainOperator(final boolean additive)
    {
        switch (lexer.kind())
        {
            case PLUS: return additive ? ArithmeticOperator.ADD : null;
            case MINUS: return additive ? ArithmeticOperator.SUBTRACT : null;
            case TIMES: return additive ? null : ArithmeticOperator.MULTIPLY;
            case DIVIDE: return additive ? null : ArithmeticOperator.DIVIDE;
            default: return null;
        }
    }

    private Expression parseUnary() throws SelectorException
    {
        if (Kind.PLUS != lexer.kind() && Kind.MINUS != lexer.kind())
        {
            return parsePrimary();
        }
        final boolean negate = Kind.MINUS == lexer.kind();
        enter();
        lexer.advance();
        if (Kind.EXACT == lexer.kind())
        {
            depth--;
            return exactLiteral(negate);
        }
        final int start = lexer.start();
        final Expression operand = parseUnary();
        requireNumeric(operand, start, "a numeric operand for unary " + (negate ? "-" : "+"));
        depth--;
        if (operand instanceof Literal)
        {
            return negate ? ((Literal)operand).negate() : operand;
        }
        return new Negation(operand, negate);
    }

    private Expression parsePrimary() throws SelectorException
    {
        final Expression primary;
        switch (lexer.kind())
        {
            case OPEN:
                lexer.advance();
                primary = parseOr();
                expect(Kind.CLOSE, "')'");
                return primary;
            case IDENTIFIER:
                primary = new Identifier(lexer.stringValue());
                break;
            case STRING:
                primary = Literal.string(lexer.stringValue());
                break;
            case EXACT:
                return exactLiteral(false);
            case APPROXIMATE:
                primary = lexer.isFloatLiteral() ?
                    Literal.approximateFloat((float)lexer.approximateValue()) :
                    Literal.approximate(lexer.approximateValue());
                break;
            case TRUE:
                primary = Literal.bool(true);
                break;
            case FALSE:
                primary = Literal.bool(false);
                break;
            default:
                throw unexpected("an operand: an identifier, a literal or '('");
        }
        lexer.advance();
        return primary;
    }

    private void enter() throws SelectorException
    {
        if (++depth > MAX_DEPTH)
        {
            throw SelectorError.at(selector, "nesting deeper than " + MAX_DEPTH, lexer.start(),
                "fewer parentheses, NOTs or signs inside one another");
        }
    }

    private Literal exactLiteral(final boolean negate) throws SelectorException
    {
        final String digits = lexer.digits();
        final int radix = lexer.radix();
        long value;
        try
        {
            if (10 == radix)
            {
                value = Long.parseLong(negate ? "-" + digits : digits);
            }
            else
            {
                value = Long.parseUnsignedLong(digits, radix);
                value = negate ? -value : value;
            }
        }
        catch (final NumberFormatException ex)
        {
            throw SelectorError.at(selector, "number " + (negate ? "-" : "") + digits + " is out of range",
                lexer.start(), "a number in the range of long");
        }
        lexer.advance();
        return Literal.exact(value);
    }

    private String expectString(final String expected) throws SelectorException
    {
        if (Kind.STRING != lexer.kind())
        {
            throw unexpected(expected);
        }
        final String value = lexer.stringValue();
        lexer.advance();
        return value;
    }

    private void expect(final Kind kind, final String expected) throws SelectorException
    {
        if (kind != lexer.kind())
        {
            throw unexpected(expected);
        }
        lexer.advance();
    }

    private SelectorException unexpected(final String expected)
    {
        return SelectorError.at(selector, "unexpected " + lexer.describe(), lexer.start(), expected);
    }

    private void requireCondition(final Expression expression, final int start) throws SelectorException
    {
        final Expression.StaticType type = expression.staticType();
        if (Expression.StaticType.BOOLEAN != type && Expression.StaticType.ANY != type)
        {
            throw mistyped(expression, start, "a condition");
        }
    }

    private void requireNumeric(final Expression expression, final int start, final String expected)
        throws SelectorException
    {
        final Expression.StaticType type = expression.staticType();
        if (Expression.StaticType.NUMERIC != type && Expression.StaticType.ANY != type)
        {
            throw mistyped(expression, start, expected);
        }
    }

    /**
     * The grammar compares like with like: numbers with numbers, strings with strings, booleans with booleans.
     * Where both sides' types are known before any message is seen (literals, arithmetic, conditions), a mismatch
     * such as {@code TRUE = 0} or {@code 'a' <> 1} is an invalid selector, not a comparison that is never true.
     */
    private void requireComparable(
        final Expression left, final Expression right, final int rightStart, final ComparisonOperator operator)
        throws SelectorException
    {
        final Expression.StaticType leftType = left.staticType();
        final Expression.StaticType rightType = right.staticType();
        if (Expression.StaticType.ANY != leftType && Expression.StaticType.ANY != rightType && leftType != rightType)
        {
            throw mistyped(right, rightStart, "a " + leftType.description() + " to compare with " +
                operator.symbol() + " to the " + leftType.description() + " on its left");
        }
    }

    private void requireString(final Expression expression, final int start, final String expected)
        throws SelectorException
    {
        final Expression.StaticType type = expression.staticType();
        if (Expression.StaticType.STRING != type && Expression.StaticType.ANY != type)
        {
            throw mistyped(expression, start, expected);
        }
    }

    private SelectorException mistyped(final Expression expression, final int start, final String expected)
    {
        final String spelling = selector.substring(start, Math.max(start, lexer.previousEnd())).trim();
        return SelectorError.at(selector, "unexpected " + expression.staticType().description() + " " + spelling,
            start, expected);
    }
}
