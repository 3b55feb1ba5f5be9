package io.wirespeed.jms.destination;

import javax.jms.JMSException;

/**
 * The connection that created a temporary destination: the only one that may consume from it or
 * delete it.
 */
public interface TemporaryOwner
{
    /**
     * Deletes a temporary destination this connection created.
     *
     * @param destination the destination.
     * @throws JMSException if consumers still use it, or the connection is closed.
     */
    void deleteTemporary(JmsDestination destination) throws JMSException;
}
