package io.wirespeed.transport.rdma.verbs;

import io.wirespeed.transport.TransportException;

/**
 * A verbs or rdma_cm call failed, or was refused before it reached the native library (a closed
 * handle, a bad argument). The message names the call and, for native failures, the errno text.
 */
public class RdmaException extends TransportException
{
    private static final long serialVersionUID = 1L;

    private final String call;
    private final int errno;

    /**
     * A native call failed with an errno; called from Java and from the JNI library.
     *
     * @param call      the verbs or rdma_cm function, e.g. {@code ibv_reg_mr}.
     * @param errno     the errno value the call left.
     * @param errnoText the text {@code strerror} gives for it.
     */
    public RdmaException(final String call, final int errno, final String errnoText)
    {
        super(call + " failed: " + errnoText + " (errno " + errno + ")");
        this.call = call;
        this.errno = errno;
    }

    /**
     * A call was refused before it reached the native library, or failed without an errno.
     *
     * @param call   the verbs or rdma_cm function that was asked for.
     * @param reason why it was refused, in plain words.
     */
    public RdmaException(final String call, final String reason)
    {
        super(call + ": " + reason);
        this.call = call;
        this.errno = 0;
    }

    /** The verbs or rdma_cm function that failed or was refused. */
    public String call()
    {
        return call;
    }

    /** The errno the native call left, or 0 when the call was refused in Java. */
    public int errno()
    {
        return errno;
    }
}
