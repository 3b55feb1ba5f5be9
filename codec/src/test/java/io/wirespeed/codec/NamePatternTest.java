package io.wirespeed.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The one pattern grammar of names: {@code *} is exactly one segment, a last {@code >} one or more, anything else
 * itself; the text matcher and the parsed one over UTF-8 bytes agree on every case.
 */
class NamePatternTest
{
    /** Pattern, name, whether it matches. */
    private static final Object[][] CASES = {
        { "orders", "orders", true },
        { "orders", "orders.eu", false },
        { "orders", "order", false },
        { "orders.*", "orders.eu", true },
        { "orders.*", "orders.eu.high", false },
        { "orders.*", "orders", false },
        { "orders.*", "ordersx.eu", false },
        { "orders.>", "orders.eu", true },
        { "orders.>", "orders.eu.high", true },
        { "orders.>", "orders", false },
        { "orders.>", "ordersx.eu", false },
        { ">", "orders", true },
        { ">", "orders.eu.high", true },
        { "*", "orders", true },
        { "*", "orders.eu", false },
        { "prices.*.bid", "prices.eur.bid", true },
        { "prices.*.bid", "prices.eur.x.bid", false },
        { "prices.*.bid", "prices.eur.ask", false },
        { "*.eur.>", "prices.eur.bid.l2", true },
        { "*.eur.>", "prices.usd.bid", false },
        { "prix.é.>", "prix.é.x", true },
    };

    @Test
    void matchesByTheOneGrammarAsTextAndAsBytes()
    {
        for (final Object[] c : CASES)
        {
            final String pattern = (String)c[0];
            final String name = (String)c[1];
            final boolean expected = (Boolean)c[2];
            assertEquals(expected, NamePattern.matches(pattern, name), pattern + " ~ " + name);
            assertEquals(expected, NamePattern.parse(pattern).matches(name), pattern + " ~ " + name);
            final byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
            assertEquals(expected, NamePattern.parse(pattern).matches(
                new BytesView().wrap(new UnsafeBuffer(bytes), 0, bytes.length)), pattern + " ~ " + name + " as bytes");
        }
    }

    @Test
    void refusesPatternsOutsideTheGrammarSayingWhy()
    {
        assertTrue(NamePattern.problemWith("orders*").contains("holds a wildcard inside it"));
        assertTrue(NamePattern.problemWith("orders.>.eu").contains("must be the last segment"));
        assertTrue(NamePattern.problemWith("orders..eu").contains("segment 2 is empty"));
        assertTrue(NamePattern.problemWith("orders.").contains("segment 2 is empty"));
        assertNull(NamePattern.problemWith("orders.*.eu"));
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> NamePattern.parse("pri*ces"));
        assertTrue(ex.getMessage().startsWith("'pri*ces' is not a valid name pattern: segment 'pri*ces'"),
            ex.getMessage());
    }

    @Test
    void overlapsWhereSomeNameMatchesBoth()
    {
        assertTrue(NamePattern.parse("prices.*").overlaps(NamePattern.parse("prices.eur")));
        assertTrue(NamePattern.parse("prices.>").overlaps(NamePattern.parse("*.eur.bid")));
        assertFalse(NamePattern.parse("prices.*").overlaps(NamePattern.parse("orders.>")));
        assertFalse(NamePattern.parse("prices.*").overlaps(NamePattern.parse("prices.eur.bid")));
    }
}
