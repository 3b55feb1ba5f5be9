package io.wirespeed.jms.destination;

import io.wirespeed.codec.DestinationKind;

import javax.jms.Queue;

/**
 * A queue: each message is consumed by exactly one consumer.
 */
public class JmsQueue extends JmsDestination implements Queue
{
    private static final long serialVersionUID = 1L;

    /**
     * @param name the queue name.
     */
    public JmsQueue(final String name)
    {
        super(name);
    }

    @Override
    public String getQueueName()
    {
        return name();
    }

    @Override
    public DestinationKind kind()
    {
        return DestinationKind.QUEUE;
    }
}
