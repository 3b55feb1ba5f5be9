package io.wirespeed.jms.hostclient;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The topics that a clustered queue host's shared and durable subscriptions are on, as the host last said: all of
 * them ({@code ForwardedTopics}, before {@code Connected} and at each new leader), then each change
 * ({@code ForwardedTopicChange}): what this connection forwards into the cluster's ingress when it publishes to them,
 * so that the subscriptions, which the log feeds, get the message. Written by whoever polls the reply stream, read by
 * the sending threads; a topic on both an old and a new whole list is never missing in between.
 */
final class ForwardedTopics
{
    private final Set<String> topics = ConcurrentHashMap.newKeySet();

    /**
     * The host said which topics are subscribed now, all of them: the new ones are added before the gone ones go.
     *
     * @param names all of them.
     */
    void onTopics(final Set<String> names)
    {
        topics.addAll(names);
        topics.retainAll(names);
    }

    /**
     * The host said that a topic gained its first subscription, or lost its last.
     *
     * @param topic     the topic.
     * @param forwarded whether it is subscribed now.
     */
    void onChange(final String topic, final boolean forwarded)
    {
        if (forwarded)
        {
            topics.add(topic);
        }
        else
        {
            topics.remove(topic);
        }
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
