package io.wirespeed.transport.rdma.verbs;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

/**
 * An off-heap array of completion records that {@link Verbs#pollCompletionQueue} fills in a
 * batch, read in place. Status and opcode values are those of {@code ibv_wc_status} and
 * {@code ibv_wc_opcode} (the JNI library asserts this at compile time).
 * <pre>
 *  +---------------------------------------------------------------+
 *  |                        wr_id (64 bits)                        |  0
 *  |                          status                               |  8
 *  |                          opcode                               | 12
 *  |                         byte_len                              | 16
 *  |                  immediate data (host order)                  | 20
 *  |                          qp_num                               | 24
 *  |                         reserved                              | 28
 *  +---------------------------------------------------------------+
 * </pre>
 */
public final class CompletionArray
{
    /** Bytes per completion record. */
    public static final int RECORD_LENGTH = 32;
    /** Offset of the work request id. */
    public static final int WR_ID_OFFSET = 0;
    /** Offset of the status. */
    public static final int STATUS_OFFSET = 8;
    /** Offset of the opcode. */
    public static final int OPCODE_OFFSET = 12;
    /** Offset of the byte length. */
    public static final int BYTE_LENGTH_OFFSET = 16;
    /** Offset of the immediate value. */
    public static final int IMMEDIATE_OFFSET = 20;
    /** Offset of the local queue pair number. */
    public static final int QP_NUM_OFFSET = 24;

    /** IBV_WC_SUCCESS. */
    public static final int STATUS_SUCCESS = 0;
    /** IBV_WC_LOC_PROT_ERR: the local memory was not registered for this access. */
    public static final int STATUS_LOCAL_PROTECTION_ERROR = 4;
    /** IBV_WC_WR_FLUSH_ERR: the queue pair was in error; the request was not executed. */
    public static final int STATUS_FLUSH_ERROR = 5;
    /** IBV_WC_REM_ACCESS_ERR: the target address or rkey was refused by the remote side. */
    public static final int STATUS_REMOTE_ACCESS_ERROR = 10;
    /** IBV_WC_RETRY_EXC_ERR: the remote side stopped answering. */
    public static final int STATUS_RETRY_EXCEEDED = 12;

    /** IBV_WC_RDMA_WRITE: a write (with or without immediate) completed at the sender. */
    public static final int OPCODE_RDMA_WRITE = 1;
    /** IBV_WC_RECV_RDMA_WITH_IMM: a write with immediate arrived; its data is in place. */
    public static final int OPCODE_RECV_RDMA_WITH_IMM = 129;

    private final int capacity;
    private final ByteBuffer memory;
    private final UnsafeBuffer buffer;

    /**
     * @param capacity the most completions one poll returns.
     */
    public CompletionArray(final int capacity)
    {
        if (capacity <= 0)
        {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        this.memory = BufferUtil.allocateDirectAligned(capacity * RECORD_LENGTH, 64);
        this.buffer = new UnsafeBuffer(memory);
    }

    /** The address of record 0, for {@link Verbs#pollCompletionQueue}. */
    public long address()
    {
        return buffer.addressOffset();
    }

    /** The number of records this array holds. */
    public int capacity()
    {
        return capacity;
    }

    /** The work request id of record {@code index}. */
    public long wrId(final int index)
    {
        return buffer.getLong(index * RECORD_LENGTH + WR_ID_OFFSET);
    }

    /** The status of record {@code index}. */
    public int status(final int index)
    {
        return buffer.getInt(index * RECORD_LENGTH + STATUS_OFFSET);
    }

    /** The opcode of record {@code index}. */
    public int opcode(final int index)
    {
        return buffer.getInt(index * RECORD_LENGTH + OPCODE_OFFSET);
    }

    /** The byte length of record {@code index}. */
    public int byteLength(final int index)
    {
        return buffer.getInt(index * RECORD_LENGTH + BYTE_LENGTH_OFFSET);
    }

    /** The immediate value of record {@code index}. */
    public int immediate(final int index)
    {
        return buffer.getInt(index * RECORD_LENGTH + IMMEDIATE_OFFSET);
    }

    /** The queue pair number of record {@code index}. */
    public int qpNum(final int index)
    {
        return buffer.getInt(index * RECORD_LENGTH + QP_NUM_OFFSET);
    }

    /**
     * Names a completion status for messages.
     *
     * @param status an {@code ibv_wc_status} value.
     * @return its name, e.g. "REMOTE_ACCESS_ERROR".
     */
    public static String describeStatus(final int status)
    {
        switch (status)
        {
            case STATUS_SUCCESS: return "SUCCESS";
            case STATUS_LOCAL_PROTECTION_ERROR: return "LOCAL_PROTECTION_ERROR";
            case STATUS_FLUSH_ERROR: return "FLUSH_ERROR";
            case STATUS_REMOTE_ACCESS_ERROR: return "REMOTE_ACCESS_ERROR";
            case STATUS_RETRY_EXCEEDED: return "RETRY_EXCEEDED";
            default: return "STATUS(" + status + ")";
        }
    }
}
