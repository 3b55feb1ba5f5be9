package io.wirespeed.transport;

import org.agrona.MutableDirectBuffer;

/**
 * A region of a publication's buffer claimed by {@link TransportPublication#tryClaim}: write the
 * message at {@link #offset()} of {@link #buffer()}, then {@link #commit()} or {@link #abort()}.
 * A claim object is reused for many claims; it holds no space between them.
 */
public interface ClaimedSpace
{
    /** The buffer that holds the claimed region. */
    MutableDirectBuffer buffer();

    /** Where the message starts in {@link #buffer()}. */
    int offset();

    /** The number of bytes claimed. */
    int length();

    /** Makes the written message visible to subscribers. */
    void commit();

    /** Gives the claimed space back; subscribers skip it. */
    void abort();
}
