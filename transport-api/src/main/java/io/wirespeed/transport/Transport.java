package io.wirespeed.transport;

import java.util.Optional;

/**
 * A source of publications and subscriptions on channels. A transport owns its resources
 * (for Aeron: the client and, when embedded, the media driver) and releases them on close.
 * Thread safe: publications and subscriptions may be added from any thread. What only some
 * transports can do is asked of {@link #capability(Class)}, never found by the transport's class.
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
     * A capability of this transport beyond moving messages, such as {@link PersistenceWatch}: callers ask
     * for the interface and act on its absence, so that they need not know which transport they hold.
     *
     * @param type the capability's interface.
     * @param <T>  the capability's type.
     * @return a new instance of the capability for the calling thread, or empty if this transport has none.
     */
    default <T> Optional<T> capability(final Class<T> type)
    {
        return Optional.empty();
    }

    /**
     * Releases everything this transport created. Idempotent.
     */
    @Override
    void close();
}
