package io.wirespeed.transport.rdma;

import io.aeron.logbuffer.FrameDescriptor;
import io.wirespeed.transport.MessageHandler;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;

/**
 * Rebuilds messages from BEGIN/middle/END fragments and hands whole messages to a handler;
 * unfragmented frames pass straight through. Fragments seen without their BEGIN (a subscriber
 * that joined mid-message) are dropped. The buffer grows to the largest message once, then is reused.
 */
final class MessageReassembler
{
    private final ExpandableDirectByteBuffer buffer = new ExpandableDirectByteBuffer(64 * 1024);
    private int length;
    private boolean assembling;

    void onFragment(final MessageHandler handler, final DirectBuffer term, final int offset, final int length,
        final byte flags)
    {
        if ((flags & FrameDescriptor.UNFRAGMENTED) == FrameDescriptor.UNFRAGMENTED)
        {
            handler.onMessage(term, offset, length);
            return;
        }
        if ((flags & FrameDescriptor.BEGIN_FRAG_FLAG) != 0)
        {
            this.length = 0;
            assembling = true;
        }
        if (!assembling)
        {
            return;
        }
        buffer.putBytes(this.length, term, offset, length);
        this.length += length;
        if ((flags & FrameDescriptor.END_FRAG_FLAG) != 0)
        {
            assembling = false;
            handler.onMessage(buffer, 0, this.length);
        }
    }

    void reset()
    {
        length = 0;
        assembling = false;
    }
}
