package io.wirespeed.jms;

import javax.jms.JMSException;
import javax.jms.Message;

/**
 * A {@link javax.jms.MessageConsumer} that can hand a message it just delivered back to itself, which
 * {@link JmsConsumer#receiveBody(Class)} needs when the body cannot be returned in an
 * {@code AUTO_ACKNOWLEDGE} or {@code DUPS_OK_ACKNOWLEDGE} session.
 */
public interface RedeliveringConsumer
{
    /**
     * Puts a message this consumer has just delivered back at its head, so that the next receive or listener
     * dispatch returns it again before any other message.
     * <p>
     * As the specification asks for a failed {@code receiveBody}, this is not a redelivery: the message is
     * returned as if it had never been delivered, with {@code JMSRedelivered} and {@code JMSXDeliveryCount}
     * unchanged, and it is not acknowledged meanwhile.
     *
     * @param message the message the last receive on this consumer returned.
     * @throws JMSException IllegalStateException when the consumer is closed, or the provider's failure.
     */
    void redeliver(Message message) throws JMSException;
}
