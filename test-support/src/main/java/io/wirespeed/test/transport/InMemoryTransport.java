package io.wirespeed.test.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.wirespeed.transport.CounterRegistry;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportException;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * A {@link Transport} in this JVM's memory, for tests that need a transport's behaviour without a media driver: the
 * same contract as the Aeron transport (whole messages per {@code (channel, streamId)}, {@code NOT_CONNECTED}
 * without subscribers, {@code BACK_PRESSURED} when a subscriber's buffer is full, {@code tryClaim} and {@code offer},
 * a fragment limit on poll), with nothing lost and nothing reordered. Transports of one {@link InMemoryMedium} see
 * each other's streams, as clients of one media driver do over IPC. A channel is any URI with a scheme
 * ({@code mem:test}, {@code aeron:ipc}); the provider reaches it through {@link InMemoryTransportFactory} by the
 * {@code mem:} scheme.
 */
public final class InMemoryTransport implements Transport
{
    private final InMemoryMedium medium;
    private final List<InMemoryPublication> publications = new ArrayList<>();
    private final List<InMemorySubscription> subscriptions = new ArrayList<>();
    private boolean closed;

    InMemoryTransport(final InMemoryMedium medium)
    {
        this.medium = medium;
    }

    /**
     * A new transport on this JVM's {@link InMemoryMedium#shared() shared medium}.
     *
     * @return the transport.
     */
    public static InMemoryTransport connect()
    {
        return InMemoryMedium.shared().connect();
    }

    /**
     * The medium this transport's streams are on.
     *
     * @return the medium.
     */
    public InMemoryMedium medium()
    {
        return medium;
    }

    /**
     * {@inheritDoc}
     * <p>
     * An in-memory transport has a {@link CounterRegistry}: its medium's counters, in this JVM's memory.
     */
    @Override
    public <T> Optional<T> capability(final Class<T> type)
    {
        return CounterRegistry.class == type ? Optional.of(type.cast(medium.counters())) : Optional.empty();
    }

    /** {@inheritDoc} */
    @Override
    public synchronized TransportPublication addPublication(final String channel, final int streamId)
    {
        requireOpen();
        requireChannel(channel);
        final InMemoryStream stream = medium.stream(channel, streamId);
        final InMemoryPublication publication = new InMemoryPublication(
            this, stream, channel, streamId, medium.nextSessionId(), medium.bufferLength() / 8);
        stream.addPublication();
        publications.add(publication);
        return publication;
    }

    /** {@inheritDoc} */
    @Override
    public synchronized TransportSubscription addSubscription(final String channel, final int streamId)
    {
        requireOpen();
        requireChannel(channel);
        final InMemoryStream stream = medium.stream(channel, streamId);
        final RingBuffer buffer = stream.newBuffer();
        final InMemorySubscription subscription = new InMemorySubscription(this, stream, buffer, channel, streamId);
        stream.addSubscriber(buffer);
        subscriptions.add(subscription);
        return subscription;
    }

    /**
     * Closes every publication and subscription this transport added. Idempotent.
     */
    @Override
    public void close()
    {
        final List<InMemoryPublication> openPublications;
        final List<InMemorySubscription> openSubscriptions;
        synchronized (this)
        {
            if (closed)
            {
                return;
            }
            closed = true;
            openPublications = new ArrayList<>(publications);
            openSubscriptions = new ArrayList<>(subscriptions);
        }
        openPublications.forEach(InMemoryPublication::close);
        openSubscriptions.forEach(InMemorySubscription::close);
    }

    synchronized void forget(final InMemoryPublication publication)
    {
        publications.remove(publication);
    }

    synchronized void forget(final InMemorySubscription subscription)
    {
        subscriptions.remove(subscription);
    }

    private void requireOpen()
    {
        if (closed)
        {
            throw new TransportException("the transport is closed");
        }
    }

    private static void requireChannel(final String channel)
    {
        if (null == channel || channel.indexOf(':') < 1)
        {
            throw new TransportException("invalid channel '" + channel + "': an in-memory channel is a URI with a " +
                "scheme, e.g. mem:test or aeron:ipc");
        }
    }
}
