/*
 * libwirespeed-rdma: the JNI binding of io.wirespeed.transport.rdma.verbs.NativeVerbs over
 * libibverbs and librdmacm. Handles are pointers; the Java side (GuardedVerbs) refuses closed
 * handles and bad arguments before they get here. Every failure throws RdmaException with the
 * call name and strerror text; nothing here aborts the process.
 */
#include <jni.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>

#include "io_wirespeed_transport_rdma_verbs_NativeVerbs.h"

#define NV(name) io_wirespeed_transport_rdma_verbs_NativeVerbs_##name
#define WS_POLL_BATCH 32
#define WS_RESOLVE_TIMEOUT_MS 2000

/* The Java constants must be the verbs values they are passed through as. */
_Static_assert(NV(WC_STATUS_SUCCESS) == IBV_WC_SUCCESS, "status");
_Static_assert(NV(WC_STATUS_LOCAL_PROTECTION_ERROR) == IBV_WC_LOC_PROT_ERR, "status");
_Static_assert(NV(WC_STATUS_FLUSH_ERROR) == IBV_WC_WR_FLUSH_ERR, "status");
_Static_assert(NV(WC_STATUS_REMOTE_ACCESS_ERROR) == IBV_WC_REM_ACCESS_ERR, "status");
_Static_assert(NV(WC_STATUS_RETRY_EXCEEDED) == IBV_WC_RETRY_EXC_ERR, "status");
_Static_assert(NV(WC_OPCODE_RDMA_WRITE) == IBV_WC_RDMA_WRITE, "opcode");
_Static_assert(NV(WC_OPCODE_RECV_RDMA_WITH_IMM) == IBV_WC_RECV_RDMA_WITH_IMM, "opcode");
_Static_assert(NV(ACCESS_LOCAL_WRITE_FLAG) == IBV_ACCESS_LOCAL_WRITE, "access");
_Static_assert(NV(ACCESS_REMOTE_WRITE_FLAG) == IBV_ACCESS_REMOTE_WRITE, "access");
_Static_assert(NV(QPS_READY_TO_SEND) == IBV_QPS_RTS, "qp state");
_Static_assert(NV(QPS_ERROR) == IBV_QPS_ERR, "qp state");

/* One rdma_cm id (listener, connect request or connection) and what its QP is built from. */
struct ws_conn
{
    struct rdma_cm_id *id;
    struct ibv_pd *pd;
    struct ibv_cq *send_cq;
    struct ibv_cq *recv_cq;
    uint32_t send_depth;
    uint32_t recv_depth;
    uint8_t private_data[NV(EV_MAX_PRIVATE_DATA_LENGTH)];
    uint8_t private_data_len;
};

static jclass exception_class;
static jmethodID exception_ctor;

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    (void)reserved;
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK)
    {
        return JNI_ERR;
    }
    jclass local = (*env)->FindClass(env, "io/wirespeed/transport/rdma/verbs/RdmaException");
    if (local == NULL)
    {
        return JNI_ERR;
    }
    exception_class = (jclass)(*env)->NewGlobalRef(env, local);
    exception_ctor = (*env)->GetMethodID(env, exception_class, "<init>", "(Ljava/lang/String;ILjava/lang/String;)V");
    return exception_ctor == NULL ? JNI_ERR : JNI_VERSION_1_8;
}

static void throw_errno(JNIEnv *env, const char *call, int err)
{
    if ((*env)->ExceptionCheck(env))
    {
        return;
    }
    if (err <= 0)
    {
        err = EIO;
    }
    jstring jcall = (*env)->NewStringUTF(env, call);
    jstring text = (*env)->NewStringUTF(env, strerror(err));
    if (jcall == NULL || text == NULL)
    {
        return;
    }
    jobject ex = (*env)->NewObject(env, exception_class, exception_ctor, jcall, (jint)err, text);
    if (ex != NULL)
    {
        (*env)->Throw(env, (jthrowable)ex);
    }
}

