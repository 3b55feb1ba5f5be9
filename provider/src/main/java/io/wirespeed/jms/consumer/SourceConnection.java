package io.wirespeed.jms.consumer;

import javax.jms.JMSException;

import org.agrona.concurrent.EpochClock;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.TopicRouting;
import io.wirespeed.jms.hostclient.QueueClient;
import io.wirespeed.jms.intake.TopicStreams;
import io.wirespeed.jms.topic.TopicResolution;
import io.wirespeed.jms.transport.TransportChannel;
import io.wirespeed.jms.wire.MessageDecoder;

/**
 * A connection as its consumers' {@link MessageSource}s see it: its settings, clock and client id, where
 * destinations travel, its topic streams and resolution, its queue client, and where asynchronous faults go. The
 * connection's own class lives above this package.
 */
public interface SourceConnection
{
    /** @return the configuration this connection was created with. */
    ConnectionConfig config();

    /** @return the clock that stamps and checks message times: the system's unless a test set another. */
    EpochClock clock();

    /**
     * @return the connection's client id, or null.
     * @throws JMSException if the connection is closed.
     */
    String getClientID() throws JMSException;

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
     * The transport and channel that serve a channel URI, with RDMA served by UDP where the host has no RDMA.
     *
     * @param channel         the channel URI.
     * @param destinationName the destination it is for, named in errors.
     * @return the transport and channel.
     * @throws JMSException if no transport serves the channel, or it cannot be connected.
     */
    TransportChannel transportChannel(String channel, String destinationName) throws JMSException;

    /**
     * Where a durable subscription's topic travels, refused where nothing can record it.
     *
     * @param topicName the topic's name.
     * @return the transport and channel.
     * @throws JMSException naming what to change when the topic's transport cannot be recorded.
     */
    TransportChannel durableChannelFor(String topicName) throws JMSException;

    /** @return the streams this connection's topic consumers share. */
    TopicStreams topicStreams();

    /** @return the runtime's topic resolution for this connection's resolution stream: what it learned. */
    TopicResolution resolution();

    /**
     * Whether a message was sent by this connection, for {@code noLocal}.
     *
     * @param decoder wrapping the message's envelope.
     * @return true if so.
     */
    boolean sent(MessageDecoder decoder);

    /**
     * The connection's queue client, opened on first use.
     *
     * @return the queue client.
     * @throws JMSException if the queue host's streams cannot be opened.
     */
    QueueClient queueClient() throws JMSException;

    /**
     * The queue client, for durable subscriptions: with an embedded media driver this also starts the JVM's
     * archive (unless {@code archive=off}).
     *
     * @return the queue client.
     * @throws JMSException if the archive or the queue host cannot be started or reached.
     */
    QueueClient durableQueueClient() throws JMSException;

    /**
     * Reports an asynchronous fault to the connection's exception listener.
     *
     * @param exception the fault.
     */
    void onAsyncException(JMSException exception);
}
