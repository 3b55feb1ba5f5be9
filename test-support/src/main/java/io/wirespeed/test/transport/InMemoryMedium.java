package io.wirespeed.test.transport;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.wirespeed.transport.LocalCounterRegistry;

import org.agrona.BitUtil;

/**
 * What the transports of a test share, as the clients of one media driver share it: every stream, a
 * {@code (channel, streamId)} pair, with its publications and subscriptions. A message offered on a stream is copied
 * into the buffer of each of its subscriptions, which hold {@link #bufferLength()} bytes each: a subscriber that
 * does not poll back-pressures the stream's publishers, as Aeron's slowest subscriber does.
 */
public final class InMemoryMedium
{
    /** The buffer length of a subscription unless the medium is made with another: 64 KiB. */
    public static final int DEFAULT_BUFFER_LENGTH = 64 * 1024;

    private static final InMemoryMedium SHARED = new InMemoryMedium();

    private final int bufferLength;
    private final Map<StreamKey, InMemoryStream> streams = new HashMap<>();
    private final AtomicInteger sessionIds = new AtomicInteger();
    private final LocalCounterRegistry counters = new LocalCounterRegistry();

    /** A medium whose subscriptions buffer {@link #DEFAULT_BUFFER_LENGTH} bytes each. */
    public InMemoryMedium()
    {
        this(DEFAULT_BUFFER_LENGTH);
    }

    /**
     * A medium whose subscriptions buffer {@code bufferLength} bytes each; the largest message is an eighth of it.
     *
     * @param bufferLength a power of two of at least 1024.
     */
    public InMemoryMedium(final int bufferLength)
    {
        if (bufferLength < 1024 || !BitUtil.isPowerOfTwo(bufferLength))
        {
            throw new IllegalArgumentException(
                "the buffer length must be a power of two of at least 1024, such as 65536, not " + bufferLength);
        }
        this.bufferLength = bufferLength;
    }

    /**
     * The medium of this JVM that transports share unless they are given one.
     *
     * @return the shared medium.
     */
    public static InMemoryMedium shared()
    {
        return SHARED;
    }

    /**
     * A new transport on this medium.
     *
     * @return the transport.
     */
    public InMemoryTransport connect()
    {
        return new InMemoryTransport(this);
    }

    /**
     * How many bytes each subscription buffers.
     *
     * @return the buffer length.
     */
    public int bufferLength()
    {
        return bufferLength;
    }

    /** @return the counters of every transport on this medium, as a media driver's CnC file holds its clients'. */
    public LocalCounterRegistry counters()
    {
        return counters;
    }

    synchronized InMemoryStream stream(final String channel, final int streamId)
    {
        return streams.computeIfAbsent(new StreamKey(channel, streamId), (key) -> new InMemoryStream(bufferLength));
    }

    int nextSessionId()
    {
        return sessionIds.incrementAndGet();
    }

    private record StreamKey(String channel, int streamId)
    {
    }
}
