package io.wirespeed.driver.stat;

import java.util.ArrayList;
import java.util.List;

/**
 * One stream's positions in a sample, from Aeron's position counters: where its publication has written
 * ({@code pub-pos}, or the sender's position over the network), how far the driver has received it
 * ({@code rcv-hwm}) where it arrives over the network, and where each subscriber has read to ({@code sub-pos}).
 */
final class StreamPositions
{
    final String channel;
    final int streamId;
    final int sessionId;
    long publisherPosition = -1;
    long receiverPosition = -1;
    final List<Long> subscriberPositions = new ArrayList<>();

    StreamPositions(final String channel, final int streamId, final int sessionId)
    {
        this.channel = channel;
        this.streamId = streamId;
        this.sessionId = sessionId;
    }

    /** @return how far the slowest subscriber is behind what was written or received; 0 without subscribers. */
    long lag()
    {
        final long head = Math.max(publisherPosition, receiverPosition);
        long lag = 0;
        for (final long position : subscriberPositions)
        {
            lag = Math.max(lag, head - position);
        }
        return Math.max(0, lag);
    }
}
