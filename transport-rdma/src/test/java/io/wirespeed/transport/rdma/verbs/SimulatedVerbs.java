package io.wirespeed.transport.rdma.verbs;

import org.agrona.UnsafeApi;
import org.agrona.collections.Long2ObjectHashMap;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A pure-Java RDMA fabric with one simulated device, "sim0", for running the RDMA transport where
 * no hardware exists. One instance is one fabric: every endpoint that should reach another must
 * use the same instance. Work is executed synchronously at post time under one fabric lock, with
 * the completion semantics of a reliable connection: in-order delivery per queue pair, target
 * memory written before the receive completion is queued, keys and bounds checked against
 * registered memory, error states that flush. Connection events are queued per channel and
 * polled like rdma_cm's.
 */
public final class SimulatedVerbs implements Verbs
{
    /** The name of the one simulated device. */
    public static final String DEVICE_NAME = "sim0";
    private static final int REJECT_NO_LISTENER = 28;

    private final Long2ObjectHashMap<Object> objects = new Long2ObjectHashMap<>();
    private final Map<String, Listener> listeners = new HashMap<>();
    private final ArrayList<Region> regions = new ArrayList<>();
    private long nextId = 0x5100;
    private int nextQpNum = 0x11;
    private int nextKey = 0x1000;
    private boolean closed;

    private static final class Region
    {
        final long pd;
        final long address;
        final long length;
        final int access;
        final int lkey;
        final int rkey;

        Region(final long pd, final long address, final long length, final int access, final int lkey, final int rkey)
        {
            this.pd = pd;
            this.address = address;
            this.length = length;
            this.access = access;
            this.lkey = lkey;
            this.rkey = rkey;
        }
    }

    private static final class Event
    {
        final int type;
        final int status;
        final long connection;
        final long listener;
        final byte[] privateData;

        Event(final int type, final int status, final long connection, final long listener, final byte[] privateData)
        {
            this.type = type;
            this.status = status;
            this.connection = connection;
            this.listener = listener;
            this.privateData = privateData;
        }
    }

    private static final class Listener
    {
        final long id;
        final long channel;
        final String address;

        Listener(final long id, final long channel, final String address)
        {
            this.id = id;
            this.channel = channel;
            this.address = address;
        }
    }

    private static final class Request
    {
        final SimulatedQueuePair initiator;
        final Listener listener;

        Request(final SimulatedQueuePair initiator, final Listener listener)
        {
            this.initiator = initiator;
            this.listener = listener;
        }
    }

    private static final class Marker
    {
        final String what;

        Marker(final String what)
        {
            this.what = what;
        }
    }

    /** {@inheritDoc} */
    public String name()
    {
        return "simulated";
    }

    /** {@inheritDoc} */
    public List<RdmaDevice> devices()
    {
        return List.of(new RdmaDevice(DEVICE_NAME, "0002:c903:0000:5100",
            List.of(new RdmaPort(1, "ACTIVE", 4096, "Ethernet", List.of("fe80:0000:0000:0000:0002:c9ff:fe00:5100")))));
    }

    /** {@inheritDoc} */
    public synchronized long openDevice(final String deviceName)
    {
        if (deviceName != null && !DEVICE_NAME.equals(deviceName))
        {
            throw new RdmaException("ibv_open_device", 19, "No such device (" + deviceName + "; the simulation has " +
                DEVICE_NAME + ")");
        }
        return add(new Marker("device"));
    }

    /** {@inheritDoc} */
    public synchronized void closeDevice(final long context)
    {
        objects.remove(context);
    }

    /** {@inheritDoc} */
    public synchronized long allocateProtectionDomain(final long context)
    {
        get(context, Marker.class, "ibv_alloc_pd");
        return add(new Marker("pd"));
    }

    /** {@inheritDoc} */
    public synchronized void deallocateProtectionDomain(final long protectionDomain)
    {
        for (int i = 0; i < regions.size(); i++)
        {
            if (regions.get(i).pd == protectionDomain)
            {
                throw new RdmaException("ibv_dealloc_pd", 16, "Device or resource busy (memory still registered)");
            }
        }
        objects.remove(protectionDomain);
    }

    /** {@inheritDoc} */
    public synchronized long registerMemory(
        final long protectionDomain, final long address, final long length, final int access)
    {
        get(protectionDomain, Marker.class, "ibv_reg_mr");
        final int lkey = nextKey++;
        final int rkey = (access & ACCESS_REMOTE_WRITE) != 0 ? nextKey++ : 0;
        final Region region = new Region(protectionDomain, address, length, access, lkey, rkey);
        regions.add(region);
        return add(region);
    }

    /** {@inheritDoc} */
    public synchronized int localKey(final long memoryRegion)
    {
        return get(memoryRegion, Region.class, "mr.lkey").lkey;
    }

