package io.wirespeed.jms.selector;

import org.junit.jupiter.api.Test;

import io.wirespeed.selector.EnvelopeSelectorSource;
import io.wirespeed.selector.Selector;
import io.wirespeed.selector.SelectorException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Long selectors, such as generated lists of alternatives, compile and evaluate without deep recursion; nesting
 * is bounded so that no selector can exhaust the stack of the thread that evaluates it.
 */
class SelectorShapeTest
{
    private static final int TERMS = 20_000;

    @Test
    void aLongChainOfOrsEvaluatesLeftToRight() throws SelectorException
    {
        final StringBuilder text = new StringBuilder("qty = -1");
        for (int i = 0; i < TERMS; i++)
        {
            text.append(" OR qty = ").append(i);
        }
        final Selector selector = Selector.compile(text.toString());

        assertTrue(selector.matches(new EnvelopeSelectorSource().wrap(TestMessage.standard().encode())));
        assertFalse(selector.matches(
            new EnvelopeSelectorSource().wrap(TestMessage.standard().with("qty", TERMS + 1).encode())));
    }

    @Test
    void aLongChainOfAndsAndALongSumEvaluate() throws SelectorException
    {
        final StringBuilder conditions = new StringBuilder("TRUE");
        final StringBuilder sum = new StringBuilder("0");
        for (int i = 0; i < TERMS; i++)
        {
            conditions.append(" AND qty > ").append(i % 100 - 1);
            sum.append(" + small - small * 1");
        }
        final EnvelopeSelectorSource source = new EnvelopeSelectorSource().wrap(TestMessage.standard().encode());

        assertTrue(Selector.compile(conditions.toString()).matches(source));
        assertTrue(Selector.compile(sum + " = 0").matches(source));
    }

    @Test
    void nestingWithinTheLimitCompiles() throws SelectorException
    {
        final int levels = Selector.MAX_DEPTH - 1;
        final Selector selector = Selector.compile("(".repeat(levels) + "qty = 100" + ")".repeat(levels));

        assertTrue(selector.matches(new EnvelopeSelectorSource().wrap(TestMessage.standard().encode())));
    }

    @Test
    void nestingBeyondTheLimitIsRefused()
    {
        final int levels = Selector.MAX_DEPTH + 1;
        final String text = "NOT ".repeat(levels) + "active";

        final SelectorException ex = assertThrows(SelectorException.class, () -> Selector.compile(text));

        assertTrue(ex.getMessage().contains("nesting deeper than " + Selector.MAX_DEPTH), ex.getMessage());
    }
}
