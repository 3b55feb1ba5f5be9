package io.wirespeed.jms.destination;

import javax.jms.JMSException;
import javax.jms.TemporaryTopic;

import io.wirespeed.codec.DestinationKind;

/**
 * A temporary topic: exists while its connection lives, consumed only by that connection. Objects
 * decoded from a JMSReplyTo have no owner and cannot delete it.
 */
public class JmsTemporaryTopic extends JmsTopic implements TemporaryTopic
{
    private static final long serialVersionUID = 1L;

    private final transient TemporaryOwner owner;

    /**
     * @param name  the generated name.
     * @param owner the connection that created it, or null when decoded from a message.
     */
    public JmsTemporaryTopic(final String name, final TemporaryOwner owner)
    {
        super(name);
        this.owner = owner;
    }

    @Override
    public DestinationKind kind()
    {
        return DestinationKind.TEMPORARY_TOPIC;
    }

    @Override
    public void delete() throws JMSException
    {
        if (owner == null)
        {
            throw new JMSException("only the connection that created temporary topic '" + name() + "' can delete it");
        }
        owner.deleteTemporary(this);
    }
}
