/* Devices, protection domains, memory regions and completion queues. */
#include "wirespeed_rdma.h"

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

