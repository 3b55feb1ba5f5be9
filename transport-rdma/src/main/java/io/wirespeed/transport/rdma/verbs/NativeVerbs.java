package io.wirespeed.transport.rdma.verbs;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.ArrayList;
import java.util.List;

/**
 * The JNI backend: each method is one or a few libibverbs/librdmacm calls in
 * {@code libwirespeed-rdma.so}. Handles are native pointers, so this class must only be used
 * behind {@link GuardedVerbs}, which refuses closed handles and bad arguments. Failures throw
 * {@link RdmaException} with the call name and strerror text.
 */
public final class NativeVerbs implements Verbs
{
    /** Bytes of one port record written by {@code queryDevices}. */
    static final int PORT_RECORD_LENGTH = 192;
    static final int NAME_OFFSET = 0;
    static final int NAME_LENGTH = 64;
    static final int GUID_OFFSET = 64;
    static final int PORT_OFFSET = 72;
    static final int STATE_OFFSET = 76;
    static final int MTU_OFFSET = 80;
    static final int LINK_LAYER_OFFSET = 84;
    static final int GID_COUNT_OFFSET = 88;
    static final int GIDS_OFFSET = 96;
    static final int MAX_GIDS = 6;
    private static final int MAX_PORT_RECORDS = 64;

    // Layouts shared with the C code; javac -h turns these into #defines it compiles against.
    static final int WR_LENGTH = WorkRequest.LENGTH;
    static final int WR_ID_OFFSET = WorkRequest.WR_ID_OFFSET;
    static final int WR_LOCAL_ADDRESS_OFFSET = WorkRequest.LOCAL_ADDRESS_OFFSET;
    static final int WR_REMOTE_ADDRESS_OFFSET = WorkRequest.REMOTE_ADDRESS_OFFSET;
    static final int WR_LENGTH_OFFSET = WorkRequest.LENGTH_OFFSET;
    static final int WR_LKEY_OFFSET = WorkRequest.LKEY_OFFSET;
    static final int WR_RKEY_OFFSET = WorkRequest.RKEY_OFFSET;
    static final int WR_IMMEDIATE_OFFSET = WorkRequest.IMMEDIATE_OFFSET;
    static final int WR_FLAGS_OFFSET = WorkRequest.FLAGS_OFFSET;
    static final int WR_FLAG_SIGNALED = WorkRequest.FLAG_SIGNALED;
    static final int WC_RECORD_LENGTH = CompletionArray.RECORD_LENGTH;
    static final int WC_WR_ID_OFFSET = CompletionArray.WR_ID_OFFSET;
    static final int WC_STATUS_OFFSET = CompletionArray.STATUS_OFFSET;
    static final int WC_OPCODE_OFFSET = CompletionArray.OPCODE_OFFSET;
    static final int WC_BYTE_LENGTH_OFFSET = CompletionArray.BYTE_LENGTH_OFFSET;
    static final int WC_IMMEDIATE_OFFSET = CompletionArray.IMMEDIATE_OFFSET;
    static final int WC_QP_NUM_OFFSET = CompletionArray.QP_NUM_OFFSET;
    static final int WC_STATUS_SUCCESS = CompletionArray.STATUS_SUCCESS;
    static final int WC_STATUS_LOCAL_PROTECTION_ERROR = CompletionArray.STATUS_LOCAL_PROTECTION_ERROR;
    static final int WC_STATUS_FLUSH_ERROR = CompletionArray.STATUS_FLUSH_ERROR;
    static final int WC_STATUS_REMOTE_ACCESS_ERROR = CompletionArray.STATUS_REMOTE_ACCESS_ERROR;
    static final int WC_STATUS_RETRY_EXCEEDED = CompletionArray.STATUS_RETRY_EXCEEDED;
    static final int WC_OPCODE_RDMA_WRITE = CompletionArray.OPCODE_RDMA_WRITE;
    static final int WC_OPCODE_RECV_RDMA_WITH_IMM = CompletionArray.OPCODE_RECV_RDMA_WITH_IMM;
    static final int EV_TYPE_OFFSET = ConnectionEvent.TYPE_OFFSET;
    static final int EV_STATUS_OFFSET = ConnectionEvent.STATUS_OFFSET;
    static final int EV_CONNECTION_OFFSET = ConnectionEvent.CONNECTION_OFFSET;
    static final int EV_LISTENER_OFFSET = ConnectionEvent.LISTENER_OFFSET;
    static final int EV_PRIVATE_DATA_LENGTH_OFFSET = ConnectionEvent.PRIVATE_DATA_LENGTH_OFFSET;
    static final int EV_PRIVATE_DATA_OFFSET = ConnectionEvent.PRIVATE_DATA_OFFSET;
    static final int EV_MAX_PRIVATE_DATA_LENGTH = ConnectionEvent.MAX_PRIVATE_DATA_LENGTH;
    static final int EV_CONNECT_REQUEST = ConnectionEvent.CONNECT_REQUEST;
    static final int EV_ESTABLISHED = ConnectionEvent.ESTABLISHED;
    static final int EV_REJECTED = ConnectionEvent.REJECTED;
    static final int EV_DISCONNECTED = ConnectionEvent.DISCONNECTED;
    static final int EV_UNREACHABLE = ConnectionEvent.UNREACHABLE;
    static final int EV_CONNECT_ERROR = ConnectionEvent.CONNECT_ERROR;
    static final int EV_DEVICE_REMOVAL = ConnectionEvent.DEVICE_REMOVAL;
    static final int EV_OTHER = ConnectionEvent.OTHER;
    static final int ACCESS_LOCAL_WRITE_FLAG = ACCESS_LOCAL_WRITE;
    static final int ACCESS_REMOTE_WRITE_FLAG = ACCESS_REMOTE_WRITE;
    static final int QPS_READY_TO_SEND = QP_STATE_READY_TO_SEND;
    static final int QPS_ERROR = QP_STATE_ERROR;
    private static final String[] PORT_STATES = { "NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER" };

