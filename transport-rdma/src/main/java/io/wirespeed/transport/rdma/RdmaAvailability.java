package io.wirespeed.transport.rdma;

import io.wirespeed.transport.rdma.verbs.NativeLibrary;
import io.wirespeed.transport.rdma.verbs.NativeVerbs;

/**
 * Whether this host can run the native RDMA transport, and if not, why, in plain words: the JNI
 * library did not load, the kernel has no RDMA support, or no RDMA device exists.
 *
 * @param available   true when the library is loaded and at least one device is listed.
 * @param deviceCount the number of devices libibverbs lists (0 when unknown).
 * @param reason      why RDMA is not available, or "RDMA available: N device(s)".
 */
public record RdmaAvailability(boolean available, int deviceCount, String reason)
{
    private static final int ENOENT = 2;
    private static final int EACCES = 13;
    private static final int ENODEV = 19;
    private static final int ENOSYS = 38;

    /**
     * Probes the host: loads the JNI library and asks {@code ibv_get_device_list} for devices.
     *
     * @return the outcome; never throws.
     */
    public static RdmaAvailability probe()
    {
        if (!NativeLibrary.isLoaded())
        {
            return new RdmaAvailability(
                false, 0, "the native RDMA library is not loaded: " + NativeLibrary.failureReason());
        }
        final int count;
        try
        {
            count = NativeVerbs.deviceCount();
        }
        catch (final LinkageError ex)
        {
            return new RdmaAvailability(false, 0, "the native RDMA library is unusable: " + ex);
        }
        return fromDeviceCount(count);
    }

    /**
     * Interprets the result of {@code ibv_get_device_list}.
     *
     * @param count the device count, or -errno when the call returned NULL.
     * @return the availability it means.
     */
    public static RdmaAvailability fromDeviceCount(final int count)
    {
        if (count > 0)
        {
            return new RdmaAvailability(true, count, "RDMA available: " + count + " device(s)");
        }
        if (count == 0)
        {
            return new RdmaAvailability(false, 0,
                "no RDMA devices found (ibv_get_device_list returned 0 devices; " +
                "is an RDMA NIC or rdma_rxe configured?)");
        }
        final int errno = -count;
        switch (errno)
        {
            case ENOSYS:
                return new RdmaAvailability(false, 0,
                    "the kernel has no RDMA support (ibv_get_device_list: Function not implemented)");
            case ENODEV:
            case ENOENT:
                return new RdmaAvailability(false, 0,
                    "no RDMA devices found (ibv_get_device_list: No such device; is the RDMA kernel module loaded?)");
            case EACCES:
                return new RdmaAvailability(false, 0,
                    "RDMA devices are not accessible (ibv_get_device_list: Permission denied; check /dev/infiniband)");
            default:
                return new RdmaAvailability(false, 0, "ibv_get_device_list failed with errno " + errno);
        }
    }
}
