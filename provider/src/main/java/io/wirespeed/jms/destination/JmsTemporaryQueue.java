package io.wirespeed.jms.destination;

import javax.jms.JMSException;
import javax.jms.TemporaryQueue;

import io.wirespeed.codec.DestinationKind;

/**
 * A temporary queue: hosted while its connection lives, consumed only by that connection. Objects
 * decoded from a JMSReplyTo have no owner and cannot delete it.
 */
public class JmsTemporaryQueue extends JmsQueue implements TemporaryQueue
{
    private static final long serialVersionUID = 1L;

    private final transient TemporaryOwner owner;

    /**
     * @param name  the generated name.
     * @param owner the connection that created it, or null when decoded from a message.
     */
    public JmsTemporaryQueue(final String name, final TemporaryOwner owner)
    {
        super(name);
        this.owner = owner;
    }

    @Override
    public DestinationKind kind()
    {
        return DestinationKind.TEMPORARY_QUEUE;
    }

    @Override
    public void delete() throws JMSException
    {
        if (owner == null)
        {
            throw new JMSException("only the connection that created temporary queue '" + name() + "' can delete it");
        }
        owner.deleteTemporary(this);
    }
}
