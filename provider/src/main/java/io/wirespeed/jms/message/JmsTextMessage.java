package io.wirespeed.jms.message;

import javax.jms.JMSException;
import javax.jms.TextMessage;

/**
 * A {@link TextMessage}: its body is one String, possibly null. The body is read-only on a received message until
 * {@code clearBody()}.
 */
public class JmsTextMessage extends JmsMessage implements TextMessage
{
    private String text;

    @Override
    public JmsMessageType messageType()
    {
        return JmsMessageType.TEXT;
    }

    @Override
    public void setText(final String text) throws JMSException
    {
        checkBodyWritable();
        WellFormedText.check(text, "The text of a TextMessage", null);
        this.text = text;
    }

    @Override
    public String getText()
    {
        return text;
    }

    /**
     * Sets the text ignoring the read-only state, for decoders.
     *
     * @param text the decoded text, may be null.
     */
    public void setTextUnchecked(final String text)
    {
        this.text = text;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Returns the text, or null when there is none.
     */
    @Override
    public <T> T getBody(final Class<T> c) throws JMSException
    {
        if (null == text)
        {
            return null;
        }
        if (!c.isAssignableFrom(String.class))
        {
            throw JmsMessageExceptions.format(
                "The body of a TextMessage is a String and cannot be returned as " + c.getName() +
                "; ask for String.class", null);
        }
        return c.cast(text);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public boolean isBodyAssignableTo(final Class c)
    {
        return null == text || c.isAssignableFrom(String.class);
    }

    @Override
    public JmsTextMessage copy()
    {
        final JmsTextMessage copy = new JmsTextMessage();
        copyTo(copy);
        copy.text = text;
        return copy;
    }

    @Override
    protected void doClearBody()
    {
        text = null;
    }
}