    /** {@inheritDoc} */
    public synchronized int remoteKey(final long memoryRegion)
    {
        return get(memoryRegion, Region.class, "mr.rkey").rkey;
    }

    /** {@inheritDoc} */
    public synchronized void deregisterMemory(final long memoryRegion)
    {
        regions.remove(get(memoryRegion, Region.class, "ibv_dereg_mr"));
        objects.remove(memoryRegion);
    }

    /** {@inheritDoc} */
    public synchronized long createCompletionQueue(final long context, final int depth)
    {
        get(context, Marker.class, "ibv_create_cq");
        return add(new SimulatedCompletionQueue(depth));
    }

    /** {@inheritDoc} */
    public synchronized void destroyCompletionQueue(final long completionQueue)
    {
        objects.remove(completionQueue);
    }

    /** {@inheritDoc} */
    public synchronized long createEventChannel()
    {
        return add(new ArrayDeque<Event>());
    }

    /** {@inheritDoc} */
    public synchronized void destroyEventChannel(final long channel)
    {
        objects.remove(channel);
    }

    /** {@inheritDoc} */
    public synchronized long listen(final long channel, final String host, final int port, final int backlog)
    {
        final String address = host + ":" + port;
        if (listeners.containsKey(address))
        {
            throw new RdmaException("rdma_bind_addr", 98, "Address already in use (" + address + ")");
        }
        final long id = add(null);
        final Listener listener = new Listener(id, channel, address);
        objects.put(id, listener);
        listeners.put(address, listener);
        return id;
    }

    /** {@inheritDoc} */
    public synchronized long connect(
        final long channel, final String host, final int port, final long protectionDomain, final long sendCq,
        final long receiveCq, final int sendDepth, final int receiveDepth, final long privateDataAddress,
        final int privateDataLength)
    {
        final SimulatedQueuePair qp = newQueuePair(
            channel, protectionDomain, sendCq, receiveCq, sendDepth, receiveDepth);
        final byte[] privateData = copy(privateDataAddress, privateDataLength);
        final Listener listener = listeners.get(host + ":" + port);
        if (listener == null)
        {
            event(channel, new Event(ConnectionEvent.REJECTED, REJECT_NO_LISTENER, qp.id, 0, new byte[0]));
        }
        else
        {
            final long request = add(new Request(qp, listener));
            event(listener.channel, new Event(ConnectionEvent.CONNECT_REQUEST, 0, request, listener.id, privateData));
        }
        return qp.id;
    }

    /** {@inheritDoc} */
    public synchronized long accept(
        final long connectRequest, final long protectionDomain, final long sendCq, final long receiveCq,
        final int sendDepth, final int receiveDepth, final long privateDataAddress, final int privateDataLength)
    {
        final Request request = get(connectRequest, Request.class, "rdma_accept");
        objects.remove(connectRequest);
        final SimulatedQueuePair initiator = request.initiator;
        if (objects.get(initiator.id) != initiator)
        {
            throw new RdmaException("rdma_accept", 104, "Connection reset by peer (the initiator went away)");
        }
        final SimulatedQueuePair qp = newQueuePair(
            request.listener.channel, protectionDomain, sendCq, receiveCq, sendDepth, receiveDepth);
        qp.peer = initiator;
        initiator.peer = qp;
        qp.state = QP_STATE_READY_TO_SEND;
        initiator.state = QP_STATE_READY_TO_SEND;
        event(qp.channel, new Event(ConnectionEvent.ESTABLISHED, 0, qp.id, 0, new byte[0]));
        event(initiator.channel, new Event(ConnectionEvent.ESTABLISHED, 0, initiator.id, 0,
            copy(privateDataAddress, privateDataLength)));
        return qp.id;
    }

    /** {@inheritDoc} */
    public synchronized void reject(
        final long connectRequest, final long privateDataAddress, final int privateDataLength)
    {
        final Request request = get(connectRequest, Request.class, "rdma_reject");
        objects.remove(connectRequest);
        event(request.initiator.channel, new Event(ConnectionEvent.REJECTED, 8, request.initiator.id, 0,
            copy(privateDataAddress, privateDataLength)));
    }

    /** {@inheritDoc} */
    @SuppressWarnings("unchecked")
    public synchronized int pollConnectionEvent(final long channel, final long eventAddress)
    {
        final ArrayDeque<Event> events = get(channel, ArrayDeque.class, "rdma_get_cm_event");
        final Event event = events.poll();
        if (event == null)
        {
            return 0;
        }
        UnsafeApi.putInt(eventAddress + ConnectionEvent.TYPE_OFFSET, event.type);
        UnsafeApi.putInt(eventAddress + ConnectionEvent.STATUS_OFFSET, event.status);
        UnsafeApi.putLong(eventAddress + ConnectionEvent.CONNECTION_OFFSET, event.connection);
        UnsafeApi.putLong(eventAddress + ConnectionEvent.LISTENER_OFFSET, event.listener);
        UnsafeApi.putInt(eventAddress + ConnectionEvent.PRIVATE_DATA_LENGTH_OFFSET, event.privateData.length);
        for (int i = 0; i < event.privateData.length; i++)
        {
            UnsafeApi.putByte(eventAddress + ConnectionEvent.PRIVATE_DATA_OFFSET + i, event.privateData[i]);
        }
        return 1;
    }

