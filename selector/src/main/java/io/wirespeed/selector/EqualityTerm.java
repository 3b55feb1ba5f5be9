package io.wirespeed.selector;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashSet;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * What a selector is when it is nothing but an equality or {@code IN} on one property: {@code symbol = 'EURUSD'},
 * {@code 'EURUSD' = symbol}, {@code region IN ('EU', 'US')} or {@code count = 5}. Such a selector is true exactly
 * when the property is present and is a string whose UTF-8 bytes equal one of {@link #strings()}, or (for an
 * exact number) an integer property (byte, short, int or long) equal to one of {@link #numbers()}; a float or
 * double property must still be evaluated, since it compares after numeric promotion. Every other value (missing,
 * NULL, another type) makes it false or unknown, so not selected. A dispatcher can so find the selectors a value
 * picks by looking the value up. Only literals whose UTF-8 encoding is the one way to write their characters
 * (no surrogate and no U+FFFD, which ill-formed input decodes to) are offered as strings; header fields never are.
 */
public final class EqualityTerm
{
    private final String property;
    private final UnsafeBuffer utf8Property;
    private final String[] strings;
    private final long[] numbers;

    private EqualityTerm(final String property, final String[] strings, final long[] numbers)
    {
        this.property = property;
        this.utf8Property = new UnsafeBuffer(property.getBytes(StandardCharsets.UTF_8));
        this.strings = strings;
        this.numbers = numbers;
    }

    /**
     * The term of a selector's root, if it is one.
     *
     * @param root the parsed selector.
     * @return the term, or null when the selector is anything else.
     */
    static EqualityTerm of(final Expression root)
    {
        if (root instanceof Comparison)
        {
            final Comparison comparison = (Comparison)root;
            if (ComparisonOperator.EQUAL != comparison.operator())
            {
                return null;
            }
            if (comparison.left() instanceof Identifier && comparison.right() instanceof Literal)
            {
                return of((Identifier)comparison.left(), (Literal)comparison.right());
            }
            if (comparison.right() instanceof Identifier && comparison.left() instanceof Literal)
            {
                return of((Identifier)comparison.right(), (Literal)comparison.left());
            }
            return null;
        }
        if (root instanceof In)
        {
            final In in = (In)root;
            if (in.negated() || !(in.value() instanceof Identifier) || null != ((Identifier)in.value()).header())
            {
                return null;
            }
            final LinkedHashSet<String> members = new LinkedHashSet<>(Arrays.asList(in.memberStrings()));
            for (final String member : members)
            {
                if (!isPlainText(member))
                {
                    return null;
                }
            }
            return new EqualityTerm(((Identifier)in.value()).name(), members.toArray(new String[0]), null);
        }
        return null;
    }

    private static EqualityTerm of(final Identifier identifier, final Literal literal)
    {
        if (null != identifier.header())
        {
            return null;
        }
        if (Operand.STRING == literal.kind())
        {
            return isPlainText(literal.stringValue()) ?
                new EqualityTerm(identifier.name(), new String[]{ literal.stringValue() }, null) : null;
        }
        if (Operand.LONG == literal.kind())
        {
            return new EqualityTerm(identifier.name(), null, new long[]{ literal.longValue() });
        }
        return null;
    }

    private static boolean isPlainText(final String value)
    {
        for (int i = 0; i < value.length(); i++)
        {
            final char c = value.charAt(i);
            if (Character.isSurrogate(c) || '\uFFFD' == c)
            {
                return false;
            }
        }
        return true;
    }

    /**
     * The property the selector tests.
     *
     * @return its name.
     */
    public String property()
    {
        return property;
    }

    /**
     * The property's name as UTF-8 bytes, to find it in an envelope; not to be written to.
     *
     * @return the bytes, the whole buffer.
     */
    public DirectBuffer utf8Property()
    {
        return utf8Property;
    }

    /**
     * The strings any of which the property must equal, each once; null when the term is on a number.
     *
     * @return the strings, or null.
     */
    public String[] strings()
    {
        return null == strings ? null : strings.clone();
    }

    /**
     * The exact numbers any of which the property must equal; null when the term is on strings.
     *
     * @return the numbers, or null.
     */
    public long[] numbers()
    {
        return null == numbers ? null : numbers.clone();
    }

    @Override
    public String toString()
    {
        return property + " in " + (null != strings ? Arrays.toString(strings) : Arrays.toString(numbers));
    }
}
