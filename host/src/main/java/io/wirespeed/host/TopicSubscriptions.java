package io.wirespeed.host;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import io.wirespeed.codec.EnvelopeReader;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.host.durable.DurableFeed;
import io.wirespeed.host.durable.DurableState;
import io.wirespeed.host.durable.DurableStorage;

/**
 * The host's shared and durable topic subscriptions, each a queue that its consumers share: a shared subscription is
 * fed by a subscription to its topic's stream ({@link SharedFeed}), closed with its last consumer; a durable one by
 * the recordings of its topic's stream ({@link DurableTopicFeed}, {@link DurableFeed}), stored in the archive's
 * directory and restored when the host starts or is given the archive. Creates, replaces and deletes them as clients
 * subscribe and unsubscribe, and polls their feeds. Used on the host's thread only.
 */
final class TopicSubscriptions
{
    private static final System.Logger LOGGER = System.getLogger(QueueHost.class.getName());
    /** How often durable subscriptions' lag is shown: a counter read per active recording, a round trip per stopped. */
    private static final long LAG_INTERVAL_NS = 1_000_000_000L;

    private final HostContext context;
    private final HostedQueues queues;
    private final Consumers consumers;
    private final MessageIntake intake;
    /** By key, in key order: feeds are polled in that order, whatever order they were made or restored in. */
    private final Map<String, SharedFeed> sharedFeeds = new TreeMap<>();
    /** By key, in key order (restored ones come in the order of the store's files: no order at all). */
    private final Map<String, DurableTopicFeed> durableFeeds = new TreeMap<>();
    private DurableStorage durable;
    private LoggedSubscriptions logged;
    private long lastLagCheckNs;

    /**
     * @param context   what the host's parts share.
     * @param queues    the host's queues, where the subscriptions' queues are kept.
     * @param consumers the host's consumers.
     * @param intake    where the feeds' messages go.
     */
    TopicSubscriptions(
        final HostContext context, final HostedQueues queues, final Consumers consumers, final MessageIntake intake)
    {
        this.context = context;
        this.queues = queues;
        this.consumers = consumers;
        this.intake = intake;
    }

    /**
     * Serves durable subscriptions from the log, as a clustered host's state machine does: their messages are the
     * topic messages publishers forward into it.
     *
     * @param subscriptions the subscriptions fed from the log.
     */
    void fromTheLog(final LoggedSubscriptions subscriptions)
    {
        logged = subscriptions;
    }

    /**
     * Takes the archive: restores the durable subscriptions stored there.
     *
     * @param storage the archive beside the driver and the subscriptions' store.
     * @return every stored state by key, the queues' own ({@link QueueHost#QUEUES_KEY}) included.
     */
    Map<String, DurableState> attach(final DurableStorage storage)
    {
        durable = storage;
        final Map<String, DurableState> stored = new HashMap<>();
        // restored in key order, whatever order the store's files are listed in: their queues are made in this order
        final List<DurableState> states = new ArrayList<>(storage.store().loadAll());
        states.sort(Comparator.comparing(DurableState::key));
        for (final DurableState state : states)
        {
            stored.put(state.key(), state);
            if (!QueueHost.QUEUES_KEY.equals(state.key()))
            {
                final DurableFeed feed = DurableFeed.restore(storage, state);
                durableFeeds.put(state.key(), hosted(new DurableTopicFeed(feed, compileStored(state), intake)));
            }
        }
        return stored;
    }

    /** See {@link ControlListener#onSubscribeShared}. */
    void onSubscribeShared(
        final HostSession client, final long consumerId, final int credit, final String topic, final String selector,
        final String key, final String channel, final int streamId)
    {
        if (null != logged)
        {
            logged.onSubscribeShared(client, consumerId, credit, topic, selector, key);
            return;
        }
        SharedFeed feed = sharedFeeds.get(key);
        if (feed == null)
        {
            feed = new SharedFeed(topic, new HostedQueue("shared:" + key, null, context.admission),
                context.transport.addSubscription(channel, streamId), intake);
            queues.host(feed.queue, feed.queue.name);
            sharedFeeds.put(key, feed);
        }
        else if (!feed.topic.equals(topic))
        {
            context.proxy.refuse(client, consumerId, ErrorCode.GENERIC, "shared subscription '" + key +
                "' is on topic '" + feed.topic + "', not '" + topic + "': close its consumers first or use another " +
                "name");
            return;
        }
        consumers.add(client, consumerId, feed.queue, selector, credit);
    }

