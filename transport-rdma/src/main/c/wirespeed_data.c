/* The data path: posting pre-built work requests by address and polling completions in batches. */
#include "wirespeed_rdma.h"

JNIEXPORT void JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativePostWriteWithImm(
    JNIEnv *env, jclass cls, jlong connection, jlong wr_address)
{
    (void)cls;
    struct ws_conn *conn = (struct ws_conn *)ptr(connection);
    if (conn->id->qp == NULL)
    {
        throw_errno(env, "ibv_post_send", ENOTCONN);
        return;
    }
    struct ibv_sge sge;
    sge.addr = get_u64(wr_address, NV(WR_LOCAL_ADDRESS_OFFSET));
    sge.length = get_u32(wr_address, NV(WR_LENGTH_OFFSET));
    sge.lkey = get_u32(wr_address, NV(WR_LKEY_OFFSET));
    struct ibv_send_wr wr;
    struct ibv_send_wr *bad = NULL;
    memset(&wr, 0, sizeof(wr));
    wr.wr_id = get_u64(wr_address, NV(WR_ID_OFFSET));
    wr.sg_list = &sge;
    wr.num_sge = sge.length > 0 ? 1 : 0;
    wr.opcode = IBV_WR_RDMA_WRITE_WITH_IMM;
    wr.send_flags = (get_u32(wr_address, NV(WR_FLAGS_OFFSET)) & NV(WR_FLAG_SIGNALED)) ? IBV_SEND_SIGNALED : 0;
    wr.imm_data = htonl(get_u32(wr_address, NV(WR_IMMEDIATE_OFFSET)));
    wr.wr.rdma.remote_addr = get_u64(wr_address, NV(WR_REMOTE_ADDRESS_OFFSET));
    wr.wr.rdma.rkey = get_u32(wr_address, NV(WR_RKEY_OFFSET));
    int rc = ibv_post_send(conn->id->qp, &wr, &bad);
    if (rc != 0)
    {
        throw_errno(env, "ibv_post_send", rc);
    }
}

JNIEXPORT void JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativePostRecv(
    JNIEnv *env, jclass cls, jlong connection, jlong wr_address)
{
    (void)cls;
    struct ws_conn *conn = (struct ws_conn *)ptr(connection);
    if (conn->id->qp == NULL)
    {
        throw_errno(env, "ibv_post_recv", ENOTCONN);
        return;
    }
    struct ibv_sge sge;
    sge.addr = get_u64(wr_address, NV(WR_LOCAL_ADDRESS_OFFSET));
    sge.length = get_u32(wr_address, NV(WR_LENGTH_OFFSET));
    sge.lkey = get_u32(wr_address, NV(WR_LKEY_OFFSET));
    struct ibv_recv_wr wr;
    struct ibv_recv_wr *bad = NULL;
    memset(&wr, 0, sizeof(wr));
    wr.wr_id = get_u64(wr_address, NV(WR_ID_OFFSET));
    wr.sg_list = &sge;
    wr.num_sge = sge.length > 0 ? 1 : 0;
    int rc = ibv_post_recv(conn->id->qp, &wr, &bad);
    if (rc != 0)
    {
        throw_errno(env, "ibv_post_recv", rc);
    }
}

JNIEXPORT jint JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativePollCq(
    JNIEnv *env, jclass cls, jlong cq, jlong records, jint max)
{
    (void)cls;
    struct ibv_wc wc[WS_POLL_BATCH];
    int total = 0;
    while (total < max)
    {
        int want = max - total < WS_POLL_BATCH ? max - total : WS_POLL_BATCH;
        int n = ibv_poll_cq((struct ibv_cq *)ptr(cq), want, wc);
        if (n < 0)
        {
            throw_errno(env, "ibv_poll_cq", errno > 0 ? errno : EIO);
            return total;
        }
        for (int i = 0; i < n; i++)
        {
            jlong base = records + (jlong)(total + i) * NV(WC_RECORD_LENGTH);
            put_u64(base, NV(WC_WR_ID_OFFSET), wc[i].wr_id);
            put_u32(base, NV(WC_STATUS_OFFSET), (uint32_t)wc[i].status);
            put_u32(base, NV(WC_OPCODE_OFFSET), (uint32_t)wc[i].opcode);
            put_u32(base, NV(WC_BYTE_LENGTH_OFFSET), wc[i].byte_len);
            put_u32(base, NV(WC_IMMEDIATE_OFFSET), (wc[i].wc_flags & IBV_WC_WITH_IMM) ? ntohl(wc[i].imm_data) : 0);
            put_u32(base, NV(WC_QP_NUM_OFFSET), wc[i].qp_num);
        }
        total += n;
        if (n < want)
        {
            break;
        }
    }
    return total;
}
