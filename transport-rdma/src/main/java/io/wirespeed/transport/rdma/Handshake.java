package io.wirespeed.transport.rdma;

/**
 * The rdma_cm private data both ends exchange when a subscription connects to a publication.
 * <pre>
 * Connect request (subscriber to publisher), 32 bytes:
 *   0 magic 'WSR1' | 4 stream id | 8 term length | 12 receive depth
 *  16 replica address (64 bits)  | 24 replica rkey | 28 reserved
 * Accept (publisher to subscriber), 32 bytes:
 *   0 magic 'WSR1' | 4 session id | 8 initial term id | 12 mtu
 *  16 start position (64 bits)   | 24 reserved (64 bits)
 * Reject (publisher to subscriber): 0 magic | 4 reason code
 * </pre>
 * The publisher writes frames into the replica at the offsets they have in its own log.
 */
final class Handshake
{
    static final int MAGIC = 0x57535231;
    static final int LENGTH = 32;

    static final int MAGIC_OFFSET = 0;
    static final int STREAM_ID_OFFSET = 4;
    static final int TERM_LENGTH_OFFSET = 8;
    static final int RECEIVE_DEPTH_OFFSET = 12;
    static final int REPLICA_ADDRESS_OFFSET = 16;
    static final int REPLICA_RKEY_OFFSET = 24;

    static final int SESSION_ID_OFFSET = 4;
    static final int INITIAL_TERM_ID_OFFSET = 8;
    static final int MTU_OFFSET = 12;
    static final int START_POSITION_OFFSET = 16;

    static final int REASON_OFFSET = 4;
    static final int REASON_BAD_REQUEST = 1;
    static final int REASON_WRONG_STREAM = 2;
    static final int REASON_WRONG_TERM_LENGTH = 3;
    static final int REASON_TOO_MANY_SUBSCRIBERS = 4;

    private Handshake()
    {
    }

    static String describeReason(final int reason)
    {
        switch (reason)
        {
            case REASON_BAD_REQUEST: return "the connect request was not a Wirespeed RDMA subscription";
            case REASON_WRONG_STREAM: return "the publication at this endpoint has a different stream id";
            case REASON_WRONG_TERM_LENGTH: return "the publication at this endpoint uses a different term-length";
            case REASON_TOO_MANY_SUBSCRIBERS: return "the publication has its maximum number of subscribers";
            default: return "no publication listens at this endpoint (reason " + reason + ")";
        }
    }
}
