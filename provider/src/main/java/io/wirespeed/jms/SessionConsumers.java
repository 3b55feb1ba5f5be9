package io.wirespeed.jms;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.jms.Destination;
import javax.jms.IllegalStateException;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.Topic;

import io.wirespeed.jms.config.HostMembers;
import io.wirespeed.jms.consumer.ConsumerSpec;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.hostclient.DurableSubscriptions;

/**
 * The consumers of one session and the rules for creating them: which destinations they may read, what names
 * shared and durable subscriptions need, and the subscription keys those names become. The session checks its
 * own state (open, domain) before it asks.
 */
final class SessionConsumers
{
    private final JmsSession session;
    private final List<JmsMessageConsumer> consumers = new CopyOnWriteArrayList<>();

    SessionConsumers(final JmsSession session)
    {
        this.session = session;
    }

    /**
     * Creates a consumer of a queue or topic, as {@code Session.createConsumer}.
     *
     * @param destination     the destination.
     * @param messageSelector the selector, or null.
     * @param noLocal         whether to skip messages this connection published (topics only).
     * @return the consumer.
     * @throws JMSException as {@code Session.createConsumer}.
     */
    JmsMessageConsumer create(final Destination destination, final String messageSelector, final boolean noLocal)
        throws JMSException
    {
        return add(new JmsMessageConsumer(session,
            ConsumerSpec.of(JmsDestination.ofGiven(destination, false), messageSelector, noLocal)));
    }

    /**
     * Creates a consumer of a shared non-durable subscription, as {@code Session.createSharedConsumer}.
     *
     * @param topic           the topic.
     * @param name            the subscription's name.
     * @param messageSelector the selector, or null.
     * @return the consumer.
     * @throws JMSException as {@code Session.createSharedConsumer}.
     */
    JmsMessageConsumer createShared(final Topic topic, final String name, final String messageSelector)
        throws JMSException
    {
        final ConsumerSpec spec = ConsumerSpec.shared(JmsDestination.ofGiven(topic, false), name, messageSelector);
        checkHostHears(spec.destination(), "shared");
        return add(new JmsMessageConsumer(session, spec));
    }

    /**
     * Creates the consumer of an unshared durable subscription, as {@code Session.createDurableConsumer}.
     *
     * @param topic           the topic.
     * @param name            the subscription's name.
     * @param messageSelector the selector, or null.
     * @param noLocal         whether to skip messages this connection published.
     * @return the consumer.
     * @throws JMSException as {@code Session.createDurableConsumer}.
     */
    JmsMessageConsumer createDurable(
        final Topic topic, final String name, final String messageSelector, final boolean noLocal) throws JMSException
    {
        final JmsDestination target = durableTopic(topic);
        final String clientId = session.connection().getClientID();
        if (clientId == null)
        {
            throw new IllegalStateException("an unshared durable subscription needs a client id: call " +
                "Connection.setClientID right after creating the connection, or add clientId=<id> to the URI " +
                "(or use createSharedDurableConsumer, which does not need one)");
        }
        return add(new JmsMessageConsumer(session, ConsumerSpec.durable(target, name, messageSelector, noLocal)));
    }

    /**
     * Creates a consumer of a shared durable subscription, as {@code Session.createSharedDurableConsumer}.
     *
     * @param topic           the topic.
     * @param name            the subscription's name.
     * @param messageSelector the selector, or null.
     * @return the consumer.
     * @throws JMSException as {@code Session.createSharedDurableConsumer}.
     */
    JmsMessageConsumer createSharedDurable(final Topic topic, final String name, final String messageSelector)
        throws JMSException
    {
        final JmsDestination target = durableTopic(topic);
        return add(new JmsMessageConsumer(session, ConsumerSpec.sharedDurable(target, name, messageSelector)));
    }

    /**
     * Deletes a durable subscription, as {@code Session.unsubscribe}.
     *
     * @param name the subscription's name.
     * @throws JMSException as {@code Session.unsubscribe}.
     */
    void unsubscribe(final String name) throws JMSException
    {
        final JmsConnection connection = session.connection();
        final String key = DurableSubscriptions.key(connection.getClientID(), name);
        connection.durableQueueClient().unsubscribe(key);
    }

    /**
     * Creates a browser of a queue, as {@code Session.createBrowser}.
     *
     * @param queue           the queue.
     * @param messageSelector the selector, or null.
     * @return the browser.
     * @throws JMSException as {@code Session.createBrowser}.
     */
    JmsQueueBrowser createBrowser(final Queue queue, final String messageSelector) throws JMSException
    {
        final JmsDestination target = JmsDestination.ofGiven(queue, false);
        session.connection().checkMayConsume(target);
        return new JmsQueueBrowser(session, (Queue)target, messageSelector);
    }

    /**
     * Forgets a closed consumer.
     *
     * @param consumer the consumer.
     */
    void remove(final JmsMessageConsumer consumer)
    {
        consumers.remove(consumer);
    }

    /** @return whether one of these consumers is delivering to its MessageListener on the current thread. */
    boolean anyDeliveringToListener()
    {
        for (final JmsMessageConsumer consumer : consumers)
        {
            if (consumer.isDeliveringToListener())
            {
                return true;
            }
        }
        return false;
    }

    /**
     * Closes every consumer, each even when another fails.
     *
     * @return the first failure, or null.
     */
    JMSException closeAll()
    {
        JMSException failure = null;
        for (final JmsMessageConsumer consumer : new ArrayList<>(consumers))
        {
            try
            {
                consumer.close();
            }
            catch (final JMSException ex)
            {
                failure = failure == null ? ex : failure;
            }
        }
        return failure;
    }

    private JmsMessageConsumer add(final JmsMessageConsumer consumer)
    {
        consumers.add(consumer);
        return consumer;
    }

    private JmsDestination durableTopic(final Topic topic) throws JMSException
    {
        final JmsDestination target = JmsDestination.ofGiven(topic, false);
        if (target.isTemporary())
        {
            throw new InvalidDestinationException("a durable subscription cannot be on temporary topic '" +
                target.name() + "': temporary topics live only as long as their connection");
        }
        checkHostHears(target, "durable");
        return target;
    }

    /**
     * The single queue host feeds shared and durable subscriptions from the topic itself: a host in another process
     * (the {@code host=} option) with this JVM's embedded driver cannot hear a topic on IPC, which is this driver's
     * shared memory, and its subscription would receive nothing. A clustered host's durable subscriptions are fed by
     * the publishers, which forward into its log whatever channel the topic travels on.
     */
    private void checkHostHears(final JmsDestination topic, final String kind) throws JMSException
    {
        final JmsConnection connection = session.connection();
        final String host = connection.config().host();
        if (null == host || !connection.config().embeddedDriver() || HostMembers.isCluster(host))
        {
            return;
        }
        final String channel = connection.routing().channel(topic.name());
        if (io.wirespeed.jms.config.MediaChannels.isSharedMemory(channel))
        {
            throw new JMSException("a " + kind + " subscription on topic '" + topic.name() + "' would receive " +
                "nothing: the queue host at " + host + " feeds it from the topic, which travels on " + channel +
                ", the shared memory of this JVM's embedded media driver, which no other process hears. Route the " +
                "topic to a channel the host's machine receives: route." + topic.name() + "=aeron:udp?endpoint=" +
                "<multicast group or the host's address>:<port> (or a wirespeed:udp?endpoint=... URI for every " +
                "topic); see docs/deployment.md, \"Topics\"", "WIRESPEED_HOST_CANNOT_HEAR_TOPIC");
        }
    }
}
