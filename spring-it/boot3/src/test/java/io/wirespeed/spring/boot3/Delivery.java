package io.wirespeed.spring.boot3;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

/**
 * What a listener saw of one message: its text, its redelivery marks and the thread that ran the listener.
 *
 * @param body          the text of the message.
 * @param redelivered   {@code JMSRedelivered}.
 * @param deliveryCount {@code JMSXDeliveryCount}.
 * @param thread        the name of the listener's thread.
 */
record Delivery(String body, boolean redelivered, int deliveryCount, String thread)
{
    /**
     * Records a text message as the current thread sees it.
     *
     * @param message the delivered message.
     * @return the record.
     * @throws JMSException if the message cannot be read.
     */
    static Delivery of(final Message message) throws JMSException
    {
        return new Delivery(((TextMessage)message).getText(), message.getJMSRedelivered(),
            message.getIntProperty("JMSXDeliveryCount"), Thread.currentThread().getName());
    }
}
