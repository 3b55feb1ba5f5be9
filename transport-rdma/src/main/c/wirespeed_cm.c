/* rdma_cm: event channels, listen/connect/accept/reject, connection events, QP state. */
#include "wirespeed_rdma.h"

JNIEXPORT jlong JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeCreateEventChannel(
    JNIEnv *env, jclass cls)
{
    (void)cls;
    struct rdma_event_channel *channel = rdma_create_event_channel();
    if (channel == NULL)
    {
        throw_errno(env, "rdma_create_event_channel", errno);
        return 0;
    }
    int flags = fcntl(channel->fd, F_GETFL);
    if (flags < 0 || fcntl(channel->fd, F_SETFL, flags | O_NONBLOCK) < 0)
    {
        int err = errno;
        rdma_destroy_event_channel(channel);
        throw_errno(env, "fcntl(O_NONBLOCK)", err);
        return 0;
    }
    return handle(channel);
}

JNIEXPORT void JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeDestroyEventChannel(
    JNIEnv *env, jclass cls, jlong channel)
{
    (void)env;
    (void)cls;
    rdma_destroy_event_channel((struct rdma_event_channel *)ptr(channel));
}

static int resolve(JNIEnv *env, jstring host, jint port, struct addrinfo **result, int passive)
{
    char service[16];
    snprintf(service, sizeof(service), "%d", (int)port);
    struct addrinfo hints;
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = passive ? AI_PASSIVE : 0;
    const char *name = (*env)->GetStringUTFChars(env, host, NULL);
    if (name == NULL)
    {
        return -1;
    }
    int rc = getaddrinfo(name, service, &hints, result);
    (*env)->ReleaseStringUTFChars(env, host, name);
    if (rc != 0)
    {
        throw_errno(env, "getaddrinfo", rc == EAI_SYSTEM ? errno : EHOSTUNREACH);
        return -1;
    }
    return 0;
}

static struct ws_conn *new_conn(JNIEnv *env, struct rdma_event_channel *channel)
{
    struct ws_conn *conn = calloc(1, sizeof(*conn));
    if (conn == NULL)
    {
        throw_errno(env, "calloc", ENOMEM);
        return NULL;
    }
    if (rdma_create_id(channel, &conn->id, conn, RDMA_PS_TCP) != 0)
    {
        throw_errno(env, "rdma_create_id", errno);
        free(conn);
        return NULL;
    }
    return conn;
}

static void free_conn(struct ws_conn *conn)
{
    if (conn->id != NULL)
    {
        if (conn->id->qp != NULL)
        {
            rdma_destroy_qp(conn->id);
        }
        rdma_destroy_id(conn->id);
    }
    free(conn);
}

JNIEXPORT jlong JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeListen(
    JNIEnv *env, jclass cls, jlong channel, jstring host, jint port, jint backlog)
{
    (void)cls;
    struct addrinfo *address;
    if (resolve(env, host, port, &address, 1) != 0)
    {
        return 0;
    }
    struct ws_conn *conn = new_conn(env, (struct rdma_event_channel *)ptr(channel));
    if (conn != NULL)
    {
        if (rdma_bind_addr(conn->id, address->ai_addr) != 0)
        {
            throw_errno(env, "rdma_bind_addr", errno);
            free_conn(conn);
            conn = NULL;
        }
        else if (rdma_listen(conn->id, backlog) != 0)
        {
            throw_errno(env, "rdma_listen", errno);
            free_conn(conn);
            conn = NULL;
        }
    }
    freeaddrinfo(address);
    return handle(conn);
}

static void keep_qp_params(
    struct ws_conn *conn, jlong pd, jlong send_cq, jlong recv_cq, jint send_depth, jint recv_depth,
    jlong private_data, jint private_data_len)
{
    conn->pd = (struct ibv_pd *)ptr(pd);
    conn->send_cq = (struct ibv_cq *)ptr(send_cq);
    conn->recv_cq = (struct ibv_cq *)ptr(recv_cq);
    conn->send_depth = (uint32_t)send_depth;
    conn->recv_depth = (uint32_t)recv_depth;
    conn->private_data_len = (uint8_t)private_data_len;
    if (private_data_len > 0)
    {
        memcpy(conn->private_data, ptr(private_data), (size_t)private_data_len);
    }
}

static int create_qp(struct ws_conn *conn)
{
    struct ibv_qp_init_attr attr;
    memset(&attr, 0, sizeof(attr));
    attr.send_cq = conn->send_cq;
    attr.recv_cq = conn->recv_cq;
    attr.cap.max_send_wr = conn->send_depth;
    attr.cap.max_recv_wr = conn->recv_depth;
    attr.cap.max_send_sge = 1;
    attr.cap.max_recv_sge = 1;
    attr.qp_type = IBV_QPT_RC;
    attr.sq_sig_all = 0;
    return rdma_create_qp(conn->id, conn->pd, &attr);
}

