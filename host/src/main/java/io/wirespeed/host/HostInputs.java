package io.wirespeed.host;

import org.agrona.DirectBuffer;

/**
 * The inputs of the queue host's state machine, each a call: a control request, a queue message, and time. Given the
 * same calls in the same order, two state machines end in the same state ({@link QueueHost#stateDigest()}) and send
 * the same responses through their egress ({@link HostEgress}). The single host's driver ({@link QueueHost#doWork})
 * polls the host's streams and makes these calls, and reports the clients its egress gave up ({@link #onClientLost});
 * in a cluster they come from the log. Called on one thread only.
 */
public interface HostInputs
{
    /**
     * A control request of a client, as it arrived: its client's identity (connection id and reply stream) is in the
     * request. A request that fails the schema's checks, or whose client may not send it, is dropped with a warning.
     *
     * @param udp    whether it came over UDP (its client must have opened a session with a Connect).
     * @param buffer holding the request.
     * @param offset where it starts.
     * @param length its length.
     */
    void onControlRequest(boolean udp, DirectBuffer buffer, int offset, int length);

    /**
     * A queue message (an envelope) a producer sent: admitted to its queue, or refused with notice to its sender.
     *
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     */
    void onQueueMessage(DirectBuffer buffer, int offset, int length);

    /**
     * A topic message a clustered host's client forwarded into the log: the topic has durable subscriptions, each of
     * which takes a copy as its selector and noLocal let it.
     *
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     */
    void onTopicMessage(DirectBuffer buffer, int offset, int length);

    /**
     * A queue message a clustered host's client staged for its transaction's commit
     * ({@link ControlListener#onCommit}): invisible to consumers until the commit takes it into its queue.
     *
     * @param buffer holding the transaction's id (little-endian int64), then the envelope.
     * @param offset where the id starts.
     * @param length the id's and the envelope's length.
     */
    void onStagedQueueMessage(DirectBuffer buffer, int offset, int length);

    /**
     * Time moves: the state machine takes this time for what follows (until the next tick) and does its timed work:
     * browses, dispatch to consumers with credit, room for waiting producers, and, at its intervals, the clients'
     * liveness (heard from within the client timeout), unused queues, counters.
     *
     * @param nowNs the monotonic time, for timeouts and intervals.
     * @param nowMs the wall time (epoch ms), for the messages' expiry and delivery times.
     * @return the work done.
     */
    int onTick(long nowNs, long nowMs);

    /**
     * The egress gave a client up: its reply stream lost its reader or never found one, it did not read for the
     * client timeout, or its send queue overflowed. Its session is cut off, as if it had timed out: its deliveries go
     * back to their queues, its browse ends, its temporary queues go. Unknown ids are ignored.
     *
     * @param sessionId the session's id.
     * @param why       why, in words for the host's log.
     */
    void onClientLost(long sessionId, String why);
}