    /** See {@link ControlListener#onSubscribeDurable}. */
    void onSubscribeDurable(
        final HostSession client, final long consumerId, final int credit, final String topic, final String selector,
        final String key, final String channel, final int streamId, final boolean shared, final boolean noLocal)
    {
        if (null != logged)
        {
            logged.onSubscribeDurable(client, consumerId, credit, topic, selector, key, shared, noLocal);
            return;
        }
        if (durable == null)
        {
            context.proxy.refuse(client, consumerId, ErrorCode.NOT_AVAILABLE, "durable subscriptions need the " +
                "archive, and the queue host on this media driver runs without one: start the driver with " +
                "wirespeed.archive.enabled=true (driver=external), or use archive=auto or archive=on with the " +
                "embedded driver");
            return;
        }
        DurableTopicFeed feed = durableFeeds.get(key);
        DurableState held = null;
        if (feed != null)
        {
            final DurableState state = feed.feed.state();
            final boolean sameDefinition = state.sameDefinition(topic, selector, noLocal);
            final String refusal = whyNotSubscribe(key, state.shared(), state.topic(), state.selector(), sameDefinition,
                !feed.queue.consumers.isEmpty(), shared);
            if (null != refusal)
            {
                context.proxy.refuse(client, consumerId, ErrorCode.GENERIC, refusal);
                return;
            }
            if (!sameDefinition)
            {
                // keep the stream recorded across the replacement: stopping the recording and starting it again
                // would start the new subscription at the start of the old recording, with what the old one held
                durable.archive().record(state.channel(), state.streamId());
                held = state;
                delete(feed);
                feed = null;
            }
        }
        try
        {
            subscribeDurable(client, consumerId, credit, feed, topic, selector, key, channel, streamId, shared,
                noLocal);
        }
        finally
        {
            if (null != held)
            {
                durable.archive().stopRecording(held.channel(), held.streamId());
            }
        }
    }

    private void subscribeDurable(
        final HostSession client, final long consumerId, final int credit, final DurableTopicFeed existing,
        final String topic, final String selector, final String key, final String channel, final int streamId,
        final boolean shared, final boolean noLocal)
    {
        DurableTopicFeed feed = existing;
        if (feed == null)
        {
            final Predicate<EnvelopeReader> test = context.compileFor(client, consumerId, selector);
            if (HostContext.REFUSED == test)
            {
                return;
            }
            final DurableState state = new DurableState(key, topic, selector, noLocal, shared, channel, streamId);
            try
            {
                feed = hosted(new DurableTopicFeed(DurableFeed.create(durable, state), test,
                    intake));
            }
            catch (final RuntimeException ex)
            {
                LOGGER.log(System.Logger.Level.ERROR, "cannot create durable subscription '" + key + "'", ex);
                context.proxy.refuse(client, consumerId, ErrorCode.GENERIC, "cannot create durable subscription '" +
                    key + "': " + ex);
                return;
            }
            durableFeeds.put(key, feed);
        }
        consumers.add(client, consumerId, feed.queue, "", credit);
    }

    /** See {@link ControlListener#onUnsubscribe}. */
    void onUnsubscribe(final HostSession client, final long requestId, final String key)
    {
        if (null != logged && logged.has(key))
        {
            logged.onUnsubscribe(client, requestId, key);
            return;
        }
        final DurableTopicFeed feed = durable == null ? null : durableFeeds.get(key);
        if (feed == null)
        {
            context.proxy.refuse(client, requestId, ErrorCode.INVALID_DESTINATION, "there is no durable " +
                "subscription '" + key + "' (client id/name) to unsubscribe: check the name and the connection's " +
                "client id");
            return;
        }
        final String refusal = whyNotUnsubscribe(key, feed.queue);
        if (null != refusal)
        {
            context.proxy.refuse(client, requestId, ErrorCode.ILLEGAL_STATE, refusal);
            return;
        }
        delete(feed);
        context.proxy.accepted(client, requestId);
    }

    /**
     * Why a consumer cannot join a durable subscription that exists (the single host's and a cluster's rule), or null
     * if it can: as is, or replacing an inactive subscription given another topic, selector or noLocal.
     *
     * @param key            the subscription's key.
     * @param existingShared whether the subscription is shared.
     * @param topic          its topic.
     * @param selector       its selector's text.
     * @param sameDefinition whether the consumer asks for the same topic, selector and noLocal.
     * @param active         whether it has a consumer.
     * @param shared         whether the consumer asks for a shared one.
     * @return why not, or null.
     */
    static String whyNotSubscribe(
        final String key, final boolean existingShared, final String topic, final String selector,
        final boolean sameDefinition, final boolean active, final boolean shared)
    {
        if (existingShared != shared)
        {
            return "durable subscription '" + key + "' exists as " + (existingShared ? "a shared" : "an unshared") +
                " one: use " + (existingShared ? "createSharedDurableConsumer" : "createDurableConsumer") +
                ", or another name";
        }
        if (!sameDefinition && active)
        {
            return "durable subscription '" + key + "' is on topic '" + topic + "'" + (selector.isEmpty() ? "" :
                " with selector '" + selector + "'") + " and has an active consumer: close it before changing the " +
                "topic or selector";
        }
        if (sameDefinition && active && !shared)
        {
            return "durable subscription '" + key + "' already has an active consumer: an unshared durable " +
                "subscription takes one consumer at a time (close the other, or use createSharedDurableConsumer)";
        }
        return null;
    }

