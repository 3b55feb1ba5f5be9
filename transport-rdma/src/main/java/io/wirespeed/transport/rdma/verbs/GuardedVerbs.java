package io.wirespeed.transport.rdma.verbs;

import org.agrona.UnsafeApi;

import java.util.List;

/**
 * The checking layer in front of every {@link Verbs} backend: closed or foreign handles and bad
 * arguments (null, zero address, negative length, work requests over unregistered memory) are
 * refused with an {@link RdmaException} here, before a native call could crash the process.
 * Handles it returns are its own; the backend's handles never leave it.
 */
public final class GuardedVerbs implements Verbs
{
    private final Verbs backend;
    private final HandleRegistry registry = new HandleRegistry();

    /**
     * @param backend the implementation to guard; owned and closed by this object.
     */
    public GuardedVerbs(final Verbs backend)
    {
        if (backend == null)
        {
            throw new NullPointerException("backend");
        }
        this.backend = backend;
    }

    /** {@inheritDoc} */
    public String name()
    {
        return backend.name();
    }

    /** {@inheritDoc} */
    public List<RdmaDevice> devices()
    {
        return backend.devices();
    }

    /** {@inheritDoc} */
    public long openDevice(final String deviceName)
    {
        return registry.register(HandleRegistry.DEVICE, backend.openDevice(deviceName));
    }

    /** {@inheritDoc} */
    public void closeDevice(final long context)
    {
        backend.closeDevice(registry.release(context, HandleRegistry.DEVICE, "close_device"));
    }

    /** {@inheritDoc} */
    public long allocateProtectionDomain(final long context)
    {
        final long device = registry.resolve(context, HandleRegistry.DEVICE, "ibv_alloc_pd");
        return registry.register(HandleRegistry.PROTECTION_DOMAIN, backend.allocateProtectionDomain(device));
    }

    /** {@inheritDoc} */
    public void deallocateProtectionDomain(final long protectionDomain)
    {
        backend.deallocateProtectionDomain(
            registry.release(protectionDomain, HandleRegistry.PROTECTION_DOMAIN, "ibv_dealloc_pd"));
    }

    /** {@inheritDoc} */
    public long registerMemory(final long protectionDomain, final long address, final long length, final int access)
    {
        final String call = "ibv_reg_mr";
        final long pd = registry.resolve(protectionDomain, HandleRegistry.PROTECTION_DOMAIN, call);
        if (address == 0)
        {
            throw new RdmaException(call, "address is 0");
        }
        if (length <= 0)
        {
            throw new RdmaException(call, "length must be positive: " + length);
        }
        if ((access & ~(ACCESS_LOCAL_WRITE | ACCESS_REMOTE_WRITE)) != 0)
        {
            throw new RdmaException(call, "unknown access flags: " + access);
        }
        if ((access & ACCESS_REMOTE_WRITE) != 0 && (access & ACCESS_LOCAL_WRITE) == 0)
        {
            throw new RdmaException(call, "remote write access needs local write access too");
        }
        final long mr = backend.registerMemory(pd, address, length, access);
        return registry.registerMemoryRegion(
            mr, address, length, access, backend.localKey(mr), backend.remoteKey(mr));
    }

    /** {@inheritDoc} */
    public int localKey(final long memoryRegion)
    {
        return registry.localKey(memoryRegion, "mr.lkey");
    }

    /** {@inheritDoc} */
    public int remoteKey(final long memoryRegion)
    {
        return registry.remoteKey(memoryRegion, "mr.rkey");
    }

    /** {@inheritDoc} */
    public void deregisterMemory(final long memoryRegion)
    {
        backend.deregisterMemory(registry.release(memoryRegion, HandleRegistry.MEMORY_REGION, "ibv_dereg_mr"));
    }

    /** {@inheritDoc} */
    public long createCompletionQueue(final long context, final int depth)
    {
        final String call = "ibv_create_cq";
        final long device = registry.resolve(context, HandleRegistry.DEVICE, call);
        if (depth <= 0)
        {
            throw new RdmaException(call, "depth must be positive: " + depth);
        }
        return registry.register(HandleRegistry.COMPLETION_QUEUE, backend.createCompletionQueue(device, depth));
    }

    /** {@inheritDoc} */
    public void destroyCompletionQueue(final long completionQueue)
    {
        backend.destroyCompletionQueue(
            registry.release(completionQueue, HandleRegistry.COMPLETION_QUEUE, "ibv_destroy_cq"));
    }

    /** {@inheritDoc} */
    public long createEventChannel()
    {
        return registry.register(HandleRegistry.EVENT_CHANNEL, backend.createEventChannel());
    }