static void conn_param(struct ws_conn *conn, struct rdma_conn_param *param)
{
    memset(param, 0, sizeof(*param));
    param->private_data = conn->private_data_len > 0 ? conn->private_data : NULL;
    param->private_data_len = conn->private_data_len;
    param->retry_count = 7;
    param->rnr_retry_count = 7; /* 7 = retry forever while the peer has no receive posted */
}

JNIEXPORT jlong JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeConnect(
    JNIEnv *env, jclass cls, jlong channel, jstring host, jint port, jlong pd, jlong send_cq, jlong recv_cq,
    jint send_depth, jint recv_depth, jlong private_data, jint private_data_len)
{
    (void)cls;
    struct addrinfo *address;
    if (resolve(env, host, port, &address, 0) != 0)
    {
        return 0;
    }
    struct ws_conn *conn = new_conn(env, (struct rdma_event_channel *)ptr(channel));
    if (conn != NULL)
    {
        keep_qp_params(conn, pd, send_cq, recv_cq, send_depth, recv_depth, private_data, private_data_len);
        if (rdma_resolve_addr(conn->id, NULL, address->ai_addr, WS_RESOLVE_TIMEOUT_MS) != 0)
        {
            throw_errno(env, "rdma_resolve_addr", errno);
            free_conn(conn);
            conn = NULL;
        }
    }
    freeaddrinfo(address);
    return handle(conn);
}

JNIEXPORT jlong JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeAccept(
    JNIEnv *env, jclass cls, jlong request, jlong pd, jlong send_cq, jlong recv_cq, jint send_depth,
    jint recv_depth, jlong private_data, jint private_data_len)
{
    (void)cls;
    struct ws_conn *conn = (struct ws_conn *)ptr(request);
    keep_qp_params(conn, pd, send_cq, recv_cq, send_depth, recv_depth, private_data, private_data_len);
    if (create_qp(conn) != 0)
    {
        throw_errno(env, "rdma_create_qp", errno);
        free_conn(conn);
        return 0;
    }
    struct rdma_conn_param param;
    conn_param(conn, &param);
    if (rdma_accept(conn->id, &param) != 0)
    {
        throw_errno(env, "rdma_accept", errno);
        free_conn(conn);
        return 0;
    }
    return handle(conn);
}

JNIEXPORT void JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeReject(
    JNIEnv *env, jclass cls, jlong request, jlong private_data, jint private_data_len)
{
    (void)cls;
    struct ws_conn *conn = (struct ws_conn *)ptr(request);
    int rc = rdma_reject(conn->id, private_data_len > 0 ? ptr(private_data) : NULL, (uint8_t)private_data_len);
    int err = errno;
    free_conn(conn);
    if (rc != 0)
    {
        throw_errno(env, "rdma_reject", err);
    }
}

static void report(jlong event, int type, int status, struct ws_conn *conn, struct ws_conn *listener,
    const void *private_data, uint8_t private_data_len)
{
    put_u32(event, NV(EV_TYPE_OFFSET), (uint32_t)type);
    put_u32(event, NV(EV_STATUS_OFFSET), (uint32_t)status);
    put_u64(event, NV(EV_CONNECTION_OFFSET), (uint64_t)handle(conn));
    put_u64(event, NV(EV_LISTENER_OFFSET), (uint64_t)handle(listener));
    uint32_t length = private_data == NULL ? 0 : private_data_len;
    if (length > NV(EV_MAX_PRIVATE_DATA_LENGTH))
    {
        length = NV(EV_MAX_PRIVATE_DATA_LENGTH);
    }
    put_u32(event, NV(EV_PRIVATE_DATA_LENGTH_OFFSET), length);
    if (length > 0)
    {
        memcpy(at(event, NV(EV_PRIVATE_DATA_OFFSET)), private_data, length);
    }
}

