package io.wirespeed.jms.message;

import javax.jms.JMSException;

/**
 * What {@link javax.jms.Message#acknowledge()} does for a received message; the session sets it on dispatch.
 * <p>
 * A message that was not received through a client-acknowledge session has no callback, and acknowledging it does
 * nothing, as the specification asks for transacted and implicitly acknowledging sessions.
 */
@FunctionalInterface
public interface JmsAcknowledgeCallback
{
    /**
     * Acknowledges the given message and every message consumed before it by the same session.
     *
     * @param message the message the application called {@code acknowledge()} on.
     * @throws JMSException IllegalStateException when the session is closed, or the provider's failure.
     */
    void acknowledge(JmsMessage message) throws JMSException;
}
