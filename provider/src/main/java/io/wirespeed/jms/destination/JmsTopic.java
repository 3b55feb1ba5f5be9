package io.wirespeed.jms.destination;

import io.wirespeed.codec.DestinationKind;

import javax.jms.Topic;

/**
 * A topic: every subscriber receives every message published to it.
 */
public class JmsTopic extends JmsDestination implements Topic
{
    private static final long serialVersionUID = 1L;

    /**
     * @param name the topic name.
     */
    public JmsTopic(final String name)
    {
        super(name);
    }

    @Override
    public String getTopicName()
    {
        return name();
    }

    @Override
    public DestinationKind kind()
    {
        return DestinationKind.TOPIC;
    }
}
