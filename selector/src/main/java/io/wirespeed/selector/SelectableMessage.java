package io.wirespeed.selector;

/**
 * The header fields and properties of a message object, as an {@link ObjectSelectorSource} reads them: what a
 * selector may name, without the JMS API (the provider adapts its messages). A getter may throw a
 * RuntimeException when the message cannot be read; evaluation lets it through.
 */
public interface SelectableMessage
{
    /**
     * @param name the property's name.
     * @return the property's value (String, Boolean, Byte, Short, Integer, Long, Float or Double), or null if unset.
     */
    Object property(String name);

    /** @return whether the message is PERSISTENT (JMSDeliveryMode). */
    boolean persistent();

    /** @return JMSPriority. */
    int priority();

    /** @return JMSTimestamp. */
    long timestamp();

    /** @return JMSMessageID, or null. */
    String messageId();

    /** @return JMSCorrelationID, or null. */
    String correlationId();

    /** @return JMSType, or null. */
    String type();
}