/* Address and route resolution happen here, out of Java's sight; the rest is reported. */
JNIEXPORT jint JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativePollEvent(
    JNIEnv *env, jclass cls, jlong channel, jlong event)
{
    (void)cls;
    for (;;)
    {
        struct rdma_cm_event *ev;
        if (rdma_get_cm_event((struct rdma_event_channel *)ptr(channel), &ev) != 0)
        {
            if (errno == EAGAIN || errno == EWOULDBLOCK)
            {
                return 0;
            }
            throw_errno(env, "rdma_get_cm_event", errno);
            return 0;
        }
        struct ws_conn *conn = (struct ws_conn *)ev->id->context;
        const struct rdma_conn_param *param = &ev->param.conn;
        int reported = 1;
        switch (ev->event)
        {
            case RDMA_CM_EVENT_ADDR_RESOLVED:
                reported = 0;
                if (rdma_resolve_route(ev->id, WS_RESOLVE_TIMEOUT_MS) != 0)
                {
                    report(event, NV(EV_CONNECT_ERROR), -errno, conn, NULL, NULL, 0);
                    reported = 1;
                }
                break;
            case RDMA_CM_EVENT_ROUTE_RESOLVED:
            {
                reported = 0;
                struct rdma_conn_param connect;
                conn_param(conn, &connect);
                if (create_qp(conn) != 0 || rdma_connect(ev->id, &connect) != 0)
                {
                    report(event, NV(EV_CONNECT_ERROR), -errno, conn, NULL, NULL, 0);
                    reported = 1;
                }
                break;
            }
            case RDMA_CM_EVENT_CONNECT_REQUEST:
            {
                struct ws_conn *request = calloc(1, sizeof(*request));
                if (request == NULL)
                {
                    rdma_reject(ev->id, NULL, 0);
                    rdma_ack_cm_event(ev);
                    throw_errno(env, "calloc", ENOMEM);
                    return 0;
                }
                request->id = ev->id;
                ev->id->context = request;
                report(event, NV(EV_CONNECT_REQUEST), ev->status, request,
                    (struct ws_conn *)ev->listen_id->context, param->private_data, param->private_data_len);
                break;
            }
            case RDMA_CM_EVENT_ESTABLISHED:
                report(event, NV(EV_ESTABLISHED), ev->status, conn, NULL, param->private_data, param->private_data_len);
                break;
            case RDMA_CM_EVENT_REJECTED:
                report(event, NV(EV_REJECTED), ev->status, conn, NULL, param->private_data, param->private_data_len);
                break;
            case RDMA_CM_EVENT_DISCONNECTED:
                report(event, NV(EV_DISCONNECTED), ev->status, conn, NULL, NULL, 0);
                break;
            case RDMA_CM_EVENT_UNREACHABLE:
                report(event, NV(EV_UNREACHABLE), ev->status, conn, NULL, NULL, 0);
                break;
            case RDMA_CM_EVENT_ADDR_ERROR:
            case RDMA_CM_EVENT_ROUTE_ERROR:
            case RDMA_CM_EVENT_CONNECT_ERROR:
                report(event, NV(EV_CONNECT_ERROR), ev->status, conn, NULL, NULL, 0);
                break;
            case RDMA_CM_EVENT_DEVICE_REMOVAL:
                report(event, NV(EV_DEVICE_REMOVAL), ev->status, conn, NULL, NULL, 0);
                break;
            case RDMA_CM_EVENT_TIMEWAIT_EXIT:
            case RDMA_CM_EVENT_CONNECT_RESPONSE:
                reported = 0;
                break;
            default:
                report(event, NV(EV_OTHER), (int)ev->event, conn, NULL, NULL, 0);
                break;
        }
        rdma_ack_cm_event(ev);
        if (reported)
        {
            return 1;
        }
    }
}

JNIEXPORT void JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeModifyQpToError(
    JNIEnv *env, jclass cls, jlong connection)
{
    (void)cls;
    struct ws_conn *conn = (struct ws_conn *)ptr(connection);
    if (conn->id->qp == NULL)
    {
        throw_errno(env, "ibv_modify_qp", EINVAL);
        return;
    }
    struct ibv_qp_attr attr;
    memset(&attr, 0, sizeof(attr));
    attr.qp_state = IBV_QPS_ERR;
    int rc = ibv_modify_qp(conn->id->qp, &attr, IBV_QP_STATE);
    if (rc != 0)
    {
        throw_errno(env, "ibv_modify_qp", rc);
    }
}

JNIEXPORT jint JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeQueryQpState(
    JNIEnv *env, jclass cls, jlong connection)
{
    (void)cls;
    struct ws_conn *conn = (struct ws_conn *)ptr(connection);
    if (conn->id->qp == NULL)
    {
        return IBV_QPS_RESET;
    }
    struct ibv_qp_attr attr;
    struct ibv_qp_init_attr init;
    int rc = ibv_query_qp(conn->id->qp, &attr, IBV_QP_STATE, &init);
    if (rc != 0)
    {
        throw_errno(env, "ibv_query_qp", rc);
        return 0;
    }
    return (jint)attr.qp_state;
}

JNIEXPORT void JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeDestroyConnection(
    JNIEnv *env, jclass cls, jlong connection)
{
    (void)env;
    (void)cls;
    struct ws_conn *conn = (struct ws_conn *)ptr(connection);
    if (conn->id->qp != NULL)
    {
        rdma_disconnect(conn->id);
    }
    free_conn(conn);
}