    /**
     * Creates the backend; the library must be loaded.
     *
     * @throws RdmaException when {@link NativeLibrary} could not load the library.
     */
    public NativeVerbs()
    {
        if (!NativeLibrary.isLoaded())
        {
            throw new RdmaException("load " + NativeLibrary.LIBRARY_FILE, NativeLibrary.failureReason());
        }
    }

    /**
     * Asks libibverbs for its device list, without opening anything.
     *
     * @return the number of devices, or -errno when {@code ibv_get_device_list} returned NULL.
     */
    public static native int deviceCount();

    /** {@inheritDoc} */
    public String name()
    {
        return "native";
    }

    /** {@inheritDoc} */
    public List<RdmaDevice> devices()
    {
        final UnsafeBuffer records = new UnsafeBuffer(
            BufferUtil.allocateDirectAligned(PORT_RECORD_LENGTH * MAX_PORT_RECORDS, 64));
        final int count = queryDevices(records.addressOffset(), MAX_PORT_RECORDS);
        final List<RdmaDevice> devices = new ArrayList<>();
        String current = null;
        String guid = null;
        List<RdmaPort> ports = null;
        for (int i = 0; i < count; i++)
        {
            final int base = i * PORT_RECORD_LENGTH;
            final String name = readName(records, base);
            if (!name.equals(current))
            {
                if (current != null)
                {
                    devices.add(new RdmaDevice(current, guid, List.copyOf(ports)));
                }
                current = name;
                guid = String.format("%016x", records.getLong(base + GUID_OFFSET));
                ports = new ArrayList<>();
            }
            final int port = records.getInt(base + PORT_OFFSET);
            if (port > 0)
            {
                final int state = records.getInt(base + STATE_OFFSET);
                final int mtuEnum = records.getInt(base + MTU_OFFSET);
                final int linkLayer = records.getInt(base + LINK_LAYER_OFFSET);
                final List<String> gids = new ArrayList<>();
                final int gidCount = Math.min(MAX_GIDS, records.getInt(base + GID_COUNT_OFFSET));
                for (int g = 0; g < gidCount; g++)
                {
                    gids.add(formatGid(records, base + GIDS_OFFSET + g * 16));
                }
                ports.add(new RdmaPort(port, state >= 0 && state < PORT_STATES.length ? PORT_STATES[state] :
                    "STATE(" + state + ")", mtuEnum >= 1 && mtuEnum <= 5 ? 128 << mtuEnum : 0,
                    linkLayer == 2 ? "Ethernet" : linkLayer == 1 ? "InfiniBand" : "unknown", List.copyOf(gids)));
            }
        }
        if (current != null)
        {
            devices.add(new RdmaDevice(current, guid, List.copyOf(ports)));
        }
        return devices;
    }

    /** {@inheritDoc} */
    public long openDevice(final String deviceName)
    {
        return nativeOpenDevice(deviceName);
    }

    /** {@inheritDoc} */
    public void closeDevice(final long context)
    {
        // Device contexts belong to librdmacm, which keeps them open for the process's lifetime.
    }

    /** {@inheritDoc} */
    public long allocateProtectionDomain(final long context)
    {
        return nativeAllocPd(context);
    }

    /** {@inheritDoc} */
    public void deallocateProtectionDomain(final long protectionDomain)
    {
        nativeDeallocPd(protectionDomain);
    }

    /** {@inheritDoc} */
    public long registerMemory(final long protectionDomain, final long address, final long length, final int access)
    {
        return nativeRegMr(protectionDomain, address, length, access);
    }

    /** {@inheritDoc} */
    public int localKey(final long memoryRegion)
    {
        return nativeMrLkey(memoryRegion);
    }

    /** {@inheritDoc} */
    public int remoteKey(final long memoryRegion)
    {
        return nativeMrRkey(memoryRegion);
    }

    /** {@inheritDoc} */
    public void deregisterMemory(final long memoryRegion)
    {
        nativeDeregMr(memoryRegion);
    }

    /** {@inheritDoc} */
    public long createCompletionQueue(final long context, final int depth)
    {
        return nativeCreateCq(context, depth);
    }

    /** {@inheritDoc} */
    public void destroyCompletionQueue(final long completionQueue)
    {
        nativeDestroyCq(completionQueue);
    }

