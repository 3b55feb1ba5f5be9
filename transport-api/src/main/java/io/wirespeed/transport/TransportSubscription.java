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

    /** Whether at least one publisher is connected. */
    boolean isConnected();

    /** The channel this subscription receives on. */
    String channel();

    /** The stream id this subscription receives on. */
    int streamId();

    /** Releases the subscription. Idempotent. */
    @Override
    void close();
}
