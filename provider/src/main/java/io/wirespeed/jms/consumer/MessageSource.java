package io.wirespeed.jms.consumer;

import javax.jms.JMSException;

import io.wirespeed.jms.message.JmsMessage;
import io.wirespeed.jms.wire.MessageDecoder;
import io.wirespeed.transport.MessageHandler;

/**
 * Where a consumer's envelopes come from, and what the consumer owes that place: the connection's topic streams
 * ({@link TopicStreamSource}, for a consumer of one topic or of a wildcard pattern) or the queue host
 * ({@link QueueHostSource}, for a queue, a shared or a durable subscription). The source fills the consumer's inbox
 * and hands its envelopes out in order; it decides which of them the application sees (a topic consumer filters
 * its own, the host filtered a queue consumer's), tags a message with what its acknowledgement needs, and keeps
 * the host's credit, acknowledgements and give-backs. The consumer keeps the JMS API, the listener and the
 * session's acknowledgement; it works the same on every source.
 */
public interface MessageSource
{
    /** What becomes of an envelope the source has handed out. */
    enum Admission
    {
        /** The application gets it now. */
        DELIVER,
        /** The application never sees it: filtered out, expired, or not for this consumer. */
        SKIP,
        /** Sent with a delivery delay still running: the consumer holds it until it is due. */
        HOLD
    }

    /**
     * Hands the envelopes waiting in the consumer's inbox to a handler, in order, reading more into the inbox first
     * when it is empty where the source reads itself.
     *
     * @param handler gets each envelope.
     * @param limit   the most envelopes to hand out.
     * @return the envelopes handed out.
     */
    int poll(MessageHandler handler, int limit);

    /**
     * Says what becomes of the envelope just handed out, which the decoder has wrapped; one skipped is forgotten
     * as far as the source is concerned (a queue host's is acknowledged and its credit returned).
     *
     * @param decoder wrapped on the envelope.
     * @return what becomes of it.
     */
    Admission admit(MessageDecoder decoder);

    /**
     * Whether the envelope being handed out was validated when it was read, so that the consumer's decoder reads it
     * without validating it again (a topic stream validates what it dispatches); from the handler of {@link #poll}.
     *
     * @return true when it was validated, false when the consumer must validate it.
     */
    boolean isValidated();

    /**
     * Whether every envelope this source admits names the consumer's own destination, its kind and name compared
     * already (a stream's one-topic inbox, a queue host's source), so that decoding does not compare them again.
     *
     * @return true when it does; false for a source of several destinations (a wildcard pattern).
     */
    boolean deliversOnlyItsDestination();

    /** The envelope just handed out is malformed and dropped: the source forgets it as it forgets one skipped. */
    void discard();

    /**
     * Marks a message decoded from the envelope just handed out with what its acknowledgement needs.
     *
     * @param message the message.
     */
    void tag(JmsMessage message);

    /**
     * Says whether the consumer has a listener, so that the delivery thread reads for it.
     *
     * @param listening whether it has one.
     */
    void listen(boolean listening);

    /**
     * Says whether envelopes wait in the inbox that only a signal would bring to the delivery thread: a source that
     * signals its consumer as envelopes arrive says so, and the delivery thread serves the consumer again; a source
     * whose streams announce its envelopes to the delivery thread says false.
     *
     * @return whether envelopes wait that the delivery thread must come back for.
     */
    boolean hasDeliveries();

    /** A message from this source was handed to the application: the source may ask for another. */
    void consumed();

    /**
     * @return the queue host's id of the consumer this source serves, which its acknowledgements name; 0 for a
     *         source the queue host does not serve.
     */
    default long hostConsumerId()
    {
        return 0;
    }

    /**
     * A message this source delivered was acknowledged.
     *
     * @param deliveryTag the tag it was delivered with; 0 when it needs no acknowledgement on the wire.
     * @return false if the acknowledgement applies to nothing: a clustered queue host gave the delivery up (and the
     *         message back to its queue) when it gave up the connection's session.
     */
    boolean acknowledge(long deliveryTag);

    /**
     * A message the session recovered after the consumer closed goes back where it came from, if anywhere.
     *
     * @param deliveryTag the tag it was delivered with; 0 when it needs no acknowledgement on the wire.
     */
    void giveBack(long deliveryTag);

    /**
     * The connection stopped: the source takes nothing more and returns what it was sent ahead; nothing for a
     * source that is not paced by credit.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    void pause() throws JMSException;

    /**
     * The connection started: the source takes messages again.
     *
     * @throws JMSException if the queue host cannot be reached.
     */
    void resume() throws JMSException;

    /**
     * Closes the source; what its consumer was sent ahead and never handed out goes back.
     *
     * @param sessionHoldsAny whether the consumer's session still holds unacknowledged messages from it.
     */
    void close(boolean sessionHoldsAny);
}
