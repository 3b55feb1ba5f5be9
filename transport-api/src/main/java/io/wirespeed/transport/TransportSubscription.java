package io.wirespeed.transport;

/**
 * The receiving end of a stream. Polling hands whole messages to a handler, fragments already
 * reassembled. Not thread safe: one polling thread at a time.
 */
public interface TransportSubscription extends AutoCloseable
{
    /**
     * Delivers available messages to the handler.
     *
     * @param handler       called once per whole message, on the polling thread.
     * @param fragmentLimit the most fragments to read in this call.
     * @return the number of fragments read; 0 when nothing was waiting.
     */
    int poll(MessageHandler handler, int fragmentLimit);

    /**
     * Delivers available messages publisher by publisher, the one that connected first first, each until it has
     * nothing more waiting: what one sender published through successive publications (a connection or session
     * per send) comes in the order it was published even when the poller has fallen behind and several are
     * waiting. A publisher that always has more waiting holds back later ones until the poller catches up, so use
     * it where order matters more than fairness. Transports that keep no publishers apart poll as {@link #poll}.
     *
     * @param handler       called once per whole message, on the polling thread.
     * @param fragmentLimit the most fragments to read in this call.
     * @return the number of fragments read; 0 when nothing was waiting.
     */
    default int pollOldestFirst(final MessageHandler handler, final int fragmentLimit)
    {
        return poll(handler, fragmentLimit);
    }

    /**
     * Bytes of its streams this subscription never saw: a publisher's stream left and came back further on, as
     * when the subscription fell too far behind and the transport left it behind (an untethered Aeron subscription)
     * or a network publisher was lost and rejoined. Any thread may read it.
     *
     * @return the bytes missed since the subscription opened; 0 for transports that cannot tell.
     */
    default long lostBytes()
    {
        return 0;
    }

    /** Whether at least one publisher is connected. */
    boolean isConnected();

    /** The channel this subscription receives on. */
    String channel();

    /** The stream id this subscription receives on. */
    int streamId();

    /**
     * The transport's id of this subscription, which a publication can name to be answered on it (Aeron's
     * response channels: {@code response-correlation-id}).
     *
     * @return the id, or -1 for a transport without response channels.
     */
    default long registrationId()
    {
        return -1;
    }

    /**
     * The transport's id of the stream one publisher sends to this subscription, which a publication answering
     * that publisher names (Aeron: the image's correlation id, for {@code response-correlation-id}).
     *
     * @param sessionId the publisher's {@link TransportPublication#sessionId()}.
     * @return the id, or -1 when no such publisher is connected or the transport has no response channels.
     */
    default long publisherCorrelationId(final int sessionId)
    {
        return -1;
    }

    /** Releases the subscription. Idempotent. */
    @Override
    void close();
}
