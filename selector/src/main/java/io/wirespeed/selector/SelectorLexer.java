package io.wirespeed.selector;

/**
 * Splits a selector into tokens, one at a time: the current token's kind, its span, and its value.
 * Keywords are recognised case-insensitively; identifiers are Java identifiers and keep their case.
 */
final class SelectorLexer
{
    /** The kinds of token. */
    enum Kind
    {
        END, IDENTIFIER, STRING, EXACT, APPROXIMATE,
        NOT, AND, OR, BETWEEN, LIKE, IN, IS, ESCAPE, NULL, TRUE, FALSE,
        OPEN, CLOSE, COMMA, EQUAL, NOT_EQUAL, LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL,
        PLUS, MINUS, TIMES, DIVIDE
    }

    private static final Kind[] KEYWORDS =
    {
        Kind.NOT, Kind.AND, Kind.OR, Kind.BETWEEN, Kind.LIKE, Kind.IN, Kind.IS, Kind.ESCAPE, Kind.NULL, Kind.TRUE,
        Kind.FALSE
    };

    private final String selector;
    private int position;
    private Kind kind;
    private int start;
    private int end;
    private int previousEnd;
    private String stringValue;
    private String digits;
    private int radix;
    private double approximateValue;
    private boolean floatLiteral;

    SelectorLexer(final String selector)
    {
        this.selector = selector;
    }

    /**
     * Whether a char is white space as the Java language defines it: space, tab, form feed, line terminators.
     *
     * @param c the char.
     * @return true for white space.
     */
    static boolean isWhitespace(final char c)
    {
        return ' ' == c || '\t' == c || '\f' == c || '\n' == c || '\r' == c;
    }

    Kind kind()
    {
        return kind;
    }

    int start()
    {
        return start;
    }

    int previousEnd()
    {
        return previousEnd;
    }

    /** @return the name of an IDENTIFIER or the content of a STRING. */
    String stringValue()
    {
        return stringValue;
    }

    /** @return the digits of an EXACT number, without prefix or suffix. */
    String digits()
    {
        return digits;
    }

    /** @return the radix of an EXACT number: 10, 16 or 8. */
    int radix()
    {
        return radix;
    }

    /** @return the value of an APPROXIMATE number. */
    double approximateValue()
    {
        return approximateValue;
    }

    /** @return whether an APPROXIMATE number has the float suffix. */
    boolean isFloatLiteral()
    {
        return floatLiteral;
    }

    /** @return the current token as the selector spells it, for messages. */
    String describe()
    {
        final String spelling = selector.substring(start, end);
        switch (kind)
        {
            case END: return "end of selector";
            case IDENTIFIER: return "identifier " + spelling;
            case STRING: return "string " + spelling;
            case EXACT, APPROXIMATE: return "number " + spelling;
            default: return kind.ordinal() >= Kind.OPEN.ordinal() ? "'" + spelling + "'" : spelling;
        }
    }

    /**
     * Moves to the next token.
     *
     * @throws SelectorException for characters that make no token.
     */
    void advance() throws SelectorException
    {
        previousEnd = end;
        final int length = selector.length();
        while (position < length && isWhitespace(selector.charAt(position)))
        {
            position++;
        }
        start = position;
        if (position >= length)
        {
            token(Kind.END, position);
            return;
        }

        final char c = selector.charAt(position);
        switch (c)
        {
            case '(':
                token(Kind.OPEN, position + 1);
                return;
            case ')':
                token(Kind.CLOSE, position + 1);
                return;
            case ',':
                token(Kind.COMMA, position + 1);
                return;
            case '=':
                token(Kind.EQUAL, position + 1);
                return;
            case '+':
                token(Kind.PLUS, position + 1);
                return;
            case '-':
                token(Kind.MINUS, position + 1);
                return;
            case '*':
                token(Kind.TIMES, position + 1);
                return;
            case '/':
                token(Kind.DIVIDE, position + 1);
                return;
            case '<':
                if (isAt(position + 1, '='))
                {
                    token(Kind.LESS_OR_EQUAL, position + 2);
                }
                else if (isAt(position + 1, '>'))
                {
                    token(Kind.NOT_EQUAL, position + 2);
                }
                else
                {
                    token(Kind.LESS, position + 1);
                }
                return;
            case '>':
                if (isAt(position + 1, '='))
                {
                    token(Kind.GREATER_OR_EQUAL, position + 2);
                }
                else
                {
                    token(Kind.GREATER, position + 1);
                }
                return;
            case '\'':
                string();
                return;
            default:
                break;
        }

        if (isDigit(c) || ('.' == c && position + 1 < length && isDigit(selector.charAt(position + 1))))
        {
            number();
        }
        else if (Character.isJavaIdentifierStart(selector.codePointAt(position)))
        {
            identifier();
        }
        else
        {
            throw SelectorError.at(selector, "unexpected character '" +
                new String(Character.toChars(selector.codePointAt(position))) + "'", position,
                "an identifier, a literal, an operator or a parenthesis");
        }
    }

