package io.wirespeed.transport;

import org.agrona.DirectBuffer;

/**
 * Receives whole messages from a {@link TransportSubscription}. The buffer region is valid only
 * for the duration of the call: copy what must outlive it.
 */
@FunctionalInterface
public interface MessageHandler
{
    /**
     * Called once for each whole message.
     *
     * @param buffer the buffer holding the message.
     * @param offset where the message starts.
     * @param length the message length in bytes.
     */
    void onMessage(DirectBuffer buffer, int offset, int length);
}