    /** {@inheritDoc} */
    public synchronized void modifyQueuePairToError(final long queuePair)
    {
        get(queuePair, SimulatedQueuePair.class, "ibv_modify_qp").toError();
    }

    /** {@inheritDoc} */
    public synchronized int queuePairState(final long queuePair)
    {
        return get(queuePair, SimulatedQueuePair.class, "ibv_query_qp").state;
    }

    /** {@inheritDoc} */
    public synchronized void destroyConnection(final long connection)
    {
        final Object o = objects.remove(connection);
        if (o instanceof Listener)
        {
            listeners.remove(((Listener)o).address);
        }
        else if (o instanceof SimulatedQueuePair)
        {
            final SimulatedQueuePair qp = (SimulatedQueuePair)o;
            final SimulatedQueuePair peer = qp.peer;
            qp.toError();
            if (peer != null && peer.state != QP_STATE_ERROR && objects.get(peer.id) == peer)
            {
                peer.toError();
                event(peer.channel, new Event(ConnectionEvent.DISCONNECTED, 0, peer.id, 0, new byte[0]));
            }
        }
    }

    /** {@inheritDoc} */
    public synchronized void postWriteWithImmediate(final long queuePair, final long workRequestAddress)
    {
        get(queuePair, SimulatedQueuePair.class, "ibv_post_send").postSend(workRequestAddress, this);
    }

    /** {@inheritDoc} */
    public synchronized void postReceive(final long queuePair, final long workRequestAddress)
    {
        get(queuePair, SimulatedQueuePair.class, "ibv_post_recv").postReceive(workRequestAddress, this);
    }

    /** {@inheritDoc} */
    public synchronized int pollCompletionQueue(
        final long completionQueue, final long completionsAddress, final int max)
    {
        return get(completionQueue, SimulatedCompletionQueue.class, "ibv_poll_cq").drain(completionsAddress, max);
    }

    /** {@inheritDoc} */
    public synchronized void close()
    {
        closed = true;
    }

    boolean coversLocal(final long pd, final int lkey, final long address, final int length)
    {
        for (int i = 0; i < regions.size(); i++)
        {
            final Region r = regions.get(i);
            if (r.lkey == lkey)
            {
                return r.pd == pd && address >= r.address && address + length <= r.address + r.length;
            }
        }
        return false;
    }

    boolean coversRemote(final long pd, final int rkey, final long address, final int length)
    {
        for (int i = 0; i < regions.size(); i++)
        {
            final Region r = regions.get(i);
            if (r.rkey == rkey && rkey != 0)
            {
                return r.pd == pd && (r.access & ACCESS_REMOTE_WRITE) != 0 &&
                    address >= r.address && address + length <= r.address + r.length;
            }
        }
        return false;
    }

    private SimulatedQueuePair newQueuePair(
        final long channel, final long pd, final long sendCq, final long receiveCq, final int sendDepth,
        final int receiveDepth)
    {
        final long id = add(null);
        final SimulatedQueuePair qp = new SimulatedQueuePair(id, nextQpNum++, channel, pd,
            get(sendCq, SimulatedCompletionQueue.class, "rdma_create_qp"),
            get(receiveCq, SimulatedCompletionQueue.class, "rdma_create_qp"), sendDepth, receiveDepth);
        objects.put(id, qp);
        return qp;
    }

    @SuppressWarnings("unchecked")
    private void event(final long channel, final Event event)
    {
        final Object o = objects.get(channel);
        if (o instanceof ArrayDeque)
        {
            ((ArrayDeque<Event>)o).add(event);
        }
    }

    private long add(final Object o)
    {
        if (closed)
        {
            throw new RdmaException("simulated verbs", "closed");
        }
        final long id = nextId++;
        if (o != null)
        {
            objects.put(id, o);
        }
        return id;
    }

    private <T> T get(final long handle, final Class<T> type, final String call)
    {
        final Object o = objects.get(handle);
        if (!type.isInstance(o))
        {
            throw new RdmaException(call, 22, "Invalid argument (no simulated " + type.getSimpleName() +
                " with handle " + handle + ")");
        }
        return type.cast(o);
    }

    private static byte[] copy(final long address, final int length)
    {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = UnsafeApi.getByte(address + i);
        }
        return bytes;
    }
}
