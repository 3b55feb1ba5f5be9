package io.wirespeed.host;

import org.agrona.DirectBuffer;

/**
 * Everything the queue host's state machine sends to its clients goes out here: the responses, deliveries, browse
 * items, grants, refusals and confirmations that {@link ClientProxy} encodes. A send never fails from the state
 * machine's point of view, and nothing the state machine does depends on how the sending goes: back-pressure, a send
 * queue, a client that stopped reading are the egress's own, handled outside the state machine. The single host's
 * egress is {@link PublicationEgress} (each client's reply publication with its send queue, retried by the host's
 * driver, which reports a client it cuts off as an input, {@link HostInputs#onClientLost}); in a cluster only the
 * leader's egress sends ({@code io.wirespeed.host.cluster.ClusterEgress}). Called on the host's thread only.
 */
public interface HostEgress
{
    /**
     * Opens the way to a client's session, before the session is known to the state machine.
     *
     * @param session       the session (its id, client, transport and control session are set).
     * @param replyStreamId the stream the client receives responses on.
     * @return false if the client cannot be reached (over UDP, its control publication's session is not connected):
     *         the session is not opened.
     */
    boolean open(HostSession session, int replyStreamId);

    /**
     * Sends one encoded message to a client's session. Never fails: what cannot go now is the egress's to keep or to
     * give up with the client.
     *
     * @param session the session.
     * @param buffer  holding the message.
     * @param offset  where it starts.
     * @param length  its length.
     */
    void send(HostSession session, DirectBuffer buffer, int offset, int length);

    /**
     * The session is gone from the state machine: what reached it closes, and what waited for it is dropped.
     *
     * @param session the session.
     */
    void close(HostSession session);
}
