package io.wirespeed.jms.delivery;

import javax.jms.JMSException;

import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.wire.ConnectionId;

/**
 * A connection as its delivery thread and its {@link DeliveryGate} see it: its id, its started flag (the
 * connection's, read on every pass of the receive and delivery loops), its queue client if one is open, and where
 * its asynchronous faults go. The connection's own class lives above this package.
 */
public interface DeliveryConnection
{
    /** @return the connection's id. */
    ConnectionId id();

    /** @return whether the connection is started. */
    boolean isStarted();

    /**
     * Sets the started flag; for the {@link DeliveryGate}, which serialises start and stop.
     *
     * @param started whether the connection is now started.
     */
    void started(boolean started);

    /** @return the connection's queue client if one is open, else null (nothing is opened). */
    QueueClient queueClientIfOpen();

    /**
     * Reports an asynchronous fault to the connection's exception listener.
     *
     * @param exception the fault.
     */
    void onAsyncException(JMSException exception);
}