    private void token(final Kind kind, final int end)
    {
        this.kind = kind;
        this.end = end;
        position = end;
    }

    private boolean isAt(final int index, final char c)
    {
        return index < selector.length() && selector.charAt(index) == c;
    }

    private static boolean isDigit(final char c)
    {
        return c >= '0' && c <= '9';
    }

    private void string() throws SelectorException
    {
        final StringBuilder value = new StringBuilder();
        int index = position + 1;
        while (true)
        {
            if (index >= selector.length())
            {
                throw SelectorError.at(selector, "unterminated string literal", start, "a closing quote");
            }
            final char c = selector.charAt(index++);
            if ('\'' == c)
            {
                if (!isAt(index, '\''))
                {
                    break;
                }
                index++;
            }
            value.append(c);
        }
        stringValue = value.toString();
        token(Kind.STRING, index);
    }

    private void identifier()
    {
        int index = position;
        while (index < selector.length() && Character.isJavaIdentifierPart(selector.codePointAt(index)))
        {
            index += Character.charCount(selector.codePointAt(index));
        }
        stringValue = selector.substring(position, index);
        for (final Kind keyword : KEYWORDS)
        {
            if (keyword.name().equalsIgnoreCase(stringValue))
            {
                token(keyword, index);
                return;
            }
        }
        token(Kind.IDENTIFIER, index);
    }

    private void number() throws SelectorException
    {
        final int length = selector.length();
        int index = position;
        if (isAt(index, '0') && (isAt(index + 1, 'x') || isAt(index + 1, 'X')))
        {
            index += 2;
            final int digitsStart = index;
            while (index < length && Character.digit(selector.charAt(index), 16) >= 0)
            {
                index++;
            }
            if (digitsStart == index)
            {
                throw malformedNumber(index);
            }
            exact(selector.substring(digitsStart, index), 16, index);
            return;
        }

        boolean approximate = false;
        index = skipDigits(index);
        final int integerEnd = index;
        if (isAt(index, '.'))
        {
            approximate = true;
            index = skipDigits(index + 1);
        }
        if (isAt(index, 'e') || isAt(index, 'E'))
        {
            approximate = true;
            index++;
            if (isAt(index, '+') || isAt(index, '-'))
            {
                index++;
            }
            final int exponentStart = index;
            index = skipDigits(index);
            if (exponentStart == index)
            {
                throw malformedNumber(index);
            }
        }

        final boolean floatSuffix = isAt(index, 'f') || isAt(index, 'F');
        if (floatSuffix || isAt(index, 'd') || isAt(index, 'D'))
        {
            index++;
            approximate(index, floatSuffix);
        }
        else if (approximate)
        {
            approximate(index, false);
        }
        else
        {
            final String integer = selector.substring(position, integerEnd);
            if (integer.length() > 1 && '0' == integer.charAt(0))
            {
                for (int i = 1; i < integer.length(); i++)
                {
                    if (integer.charAt(i) > '7')
                    {
                        throw SelectorError.at(selector, "octal number " + integer + " has the digit " +
                            integer.charAt(i), start, "octal digits 0 to 7 after a leading 0");
                    }
                }
                exact(integer.substring(1), 8, index);
            }
            else
            {
                exact(integer, 10, index);
            }
        }
    }

    private void exact(final String digits, final int radix, final int index) throws SelectorException
    {
        int tokenEnd = index;
        if (isAt(tokenEnd, 'l') || isAt(tokenEnd, 'L'))
        {
            tokenEnd++;
        }
        checkNumberEnd(tokenEnd);
        this.digits = digits;
        this.radix = radix;
        token(Kind.EXACT, tokenEnd);
    }

    private void approximate(final int index, final boolean floatSuffix) throws SelectorException
    {
        checkNumberEnd(index);
        final String text = selector.substring(position, index);
        final double value = floatSuffix ? Float.parseFloat(text) : Double.parseDouble(text);
        if (Double.isInfinite(value))
        {
            throw SelectorError.at(selector, "number " + text + " is too large", start,
                floatSuffix ? "a number in the range of float" : "a number in the range of double");
        }
        approximateValue = value;
        floatLiteral = floatSuffix;
        token(Kind.APPROXIMATE, index);
    }

    private void checkNumberEnd(final int index) throws SelectorException
    {
        if (index < selector.length() &&
            (Character.isJavaIdentifierPart(selector.codePointAt(index)) || '.' == selector.charAt(index)))
        {
            throw malformedNumber(index);
        }
    }

    private SelectorException malformedNumber(final int index)
    {
        int tokenEnd = index;
        while (tokenEnd < selector.length() && (Character.isJavaIdentifierPart(selector.charAt(tokenEnd)) ||
            '.' == selector.charAt(tokenEnd)))
        {
            tokenEnd++;
        }
        return SelectorError.at(selector, "malformed number " + selector.substring(start, Math.max(tokenEnd, index)),
            start, "a Java integer or floating-point literal");
    }

    private int skipDigits(final int from)
    {
        int index = from;
        while (index < selector.length() && isDigit(selector.charAt(index)))
        {
            index++;
        }
        return index;
    }
}