    /** {@inheritDoc} */
    public void destroyEventChannel(final long channel)
    {
        backend.destroyEventChannel(
            registry.release(channel, HandleRegistry.EVENT_CHANNEL, "rdma_destroy_event_channel"));
    }

    /** {@inheritDoc} */
    public long listen(final long channel, final String host, final int port, final int backlog)
    {
        final String call = "rdma_listen";
        final long ch = registry.resolve(channel, HandleRegistry.EVENT_CHANNEL, call);
        checkAddress(call, host, port);
        if (backlog <= 0)
        {
            throw new RdmaException(call, "backlog must be positive: " + backlog);
        }
        return registry.register(HandleRegistry.LISTENER, backend.listen(ch, host, port, backlog));
    }

    /** {@inheritDoc} */
    public long connect(
        final long channel, final String host, final int port, final long protectionDomain, final long sendCq,
        final long receiveCq, final int sendDepth, final int receiveDepth, final long privateDataAddress,
        final int privateDataLength)
    {
        final String call = "rdma_connect";
        final long ch = registry.resolve(channel, HandleRegistry.EVENT_CHANNEL, call);
        checkAddress(call, host, port);
        final long pd = registry.resolve(protectionDomain, HandleRegistry.PROTECTION_DOMAIN, call);
        final long scq = registry.resolve(sendCq, HandleRegistry.COMPLETION_QUEUE, call);
        final long rcq = registry.resolve(receiveCq, HandleRegistry.COMPLETION_QUEUE, call);
        checkQueuePair(call, sendDepth, receiveDepth, privateDataAddress, privateDataLength);
        return registry.register(HandleRegistry.QUEUE_PAIR, backend.connect(
            ch, host, port, pd, scq, rcq, sendDepth, receiveDepth, privateDataAddress, privateDataLength));
    }

    /** {@inheritDoc} */
    public long accept(
        final long connectRequest, final long protectionDomain, final long sendCq, final long receiveCq,
        final int sendDepth, final int receiveDepth, final long privateDataAddress, final int privateDataLength)
    {
        final String call = "rdma_accept";
        final long request = registry.resolve(connectRequest, HandleRegistry.CONNECT_REQUEST, call);
        final long pd = registry.resolve(protectionDomain, HandleRegistry.PROTECTION_DOMAIN, call);
        final long scq = registry.resolve(sendCq, HandleRegistry.COMPLETION_QUEUE, call);
        final long rcq = registry.resolve(receiveCq, HandleRegistry.COMPLETION_QUEUE, call);
        checkQueuePair(call, sendDepth, receiveDepth, privateDataAddress, privateDataLength);
        registry.release(connectRequest, HandleRegistry.CONNECT_REQUEST, call);
        final long qp = backend.accept(
            request, pd, scq, rcq, sendDepth, receiveDepth, privateDataAddress, privateDataLength);
        return registry.register(HandleRegistry.QUEUE_PAIR, qp);
    }

    /** {@inheritDoc} */
    public void reject(final long connectRequest, final long privateDataAddress, final int privateDataLength)
    {
        final String call = "rdma_reject";
        checkPrivateData(call, privateDataAddress, privateDataLength);
        backend.reject(
            registry.release(connectRequest, HandleRegistry.CONNECT_REQUEST, call),
            privateDataAddress,
            privateDataLength);
    }

    /** {@inheritDoc} */
    public int pollConnectionEvent(final long channel, final long eventAddress)
    {
        final String call = "rdma_get_cm_event";
        final long ch = registry.resolve(channel, HandleRegistry.EVENT_CHANNEL, call);
        if (eventAddress == 0)
        {
            throw new RdmaException(call, "event address is 0");
        }
        final int polled = backend.pollConnectionEvent(ch, eventAddress);
        if (polled > 0)
        {
            final long connection = UnsafeApi.getLong(eventAddress + ConnectionEvent.CONNECTION_OFFSET);
            final int type = UnsafeApi.getInt(eventAddress + ConnectionEvent.TYPE_OFFSET);
            long handle;
            if (type == ConnectionEvent.CONNECT_REQUEST)
            {
                handle = registry.register(HandleRegistry.CONNECT_REQUEST, connection);
                final long listener = UnsafeApi.getLong(eventAddress + ConnectionEvent.LISTENER_OFFSET);
                UnsafeApi.putLong(eventAddress + ConnectionEvent.LISTENER_OFFSET,
                    registry.findByBackend(HandleRegistry.LISTENER, listener));
            }
            else
            {
                handle = registry.findByBackend(HandleRegistry.QUEUE_PAIR, connection);
                if (handle == 0)
                {
                    handle = registry.findByBackend(HandleRegistry.LISTENER, connection);
                }
            }
            UnsafeApi.putLong(eventAddress + ConnectionEvent.CONNECTION_OFFSET, handle);
        }
        return polled;
    }

