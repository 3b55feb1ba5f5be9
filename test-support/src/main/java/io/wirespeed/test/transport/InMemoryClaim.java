package io.wirespeed.test.transport;

import java.util.Arrays;

import io.wirespeed.transport.ClaimedSpace;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Space claimed for one message in the buffer of every subscriber of an in-memory stream: the message is written
 * in place in the first subscriber's buffer and copied to the others on {@link #commit()}. Reused for many claims;
 * its arrays grow only when a stream gains subscribers.
 */
final class InMemoryClaim implements ClaimedSpace
{
    private RingBuffer[] targets = new RingBuffer[2];
    private int[] indices = new int[2];
    private int count;
    private int length;

    /** {@inheritDoc} */
    @Override
    public MutableDirectBuffer buffer()
    {
        requireClaimed();
        return targets[0].buffer();
    }

    /** {@inheritDoc} */
    @Override
    public int offset()
    {
        requireClaimed();
        return indices[0];
    }

    /** {@inheritDoc} */
    @Override
    public int length()
    {
        return length;
    }

    /** {@inheritDoc} */
    @Override
    public void commit()
    {
        requireClaimed();
        final MutableDirectBuffer source = targets[0].buffer();
        for (int i = 1; i < count; i++)
        {
            targets[i].buffer().putBytes(indices[i], source, indices[0], length);
            targets[i].commit(indices[i]);
        }
        targets[0].commit(indices[0]);
        clear();
    }

    /** {@inheritDoc} */
    @Override
    public void abort()
    {
        for (int i = 0; i < count; i++)
        {
            targets[i].abort(indices[i]);
        }
        clear();
    }

    void reset(final int subscribers, final int messageLength)
    {
        if (targets.length < subscribers)
        {
            targets = Arrays.copyOf(targets, subscribers);
            indices = Arrays.copyOf(indices, subscribers);
        }
        count = 0;
        length = messageLength;
    }

    void add(final RingBuffer target, final int index)
    {
        targets[count] = target;
        indices[count] = index;
        count++;
    }

    private void clear()
    {
        Arrays.fill(targets, 0, count, null);
        count = 0;
        length = 0;
    }

    private void requireClaimed()
    {
        if (count == 0)
        {
            throw new IllegalStateException("nothing is claimed: call tryClaim first, and use a claim once");
        }
    }
}
