package io.wirespeed.transport.rdma.verbs;

import java.util.List;

/**
 * The verbs and connection-management calls the RDMA transport uses, over handles ({@code long})
 * and off-heap addresses so the data path allocates nothing. Implemented natively
 * ({@link NativeVerbs}) and in pure Java ({@code SimulatedVerbs}, in the test jar); {@link GuardedVerbs} rejects
 * closed handles and bad arguments before either is reached. Every failure is an
 * {@link RdmaException}.
 */
public interface Verbs extends AutoCloseable
{
    /** Local write access to registered memory (IBV_ACCESS_LOCAL_WRITE). */
    int ACCESS_LOCAL_WRITE = 1;
    /** Remote peers may RDMA-write into the region (IBV_ACCESS_REMOTE_WRITE). */
    int ACCESS_REMOTE_WRITE = 2;

    /** Queue pair state IBV_QPS_RESET. */
    int QP_STATE_RESET = 0;
    /** Queue pair state IBV_QPS_INIT. */
    int QP_STATE_INIT = 1;
    /** Queue pair state IBV_QPS_RTR. */
    int QP_STATE_READY_TO_RECEIVE = 2;
    /** Queue pair state IBV_QPS_RTS: connected, sends and receives work. */
    int QP_STATE_READY_TO_SEND = 3;
    /** Queue pair state IBV_QPS_ERR: requests are flushed with error completions. */
    int QP_STATE_ERROR = 6;

    /** A short name of the implementation, e.g. "native" or "simulated". */
    String name();

    /**
     * Lists the RDMA devices and their ports.
     *
     * @return the devices, possibly none.
     * @throws RdmaException when the device list cannot be read (e.g. no kernel support).
     */
    List<RdmaDevice> devices();

    /**
     * Opens a device for use by rdma_cm connections.
     *
     * @param deviceName the device name, or null for the first device.
     * @return the device context handle.
     */
    long openDevice(String deviceName);

    /** Releases a device context handle. */
    void closeDevice(long context);

    /** Allocates a protection domain on a device. */
    long allocateProtectionDomain(long context);

    /** Releases a protection domain; its memory regions must be deregistered first. */
    void deallocateProtectionDomain(long protectionDomain);

    /**
     * Registers (pins) memory for RDMA.
     *
     * @param protectionDomain the protection domain.
     * @param address          the start address, non-zero.
     * @param length           the length in bytes, positive.
     * @param access           {@link #ACCESS_LOCAL_WRITE} and/or {@link #ACCESS_REMOTE_WRITE}.
     * @return the memory region handle.
     */
    long registerMemory(long protectionDomain, long address, long length, int access);

    /** The local key of a memory region, for work requests that read or write it locally. */
    int localKey(long memoryRegion);

    /** The remote key of a memory region, for peers that RDMA-write into it. */
    int remoteKey(long memoryRegion);

    /** Deregisters a memory region. */
    void deregisterMemory(long memoryRegion);

    /** Creates a completion queue of at least {@code depth} entries on a device. */
    long createCompletionQueue(long context, int depth);

    /** Destroys a completion queue; its queue pairs must be destroyed first. */
    void destroyCompletionQueue(long completionQueue);

    /** Creates a non-blocking connection-management event channel. */
    long createEventChannel();

    /** Destroys an event channel; its listeners and connections must be destroyed first. */
    void destroyEventChannel(long channel);

    /**
     * Listens for reliable-connected peers on a local address; connect requests arrive as
     * {@link ConnectionEvent#CONNECT_REQUEST} events on {@code channel}.
     *
     * @return the listener handle, released with {@link #destroyConnection}.
     */
    long listen(long channel, String host, int port, int backlog);

    /**
     * Starts connecting a reliable-connected queue pair to a listener. The outcome arrives on
     * {@code channel} as {@link ConnectionEvent#ESTABLISHED} (with the peer's accept data) or
     * as a failure event. The queue pair exists from this call on; receives may be posted.
     *
     * @return the queue pair handle.
     */
    long connect(long channel, String host, int port, long protectionDomain, long sendCq, long receiveCq,
        int sendDepth, int receiveDepth, long privateDataAddress, int privateDataLength);

    /**
     * Accepts a connect request, creating its queue pair; {@link ConnectionEvent#ESTABLISHED}
     * follows on the listener's channel. Receives may be posted as soon as this returns.
     *
     * @param connectRequest the handle from a {@link ConnectionEvent#CONNECT_REQUEST} event.
     * @return the queue pair handle (the connect request handle is consumed).
     */
    long accept(long connectRequest, long protectionDomain, long sendCq, long receiveCq,
        int sendDepth, int receiveDepth, long privateDataAddress, int privateDataLength);

    /** Rejects a connect request with private data telling the peer why; the handle is consumed. */
    void reject(long connectRequest, long privateDataAddress, int privateDataLength);

    /**
     * Takes the next connection event off a channel without blocking.
     *
     * @param channel      the event channel.
     * @param eventAddress where to write the {@link ConnectionEvent}.
     * @return 1 if an event was written, 0 if none was waiting.
     */
    int pollConnectionEvent(long channel, long eventAddress);

    /** Moves a queue pair to the error state: outstanding and later requests are flushed. */
    void modifyQueuePairToError(long queuePair);

    /** The current state of a queue pair, one of the {@code QP_STATE_*} values. */
    int queuePairState(long queuePair);

    /** Disconnects and destroys a queue pair or a listener. */
    void destroyConnection(long connection);

    /**
     * Posts an RDMA_WRITE_WITH_IMM described by a {@link WorkRequest} at {@code workRequestAddress}.
     * The data is in the target's memory before the target's receive completion carrying the
     * immediate value becomes visible.
     */
    void postWriteWithImmediate(long queuePair, long workRequestAddress);

    /** Posts a receive (consumed by an incoming write with immediate) described by a {@link WorkRequest}. */
    void postReceive(long queuePair, long workRequestAddress);

    /**
     * Polls up to {@code maxCompletions} completions into a {@link CompletionArray}.
     *
     * @return the number of completions written, 0 when none.
     */
    int pollCompletionQueue(long completionQueue, long completionsAddress, int maxCompletions);

    /** Releases what the implementation holds itself (not the caller's handles). */
    @Override
    void close();
}