    /** {@inheritDoc} */
    public void modifyQueuePairToError(final long queuePair)
    {
        backend.modifyQueuePairToError(registry.resolve(queuePair, HandleRegistry.QUEUE_PAIR, "ibv_modify_qp"));
    }

    /** {@inheritDoc} */
    public int queuePairState(final long queuePair)
    {
        return backend.queuePairState(registry.resolve(queuePair, HandleRegistry.QUEUE_PAIR, "ibv_query_qp"));
    }

    /** {@inheritDoc} */
    public void destroyConnection(final long connection)
    {
        backend.destroyConnection(registry.releaseConnection(connection, "rdma_destroy_id"));
    }

    /** {@inheritDoc} */
    public void postWriteWithImmediate(final long queuePair, final long workRequestAddress)
    {
        final String call = "ibv_post_send";
        final long qp = registry.resolve(queuePair, HandleRegistry.QUEUE_PAIR, call);
        checkWorkRequest(call, workRequestAddress, true);
        backend.postWriteWithImmediate(qp, workRequestAddress);
    }

    /** {@inheritDoc} */
    public void postReceive(final long queuePair, final long workRequestAddress)
    {
        final String call = "ibv_post_recv";
        final long qp = registry.resolve(queuePair, HandleRegistry.QUEUE_PAIR, call);
        checkWorkRequest(call, workRequestAddress, false);
        backend.postReceive(qp, workRequestAddress);
    }

    /** {@inheritDoc} */
    public int pollCompletionQueue(final long completionQueue, final long completionsAddress, final int maxCompletions)
    {
        final String call = "ibv_poll_cq";
        final long cq = registry.resolve(completionQueue, HandleRegistry.COMPLETION_QUEUE, call);
        if (completionsAddress == 0)
        {
            throw new RdmaException(call, "completions address is 0");
        }
        if (maxCompletions <= 0)
        {
            throw new RdmaException(call, "maxCompletions must be positive: " + maxCompletions);
        }
        return backend.pollCompletionQueue(cq, completionsAddress, maxCompletions);
    }

    /** {@inheritDoc} */
    public void close()
    {
        backend.close();
    }

    private static void checkAddress(final String call, final String host, final int port)
    {
        if (host == null || host.isEmpty())
        {
            throw new RdmaException(call, "host is null or empty");
        }
        if (port < 0 || port > 65535)
        {
            throw new RdmaException(call, "port out of range: " + port);
        }
    }

    private static void checkQueuePair(
        final String call, final int sendDepth, final int receiveDepth, final long privateDataAddress,
        final int privateDataLength)
    {
        if (sendDepth <= 0 || receiveDepth <= 0)
        {
            throw new RdmaException(call, "queue depths must be positive: send " + sendDepth +
                ", receive " + receiveDepth);
        }
        checkPrivateData(call, privateDataAddress, privateDataLength);
    }

    private static void checkPrivateData(final String call, final long address, final int length)
    {
        if (length < 0 || length > ConnectionEvent.MAX_PRIVATE_DATA_LENGTH)
        {
            throw new RdmaException(call, "private data length must be 0.." +
                ConnectionEvent.MAX_PRIVATE_DATA_LENGTH + ": " + length);
        }
        if (length > 0 && address == 0)
        {
            throw new RdmaException(call, "private data address is 0");
        }
    }

    private void checkWorkRequest(final String call, final long address, final boolean isWrite)
    {
        if (address == 0)
        {
            throw new RdmaException(call, "work request address is 0");
        }
        if ((address & 7) != 0)
        {
            throw new RdmaException(call, "work request address is not 8-byte aligned");
        }
        final int length = UnsafeApi.getInt(address + WorkRequest.LENGTH_OFFSET);
        if (length < 0)
        {
            throw new RdmaException(call, "length is negative: " + length);
        }
        if (length > 0)
        {
            final long local = UnsafeApi.getLong(address + WorkRequest.LOCAL_ADDRESS_OFFSET);
            if (local == 0)
            {
                throw new RdmaException(call, "local address is 0");
            }
            registry.checkLocalMemory(local, length, UnsafeApi.getInt(address + WorkRequest.LKEY_OFFSET), call);
            if (isWrite && UnsafeApi.getLong(address + WorkRequest.REMOTE_ADDRESS_OFFSET) == 0)
            {
                throw new RdmaException(call, "remote address is 0");
            }
        }
    }
}
