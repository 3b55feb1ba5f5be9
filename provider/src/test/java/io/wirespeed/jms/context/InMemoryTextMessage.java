package io.wirespeed.jms.context;

import javax.jms.JMSException;
import javax.jms.MessageFormatException;
import javax.jms.TextMessage;

/**
 * A {@link TextMessage} for {@link InMemoryConnection}.
 */
final class InMemoryTextMessage extends InMemoryMessage implements TextMessage
{
    private String text;

    InMemoryTextMessage(final String text)
    {
        this.text = text;
    }

    @Override
    InMemoryMessage bodyCopy()
    {
        return new InMemoryTextMessage(text);
    }

    @Override
    public void setText(final String text)
    {
        this.text = text;
    }

    @Override
    public String getText()
    {
        return text;
    }

    @Override
    public void clearBody()
    {
        text = null;
    }

    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        if (null != text && !c.isAssignableFrom(String.class))
        {
            throw new MessageFormatException("A TextMessage body cannot be read as " + c.getName());
        }
        return c.cast(text);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return null == text || c.isAssignableFrom(String.class);
    }
}
