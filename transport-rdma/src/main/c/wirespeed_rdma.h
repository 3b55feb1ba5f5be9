/*
 * Shared declarations of libwirespeed-rdma, the JNI binding of
 * io.wirespeed.transport.rdma.verbs.NativeVerbs: the generated JNI header, the connection
 * struct, and helpers for reading and writing the off-heap structs Java lays out.
 */
#ifndef WIRESPEED_RDMA_H
#define WIRESPEED_RDMA_H

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

/* Throws RdmaException(call, err, strerror(err)) unless an exception is already pending. */
void throw_errno(JNIEnv *env, const char *call, int err);

static inline void *ptr(jlong handle)
{
    return (void *)(uintptr_t)handle;
}

static inline jlong handle(const void *p)
{
    return (jlong)(uintptr_t)p;
}

static inline uint8_t *at(jlong address, int offset)
{
    return (uint8_t *)ptr(address) + offset;
}

static inline uint32_t get_u32(jlong address, int offset)
{
    uint32_t v;
    memcpy(&v, at(address, offset), sizeof(v));
    return v;
}

static inline uint64_t get_u64(jlong address, int offset)
{
    uint64_t v;
    memcpy(&v, at(address, offset), sizeof(v));
    return v;
}

static inline void put_u32(jlong address, int offset, uint32_t v)
{
    memcpy(at(address, offset), &v, sizeof(v));
}

static inline void put_u64(jlong address, int offset, uint64_t v)
{
    memcpy(at(address, offset), &v, sizeof(v));
}

#endif
