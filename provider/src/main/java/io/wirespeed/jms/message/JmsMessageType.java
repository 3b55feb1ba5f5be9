package io.wirespeed.jms.message;

/**
 * The kind of body a message has, for encoders and decoders that switch on it instead of testing classes.
 */
public enum JmsMessageType
{
    /** A {@link javax.jms.Message} without body. */
    MESSAGE("Message"),
    /** A {@link javax.jms.BytesMessage}. */
    BYTES("BytesMessage"),
    /** A {@link javax.jms.TextMessage}. */
    TEXT("TextMessage"),
    /** A {@link javax.jms.MapMessage}. */
    MAP("MapMessage"),
    /** A {@link javax.jms.StreamMessage}. */
    STREAM("StreamMessage"),
    /** A {@link javax.jms.ObjectMessage}. */
    OBJECT("ObjectMessage");

    private final String interfaceName;

    JmsMessageType(final String interfaceName)
    {
        this.interfaceName = interfaceName;
    }

    /**
     * The simple name of the JMS interface, as used in exception messages.
     *
     * @return e.g. "BytesMessage".
     */
    public String interfaceName()
    {
        return interfaceName;
    }
}
