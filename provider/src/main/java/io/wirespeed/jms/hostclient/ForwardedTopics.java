package io.wirespeed.jms.hostclient;

import java.util.Set;

/**
 * The topics that a clustered queue host's durable subscriptions are on, as the host last said ({@code
 * ForwardedTopics}, sent before {@code Connected}, whenever they change and at each new leader): what this connection
 * forwards into the cluster's ingress when it publishes to them, so that the subscriptions, which the log feeds, get
 * the message. Written by whoever polls the reply stream, read by the sending threads.
 */
final class ForwardedTopics
{
    private volatile Set<String> topics = Set.of();

    /**
     * The host said which topics are subscribed now.
     *
     * @param names all of them.
     */
    void onTopics(final Set<String> names)
    {
        topics = names;
    }

    /**
     * @param topic a topic's name.
     * @return whether a durable subscription of the host is on it.
     */
    boolean contains(final String topic)
    {
        return topics.contains(topic);
    }
}
