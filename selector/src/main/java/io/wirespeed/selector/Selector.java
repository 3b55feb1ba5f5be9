package io.wirespeed.selector;

/**
 * A JMS message selector, compiled once and then evaluated against any number of messages, in place on an
 * encoded envelope ({@link EnvelopeSelectorSource}) or on a message object ({@link ObjectSelectorSource}).
 * Immutable and safe to share between threads; each thread evaluates through its own source.
 * <p>
 * Semantics beyond the specification's text, chosen here: a comparison of values of non-like types (a string
 * with a number, {@code <} on strings or booleans) is false, also for the NOT BETWEEN, NOT LIKE and NOT IN forms;
 * arithmetic on NULL or on a non-number (a string property is never converted) is NULL; exact division by zero is
 * NULL, approximate division by zero follows Java (infinity or NaN); exact values compute in long; numbers
 * promote as in Java (long with float compares in float); an identifier used as a condition is unknown unless
 * its value is a boolean. Exact literals may be decimal, hexadecimal ({@code 0x1F}) or octal ({@code 017}), with
 * an optional {@code L}; approximate literals take Java's syntax, {@code F} making a float.
 */
public final class Selector
{
    /** How deeply parentheses, NOT and signs may nest: deeper selectors are refused, so none exhausts a stack. */
    public static final int MAX_DEPTH = SelectorParser.MAX_DEPTH;

    private final String text;
    private final Expression root;
    private final EqualityTerm equalityTerm;

    private Selector(final String text, final Expression root)
    {
        this.text = text;
        this.root = root;
        this.equalityTerm = EqualityTerm.of(root);
    }

    /**
     * Compiles a selector.
     *
     * @param selector the selector text; null, empty or only white space means no selector.
     * @return the compiled selector, or null when there is no selector (every message matches).
     * @throws SelectorException when the text is not a valid selector; the message names the position
     *                           (counted in characters from 0) and what was expected there.
     */
    public static Selector compile(final String selector) throws SelectorException
    {
        if (null == selector || isBlank(selector))
        {
            return null;
        }
        return new Selector(selector, new SelectorParser(selector).parse());
    }

    /**
     * Whether the message the source shows is selected: the selector evaluates to true, not false or unknown.
     * Allocates nothing for an {@link EnvelopeSelectorSource} once warm.
     *
     * @param source wrapped around the message to test.
     * @return true when the message matches.
     */
    public boolean matches(final SelectorSource source)
    {
        return Expression.TRUE == root.test(source, source.operand);
    }

    /**
     * What this selector is when it is only an equality or {@code IN} on one property, so that a dispatcher may
     * find it through an index of the property's values instead of evaluating it.
     *
     * @return the term, or null when the selector is anything else (and must be evaluated).
     */
    public EqualityTerm equalityTerm()
    {
        return equalityTerm;
    }

    /**
     * The selector as it was given.
     *
     * @return the selector text.
     */
    public String text()
    {
        return text;
    }

    /**
     * The parsed tree, fully parenthesised, for diagnostics.
     *
     * @return the tree as text.
     */
    public String describeTree()
    {
        return root.toString();
    }

    @Override
    public String toString()
    {
        return text;
    }

    private static boolean isBlank(final String selector)
    {
        for (int i = 0; i < selector.length(); i++)
        {
            if (!SelectorLexer.isWhitespace(selector.charAt(i)))
            {
                return false;
            }
        }
        return true;
    }
}
