package io.wirespeed.transport.rdma.verbs;

import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;

/**
 * One connection-management event, written into off-heap memory by
 * {@link Verbs#pollConnectionEvent} and read in place.
 * <pre>
 *  +---------------------------------------------------------------+
 *  |      type (CONNECT_REQUEST, ESTABLISHED, ...)                 |  0
 *  |      status (rdma_cm event status: -errno or reject reason)   |  4
 *  |      connection handle (64 bits)                              |  8
 *  |      listener handle (64 bits, CONNECT_REQUEST only)          | 16
 *  |      private data length                                      | 24
 *  |      reserved                                                 | 28
 *  |      private data (up to 56 bytes)                          ...| 32
 *  +---------------------------------------------------------------+
 * </pre>
 */
public final class ConnectionEvent
{
    /** Offset of the event type. */
    public static final int TYPE_OFFSET = 0;
    /** Offset of the event status. */
    public static final int STATUS_OFFSET = 4;
    /** Offset of the connection (queue pair or connect request) handle. */
    public static final int CONNECTION_OFFSET = 8;
    /** Offset of the listener handle. */
    public static final int LISTENER_OFFSET = 16;
    /** Offset of the private data length. */
    public static final int PRIVATE_DATA_LENGTH_OFFSET = 24;
    /** Offset of the private data. */
    public static final int PRIVATE_DATA_OFFSET = 32;
    /** The most private data an RC connect request carries over RoCE. */
    public static final int MAX_PRIVATE_DATA_LENGTH = 56;
    /** Bytes one event occupies. */
    public static final int LENGTH = 96;

    /** A peer asks to connect to a listener; accept or reject the connection handle. */
    public static final int CONNECT_REQUEST = 1;
    /** The connection is up; the private data is the peer's accept data on the active side. */
    public static final int ESTABLISHED = 2;
    /** The peer refused the connection, or nobody listens at the address. */
    public static final int REJECTED = 3;
    /** The peer disconnected; the queue pair is in error. */
    public static final int DISCONNECTED = 4;
    /** The peer could not be reached. */
    public static final int UNREACHABLE = 5;
    /** Address or route resolution, or the connect itself, failed; the status holds -errno. */
    public static final int CONNECT_ERROR = 6;
    /** The device was removed. */
    public static final int DEVICE_REMOVAL = 7;
    /** Any other rdma_cm event, reported for diagnosis only. */
    public static final int OTHER = 8;

    private final ByteBuffer memory = BufferUtil.allocateDirectAligned(LENGTH, 64);
    private final UnsafeBuffer buffer = new UnsafeBuffer(memory);

    /** The address to pass to {@link Verbs#pollConnectionEvent}. */
    public long address()
    {
        return buffer.addressOffset();
    }

    /** The buffer over the event, for reading the private data in place. */
    public UnsafeBuffer buffer()
    {
        return buffer;
    }

    /** The event type. */
    public int type()
    {
        return buffer.getInt(TYPE_OFFSET);
    }

    /** The rdma_cm status of the event. */
    public int status()
    {
        return buffer.getInt(STATUS_OFFSET);
    }

    /** The handle of the connection the event concerns. */
    public long connection()
    {
        return buffer.getLong(CONNECTION_OFFSET);
    }

    /** The listener a connect request arrived on. */
    public long listener()
    {
        return buffer.getLong(LISTENER_OFFSET);
    }

    /** The number of private data bytes. */
    public int privateDataLength()
    {
        return buffer.getInt(PRIVATE_DATA_LENGTH_OFFSET);
    }

    /**
     * Names an event type for messages.
     *
     * @param type an event type.
     * @return its name.
     */
    public static String describe(final int type)
    {
        switch (type)
        {
            case CONNECT_REQUEST: return "CONNECT_REQUEST";
            case ESTABLISHED: return "ESTABLISHED";
            case REJECTED: return "REJECTED";
            case DISCONNECTED: return "DISCONNECTED";
            case UNREACHABLE: return "UNREACHABLE";
            case CONNECT_ERROR: return "CONNECT_ERROR";
            case DEVICE_REMOVAL: return "DEVICE_REMOVAL";
            default: return "OTHER(" + type + ")";
        }
    }
}
