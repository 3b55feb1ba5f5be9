package io.wirespeed.transport.rdma.verbs;

import org.agrona.UnsafeApi;

/**
 * A completion queue of the simulated NIC: a fixed ring of records, filled under the fabric lock
 * and drained in batches into a caller's {@link CompletionArray}. Overrunning it is reported on
 * the next poll, as a real device reports a CQ overrun as a fatal error.
 */
final class SimulatedCompletionQueue
{
    private final int capacity;
    private final long[] wrIds;
    private final int[] statuses;
    private final int[] opcodes;
    private final int[] byteLengths;
    private final int[] immediates;
    private final int[] qpNums;
    private int head;
    private int size;
    private boolean overrun;

    SimulatedCompletionQueue(final int capacity)
    {
        this.capacity = capacity;
        wrIds = new long[capacity];
        statuses = new int[capacity];
        opcodes = new int[capacity];
        byteLengths = new int[capacity];
        immediates = new int[capacity];
        qpNums = new int[capacity];
    }

    void add(
        final long wrId, final int status, final int opcode, final int byteLength, final int immediate, final int qpNum)
    {
        if (size == capacity)
        {
            overrun = true;
            return;
        }
        final int index = (head + size) % capacity;
        wrIds[index] = wrId;
        statuses[index] = status;
        opcodes[index] = opcode;
        byteLengths[index] = byteLength;
        immediates[index] = immediate;
        qpNums[index] = qpNum;
        size++;
    }

    int drain(final long address, final int max)
    {
        if (overrun)
        {
            throw new RdmaException("ibv_poll_cq", "completion queue overrun: more than " + capacity +
                " completions were outstanding");
        }
        final int count = Math.min(max, size);
        for (int i = 0; i < count; i++)
        {
            final long record = address + (long)i * CompletionArray.RECORD_LENGTH;
            UnsafeApi.putLong(record + CompletionArray.WR_ID_OFFSET, wrIds[head]);
            UnsafeApi.putInt(record + CompletionArray.STATUS_OFFSET, statuses[head]);
            UnsafeApi.putInt(record + CompletionArray.OPCODE_OFFSET, opcodes[head]);
            UnsafeApi.putInt(record + CompletionArray.BYTE_LENGTH_OFFSET, byteLengths[head]);
            UnsafeApi.putInt(record + CompletionArray.IMMEDIATE_OFFSET, immediates[head]);
            UnsafeApi.putInt(record + CompletionArray.QP_NUM_OFFSET, qpNums[head]);
            head = (head + 1) % capacity;
        }
        size -= count;
        return count;
    }
}
