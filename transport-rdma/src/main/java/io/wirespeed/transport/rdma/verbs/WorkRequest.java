package io.wirespeed.transport.rdma.verbs;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

/**
 * A pre-built work request in off-heap memory, filled once and posted many times by address
 * (the "stateful verb call" idea): only the fields that change per post are rewritten.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                        wr_id (64 bits)                        |  0
 *  |                   local address (64 bits)                     |  8
 *  |                   remote address (64 bits)                    | 16
 *  |                         length                                | 24
 *  |                          lkey                                 | 28
 *  |                          rkey                                 | 32
 *  |                  immediate data (host order)                  | 36
 *  |                 flags (bit 0: signaled)                       | 40
 *  |                         reserved                              | 44
 *  +---------------------------------------------------------------+
 * </pre>
 * Native byte order; the JNI library converts the immediate value to network order.
 */
public final class WorkRequest
{
    /** Offset of the caller's 64-bit work request id. */
    public static final int WR_ID_OFFSET = 0;
    /** Offset of the local (source or scatter) address. */
    public static final int LOCAL_ADDRESS_OFFSET = 8;
    /** Offset of the remote (target) address. */
    public static final int REMOTE_ADDRESS_OFFSET = 16;
    /** Offset of the byte length. */
    public static final int LENGTH_OFFSET = 24;
    /** Offset of the local key of the memory region holding the local address. */
    public static final int LKEY_OFFSET = 28;
    /** Offset of the remote key of the target memory region. */
    public static final int RKEY_OFFSET = 32;
    /** Offset of the 32-bit immediate value, host order. */
    public static final int IMMEDIATE_OFFSET = 36;
    /** Offset of the flags word. */
    public static final int FLAGS_OFFSET = 40;
    /** Bytes one work request occupies. */
    public static final int LENGTH = 48;
    /** Flag: the send produces a completion on the send completion queue. */
    public static final int FLAG_SIGNALED = 1;

    private final ByteBuffer memory = BufferUtil.allocateDirectAligned(LENGTH, 64);
    private final UnsafeBuffer buffer = new UnsafeBuffer(memory);

    /** The address to pass to {@link Verbs#postWriteWithImmediate} or {@link Verbs#postReceive}. */
    public long address()
    {
        return buffer.addressOffset();
    }

    /** Sets the work request id returned in its completion. */
    public WorkRequest wrId(final long wrId)
    {
        buffer.putLong(WR_ID_OFFSET, wrId);
        return this;
    }

    /** Sets the local memory: address, length and the lkey of the region that holds it. */
    public WorkRequest local(final long address, final int length, final int lkey)
    {
        buffer.putLong(LOCAL_ADDRESS_OFFSET, address);
        buffer.putInt(LENGTH_OFFSET, length);
        buffer.putInt(LKEY_OFFSET, lkey);
        return this;
    }

    /** Sets the remote target address and the rkey of the region that holds it. */
    public WorkRequest remote(final long address, final int rkey)
    {
        buffer.putLong(REMOTE_ADDRESS_OFFSET, address);
        buffer.putInt(RKEY_OFFSET, rkey);
        return this;
    }

    /** Sets the immediate value delivered with the receive completion at the target. */
    public WorkRequest immediate(final int immediate)
    {
        buffer.putInt(IMMEDIATE_OFFSET, immediate);
        return this;
    }

    /** Sets whether the send produces a completion. */
    public WorkRequest signaled(final boolean signaled)
    {
        buffer.putInt(FLAGS_OFFSET, signaled ? FLAG_SIGNALED : 0);
        return this;
    }
}
