package io.wirespeed.transport.aeron;

import java.util.concurrent.atomic.AtomicLong;

import org.agrona.collections.Int2ObjectHashMap;

import io.aeron.AvailableImageHandler;
import io.aeron.Image;
import io.aeron.UnavailableImageHandler;

/**
 * What a subscription missed of its publishers' streams: when an image goes (the driver left an untethered
 * subscription behind, or a network publisher timed out) its position is noted per session; when the same
 * session's image comes back joining further on, the difference is lost. Aeron's client conductor calls the
 * handlers; any thread reads the total. Sessions that never come back are forgotten beyond
 * {@value #MAX_SESSIONS_REMEMBERED}.
 */
final class ImageGaps implements AvailableImageHandler, UnavailableImageHandler
{
    private static final int MAX_SESSIONS_REMEMBERED = 4096;

    private final Int2ObjectHashMap<long[]> leftAt = new Int2ObjectHashMap<>();
    private final AtomicLong lostBytes = new AtomicLong();

    /** @return the bytes missed so far. */
    long lostBytes()
    {
        return lostBytes.get();
    }

    /** {@inheritDoc} */
    @Override
    public synchronized void onAvailableImage(final Image image)
    {
        final long[] left = leftAt.remove(image.sessionId());
        if (null != left && image.joinPosition() > left[0])
        {
            lostBytes.addAndGet(image.joinPosition() - left[0]);
        }
    }

    /** {@inheritDoc} */
    @Override
    public synchronized void onUnavailableImage(final Image image)
    {
        if (leftAt.size() >= MAX_SESSIONS_REMEMBERED)
        {
            leftAt.clear();
        }
        leftAt.put(image.sessionId(), new long[] {image.position()});
    }
}