    /**
     * Why a durable subscription cannot be deleted now, or null if it can.
     *
     * @param key   the subscription's key.
     * @param queue its queue.
     * @return why not, or null.
     */
    static String whyNotUnsubscribe(final String key, final HostedQueue queue)
    {
        return !queue.consumers.isEmpty() ? "durable subscription '" + key + "' has an active consumer: close it " +
            "before unsubscribing" : !queue.detached.isEmpty() ? "durable subscription '" + key + "' has messages " +
            "that a session received and has not yet acknowledged or committed: finish that first" : null;
    }

    private void delete(final DurableTopicFeed feed)
    {
        final String key = feed.feed.state().key();
        durableFeeds.remove(key);
        queues.unhost(feed.queue);
        feed.queue.dropAll();
        feed.feed.delete();
    }

    /**
     * A queue's consumers may all have gone: if it is a shared subscription's, the subscription closes.
     *
     * @param queue the queue.
     */
    void closeUnusedSharedFeed(final HostedQueue queue)
    {
        if (!queue.consumers.isEmpty())
        {
            return;
        }
        if (null != logged)
        {
            logged.closeIfUnused(queue);
        }
        final Iterator<Map.Entry<String, SharedFeed>> feeds = sharedFeeds.entrySet().iterator();
        while (feeds.hasNext())
        {
            final SharedFeed feed = feeds.next().getValue();
            if (feed.queue == queue)
            {
                feed.subscription.close();
                queues.remove(queue, "was removed");
                feeds.remove();
            }
        }
    }

    /**
     * Polls the shared subscriptions' streams, then the durable subscriptions' recordings.
     *
     * @return the work done.
     */
    int poll()
    {
        int work = 0;
        for (final SharedFeed feed : sharedFeeds.values())
        {
            work += feed.poll();
        }
        for (final DurableTopicFeed feed : durableFeeds.values())
        {
            work += feed.poll(context.nowMs);
        }
        return work;
    }

    /**
     * Retention is about to purge a recording: the durable subscriptions stop replaying it.
     *
     * @param recordingId the recording.
     */
    void releaseReplay(final long recordingId)
    {
        for (final DurableTopicFeed feed : durableFeeds.values())
        {
            feed.feed.releaseReplay(recordingId);
        }
    }

    /**
     * Shows durable subscriptions' lag once a second (it asks the archive).
     *
     * @param nowNs the host's clock now.
     */
    void updateLag(final long nowNs)
    {
        if (nowNs - lastLagCheckNs < LAG_INTERVAL_NS)
        {
            return;
        }
        lastLagCheckNs = nowNs;
        for (final DurableTopicFeed feed : durableFeeds.values())
        {
            if (feed.queue.counters != null)
            {
                feed.queue.counters.lag(feed.feed.lagBytes());
            }
        }
    }

    /** Closes the durable subscriptions' feeds (their positions are stored; they stay). */
    void closeDurableFeeds()
    {
        for (final DurableTopicFeed feed : durableFeeds.values())
        {
            feed.feed.close();
        }
    }

    /** Closes the shared subscriptions' streams. */
    void closeSharedFeeds()
    {
        for (final SharedFeed feed : sharedFeeds.values())
        {
            feed.subscription.close();
        }
    }

    /**
     * Adds the subscriptions to a digest, each by key: a shared one's topic and queue, a durable one's definition and
     * positions (their queues' contents are the queues' part of the digest).
     *
     * @param digest the digest.
     */
    void digest(final HostStateDigest digest)
    {
        digest.part("shared").add(sharedFeeds.size());
        for (final Map.Entry<String, SharedFeed> feed : sharedFeeds.entrySet())
        {
            digest.add(feed.getKey()).add(feed.getValue().topic).add(feed.getValue().queue.name);
        }
        digest.part("durable").add(durableFeeds.size());
        for (final Map.Entry<String, DurableTopicFeed> feed : durableFeeds.entrySet())
        {
            digest.add(feed.getKey()).add(feed.getValue().feed.state().digestText()).add(feed.getValue().queue.name);
        }
        if (null != logged)
        {
            logged.digest(digest);
        }
    }

    private DurableTopicFeed hosted(final DurableTopicFeed feed)
    {
        queues.host(feed.queue, feed.queue.name);
        return feed;
    }

    private Predicate<EnvelopeReader> compileStored(final DurableState state)
    {
        try
        {
            return context.compile(state.selector());
        }
        catch (final IllegalArgumentException ex)
        {
            LOGGER.log(System.Logger.Level.ERROR, "stored durable subscription '" + state.key() + "' has a selector " +
                "that no longer compiles; it gets every message: " + ex.getMessage());
            return null;
        }
    }
}
