package io.wirespeed.jms.send;

import javax.jms.JMSException;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.metrics.ConnectionMetrics;
import io.wirespeed.jms.runtime.WirespeedRuntime;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.jms.wire.ConnectionId;
import io.wirespeed.transport.Transport;

/**
 * A connection as its sessions' senders see it: its settings, runtime and transport, where destinations travel,
 * the topics it advertises, its queue client, its figures, the sender id its messages carry, and where asynchronous
 * faults go. The connection's own class lives above this package.
 */
public interface SendConnection
{
    /** @return the configuration this connection was created with. */
    ConnectionConfig config();

    /** @return the runtime this connection is a view on. */
    WirespeedRuntime runtime();

    /** @return the transport this connection's sessions publish and subscribe on. */
    Transport transport();

    /** @return where destinations travel. */
    TopicRouting routing();

    /**
     * Where a destination's messages travel from this connection: the transport and channel that the routing rules
     * give it, with RDMA channels served by UDP where the host has no RDMA.
     *
     * @param destinationName the destination's name.
     * @return the transport and channel.
     * @throws JMSException if no transport serves the channel, or it cannot be connected.
     */
    TransportChannel channelFor(String destinationName) throws JMSException;

    /**
     * Has the runtime advertise a topic this connection publishes, for as long as the connection is open (or others
     * publish it too).
     *
     * @param topic    the topic's name.
     * @param target   its channel.
     * @param streamId its partition stream.
     */
    void advertise(String topic, TransportChannel target, int streamId);

    /**
     * The sender id this connection's messages carry (in their JMSMessageID): its own id, or, where it uses the
     * runtime's queue client, that client's.
     *
     * @return the id.
     */
    ConnectionId senderId();

    /**
     * The connection's queue client, opened on first use.
     *
     * @return the queue client.
     * @throws JMSException if the queue host's streams cannot be opened.
     */
    QueueClient queueClient() throws JMSException;

    /** @return the connection's queue client if one is open, else null (nothing is opened). */
    QueueClient queueClientIfOpen();

    /** @return this connection's figures: per destination sent and received, back-pressure, failures. */
    ConnectionMetrics metrics();

    /**
     * Reports an asynchronous fault to the connection's exception listener.
     *
     * @param exception the fault.
     */
    void onAsyncException(JMSException exception);
}
