package io.wirespeed.jms.context;

import javax.jms.TemporaryQueue;
import javax.jms.TemporaryTopic;

/**
 * A queue or topic of {@link InMemoryConnection}, by name; one class serves every destination interface.
 */
final class InMemoryDestination implements TemporaryQueue, TemporaryTopic
{
    private final String name;
    private final boolean queue;

    InMemoryDestination(final String name, final boolean queue)
    {
        this.name = name;
        this.queue = queue;
    }

    boolean isQueue()
    {
        return queue;
    }

    @Override
    public String getQueueName()
    {
        return name;
    }

    @Override
    public String getTopicName()
    {
        return name;
    }

    @Override
    public void delete()
    {
    }

    @Override
    public boolean equals(final Object other)
    {
        return other instanceof InMemoryDestination &&
            ((InMemoryDestination)other).name.equals(name) && ((InMemoryDestination)other).queue == queue;
    }

    @Override
    public int hashCode()
    {
        return name.hashCode();
    }

    @Override
    public String toString()
    {
        return (queue ? "queue://" : "topic://") + name;
    }
}
