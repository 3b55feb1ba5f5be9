package io.wirespeed.jms.consumer;

import javax.jms.InvalidDestinationException;

import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.TopicPattern;

/**
 * What a consumer consumes, as the application asked for it: the destination, the selector, whether the
 * connection's own messages are left out, and for a named subscription its name and whether it is shared, durable
 * or both. One factory per kind of consumer checks what that kind needs and refuses, with the exception the JMS
 * specification names, what it cannot be; the consumer then opens its {@link MessageSource} from the spec alone.
 * The counterpart of Qpid JMS's consumer info.
 *
 * @param destination      the queue or topic (a topic name may be a wildcard pattern for a plain consumer).
 * @param selector         the message selector, or null for none (a blank one is none).
 * @param subscriptionName the subscription's name for a shared or durable consumer; null for any other.
 * @param noLocal          whether the connection's own messages are left out (topics; a queue ignores it).
 * @param shared           whether the subscription is shared between consumers.
 * @param durable          whether the subscription outlives its consumers.
 */
public record ConsumerSpec(
    JmsDestination destination, String selector, String subscriptionName, boolean noLocal, boolean shared,
    boolean durable)
{
    /**
     * Checks the combination; the factories have checked what the application gave.
     *
     * @throws IllegalArgumentException without a destination, or for a combination no factory makes.
     */
    public ConsumerSpec
    {
        if (null == destination)
        {
            throw new IllegalArgumentException("a consumer needs a destination: pass the queue or topic");
        }
        selector = null == selector || selector.isBlank() ? null : selector;
        final boolean named = shared || durable;
        if (named != (null != subscriptionName) || (named && !destination.isTopic()) || (shared && !durable && noLocal))
        {
            throw new IllegalArgumentException("no consumer is " + describe(destination, subscriptionName, noLocal,
                shared, durable));
        }
    }

    /**
     * The spec of a plain consumer of a queue or topic, as {@code Session.createConsumer} makes: no subscription.
     *
     * @param destination the queue, topic or topic pattern.
     * @param selector    the selector, or null.
     * @param noLocal     whether the connection's own messages are left out.
     * @return the spec.
     */
    public static ConsumerSpec of(final JmsDestination destination, final String selector, final boolean noLocal)
    {
        return new ConsumerSpec(destination, selector, null, noLocal, false, false);
    }

    /**
     * The spec of a consumer of a shared non-durable subscription, as {@code Session.createSharedConsumer} makes.
     *
     * @param topic    the topic.
     * @param name     the subscription's name.
     * @param selector the selector, or null.
     * @return the spec.
     * @throws InvalidDestinationException if the name is null or empty, or the topic is a wildcard pattern.
     */
    public static ConsumerSpec shared(final JmsDestination topic, final String name, final String selector)
        throws InvalidDestinationException
    {
        if (null == name || name.isEmpty())
        {
            throw new InvalidDestinationException("a shared subscription needs a name");
        }
        checkOneTopic(topic, "shared");
        return new ConsumerSpec(topic, selector, name, false, true, false);
    }

    /**
     * The spec of the consumer of an unshared durable subscription, as {@code Session.createDurableConsumer} makes.
     *
     * @param topic    the topic.
     * @param name     the subscription's name.
     * @param selector the selector, or null.
     * @param noLocal  whether the connection's own messages are left out.
     * @return the spec.
     * @throws InvalidDestinationException if the name is null or empty, or the topic is a wildcard pattern.
     */
    public static ConsumerSpec durable(
        final JmsDestination topic, final String name, final String selector, final boolean noLocal)
        throws InvalidDestinationException
    {
        checkDurableName(name);
        checkOneTopic(topic, "durable");
        return new ConsumerSpec(topic, selector, name, noLocal, false, true);
    }

    /**
     * The spec of a consumer of a shared durable subscription, as {@code Session.createSharedDurableConsumer} makes.
     *
     * @param topic    the topic.
     * @param name     the subscription's name.
     * @param selector the selector, or null.
     * @return the spec.
     * @throws InvalidDestinationException if the name is null or empty, or the topic is a wildcard pattern.
     */
    public static ConsumerSpec sharedDurable(final JmsDestination topic, final String name, final String selector)
        throws InvalidDestinationException
    {
        checkDurableName(name);
        checkOneTopic(topic, "durable");
        return new ConsumerSpec(topic, selector, name, false, true, true);
    }

    /** @return whether the consumer reads a named subscription (shared, durable or both) that the queue host keeps. */
    boolean isSubscription()
    {
        return shared || durable;
    }

    /** @return whether the queue host serves this consumer: a queue's, or a shared or durable subscription's. */
    public boolean servedByQueueHost()
    {
        return !destination.isTopic() || isSubscription();
    }

    /**
     * The wildcard pattern a plain topic consumer reads, checked.
     *
     * @return the pattern, or null for one topic or a queue.
     * @throws InvalidDestinationException if the topic's name is not a valid pattern.
     */
    public TopicPattern pattern() throws InvalidDestinationException
    {
        return destination.isTopic() && TopicPattern.isWildcard(destination.name()) ?
            TopicPattern.parse(destination.name()) : null;
    }

    /**
     * The key the queue host knows a subscription by: the client id, "/", the subscription's name.
     *
     * @param clientId the connection's client id, or null.
     * @return the key.
     */
    String subscriptionKey(final String clientId)
    {
        return (null == clientId ? "" : clientId) + "/" + subscriptionName;
    }

    /** @return the selector as the queue host takes it: empty for none. */
    String selectorOrEmpty()
    {
        return null == selector ? "" : selector;
    }

    private static void checkDurableName(final String name) throws InvalidDestinationException
    {
        if (null == name || name.isEmpty())
        {
            throw new InvalidDestinationException("a durable subscription needs a name: give a non-empty one");
        }
    }

    private static void checkOneTopic(final JmsDestination topic, final String kind) throws InvalidDestinationException
    {
        if (TopicPattern.isWildcard(topic.name()))
        {
            TopicPattern.parse(topic.name());
            throw new InvalidDestinationException(kind + " subscriptions on wildcard topics such as '" +
                topic.name() + "' are not supported yet: the queue host keeps such a subscription from one topic's " +
                "stream, and does not yet follow the topics a pattern matches as they appear; use a non-durable, " +
                "unshared consumer on the pattern, or a durable or shared subscription per topic");
        }
    }

    private static String describe(
        final JmsDestination destination, final String name, final boolean noLocal, final boolean shared,
        final boolean durable)
    {
        return (shared ? "shared " : "") + (durable ? "durable " : "") + "consumer of " + destination +
            (null == name ? "" : " named '" + name + "'") + (noLocal ? " with noLocal" : "");
    }
}