    /** {@inheritDoc} */
    public long createEventChannel()
    {
        return nativeCreateEventChannel();
    }

    /** {@inheritDoc} */
    public void destroyEventChannel(final long channel)
    {
        nativeDestroyEventChannel(channel);
    }

    /** {@inheritDoc} */
    public long listen(final long channel, final String host, final int port, final int backlog)
    {
        return nativeListen(channel, host, port, backlog);
    }

    /** {@inheritDoc} */
    public long connect(
        final long channel, final String host, final int port, final long protectionDomain, final long sendCq,
        final long receiveCq, final int sendDepth, final int receiveDepth, final long privateDataAddress,
        final int privateDataLength)
    {
        return nativeConnect(channel, host, port, protectionDomain, sendCq, receiveCq, sendDepth, receiveDepth,
            privateDataAddress, privateDataLength);
    }

    /** {@inheritDoc} */
    public long accept(
        final long connectRequest, final long protectionDomain, final long sendCq, final long receiveCq,
        final int sendDepth, final int receiveDepth, final long privateDataAddress, final int privateDataLength)
    {
        return nativeAccept(connectRequest, protectionDomain, sendCq, receiveCq, sendDepth, receiveDepth,
            privateDataAddress, privateDataLength);
    }

    /** {@inheritDoc} */
    public void reject(final long connectRequest, final long privateDataAddress, final int privateDataLength)
    {
        nativeReject(connectRequest, privateDataAddress, privateDataLength);
    }

    /** {@inheritDoc} */
    public int pollConnectionEvent(final long channel, final long eventAddress)
    {
        return nativePollEvent(channel, eventAddress);
    }

    /** {@inheritDoc} */
    public void modifyQueuePairToError(final long queuePair)
    {
        nativeModifyQpToError(queuePair);
    }

    /** {@inheritDoc} */
    public int queuePairState(final long queuePair)
    {
        return nativeQueryQpState(queuePair);
    }

    /** {@inheritDoc} */
    public void destroyConnection(final long connection)
    {
        nativeDestroyConnection(connection);
    }

    /** {@inheritDoc} */
    public void postWriteWithImmediate(final long queuePair, final long workRequestAddress)
    {
        nativePostWriteWithImm(queuePair, workRequestAddress);
    }

    /** {@inheritDoc} */
    public void postReceive(final long queuePair, final long workRequestAddress)
    {
        nativePostRecv(queuePair, workRequestAddress);
    }

    /** {@inheritDoc} */
    public int pollCompletionQueue(final long completionQueue, final long completionsAddress, final int maxCompletions)
    {
        return nativePollCq(completionQueue, completionsAddress, maxCompletions);
    }

    /** {@inheritDoc} */
    public void close()
    {
    }

    private static String readName(final UnsafeBuffer records, final int base)
    {
        final StringBuilder name = new StringBuilder();
        for (int i = 0; i < NAME_LENGTH; i++)
        {
            final byte b = records.getByte(base + NAME_OFFSET + i);
            if (b == 0)
            {
                break;
            }
            name.append((char)b);
        }
        return name.toString();
    }

    private static String formatGid(final UnsafeBuffer records, final int offset)
    {
        final StringBuilder gid = new StringBuilder(39);
        for (int i = 0; i < 16; i += 2)
        {
            if (i > 0)
            {
                gid.append(':');
            }
            gid.append(String.format("%02x%02x", records.getByte(offset + i), records.getByte(offset + i + 1)));
        }
        return gid.toString();
    }

    private static native int queryDevices(long address, int maxRecords);

    private static native long nativeOpenDevice(String deviceName);

    private static native long nativeAllocPd(long context);

    private static native void nativeDeallocPd(long pd);

    private static native long nativeRegMr(long pd, long address, long length, int access);

    private static native int nativeMrLkey(long mr);

    private static native int nativeMrRkey(long mr);

    private static native void nativeDeregMr(long mr);

    private static native long nativeCreateCq(long context, int depth);

    private static native void nativeDestroyCq(long cq);

    private static native long nativeCreateEventChannel();

    private static native void nativeDestroyEventChannel(long channel);

    private static native long nativeListen(long channel, String host, int port, int backlog);

    private static native long nativeConnect(long channel, String host, int port, long pd, long sendCq,
        long receiveCq, int sendDepth, int receiveDepth, long privateDataAddress, int privateDataLength);

    private static native long nativeAccept(long request, long pd, long sendCq, long receiveCq, int sendDepth,
        int receiveDepth, long privateDataAddress, int privateDataLength);

    private static native void nativeReject(long request, long privateDataAddress, int privateDataLength);

    private static native int nativePollEvent(long channel, long eventAddress);

    private static native void nativeModifyQpToError(long qp);

    private static native int nativeQueryQpState(long qp);

    private static native void nativeDestroyConnection(long connection);

    private static native void nativePostWriteWithImm(long qp, long workRequestAddress);

    private static native void nativePostRecv(long qp, long workRequestAddress);

    private static native int nativePollCq(long cq, long completionsAddress, int maxCompletions);
}
