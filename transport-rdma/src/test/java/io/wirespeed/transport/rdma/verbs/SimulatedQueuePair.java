package io.wirespeed.transport.rdma.verbs;

import org.agrona.UnsafeApi;

/**
 * A reliable-connected queue pair of the simulated NIC. Sends are executed in post order; a
 * write with immediate waits (as an RNR retry would) until the peer has a receive posted, then
 * places its data in the peer's memory before the peer's receive completion is queued. A remote
 * access violation, or a vanished peer, moves the queue pair to error and flushes the rest.
 * All methods run under the fabric lock of {@link SimulatedVerbs}.
 */
final class SimulatedQueuePair
{
    final long id;
    final int qpNum;
    final long channel;
    final long protectionDomain;
    final SimulatedCompletionQueue sendCq;
    final SimulatedCompletionQueue receiveCq;
    int state = Verbs.QP_STATE_INIT;
    SimulatedQueuePair peer;

    private final int sendDepth;
    private final long[] sendWrIds;
    private final long[] sendLocal;
    private final long[] sendRemote;
    private final int[] sendLength;
    private final int[] sendLkey;
    private final int[] sendRkey;
    private final int[] sendImmediate;
    private final int[] sendFlags;
    private int sendHead;
    private int sendSize;

    private final int receiveDepth;
    private final long[] receiveWrIds;
    private int receiveHead;
    private int receiveSize;

    SimulatedQueuePair(
        final long id, final int qpNum, final long channel, final long protectionDomain,
        final SimulatedCompletionQueue sendCq, final SimulatedCompletionQueue receiveCq,
        final int sendDepth, final int receiveDepth)
    {
        this.id = id;
        this.qpNum = qpNum;
        this.channel = channel;
        this.protectionDomain = protectionDomain;
        this.sendCq = sendCq;
        this.receiveCq = receiveCq;
        this.sendDepth = sendDepth;
        this.receiveDepth = receiveDepth;
        sendWrIds = new long[sendDepth];
        sendLocal = new long[sendDepth];
        sendRemote = new long[sendDepth];
        sendLength = new int[sendDepth];
        sendLkey = new int[sendDepth];
        sendRkey = new int[sendDepth];
        sendImmediate = new int[sendDepth];
        sendFlags = new int[sendDepth];
        receiveWrIds = new long[receiveDepth];
    }

    void postSend(final long wr, final SimulatedVerbs fabric)
    {
        if (state == Verbs.QP_STATE_ERROR)
        {
            sendCq.add(UnsafeApi.getLong(wr + WorkRequest.WR_ID_OFFSET), CompletionArray.STATUS_FLUSH_ERROR,
                CompletionArray.OPCODE_RDMA_WRITE, 0, 0, qpNum);
            return;
        }
        if (state != Verbs.QP_STATE_READY_TO_SEND)
        {
            throw new RdmaException("ibv_post_send", 22, "Invalid argument (queue pair is not connected)");
        }
        if (sendSize == sendDepth)
        {
            throw new RdmaException("ibv_post_send", 12, "Cannot allocate memory (send queue full: " +
                sendDepth + " outstanding)");
        }
        final int index = (sendHead + sendSize) % sendDepth;
        sendWrIds[index] = UnsafeApi.getLong(wr + WorkRequest.WR_ID_OFFSET);
        sendLocal[index] = UnsafeApi.getLong(wr + WorkRequest.LOCAL_ADDRESS_OFFSET);
        sendRemote[index] = UnsafeApi.getLong(wr + WorkRequest.REMOTE_ADDRESS_OFFSET);
        sendLength[index] = UnsafeApi.getInt(wr + WorkRequest.LENGTH_OFFSET);
        sendLkey[index] = UnsafeApi.getInt(wr + WorkRequest.LKEY_OFFSET);
        sendRkey[index] = UnsafeApi.getInt(wr + WorkRequest.RKEY_OFFSET);
        sendImmediate[index] = UnsafeApi.getInt(wr + WorkRequest.IMMEDIATE_OFFSET);
        sendFlags[index] = UnsafeApi.getInt(wr + WorkRequest.FLAGS_OFFSET);
        sendSize++;
        pump(fabric);
    }

