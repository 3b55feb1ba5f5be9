package io.wirespeed.selector;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A selector that does not compile is refused with SelectorException, whose message names the position
 * (characters from 0) of the problem and what was expected there.
 */
class InvalidSelectorTest
{
    @Test
    void messageNamesTheSelectorTheProblemItsPositionAndWhatWasExpected()
    {
        final SelectorException ex =
            assertThrows(SelectorException.class, () -> Selector.compile("price >< 3"));

        assertEquals("selector \"price >< 3\": unexpected '<' at position 7; " +
            "expected an operand: an identifier, a literal or '('", ex.getMessage());
    }

    @ParameterizedTest(name = "\"{0}\" fails at {1}: {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "qty =                              | 5  | unexpected end of selector",
        "qty = 1 AND                        | 11 | unexpected end of selector",
        "NOT                                | 3  | unexpected end of selector",
        "qty = 'abc                         | 6  | unterminated string literal",
        "(qty = 1                           | 8  | expected ')'",
        "qty = 1)                           | 7  | unexpected ')'",
        "qty # 1                            | 4  | unexpected character '#'",
        "a.b = 1                            | 1  | unexpected character '.'",
        "\"qty\" = 1                        | 0  | unexpected character '\"'",
        "qty BETWEEN 1 OR 2                 | 14 | expected AND between the bounds",
        "qty BETWEEN 'a' AND 2              | 12 | unexpected string 'a'",
        "symbol LIKE 5                      | 12 | expected a string literal pattern",
        "symbol LIKE symbol                 | 12 | expected a string literal pattern",
        "symbol LIKE 'a' ESCAPE 'ab'        | 23 | escape 'ab' is not one character",
        "symbol LIKE 'a' ESCAPE ''          | 23 | escape '' is not one character",
        "symbol LIKE 'a\\' ESCAPE '\\'      | 12 | ends with its escape character",
        "symbol LIKE 'a\\b' ESCAPE '\\'     | 12 | followed by 'b'",
        "symbol LIKE 'a' ESCAPE             | 22 | expected a one-character string literal",
        "5 LIKE '5'                         | 0  | unexpected numeric expression 5",
        "symbol IN ()                       | 11 | expected a string literal in the list of IN",
        "symbol IN ('a', 5)                 | 16 | expected a string literal in the list of IN",
        "symbol IN ('a' 'b')                | 15 | expected ',' or ')'",
        "symbol IN 'a'                      | 10 | expected '(' to start the list of IN",
        "qty IN (1, 2)                      | 8  | expected a string literal",
        "qty IS 5                           | 7  | expected NULL or NOT NULL after IS",
        "qty IS NOT 5                       | 11 | expected NULL after IS NOT",
        "qty NOT 5                          | 8  | expected BETWEEN, LIKE or IN after NOT",
        "qty = 1 = 1                        | 8  | unexpected '='",
        "qty 5                              | 4  | unexpected number 5",
        "NULL = qty                         | 0  | unexpected NULL",
        "qty = NULL                         | 6  | unexpected NULL",
        "and = 1                            | 0  | unexpected and",
        "qty + 'a' = 1                      | 6  | unexpected string 'a'",
        "'a' + qty = 1                      | 0  | unexpected string 'a'",
        "qty > TRUE                         | 6  | unexpected condition TRUE",
        "symbol < 'b'                       | 9  | unexpected string 'b'",
        "-'a' = 1                           | 1  | unexpected string 'a'",
        "(qty > 1) + 1 = 2                  | 0  | unexpected condition (qty > 1)",
        "'abc'                              | 0  | unexpected string 'abc' at position 0; expected a condition",
        "qty + 1           | 0  | unexpected numeric expression qty + 1 at position 0; expected a condition",
        "42                                 | 0  | expected a condition",
        "5 AND active                       | 0  | expected a condition",
        "active AND 5                       | 11 | expected a condition",
        "active OR 'x'                      | 10 | expected a condition",
        "NOT 1                              | 4  | expected a condition",
        "1abc = 1                           | 0  | malformed number 1abc",
        "qty = 0x                           | 6  | malformed number 0x",
        "qty = 1e                           | 6  | malformed number 1e",
        "qty = 1.2.3                        | 6  | malformed number",
        "099 = 1                            | 0  | octal number 099 has the digit 9",
        "9223372036854775808 = 1            | 0  | out of range",
        "qty = -9223372036854775809         | 7  | out of range",
        "1e400 > 1                          | 0  | is too large",
        "qty = ()                           | 7  | unexpected ')'",
        "qty = ,                            | 6  | unexpected ','",
        "JMSType LIKE                       | 12 | unexpected end of selector",
        "TRUE = 0                           | 7  | unexpected numeric expression 0",
        "FALSE = 0                          | 8  | expected a condition to compare with = to the condition",
        "FALSE <> 1                         | 9  | unexpected numeric expression 1",
        "'a' = 1                            | 6  | unexpected numeric expression 1",
        "1 <> 'a'                           | 5  | unexpected string 'a'",
        "TRUE = 'yes'                       | 7  | unexpected string 'yes'",
        "(qty > 1) = 2                      | 12 | unexpected numeric expression 2",
        "qty + 1 = 'a'                      | 10 | unexpected string 'a'",
    })
    void refusesAnInvalidSelectorNamingThePosition(final String selector, final int position, final String fragment)
    {
        final SelectorException ex =
            assertThrows(SelectorException.class, () -> Selector.compile(selector));

        assertTrue(ex.getMessage().contains(" at position " + position + ";") ||
            ex.getMessage().endsWith(" at position " + position), ex.getMessage());
        assertTrue(ex.getMessage().contains(fragment), ex.getMessage());
        assertTrue(ex.getMessage().startsWith("selector \"" + selector + "\": "), ex.getMessage());
    }

    @ParameterizedTest(name = "\"{0}\" compares like with like")
    @ValueSource(strings = {"TRUE = FALSE", "(qty > 1) = TRUE", "qty = TRUE", "'a' <> 'b'", "1 = 1.0", "qty = 'a'",
        "TRUE <> (qty = 2)"})
    void equalityBetweenOperandsOfOneTypeOrOfATypeKnownOnlyPerMessageIsValid(final String selector)
        throws SelectorException
    {
        assertNotNull(Selector.compile(selector));
    }

    @ParameterizedTest(name = "\"{0}\" is no selector")
    @ValueSource(strings = {"", " ", "\t\n\r\f "})
    void anEmptyOrBlankSelectorIsNoSelector(final String selector) throws SelectorException
    {
        assertNull(Selector.compile(selector));
    }

    @Test
    void aNullSelectorIsNoSelector() throws SelectorException
    {
        assertNull(Selector.compile(null));
    }

    @Test
    void aCompiledSelectorKeepsItsTextAndShowsItsTree() throws SelectorException
    {
        final Selector selector = Selector.compile("a = 1 OR b = 2 AND NOT c");

        assertNotNull(selector);
        assertEquals("a = 1 OR b = 2 AND NOT c", selector.text());
        assertEquals("((a = 1) OR ((b = 2) AND (NOT c)))", selector.describeTree());
    }
}
