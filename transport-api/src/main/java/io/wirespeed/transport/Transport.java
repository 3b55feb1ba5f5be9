package io.wirespeed.transport;

/**
 * A source of publications and subscriptions on channels. A transport owns its resources
 * (for Aeron: the client and, when embedded, the media driver) and releases them on close.
 * Thread safe: publications and subscriptions may be added from any thread.
 */
public interface Transport extends AutoCloseable
{
    /**
     * Adds a publication for one writer thread on the given channel and stream.
     *
     * @param channel  the channel URI, e.g. {@code aeron:ipc} or {@code aeron:udp?endpoint=localhost:40123}.
     * @param streamId the stream within the channel.
     * @return a publication that is used by one thread at a time.
     * @throws TransportException if the channel is invalid or the transport cannot create it.
     */
    TransportPublication addPublication(String channel, int streamId);

    /**
     * Adds a subscription on the given channel and stream.
     *
     * @param channel  the channel URI.
     * @param streamId the stream within the channel.
     * @return a subscription polled by one thread at a time.
     * @throws TransportException if the channel is invalid or the transport cannot create it.
     */
    TransportSubscription addSubscription(String channel, int streamId);

    /**
     * Releases everything this transport created. Idempotent.
     */
    @Override
    void close();
}
