package io.wirespeed.jms.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Routes and slow-consumer policies read their patterns in the one grammar of names that wildcard topics use:
 * {@code *} is one segment wherever it stands, a last {@code >} one or more, and a pattern outside the grammar is
 * refused rather than taken for an exact name.
 */
class NamePatternOptionsTest
{
    private static final String BIDS = "aeron:udp?endpoint=239.1.2.3:40456";

    @Test
    void aRouteWithAWildcardSegmentInTheMiddleMatchesOneSegmentThere()
    {
        final TopicRouting routing = new TopicRouting(ConnectionUri.parse("wirespeed:ipc?route.prices.*.bid=" + BIDS));

        final String otherwise = routing.channel("orders");
        assertEquals(BIDS, routing.channel("prices.eur.bid"));
        assertEquals(otherwise, routing.channel("prices.eur.ask"));
        assertEquals(otherwise, routing.channel("prices.eur.x.bid"));
    }

    @Test
    void aSlowConsumerPolicyTakesTheSameGrammar()
    {
        final ConnectionConfig config = ConnectionUri.parse("wirespeed:ipc?slowConsumers.prices.*.bid=drop");

        assertEquals(SlowConsumerPolicy.DROP, config.slowConsumerPolicy("prices.eur.bid"));
        assertEquals(SlowConsumerPolicy.HOLD, config.slowConsumerPolicy("prices.eur.ask"));
        assertEquals(SlowConsumerPolicy.HOLD, config.slowConsumerPolicy("prices.eur.x.bid"));
    }

    @Test
    void aPatternOutsideTheGrammarIsRefusedSayingWhy()
    {
        final IllegalArgumentException route = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?route.pri*ces=aeron:ipc"));
        assertTrue(route.getMessage().startsWith("route pattern 'pri*ces' is not valid: segment 'pri*ces' holds a " +
            "wildcard inside it"), route.getMessage());

        final IllegalArgumentException slow = assertThrows(IllegalArgumentException.class,
            () -> ConnectionUri.parse("wirespeed:ipc?slowConsumers.prices.>.bid=drop"));
        assertTrue(slow.getMessage().startsWith("slowConsumers pattern 'prices.>.bid' is not valid"),
            slow.getMessage());
    }
}