    void postReceive(final long wr, final SimulatedVerbs fabric)
    {
        final long wrId = UnsafeApi.getLong(wr + WorkRequest.WR_ID_OFFSET);
        if (state == Verbs.QP_STATE_ERROR)
        {
            receiveCq.add(
                wrId, CompletionArray.STATUS_FLUSH_ERROR, CompletionArray.OPCODE_RECV_RDMA_WITH_IMM, 0, 0, qpNum);
            return;
        }
        if (receiveSize == receiveDepth)
        {
            throw new RdmaException("ibv_post_recv", 12, "Cannot allocate memory (receive queue full: " +
                receiveDepth + " outstanding)");
        }
        receiveWrIds[(receiveHead + receiveSize) % receiveDepth] = wrId;
        receiveSize++;
        if (peer != null)
        {
            peer.pump(fabric);
        }
    }

    void pump(final SimulatedVerbs fabric)
    {
        while (state == Verbs.QP_STATE_READY_TO_SEND && sendSize > 0)
        {
            final SimulatedQueuePair target = peer;
            if (target == null || target.state != Verbs.QP_STATE_READY_TO_SEND)
            {
                completeHeadWithError(CompletionArray.STATUS_RETRY_EXCEEDED);
                toError();
                return;
            }
            final int length = sendLength[sendHead];
            if (length > 0)
            {
                if (!fabric.coversLocal(protectionDomain, sendLkey[sendHead], sendLocal[sendHead], length))
                {
                    completeHeadWithError(CompletionArray.STATUS_LOCAL_PROTECTION_ERROR);
                    toError();
                    return;
                }
                if (!fabric.coversRemote(target.protectionDomain, sendRkey[sendHead], sendRemote[sendHead], length))
                {
                    completeHeadWithError(CompletionArray.STATUS_REMOTE_ACCESS_ERROR);
                    toError();
                    target.toError();
                    return;
                }
            }
            if (target.receiveSize == 0)
            {
                return;
            }
            if (length > 0)
            {
                UnsafeApi.copyMemory(sendLocal[sendHead], sendRemote[sendHead], length);
            }
            final long receiveWrId = target.receiveWrIds[target.receiveHead];
            target.receiveHead = (target.receiveHead + 1) % target.receiveDepth;
            target.receiveSize--;
            target.receiveCq.add(receiveWrId, CompletionArray.STATUS_SUCCESS,
                CompletionArray.OPCODE_RECV_RDMA_WITH_IMM, length, sendImmediate[sendHead], target.qpNum);
            if ((sendFlags[sendHead] & WorkRequest.FLAG_SIGNALED) != 0)
            {
                sendCq.add(sendWrIds[sendHead], CompletionArray.STATUS_SUCCESS, CompletionArray.OPCODE_RDMA_WRITE,
                    length, 0, qpNum);
            }
            sendHead = (sendHead + 1) % sendDepth;
            sendSize--;
        }
    }

    void toError()
    {
        if (state == Verbs.QP_STATE_ERROR)
        {
            return;
        }
        state = Verbs.QP_STATE_ERROR;
        while (sendSize > 0)
        {
            completeHeadWithError(CompletionArray.STATUS_FLUSH_ERROR);
        }
        while (receiveSize > 0)
        {
            receiveCq.add(receiveWrIds[receiveHead], CompletionArray.STATUS_FLUSH_ERROR,
                CompletionArray.OPCODE_RECV_RDMA_WITH_IMM, 0, 0, qpNum);
            receiveHead = (receiveHead + 1) % receiveDepth;
            receiveSize--;
        }
    }

    private void completeHeadWithError(final int status)
    {
        sendCq.add(sendWrIds[sendHead], status, CompletionArray.OPCODE_RDMA_WRITE, 0, 0, qpNum);
        sendHead = (sendHead + 1) % sendDepth;
        sendSize--;
    }
}
