package io.wirespeed.jms.context;

import java.io.Serializable;

import javax.jms.JMSException;
import javax.jms.MessageFormatException;
import javax.jms.ObjectMessage;

/**
 * An {@link ObjectMessage} for {@link InMemoryConnection}; it keeps the object itself rather than its bytes.
 */
final class InMemoryObjectMessage extends InMemoryMessage implements ObjectMessage
{
    private Serializable object;

    InMemoryObjectMessage(final Serializable object)
    {
        this.object = object;
    }

    @Override
    InMemoryMessage bodyCopy()
    {
        return new InMemoryObjectMessage(object);
    }

    @Override
    public void setObject(final Serializable object)
    {
        this.object = object;
    }

    @Override
    public Serializable getObject()
    {
        return object;
    }

    @Override
    public void clearBody()
    {
        object = null;
    }

    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        if (null != object && !c.isInstance(object))
        {
            throw new MessageFormatException("An ObjectMessage holding a " + object.getClass().getName() +
                " cannot be read as " + c.getName());
        }
        return c.cast(object);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return null == object || c.isInstance(object);
    }
}