static void *ptr(jlong handle)
{
    return (void *)(uintptr_t)handle;
}

static jlong handle(const void *p)
{
    return (jlong)(uintptr_t)p;
}

static uint8_t *at(jlong address, int offset)
{
    return (uint8_t *)ptr(address) + offset;
}

static uint32_t get_u32(jlong address, int offset)
{
    uint32_t v;
    memcpy(&v, at(address, offset), sizeof(v));
    return v;
}

static uint64_t get_u64(jlong address, int offset)
{
    uint64_t v;
    memcpy(&v, at(address, offset), sizeof(v));
    return v;
}

static void put_u32(jlong address, int offset, uint32_t v)
{
    memcpy(at(address, offset), &v, sizeof(v));
}

static void put_u64(jlong address, int offset, uint64_t v)
{
    memcpy(at(address, offset), &v, sizeof(v));
}

JNIEXPORT jint JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_deviceCount(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    int count = 0;
    errno = 0;
    struct ibv_device **list = ibv_get_device_list(&count);
    if (list == NULL)
    {
        return errno > 0 ? -errno : -ENODEV;
    }
    ibv_free_device_list(list);
    return count;
}

static int describe_device(struct ibv_device *device, jlong address, int record, int max_records)
{
    const char *name = ibv_get_device_name(device);
    struct ibv_context *ctx = ibv_open_device(device);
    struct ibv_device_attr attr;
    int ports = 0;
    if (ctx != NULL && ibv_query_device(ctx, &attr) == 0)
    {
        ports = attr.phys_port_cnt;
    }
    for (int p = 0; p <= ports && record < max_records; p++)
    {
        if (p == 0 && ports > 0)
        {
            continue;
        }
        jlong base = address + (jlong)record * NV(PORT_RECORD_LENGTH);
        memset(ptr(base), 0, NV(PORT_RECORD_LENGTH));
        snprintf((char *)ptr(base), NV(NAME_LENGTH), "%s", name != NULL ? name : "?");
        put_u64(base, NV(GUID_OFFSET), be64toh(ibv_get_device_guid(device)));
        struct ibv_port_attr port;
        if (p > 0 && ibv_query_port(ctx, (uint8_t)p, &port) == 0)
        {
            put_u32(base, NV(PORT_OFFSET), (uint32_t)p);
            put_u32(base, NV(STATE_OFFSET), (uint32_t)port.state);
            put_u32(base, NV(MTU_OFFSET), (uint32_t)port.active_mtu);
            put_u32(base, NV(LINK_LAYER_OFFSET), (uint32_t)port.link_layer);
            uint32_t gids = 0;
            for (int i = 0; i < port.gid_tbl_len && gids < NV(MAX_GIDS); i++)
            {
                union ibv_gid gid;
                static const uint8_t zero[16];
                if (ibv_query_gid(ctx, (uint8_t)p, i, &gid) == 0 && memcmp(gid.raw, zero, 16) != 0)
                {
                    memcpy(at(base, NV(GIDS_OFFSET) + 16 * (int)gids), gid.raw, 16);
                    gids++;
                }
            }
            put_u32(base, NV(GID_COUNT_OFFSET), gids);
        }
        record++;
    }
    if (ctx != NULL)
    {
        ibv_close_device(ctx);
    }
    return record;
}

JNIEXPORT jint JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_queryDevices(
    JNIEnv *env, jclass cls, jlong address, jint max_records)
{
    (void)cls;
    int count = 0;
    errno = 0;
    struct ibv_device **list = ibv_get_device_list(&count);
    if (list == NULL)
    {
        throw_errno(env, "ibv_get_device_list", errno > 0 ? errno : ENODEV);
        return 0;
    }
    int record = 0;
    for (int i = 0; i < count && record < max_records; i++)
    {
        record = describe_device(list[i], address, record, max_records);
    }
    ibv_free_device_list(list);
    return record;
}

