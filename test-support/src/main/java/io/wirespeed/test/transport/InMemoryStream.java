package io.wirespeed.test.transport;

import java.nio.ByteBuffer;
import java.util.Arrays;

import io.wirespeed.transport.TransportPublication;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * One {@code (channel, streamId)} of an {@link InMemoryMedium}: its subscriptions' buffers and how many publications
 * it has. A message is claimed in every buffer or in none, under the stream's lock, so each subscriber sees the
 * same messages in the same order; pollers read their buffers without the lock.
 */
final class InMemoryStream
{
    /** The one message type of the buffers. */
    static final int MESSAGE_TYPE = 1;

    private static final RingBuffer[] NO_BUFFERS = new RingBuffer[0];

    private final int bufferLength;
    private volatile RingBuffer[] buffers = NO_BUFFERS;
    private volatile int publications;

    InMemoryStream(final int bufferLength)
    {
        this.bufferLength = bufferLength;
    }

    RingBuffer newBuffer()
    {
        return new ManyToOneRingBuffer(
            new UnsafeBuffer(ByteBuffer.allocateDirect(bufferLength + RingBufferDescriptor.TRAILER_LENGTH)));
    }

    synchronized void addSubscriber(final RingBuffer buffer)
    {
        final RingBuffer[] more = Arrays.copyOf(buffers, buffers.length + 1);
        more[buffers.length] = buffer;
        buffers = more;
    }

    synchronized void removeSubscriber(final RingBuffer buffer)
    {
        final RingBuffer[] existing = buffers;
        for (int i = 0; i < existing.length; i++)
        {
            if (existing[i] == buffer)
            {
                final RingBuffer[] fewer = new RingBuffer[existing.length - 1];
                System.arraycopy(existing, 0, fewer, 0, i);
                System.arraycopy(existing, i + 1, fewer, i, existing.length - i - 1);
                buffers = fewer;
                return;
            }
        }
    }

    synchronized void addPublication()
    {
        publications++;
    }

    synchronized void removePublication()
    {
        publications--;
    }

    boolean hasSubscribers()
    {
        return buffers.length > 0;
    }

    boolean hasPublications()
    {
        return publications > 0;
    }

    /**
     * Claims {@code length} bytes in every subscriber's buffer, or in none.
     *
     * @param length the message length.
     * @param claim  receives the buffers and the claimed indices.
     * @return 0 when claimed, otherwise the publication status that says why not.
     */
    synchronized long claim(final int length, final InMemoryClaim claim)
    {
        final RingBuffer[] subscribers = buffers;
        if (subscribers.length == 0)
        {
            return TransportPublication.NOT_CONNECTED;
        }
        claim.reset(subscribers.length, length);
        for (int i = 0; i < subscribers.length; i++)
        {
            final int index = subscribers[i].tryClaim(MESSAGE_TYPE, length);
            if (index < 0)
            {
                claim.abort();
                return TransportPublication.BACK_PRESSURED;
            }
            claim.add(subscribers[i], index);
        }
        return 0;
    }
}
