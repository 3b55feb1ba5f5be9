package io.wirespeed.jms.delivery;

import javax.jms.JMSException;

import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.intake.ServedConsumer;
import io.wirespeed.jms.message.JmsMessage;

/**
 * A consumer as delivery sees it: the delivery thread serves its listener, the connection's start and stop open
 * and close its queue-host credit, and its session's {@link Deliveries} hand back what the session acknowledged or
 * recovered. The consumer's own class lives above this package.
 */
public interface DeliveredConsumer extends ServedConsumer
{
    /**
     * Tells the delivery thread that this consumer has something for its listener that no topic stream announces
     * (a queue host's delivery in its inbox, a redelivery, a delayed message), unless it was told already and has
     * not served the consumer since; any thread. Nothing when no listener is set.
     */
    void signalDelivery();

    /** The delivery thread is about to serve this consumer: later arrivals signal again. */
    void clearSignal();

    /**
     * @return whether this consumer still holds what no stream announces: deliveries its source signals,
     * redeliveries or delayed messages.
     */
    boolean hasSignalledDeliveries();

    /**
     * The connection stopped: a consumer served by the queue host takes nothing more, and what the host had sent it
     * ahead goes back to the queue in order; nothing for a topic consumer.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    void pauseQueueDelivery() throws JMSException;

    /**
     * The connection started: a consumer served by the queue host opens its credit window again.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    void resumeQueueDelivery() throws JMSException;

    /**
     * @return the queue host's id of this consumer, which its acknowledgements name; 0 if the host does not serve it.
     */
    long hostConsumerId();

    /**
     * Called when a message this consumer delivered is acknowledged: a queue's host forgets it.
     *
     * @param deliveryTag the tag the message was delivered with; 0 when it needs no acknowledgement on the wire.
     * @return false if the acknowledgement applies to nothing: a clustered queue host gave the delivery up (and the
     *         message back to its queue) when it gave up the connection's session.
     */
    boolean onAcknowledged(long deliveryTag);

    /**
     * Takes back a message its session recovered or rolled back: the consumer delivers it again, or, once closed,
     * gives it back to the queue host.
     *
     * @param message the message, already marked redelivered.
     */
    void onRecovered(JmsMessage message);

    /** @return the destination this consumer consumes from. */
    JmsDestination destination();
}
