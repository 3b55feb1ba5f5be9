package io.wirespeed.selector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which selectors are only an equality or IN on one property, so that a dispatcher may find them by look-up.
 */
class EqualityTermTest
{
    @ParameterizedTest(name = "\"{0}\" is {1} in {2}")
    @CsvSource(delimiter = '|', value = {
        "symbol = 'EURUSD'|symbol|EURUSD",
        "'EURUSD' = symbol|symbol|EURUSD",
        "(symbol = 'EURUSD')|symbol|EURUSD",
        "region IN ('EU', 'US', 'EU')|region|EU,US",
        "sym = 'it''s'|sym|it's",
        "JMSXGroupID = 'g'|JMSXGroupID|g",
    })
    void stringTerms(final String selector, final String property, final String values) throws Exception
    {
        final EqualityTerm term = Selector.compile(selector).equalityTerm();
        assertEquals(property, term.property());
        assertArrayEquals(values.split(","), term.strings());
        assertNull(term.numbers());
    }

    @ParameterizedTest(name = "\"{0}\" is {1}")
    @CsvSource(delimiter = '|', value = {"n = 5|5", "5 = n|5", "n = 0x10|16", "n = -3|-3", "n = 7L|7"})
    void numberTerms(final String selector, final long value) throws Exception
    {
        final EqualityTerm term = Selector.compile(selector).equalityTerm();
        assertEquals("n", term.property());
        assertArrayEquals(new long[]{ value }, term.numbers());
        assertNull(term.strings());
    }

    @ParameterizedTest(name = "\"{0}\" must be evaluated")
    @ValueSource(strings = {
        "sym <> 'A'", "sym NOT IN ('A')", "n = 5.0", "flag = TRUE", "sym = other", "NOT sym = 'A'",
        "sym = 'A' AND n = 1", "sym = 'A' OR sym = 'B'", "JMSType = 'car'", "JMSPriority = 4",
        "JMSCorrelationID IN ('a')", "JMSXDeliveryCount = 1", "n + 1 = 5", "sym = '\uFFFD'", "sym = '\uD83D'",
        "price > 3", "sym LIKE 'A%'", "sym IS NULL",
    })
    void otherSelectorsAreNoTerm(final String selector) throws Exception
    {
        assertNull(Selector.compile(selector).equalityTerm());
    }
}
