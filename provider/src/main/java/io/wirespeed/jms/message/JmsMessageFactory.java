package io.wirespeed.jms.message;

/**
 * Creates new, writable messages of each JMS type; what a session's {@code createXxxMessage} methods and a
 * decoder that knows only the {@link JmsMessageType} call.
 */
public final class JmsMessageFactory
{
    private JmsMessageFactory()
    {
    }

    /**
     * Creates an empty message of the given type.
     *
     * @param type the body type.
     * @return a new message in the state of a newly created one.
     */
    public static JmsMessage create(final JmsMessageType type)
    {
        switch (type)
        {
            case BYTES:
                return new JmsBytesMessage();
            case TEXT:
                return new JmsTextMessage();
            case MAP:
                return new JmsMapMessage();
            case STREAM:
                return new JmsStreamMessage();
            case OBJECT:
                return new JmsObjectMessage();
            default:
                return new JmsMessage();
        }
    }

    /**
     * Creates a TextMessage holding the given text.
     *
     * @param text the body, may be null.
     * @return a new, writable message.
     */
    public static JmsTextMessage createTextMessage(final String text)
    {
        final JmsTextMessage message = new JmsTextMessage();
        message.setTextUnchecked(text);
        return message;
    }
}
