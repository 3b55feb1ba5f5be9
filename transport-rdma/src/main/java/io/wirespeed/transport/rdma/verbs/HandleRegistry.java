package io.wirespeed.transport.rdma.verbs;

import java.util.Arrays;

/**
 * The Java-side table of open handles. A handle given to callers is {@code generation << 32 | slot};
 * it maps to the backend's own handle (a native pointer for {@link NativeVerbs}), so a closed or
 * forged handle is refused here and never reaches native code. Memory regions also keep their
 * address range and keys so work requests can be checked against registered memory.
 */
final class HandleRegistry
{
    static final int DEVICE = 1;
    static final int PROTECTION_DOMAIN = 2;
    static final int MEMORY_REGION = 3;
    static final int COMPLETION_QUEUE = 4;
    static final int EVENT_CHANNEL = 5;
    static final int LISTENER = 6;
    static final int CONNECT_REQUEST = 7;
    static final int QUEUE_PAIR = 8;

    private static final String[] TYPE_NAMES =
    {
        "none", "device", "protection domain", "memory region", "completion queue", "event channel",
        "listener", "connect request", "queue pair"
    };

    private int capacity = 64;
    private int[] types = new int[capacity];
    private int[] generations = new int[capacity];
    private long[] backends = new long[capacity];
    private long[] addresses = new long[capacity];
    private long[] lengths = new long[capacity];
    private int[] localKeys = new int[capacity];
    private int[] remoteKeys = new int[capacity];
    private int[] accesses = new int[capacity];

    synchronized long register(final int type, final long backend)
    {
        int slot = -1;
        for (int i = 0; i < capacity; i++)
        {
            if (types[i] == 0)
            {
                slot = i;
                break;
            }
        }
        if (slot < 0)
        {
            slot = capacity;
            grow();
        }
        types[slot] = type;
        backends[slot] = backend;
        generations[slot]++;
        return ((long)generations[slot] << 32) | slot;
    }

    synchronized long registerMemoryRegion(
        final long backend, final long address, final long length, final int access, final int lkey, final int rkey)
    {
        final long handle = register(MEMORY_REGION, backend);
        final int slot = (int)handle;
        addresses[slot] = address;
        lengths[slot] = length;
        accesses[slot] = access;
        localKeys[slot] = lkey;
        remoteKeys[slot] = rkey;
        return handle;
    }

    synchronized long resolve(final long handle, final int type, final String call)
    {
        return backends[check(handle, type, call)];
    }

    synchronized int localKey(final long handle, final String call)
    {
        return localKeys[check(handle, MEMORY_REGION, call)];
    }

    synchronized int remoteKey(final long handle, final String call)
    {
        return remoteKeys[check(handle, MEMORY_REGION, call)];
    }

    synchronized long release(final long handle, final int type, final String call)
    {
        final int slot = check(handle, type, call);
        final long backend = backends[slot];
        types[slot] = 0;
        backends[slot] = 0;
        addresses[slot] = 0;
        lengths[slot] = 0;
        return backend;
    }

    synchronized long releaseConnection(final long handle, final String call)
    {
        final int slot = (int)handle;
        final int type = handle != 0 && slot >= 0 && slot < capacity && types[slot] == LISTENER ? LISTENER : QUEUE_PAIR;
        return release(handle, type, call);
    }

    synchronized long findByBackend(final int type, final long backend)
    {
        for (int i = 0; i < capacity; i++)
        {
            if (types[i] == type && backends[i] == backend)
            {
                return ((long)generations[i] << 32) | i;
            }
        }
        return 0;
    }

    synchronized boolean hasOpen(final int type)
    {
        for (int i = 0; i < capacity; i++)
        {
            if (types[i] == type)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * Checks that [address, address + length) lies inside a live memory region with this lkey.
     */
    synchronized void checkLocalMemory(final long address, final int length, final int lkey, final String call)
    {
        for (int i = 0; i < capacity; i++)
        {
            if (types[i] == MEMORY_REGION && localKeys[i] == lkey)
            {
                if (address >= addresses[i] && address + length <= addresses[i] + lengths[i])
                {
                    return;
                }
                throw new RdmaException(call, "local memory [" + address + ", +" + length +
                    ") lies outside the memory region with lkey " + lkey);
            }
        }
        throw new RdmaException(call, "lkey " + lkey + " names no registered memory region");
    }

    private int check(final long handle, final int type, final String call)
    {
        final int slot = (int)handle;
        final int generation = (int)(handle >>> 32);
        if (handle == 0 || slot < 0 || slot >= capacity)
        {
            throw new RdmaException(call, "not a " + TYPE_NAMES[type] + " handle: " + handle);
        }
        if (types[slot] == 0 || generations[slot] != generation)
        {
            throw new RdmaException(call, "the " + TYPE_NAMES[type] + " handle " + handle + " is closed");
        }
        if (types[slot] != type)
        {
            throw new RdmaException(call, "handle " + handle + " is a " + TYPE_NAMES[types[slot]] +
                ", not a " + TYPE_NAMES[type]);
        }
        return slot;
    }

    private void grow()
    {
        capacity *= 2;
        types = Arrays.copyOf(types, capacity);
        generations = Arrays.copyOf(generations, capacity);
        backends = Arrays.copyOf(backends, capacity);
        addresses = Arrays.copyOf(addresses, capacity);
        lengths = Arrays.copyOf(lengths, capacity);
        localKeys = Arrays.copyOf(localKeys, capacity);
        remoteKeys = Arrays.copyOf(remoteKeys, capacity);
        accesses = Arrays.copyOf(accesses, capacity);
    }
}
