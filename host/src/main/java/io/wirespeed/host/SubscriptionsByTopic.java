package io.wirespeed.host;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.wirespeed.codec.BytesView;

/**
 * The logged subscriptions of each topic, in the order a message to the topic reaches them: the durable ones in key
 * order, then the shared non-durable ones in key order, the same on every member. A forwarded message finds its
 * topic's subscriptions by one lookup, whatever the number of subscriptions on other topics (each message walked all
 * of them before); consecutive messages to one topic look it up without making its name a {@code String}. Used on
 * the host's thread only.
 */
final class SubscriptionsByTopic
{
    private static final Comparator<LoggedSubscriptions.Subscription> DELIVERY_ORDER =
        Comparator.comparing((LoggedSubscriptions.Subscription subscription) -> !subscription.durable)
            .thenComparing((subscription) -> subscription.key);

    private final Map<String, List<LoggedSubscriptions.Subscription>> byTopic = new HashMap<>();
    private String lastTopic;
    private List<LoggedSubscriptions.Subscription> lastSubscriptions = List.of();

    /**
     * Adds a subscription under its topic, in delivery order.
     *
     * @param subscription the subscription.
     * @return true if its topic had no subscription before: publishers now forward to it.
     */
    boolean add(final LoggedSubscriptions.Subscription subscription)
    {
        final List<LoggedSubscriptions.Subscription> ofTopic =
            byTopic.computeIfAbsent(subscription.topic, (topic) -> new ArrayList<>(1));
        int at = 0;
        while (at < ofTopic.size() && DELIVERY_ORDER.compare(ofTopic.get(at), subscription) < 0)
        {
            at++;
        }
        ofTopic.add(at, subscription);
        forgetLookup();
        return 1 == ofTopic.size();
    }

    /**
     * Removes a subscription.
     *
     * @param subscription the subscription.
     * @return true if its topic has no subscription now: publishers no longer forward to it.
     */
    boolean remove(final LoggedSubscriptions.Subscription subscription)
    {
        final List<LoggedSubscriptions.Subscription> ofTopic = byTopic.get(subscription.topic);
        if (null == ofTopic || !ofTopic.remove(subscription))
        {
            return false;
        }
        forgetLookup();
        if (ofTopic.isEmpty())
        {
            byTopic.remove(subscription.topic);
            return true;
        }
        return false;
    }

    /**
     * The subscriptions of a message's topic.
     *
     * @param topic the topic's name as the message's envelope holds it.
     * @return its subscriptions in delivery order, empty if none; not to be changed, valid until the next add or
     *         remove.
     */
    List<LoggedSubscriptions.Subscription> of(final BytesView topic)
    {
        if (null == lastTopic || !topic.contentEquals(lastTopic))
        {
            lastTopic = topic.asString();
            lastSubscriptions = of(lastTopic);
        }
        return lastSubscriptions;
    }

    /**
     * The subscriptions of a topic.
     *
     * @param topic the topic's name.
     * @return its subscriptions in delivery order, empty if none; not to be changed.
     */
    List<LoggedSubscriptions.Subscription> of(final String topic)
    {
        return byTopic.getOrDefault(topic, List.of());
    }

    /** @return the topics that subscriptions are on, in order, each once. */
    List<String> topics()
    {
        return new ArrayList<>(new TreeSet<>(byTopic.keySet()));
    }

    private void forgetLookup()
    {
        lastTopic = null;
        lastSubscriptions = List.of();
    }
}
