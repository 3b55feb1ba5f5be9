package io.wirespeed.jms.hostclient;

import javax.jms.InvalidDestinationException;

/**
 * How a durable subscription is named at the queue host: the client id (empty when unset, which only
 * shared durable subscriptions allow), a slash, and the subscription's name.
 */
public final class DurableSubscriptions
{
    private DurableSubscriptions()
    {
    }

    /**
     * The key of a durable subscription.
     *
     * @param clientId the connection's client id, or null.
     * @param name     the subscription's name.
     * @return client id, "/", name.
     * @throws InvalidDestinationException if the name is null or empty.
     */
    public static String key(final String clientId, final String name) throws InvalidDestinationException
    {
        if (name == null || name.isEmpty())
        {
            throw new InvalidDestinationException("a durable subscription needs a name: give a non-empty one");
        }
        return (clientId == null ? "" : clientId) + "/" + name;
    }
}
