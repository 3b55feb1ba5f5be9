package io.wirespeed.spring;

/**
 * What a listener saw of one message: its text, its redelivery marks and the thread that ran the listener.
 *
 * @param body          the text of the message.
 * @param redelivered   {@code JMSRedelivered}.
 * @param deliveryCount {@code JMSXDeliveryCount}.
 * @param thread        the name of the listener's thread.
 */
public record Delivery(String body, boolean redelivered, int deliveryCount, String thread)
{
}
