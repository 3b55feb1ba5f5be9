package io.wirespeed.host;

import org.agrona.DirectBuffer;

import io.wirespeed.codec.EnvelopeReader;

/** Where the host's feeds put the messages they take: into a queue, in arrival order. */
@FunctionalInterface
interface MessageIntake
{
    /**
     * Copies a message into a queue.
     *
     * @param queue  the queue, or null to leave it out.
     * @param reader holding the message's envelope, already wrapped.
     * @param buffer holding the envelope.
     * @param offset where it starts.
     * @param length its length.
     * @return the stored message, or null if left out.
     */
    StoredMessage enqueue(HostedQueue queue, EnvelopeReader reader, DirectBuffer buffer, int offset, int length);
}
