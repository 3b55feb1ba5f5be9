package io.wirespeed.jms.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.InvalidDestinationException;

import org.junit.jupiter.api.Test;

import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.JmsQueue;
import io.wirespeed.jms.destination.JmsTopic;

class ConsumerSpecTest
{
    private static final JmsDestination TOPIC = new JmsTopic("prices.eu");
    private static final JmsDestination QUEUE = new JmsQueue("orders");

    @Test
    void aDurableSpecWithoutASubscriptionNameIsRefusedAsAnInvalidDestination()
    {
        for (final String name : new String[] {null, ""})
        {
            final InvalidDestinationException unshared = assertThrows(InvalidDestinationException.class,
                () -> ConsumerSpec.durable(TOPIC, name, null, false), "name " + name);
            assertTrue(unshared.getMessage().contains("needs a name"), unshared.getMessage());
            final InvalidDestinationException shared = assertThrows(InvalidDestinationException.class,
                () -> ConsumerSpec.sharedDurable(TOPIC, name, null), "name " + name);
            assertTrue(shared.getMessage().contains("needs a name"), shared.getMessage());
        }
    }

    @Test
    void aSharedSpecWithoutASubscriptionNameIsRefusedAsAnInvalidDestination()
    {
        final InvalidDestinationException refusal = assertThrows(InvalidDestinationException.class,
            () -> ConsumerSpec.shared(TOPIC, "", "a > 1"));
        assertTrue(refusal.getMessage().contains("shared subscription needs a name"), refusal.getMessage());
        assertThrows(InvalidDestinationException.class, () -> ConsumerSpec.shared(TOPIC, null, null));
    }

    @Test
    void aSharedOrDurableSpecOnAWildcardTopicIsRefusedSayingWhatToUseInstead()
    {
        final JmsDestination pattern = new JmsTopic("prices.*");
        final InvalidDestinationException shared = assertThrows(InvalidDestinationException.class,
            () -> ConsumerSpec.shared(pattern, "s", null));
        assertTrue(shared.getMessage().startsWith("shared subscriptions on wildcard topics"), shared.getMessage());
        final InvalidDestinationException durable = assertThrows(InvalidDestinationException.class,
            () -> ConsumerSpec.durable(pattern, "d", null, false));
        assertTrue(durable.getMessage().startsWith("durable subscriptions on wildcard topics"), durable.getMessage());
        assertTrue(durable.getMessage().contains("a durable or shared subscription per topic"), durable.getMessage());
        assertThrows(InvalidDestinationException.class, () -> ConsumerSpec.sharedDurable(pattern, "d", null));

        final InvalidDestinationException invalid = assertThrows(InvalidDestinationException.class,
            () -> ConsumerSpec.durable(new JmsTopic("prices.>.eu"), "d", null, false));
        assertTrue(invalid.getMessage().contains("not a valid pattern"), "a bad pattern is named as one first: " +
            invalid.getMessage());
    }

    @Test
    void eachKindIsItsFlagsWithoutATriState() throws Exception
    {
        final ConsumerSpec plain = ConsumerSpec.of(TOPIC, null, true);
        assertFalse(plain.isSubscription());
        assertFalse(plain.servedByQueueHost(), "a plain topic consumer reads the topic streams");
        assertNull(plain.subscriptionName());
        assertTrue(plain.noLocal());

        final ConsumerSpec queue = ConsumerSpec.of(QUEUE, "a > 1", false);
        assertTrue(queue.servedByQueueHost());
        assertFalse(queue.isSubscription());

        final ConsumerSpec shared = ConsumerSpec.shared(TOPIC, "s", null);
        assertTrue(shared.shared() && !shared.durable() && shared.servedByQueueHost());

        final ConsumerSpec durable = ConsumerSpec.durable(TOPIC, "d", null, true);
        assertTrue(!durable.shared() && durable.durable() && durable.noLocal());

        final ConsumerSpec sharedDurable = ConsumerSpec.sharedDurable(TOPIC, "d", null);
        assertTrue(sharedDurable.shared() && sharedDurable.durable() && !sharedDurable.noLocal());
    }

    @Test
    void aBlankSelectorIsNoSelectorAndTheHostGetsItEmpty()
    {
        final ConsumerSpec blank = ConsumerSpec.of(QUEUE, "  ", false);
        assertNull(blank.selector(), "getMessageSelector returns null for a blank selector");
        assertEquals("", blank.selectorOrEmpty());
        assertEquals("a > 1", ConsumerSpec.of(QUEUE, "a > 1", false).selectorOrEmpty());
    }

    @Test
    void theSubscriptionKeyIsTheClientIdAndTheName() throws Exception
    {
        assertEquals("app/d", ConsumerSpec.durable(TOPIC, "d", null, false).subscriptionKey("app"));
        assertEquals("/d", ConsumerSpec.sharedDurable(TOPIC, "d", null).subscriptionKey(null));
    }

    @Test
    void aPlainTopicSpecNamesItsPatternCheckedAndOneTopicNone() throws Exception
    {
        assertNull(ConsumerSpec.of(TOPIC, null, false).pattern());
        assertNull(ConsumerSpec.of(QUEUE, null, false).pattern());
        final ConsumerSpec wildcard = ConsumerSpec.of(new JmsTopic("prices.>"), null, false);
        assertNotNull(wildcard.pattern());
        assertTrue(wildcard.pattern().matches("prices.eu.de"));
        assertThrows(InvalidDestinationException.class,
            () -> ConsumerSpec.of(new JmsTopic("prices.>.eu"), null, false).pattern());
    }

    @Test
    void combinationsNoFactoryMakesAreRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> new ConsumerSpec(null, null, null, false, false, false));
        assertThrows(IllegalArgumentException.class, () -> new ConsumerSpec(TOPIC, null, "s", false, false, false),
            "a name without a subscription");
        assertThrows(IllegalArgumentException.class, () -> new ConsumerSpec(TOPIC, null, null, false, true, false),
            "a subscription without a name");
        assertThrows(IllegalArgumentException.class, () -> new ConsumerSpec(QUEUE, null, "d", false, false, true),
            "a durable subscription on a queue");
        assertThrows(IllegalArgumentException.class, () -> new ConsumerSpec(TOPIC, null, "s", true, true, false),
            "noLocal on a shared non-durable subscription");
    }
}
