package io.wirespeed.jms.selector;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.wirespeed.selector.EnvelopeSelectorSource;
import io.wirespeed.selector.ObjectSelectorSource;
import io.wirespeed.selector.Selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every row of {@link SelectorCases}, evaluated in place on the encoded envelope and on the message object; both
 * must give the row's answer.
 */
class SelectorTableTest
{
    static List<Arguments> cases()
    {
        return SelectorCases.all();
    }

    @ParameterizedTest(name = "[{index}] {0} selects: {1}")
    @MethodSource("cases")
    void selectsExactlyTheMessagesTheSpecificationSays(
        final String selectorText, final boolean expected, final TestMessage message) throws Exception
    {
        final Selector selector = Selector.compile(selectorText);

        assertEquals(expected, selector.matches(new EnvelopeSelectorSource().wrap(message.encode())),
            "on the envelope: " + selector.describeTree());
        final ObjectSelectorSource objectSource = new ObjectSelectorSource();
        assertEquals(expected, selector.matches(objectSource.wrap(new MessageFields(message.toMessage()))),
            "on the message object: " + selector.describeTree());
    }

    @Test
    void tableHoldsAtLeast150Cases()
    {
        assertTrue(SelectorCases.all().size() >= 150, "rows: " + SelectorCases.all().size());
    }
}
