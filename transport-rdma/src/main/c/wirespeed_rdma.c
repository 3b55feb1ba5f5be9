/*
 * libwirespeed-rdma: the JNI binding of io.wirespeed.transport.rdma.verbs.NativeVerbs over
 * libibverbs and librdmacm. Handles are pointers; the Java side (GuardedVerbs) refuses closed
 * handles and bad arguments before they get here. Every failure throws RdmaException with the
 * call name and strerror text; nothing here aborts the process.
 *
 * This file: library load and exceptions. wirespeed_verbs.c: devices, PD, MR, CQ.
 * wirespeed_cm.c: rdma_cm connections and QPs. wirespeed_data.c: posting and polling.
 */
#include "wirespeed_rdma.h"

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

void throw_errno(JNIEnv *env, const char *call, int err)
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

