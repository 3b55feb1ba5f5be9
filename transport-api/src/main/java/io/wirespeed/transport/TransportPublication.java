package io.wirespeed.transport;

import org.agrona.DirectBuffer;

/**
 * The sending end of a stream. Back-pressure and other transient states are returned as
 * negative values, never thrown: the caller decides whether to retry, wait or give up.
 * Not thread safe: one writer thread at a time.
 */
public interface TransportPublication extends AutoCloseable
{
    /** No subscriber is connected; the message was not sent. */
    long NOT_CONNECTED = -1;
    /** The slowest subscriber or the transport's window is full; retry later. */
    long BACK_PRESSURED = -2;
    /** The transport was busy with an administrative action; retry at once. */
    long ADMIN_ACTION = -3;
    /** The publication is closed. */
    long CLOSED = -4;
    /** The stream reached its maximum position and cannot take more messages. */
    long MAX_POSITION_EXCEEDED = -5;
    /** A cluster's leader changed since the count an {@link #offer(DirectBuffer, int, int, long)} named: not sent. */
    long LEADER_CHANGED = -6;

    /**
     * Sends one message, fragmenting it if it is larger than the transport's frame.
     *
     * @return the new stream position when positive, otherwise one of the status constants.
     */
    long offer(DirectBuffer buffer, int offset, int length);

    /**
     * Sends one message only while the publication reaches the leader it reached when its cluster session's count of
     * leader changes ({@link ClusterSession#leaderChanges()}) was the given one: a sender that must send again what a
     * lost leader may not have kept, before anything new, learns of a change that happened since it last looked, and
     * nothing reaches the new leader ahead of what it sends again. A publication that is no cluster's ingress never
     * changes leader, and offers as {@link #offer(DirectBuffer, int, int)} does.
     *
     * @param buffer        the message.
     * @param offset        where it starts in the buffer.
     * @param length        its length.
     * @param leaderChanges the count of leader changes the sender saw last.
     * @return the new stream position when positive, otherwise one of the status constants: {@link #LEADER_CHANGED}
     *         when the count moved, and the message was not sent.
     */
    default long offer(final DirectBuffer buffer, final int offset, final int length, final long leaderChanges)
    {
        return offer(buffer, offset, length);
    }

    /**
     * Claims space for one unfragmented message of {@code length} bytes, to be written in place
     * and then committed or aborted through {@code claim}.
     *
     * @param length the message length, at most {@link #maxClaimLength()}.
     * @param claim  receives the claimed buffer region; made by {@link #newClaim()} of this transport.
     * @return the new stream position when positive, otherwise one of the status constants.
     */
    long tryClaim(int length, ClaimedSpace claim);

    /**
     * Creates a claim object that {@link #tryClaim} can fill. Allocate one at setup and reuse it
     * for every claim by the writer thread.
     *
     * @return a new, empty claim.
     */
    ClaimedSpace newClaim();

    /** The largest message {@link #tryClaim} accepts. */
    int maxClaimLength();

    /** The largest message {@link #offer} accepts. */
    int maxMessageLength();

    /** Whether at least one subscriber is connected. */
    boolean isConnected();

    /** The channel this publication sends on. */
    String channel();

    /** The stream id this publication sends on. */
    int streamId();

    /**
     * The session id of this publication: what tells its stream apart from other publishers' streams
     * on the same channel and stream id (for Aeron, the image's session, under which an archive
     * records it).
     */
    int sessionId();

    /** Releases the publication at once: what subscribers have not yet received may be lost. Idempotent. */
    @Override
    void close();

    /**
     * Closes the publication without throwing away what it sent: waits, until the deadline at most, for the
     * subscribers connected now to have everything offered so far, then releases it. A transport that cannot tell
     * closes at once and says so by returning false.
     *
     * @param deadlineNs the {@link System#nanoTime()} by which to give up waiting and close anyway.
     * @return true when every connected subscriber had it all (or none was connected), false when the deadline
     *         passed first or the transport could not tell.
     */
    default boolean closeAfterDelivery(final long deadlineNs)
    {
        close();
        return false;
    }

    /**
     * Describes a status value returned by {@link #offer} or {@link #tryClaim}.
     *
     * @param result a value returned by offer or tryClaim.
     * @return a short description, e.g. "BACK_PRESSURED".
     */
    static String describe(final long result)
    {
        if (result >= 0)
        {
            return "POSITION(" + result + ")";
        }
        if (result == NOT_CONNECTED)
        {
            return "NOT_CONNECTED";
        }
        if (result == BACK_PRESSURED)
        {
            return "BACK_PRESSURED";
        }
        if (result == ADMIN_ACTION)
        {
            return "ADMIN_ACTION";
        }
        if (result == CLOSED)
        {
            return "CLOSED";
        }
        if (result == MAX_POSITION_EXCEEDED)
        {
            return "MAX_POSITION_EXCEEDED";
        }
        if (result == LEADER_CHANGED)
        {
            return "LEADER_CHANGED";
        }
        return "UNKNOWN(" + result + ")";
    }
}
