package io.wirespeed.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.agrona.DirectBuffer;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * A clustered host's shared and durable topic subscriptions (issue 24 item 3): each a queue that its consumers share,
 * fed not by the topic's stream or the archive, which are no inputs of the log, but by the topic messages that
 * publishers forward into the log ({@link #onTopicMessage}), which finds its topic's subscriptions by one lookup
 * ({@link SubscriptionsByTopic}). Publishers learn which topics to forward from the host: all of them
 * ({@link #topics()}, sent as {@code ForwardedTopics} before {@code Connected} and at each new leader), then each topic
 * that gains its first subscription or loses its last ({@link TopicsListener}, sent as {@code ForwardedTopicChange}),
 * so that a host with thousands of subscribed topics does not send them all to every client at each change. A
 * subscription's definition (topic, selector, noLocal) and its queue are state of the log, so in the snapshot; a
 * durable one lives until unsubscribed, a shared non-durable one until its last consumer closes (its consumers'
 * selectors are their own, as on the single host). Used on the host's thread only.
 */
final class LoggedSubscriptions
{
    /** What a logged subscription's queue name starts with. */
    static final String QUEUE_PREFIX = "subscription:";

    /** Told when publishers start or stop forwarding to a topic. */
    @FunctionalInterface
    interface TopicsListener
    {
        /**
         * A topic gained its first subscription, or lost its last.
         *
         * @param topic     the topic.
         * @param forwarded whether publishers forward to it now.
         */
        void onForwarded(String topic, boolean forwarded);
    }

    /** One subscription. */
    static final class Subscription
    {
        final boolean durable;
        final String key;
        final String topic;
        final String selector;
        final boolean shared;
        final boolean noLocal;
        final HostedQueue queue;
        private final Predicate<EnvelopeReader> test;

        Subscription(
            final boolean durable, final String key, final String topic, final String selector,
            final Predicate<EnvelopeReader> test, final boolean shared, final boolean noLocal, final HostedQueue queue)
        {
            this.durable = durable;
            this.key = key;
            this.topic = topic;
            this.selector = selector;
            this.test = test;
            this.shared = shared;
            this.noLocal = noLocal;
            this.queue = queue;
        }

        boolean sameDefinition(final String otherTopic, final String otherSelector, final boolean otherNoLocal)
        {
            return topic.equals(otherTopic) && selector.equals(otherSelector) && noLocal == otherNoLocal;
        }

        /** Whether it takes a message to its topic: not expired, its selector, not from its consumers' own. */
        boolean takes(final EnvelopeReader reader, final long nowMs)
        {
            final long expiration = reader.expiration();
            return (0 == expiration || expiration > nowMs) &&
                (null == test || test.test(reader)) && !(noLocal && DurableTopicFeed.fromConsumers(queue, reader));
        }
    }

    private final HostContext context;
    private final HostedQueues queues;
    private final Consumers consumers;
    private final MessageIntake intake;
    private final TopicsListener topicsChanged;
    /** Durable ones by key, in key order: a topic message goes to them in that order on every member, then to... */
    private final Map<String, Subscription> byKey = new TreeMap<>();
    /** ...the shared non-durable ones by key, in key order (their names are apart from the durable ones'). */
    private final Map<String, Subscription> sharedByKey = new TreeMap<>();
    /** All of them by topic, in the order a message to the topic reaches them. */
    private final SubscriptionsByTopic byTopic = new SubscriptionsByTopic();
    /** The room publishers keep on the subscriptions of a topic for the messages they forward. */
    private final TopicRoom room;

    /**
     * @param context       what the host's parts share.
     * @param queues        the host's queues, where the subscriptions' queues are kept.
     * @param consumers     the host's consumers.
     * @param intake        where a topic message's copies are stored.
     * @param topicsChanged told when a topic gained its first subscription or lost its last, to tell the clients.
     */
    LoggedSubscriptions(
        final HostContext context, final HostedQueues queues, final Consumers consumers, final MessageIntake intake,
        final TopicsListener topicsChanged)
    {
        this.context = context;
        this.queues = queues;
        this.consumers = consumers;
        this.intake = intake;
        this.topicsChanged = topicsChanged;
        this.room = new TopicRoom(context, this::queuesOf);
    }

    /** @return the room publishers keep on the subscriptions' topics ({@code TopicCredit}). */
    TopicRoom room()
    {
        return room;
    }

    /** See {@link ControlListener#onSubscribeDurable}: as the single host's, without a feed. */
    void onSubscribeDurable(
        final HostSession client, final long consumerId, final int credit, final String topic, final String selector,
        final String key, final boolean shared, final boolean noLocal)
    {
        Subscription subscription = byKey.get(key);
        final HostedConsumer existing = client.consumers.get(consumerId);
        if (null != subscription && null != existing && existing.queue == subscription.queue)
        {
            // the same SubscribeDurable again (its answer may have been lost with a leader): accepted again
            consumers.add(client, consumerId, subscription.queue, "", credit);
            return;
        }
        if (null != subscription)
        {
            final String refusal = TopicSubscriptions.whyNotSubscribe(key, subscription.shared, subscription.topic,
                subscription.selector, subscription.sameDefinition(topic, selector, noLocal),
                !subscription.queue.consumers.isEmpty(), shared);
            if (null != refusal)
            {
                context.proxy.refuse(client, consumerId, ErrorCode.GENERIC, refusal);
                return;
            }
            if (!subscription.sameDefinition(topic, selector, noLocal))
            {
                // an inactive subscription given another topic or selector is a new one: what it held goes
                delete(subscription);
                subscription = null;
            }
        }
        if (null == subscription)
        {
            final Predicate<EnvelopeReader> test = context.compileFor(client, consumerId, selector);
            if (HostContext.REFUSED == test)
            {
                return;
            }
            subscription = make(true, key, topic, selector, test, shared, noLocal);
        }
        consumers.add(client, consumerId, subscription.queue, "", credit);
    }

    /** See {@link ControlListener#onSubscribeShared}: as the single host's, without a feed. */
    void onSubscribeShared(
        final HostSession client, final long consumerId, final int credit, final String topic, final String selector,
        final String key)
    {
        Subscription subscription = sharedByKey.get(key);
        if (null != subscription && !subscription.topic.equals(topic))
        {
            context.proxy.refuse(client, consumerId, ErrorCode.GENERIC, "shared subscription '" + key + "' is on " +
                "topic '" + subscription.topic + "', not '" + topic + "': close its consumers first or use another " +
                "name");
            return;
        }
        if (null == subscription)
        {
            subscription = make(false, key, topic, "", null, true, false);
        }
        consumers.add(client, consumerId, subscription.queue, selector, credit);
    }

    /**
     * A queue's consumers may all have gone: if it is a shared non-durable subscription's, the subscription goes.
     *
     * @param queue the queue.
     */
    void closeIfUnused(final HostedQueue queue)
    {
        for (final Subscription subscription : sharedByKey.values())
        {
            if (subscription.queue == queue && queue.consumers.isEmpty())
            {
                delete(subscription);
                return;
            }
        }
    }

    private Subscription make(
        final boolean durable, final String key, final String topic, final String selector,
        final Predicate<EnvelopeReader> test, final boolean shared, final boolean noLocal)
    {
        final Subscription subscription = add(durable, key, topic, selector, test, shared, noLocal,
            new HostedQueue(QUEUE_PREFIX + (durable ? "durable:" : "shared:") + key, null, context.admission));
        queues.host(subscription.queue, subscription.queue.name);
        if (1 == byTopic.of(topic).size())
        {
            topicsChanged.onForwarded(topic, true);
        }
        return subscription;
    }

    /**
     * Whether it holds a subscription by that key.
     *
     * @param key the subscription's key (client id and name).
     * @return true if it does.
     */
    boolean has(final String key)
    {
        return byKey.containsKey(key);
    }

    /** See {@link ControlListener#onUnsubscribe}: as the single host's. */
    void onUnsubscribe(final HostSession client, final long requestId, final String key)
    {
        final Subscription subscription = byKey.get(key);
        final String refusal = TopicSubscriptions.whyNotUnsubscribe(key, subscription.queue);
        if (null != refusal)
        {
            context.proxy.refuse(client, requestId, ErrorCode.ILLEGAL_STATE, refusal);
            return;
        }
        delete(subscription);
        context.proxy.accepted(client, requestId);
    }

    /**
     * A topic message a publisher forwarded into the log: a copy goes to each subscription that takes it, in key
     * order, as far as its queue has room.
     *
     * @param reader the message's envelope, wrapped.
     * @param buffer holding it.
     * @param offset where it starts.
     * @param length its length.
     * @param nowMs  the host's time now (epoch ms): an expired message is left out.
     * @param admit  whether a queue without room leaves it out; a commit's copies are taken past the queues' limits,
     *               since the commit was taken whole.
     * @param sender the client that forwarded it, whose room on the topic ({@link TopicRoom}) it uses, or null.
     * @return why a subscription that takes it had no room, or null if each that takes it has it.
     */
    String onTopicMessage(
        final EnvelopeReader reader, final DirectBuffer buffer, final int offset, final int length, final long nowMs,
        final boolean admit, final HostSession sender)
    {
        // the topic's durable ones in key order, then its shared non-durable ones: no list made per message
        final List<Subscription> ofTopic = byTopic.of(reader.destinationName());
        String refusal = null;
        for (int i = 0, size = ofTopic.size(); i < size; i++)
        {
            final Subscription subscription = ofTopic.get(i);
            if (!subscription.takes(reader, nowMs))
            {
                context.admission.unreserve(subscription.queue, sender, length);
                continue;
            }
            if (admit && !context.admission.admit(subscription.queue, sender, length))
            {
                refusal = (subscription.durable ? "durable" : "shared") + " subscription '" + subscription.key +
                    "' holds its limit (wirespeed.host.maxQueueMessages or maxQueueBytes, or the host's " +
                    "maxHostBytes), and no room was kept on it for this message (a publisher keeps room ahead, " +
                    "TopicCredit, and waits for it under the block policy): consume from it faster, or raise the " +
                    "limits";
                continue;
            }
            intake.enqueue(subscription.queue, reader, buffer, offset, length);
        }
        return refusal;
    }

    /**
     * The queues of the subscriptions on a topic: where a message forwarded to it may go.
     *
     * @param topic the topic.
     * @return their queues, in key order (durable, then shared non-durable).
     */
    List<HostedQueue> queuesOf(final String topic)
    {
        final List<HostedQueue> queuesOfTopic = new ArrayList<>();
        for (final Subscription subscription : byTopic.of(topic))
        {
            queuesOfTopic.add(subscription.queue);
        }
        return queuesOfTopic;
    }

    /** @return the topics that subscriptions are on, in order, each once: what publishers forward. */
    List<String> topics()
    {
        return byTopic.topics();
    }

    /** @return the durable subscriptions in key order, then the shared non-durable ones (a snapshot's). */
    List<Subscription> all()
    {
        final List<Subscription> all = new ArrayList<>(byKey.values());
        all.addAll(sharedByKey.values());
        return all;
    }

    /**
     * Restores a subscription from a snapshot; its queue was restored before it.
     *
     * @param durable  whether it is durable (else shared non-durable).
     * @param key      its key.
     * @param topic    its topic.
     * @param selector its selector's text.
     * @param shared   whether it is shared.
     * @param noLocal  whether its consumers' connections' own messages are left out.
     * @param queue    its queue, restored.
     */
    void restore(
        final boolean durable, final String key, final String topic, final String selector, final boolean shared,
        final boolean noLocal, final HostedQueue queue)
    {
        add(durable, key, topic, selector, context.compile(selector), shared, noLocal, queue);
    }

    /**
     * Adds the subscriptions' definitions to a digest, in key order (their queues are the queues' part).
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        final List<Subscription> all = all();
        digest.part("logged subscriptions").add(all.size());
        for (final Subscription subscription : all)
        {
            digest.add(subscription.durable).add(subscription.key).add(subscription.topic).add(subscription.selector)
                .add(subscription.shared).add(subscription.noLocal).add(subscription.queue.name);
        }
        room.digest(digest);
    }

    private Subscription add(
        final boolean durable, final String key, final String topic, final String selector,
        final Predicate<EnvelopeReader> test, final boolean shared, final boolean noLocal, final HostedQueue queue)
    {
        final Subscription subscription =
            new Subscription(durable, key, topic, selector, test, shared, noLocal, queue);
        final Subscription replaced = (durable ? byKey : sharedByKey).put(key, subscription);
        if (null != replaced)
        {
            byTopic.remove(replaced);
        }
        byTopic.add(subscription);
        return subscription;
    }

    private void delete(final Subscription subscription)
    {
        (subscription.durable ? byKey : sharedByKey).remove(subscription.key);
        queues.remove(subscription.queue, "was removed");
        if (byTopic.remove(subscription))
        {
            topicsChanged.onForwarded(subscription.topic, false);
        }
    }
}