JNIEXPORT jlong JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeOpenDevice(
    JNIEnv *env, jclass cls, jstring device_name)
{
    (void)cls;
    int count = 0;
    errno = 0;
    struct ibv_context **list = rdma_get_devices(&count);
    if (list == NULL)
    {
        throw_errno(env, "rdma_get_devices", errno > 0 ? errno : ENODEV);
        return 0;
    }
    const char *wanted = device_name == NULL ? NULL : (*env)->GetStringUTFChars(env, device_name, NULL);
    struct ibv_context *found = NULL;
    for (int i = 0; i < count && found == NULL; i++)
    {
        if (wanted == NULL || strcmp(wanted, ibv_get_device_name(list[i]->device)) == 0)
        {
            found = list[i];
        }
    }
    if (wanted != NULL)
    {
        (*env)->ReleaseStringUTFChars(env, device_name, wanted);
    }
    rdma_free_devices(list);
    if (found == NULL)
    {
        throw_errno(env, "rdma_get_devices", ENODEV);
    }
    return handle(found);
}

JNIEXPORT jlong JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeAllocPd(
    JNIEnv *env, jclass cls, jlong context)
{
    (void)cls;
    struct ibv_pd *pd = ibv_alloc_pd((struct ibv_context *)ptr(context));
    if (pd == NULL)
    {
        throw_errno(env, "ibv_alloc_pd", errno);
    }
    return handle(pd);
}

JNIEXPORT void JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeDeallocPd(
    JNIEnv *env, jclass cls, jlong pd)
{
    (void)cls;
    int rc = ibv_dealloc_pd((struct ibv_pd *)ptr(pd));
    if (rc != 0)
    {
        throw_errno(env, "ibv_dealloc_pd", rc);
    }
}

JNIEXPORT jlong JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeRegMr(
    JNIEnv *env, jclass cls, jlong pd, jlong address, jlong length, jint access)
{
    (void)cls;
    struct ibv_mr *mr = ibv_reg_mr((struct ibv_pd *)ptr(pd), ptr(address), (size_t)length, access);
    if (mr == NULL)
    {
        throw_errno(env, "ibv_reg_mr", errno);
    }
    return handle(mr);
}

JNIEXPORT jint JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeMrLkey(
    JNIEnv *env, jclass cls, jlong mr)
{
    (void)env;
    (void)cls;
    return (jint)((struct ibv_mr *)ptr(mr))->lkey;
}

JNIEXPORT jint JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeMrRkey(
    JNIEnv *env, jclass cls, jlong mr)
{
    (void)env;
    (void)cls;
    return (jint)((struct ibv_mr *)ptr(mr))->rkey;
}

JNIEXPORT void JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeDeregMr(
    JNIEnv *env, jclass cls, jlong mr)
{
    (void)cls;
    int rc = ibv_dereg_mr((struct ibv_mr *)ptr(mr));
    if (rc != 0)
    {
        throw_errno(env, "ibv_dereg_mr", rc);
    }
}

JNIEXPORT jlong JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeCreateCq(
    JNIEnv *env, jclass cls, jlong context, jint depth)
{
    (void)cls;
    struct ibv_cq *cq = ibv_create_cq((struct ibv_context *)ptr(context), depth, NULL, NULL, 0);
    if (cq == NULL)
    {
        throw_errno(env, "ibv_create_cq", errno);
    }
    return handle(cq);
}

JNIEXPORT void JNICALL Java_io_wirespeed_transport_rdma_verbs_NativeVerbs_nativeDestroyCq(
    JNIEnv *env, jclass cls, jlong cq)
{
    (void)cls;
    int rc = ibv_destroy_cq((struct ibv_cq *)ptr(cq));
    if (rc != 0)
    {
        throw_errno(env, "ibv_destroy_cq", rc);
    }
}

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
